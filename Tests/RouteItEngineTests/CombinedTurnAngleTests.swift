import XCTest
@testable import RouteItEngine

/// Two turns folded into one (OSRM's `findTotalTurnAngle`, collapse_turns.cpp): their sum is
/// the turn unless it comes out within half of NARROW_TURN_ANGLE (20°) of straight on; then the
/// first turn's angle is kept.
final class CombinedTurnAngleTests: XCTestCase {
    func testTurnsAddingUpToNearlyStraightKeepTheFirstTurnsAngle() {
        // 60° right then 41° left: 19° together, under 20°.
        XCTAssertEqual(StepCollapsing.combinedAngle(60, -41, entryLength: 10), 60, accuracy: 1e-9)
        // 60° right then 39° left: 21° together, a turn of its own.
        XCTAssertEqual(StepCollapsing.combinedAngle(60, -39, entryLength: 10), 21, accuracy: 1e-9)
    }
}
