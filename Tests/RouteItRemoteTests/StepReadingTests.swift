import XCTest
import RouteItCore
@testable import RouteItRemote

/// The routing-quality bench counts U-turns by reading the sentences back: OSRM's `turn uturn`
/// ("Turn around onto X") is one as much as its `continue uturn` ("Make a U-turn").
final class StepReadingTests: XCTestCase {
    func testBothOfOSRMsUTurnsReadAsUTurns() {
        for kind in [Maneuver.Kind.turn, .uTurn] {
            let sentence = InstructionText.sentence(for: Maneuver(kind: kind, direction: .uTurn, streetName: "Mannerheimintie"))
            XCTAssertEqual(StepReading(sentence).kind, .uTurn, sentence)
        }
        XCTAssertEqual(StepReading("Turn around onto Mannerheimintie").name, "Mannerheimintie")
        XCTAssertEqual(StepReading("Turn left onto Mannerheimintie").kind, .turn)
    }
}
