import XCTest
import RouteItCore
@testable import RouteItEngine

/// Via-way restrictions whose paths overlap: a car driving one rule's via ways may at the same
/// time be driving another's (OSRM's restriction graph links them with transfer edges;
/// car/multi_via_restrictions.feature, "overlapping" and "inside" scenarios).
final class OverlappingViaWayRestrictionTests: XCTestCase {
    /// A one-way avenue east, A (x = 0) to F (x = 500) in 100 m pieces (ways 1–5), with a two-way
    /// side street north at C, D, E and F (ways 6, 10, 7, 8) to a two-way street along y = 100
    /// (way 9, F's end to C's end).
    private func avenue(_ rules: (inout RoadFixture) -> Void) throws -> OfflineDirections {
        var f = RoadFixture()
        for (name, x) in [("A", 0.0), ("B", 100), ("C", 200), ("D", 300), ("E", 400), ("F", 500)] {
            f.node(name, x, 0)
            f.node("N" + name, x, 100)
        }
        for (id, from, to) in [(1, "A", "B"), (2, "B", "C"), (3, "C", "D"), (4, "D", "E"), (5, "E", "F")] {
            f.street(Int64(id), [from, to], "Itäväylä", [("oneway", "yes")])
        }
        f.street(6, ["C", "NC"], "Ckatu"); f.street(10, ["D", "ND"], "Dkatu")
        f.street(7, ["E", "NE"], "Ekatu"); f.street(8, ["F", "NF"], "Fkatu")
        f.street(9, ["NF", "NE", "ND", "NC"], "Yläkatu")
        rules(&f)
        return try f.build()
    }

    /// Straight on at C for cars from way 1 (via 2), and straight on at E for cars that came
    /// along 2, 3 and 4: a car from way 1 drives the first rule's via way, which is the second
    /// rule's from-way, so both bind it and it cannot turn north at E (it turns at D).
    func testAnOnlyRuleFromAnotherRulesViaWayBindsACarOnThatRulesPath() throws {
        let d = try avenue { f in
            f.restriction(100, "only_straight_on", from: 1, viaWays: [2], to: 3)
            f.restriction(101, "only_straight_on", from: 2, viaWays: [3, 4], to: 5)
        }
        XCTAssertEqual(try d.checkedCarRoute((50, 0), (400, 60)).distance, 250 + 100 + 100 + 40, accuracy: 2, "north at D, round by ND")
        XCTAssertEqual(try d.checkedCarRoute((150, 0), (400, 60)).distance, 150 + 100 + 100 + 40, accuracy: 2, "from the second rule's from-way")
        XCTAssertEqual(try d.checkedCarRoute((250, 0), (400, 60)).distance, 150 + 60, accuracy: 2, "bound by neither")
    }

    /// No left at D for cars that came along 2 and 3, and no left at E for cars from way 1 that
    /// drove 2, 3 and 4: a car from way 1 is on the long rule's path at D, where the short rule
    /// binds it as well.
    func testARuleInsideAnotherRulesPathBindsACarOnTheLongerPath() throws {
        let d = try avenue { f in
            f.restriction(100, "no_left_turn", from: 2, viaWays: [3], to: 10)
            f.restriction(101, "no_left_turn", from: 1, viaWays: [2, 3, 4], to: 7)
        }
        XCTAssertEqual(try d.checkedCarRoute((50, 0), (300, 60)).distance, 150 + 100 + 100 + 40, accuracy: 2, "north at C, round by NC")
        XCTAssertEqual(try d.checkedCarRoute((50, 0), (400, 60)).distance, 150 + 100 + 200 + 40, accuracy: 2)
        XCTAssertEqual(try d.checkedCarRoute((250, 0), (300, 60)).distance, 50 + 60, accuracy: 2, "bound by neither")
    }
}
