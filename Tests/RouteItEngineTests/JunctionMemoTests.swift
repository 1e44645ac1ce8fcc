import XCTest
@testable import RouteItEngine

/// The current junction's readings are worked out once and shared by the handlers; a reading of
/// any other junction (another node, another way in, another heading) is worked out afresh.
final class JunctionMemoTests: XCTestCase {
    private func leg(_ edge: Int) -> RouteLeg { RouteLeg(edge: edge, from: 0, to: 1, ms: 0, distance: 0) }

    func testTheCurrentJunctionIsReadOnceAndOthersEachTime() {
        let memo = JunctionMemo()
        var reads = 0
        func roads(_ node: Int32, _ edge: Int, _ inBearing: Double) -> Int {
            memo.branches(at: node, arrivingBy: leg(edge), inBearing: inBearing) {
                reads += 1
                return [ManeuverBuilder.Branch(edge: Int(node) * 100 + edge, forward: true, angle: inBearing)]
            }[0].edge
        }
        memo.start(node: 5, arrivingEdge: 3, inBearing: 10)
        XCTAssertEqual(roads(5, 3, 10), 503)
        XCTAssertEqual(roads(5, 3, 10), 503)
        XCTAssertEqual(reads, 1, "the current junction is read once")
        XCTAssertEqual(roads(6, 3, 10), 603, "another node")
        XCTAssertEqual(roads(5, 4, 10), 504, "another way in")
        XCTAssertEqual(roads(5, 3, 11), 503)
        XCTAssertEqual(reads, 4, "each other junction is read each time it is asked")
        memo.start(node: 6, arrivingEdge: 3, inBearing: 10)
        XCTAssertEqual(roads(6, 3, 10), 603)
        XCTAssertEqual(roads(5, 3, 10), 503, "the junction before is no longer remembered")
        XCTAssertEqual(reads, 6)
    }

    func testNoObviousWayIsRememberedToo() {
        let memo = JunctionMemo()
        var reads = 0
        memo.start(node: 1, arrivingEdge: 2, inBearing: 0)
        for _ in 0..<3 {
            XCTAssertNil(memo.carObviousBranch(at: 1, arrivingBy: leg(2), inBearing: 0) { reads += 1; return nil })
        }
        XCTAssertEqual(reads, 1)
    }

    /// The suffix test's rule-out (the middle of a name must occur in the other) keeps every
    /// answer: compass words and spaces at both ends of long names.
    func testCompassWordsAtBothEndsOfLongNamesStillMatch() {
        XCTAssertTrue(StreetLabel.differOnlyBySuffix("  North   Boulevard Princesse Charlotte   South ", "boulevard princesse charlotte"))
        XCTAssertTrue(StreetLabel.differOnlyBySuffix("Boulevard Princesse Charlotte", "West Boulevard Princesse Charlotte"))
        XCTAssertTrue(StreetLabel.differOnlyBySuffix("Pohjoisesplanadi", "Pohjoisesplanadi E"))
        XCTAssertFalse(StreetLabel.differOnlyBySuffix("Boulevard Princesse Charlotte", "Boulevard Princesse Grace"))
        XCTAssertFalse(StreetLabel.differOnlyBySuffix("Avenue de la Costa", "Boulevard Albert 1er"))
        XCTAssertFalse(StreetLabel.differOnlyBySuffix("North Main Street Extension", "Main Street"))
    }
}
