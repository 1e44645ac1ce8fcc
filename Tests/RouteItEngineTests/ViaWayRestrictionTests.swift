import XCTest
import RouteItCore
@testable import RouteItEngine

/// Turn restrictions whose via member is a way, as mapped at the gaps of dual carriageways: the
/// ban depends on where the car came from, so it holds only for cars entering from the from-way.
final class ViaWayRestrictionTests: XCTestCase {
    /// A dual carriageway 300 m long: the south side (ways 2, 3) one-way east, the north side
    /// (ways 4, 1) one-way west, 20 m apart, joined at both ends (11, 12) and by a gap at x = 200
    /// (way 10), where a street (20) leaves northwards. Ways end at the gap, as OSM wants of a
    /// restriction's from- and to-ways (OSRM ignores the relation otherwise).
    static func carriageway(_ restriction: String?) -> RoadFixture {
        var f = RoadFixture()
        f.node("SW", 0, 0); f.node("S1", 100, 0); f.node("S2", 200, 0); f.node("SE", 300, 0)
        f.node("NW", 0, 20); f.node("N1", 100, 20); f.node("N2", 200, 20); f.node("NE", 300, 20)
        f.node("NN", 200, 100)
        f.street(2, ["SW", "S1", "S2"], "Eteläväylä", [("oneway", "yes")])
        f.street(3, ["S2", "SE"], "Eteläväylä", [("oneway", "yes")])
        f.street(4, ["NE", "N2"], "Pohjoisväylä", [("oneway", "yes")])
        f.street(1, ["N2", "N1", "NW"], "Pohjoisväylä", [("oneway", "yes")])
        f.street(10, ["S2", "N2"], "Aukko")
        f.street(11, ["SE", "NE"], "Itäpää", [("oneway", "yes")])
        f.street(12, ["NW", "SW"], "Länsipää", [("oneway", "yes")])
        f.street(20, ["N2", "NN"], "Pohjoiskatu")
        if let restriction { f.restriction(100, restriction, from: 2, viaWays: [10], to: 1) }
        return f
    }

    /// The trips the tests drive on it (x, y in metres), with the distances OSRM 26.10 gives
    /// on the same file for each rule (ViaWayRestrictionAgreementTests checks against osrm-routed).
    static let trips: [(from: (Double, Double), to: (Double, Double), metres: [String: Double])] = [
        ((150, 0), (150, 20), ["none": 120, "no_u_turn": 320, "only_u_turn": 120]),     // the U-turn itself
        ((150, 0), (200, 10), ["none": 60, "no_u_turn": 60, "only_u_turn": 60]),        // into the gap only
        ((250, 20), (250, 0), ["none": 120, "no_u_turn": 120, "only_u_turn": 120]),     // the other way through
        ((150, 0), (250, 0), ["none": 100, "no_u_turn": 100, "only_u_turn": 100]),      // straight past the gap
        ((150, 0), (200, 60), ["none": 110, "no_u_turn": 110, "only_u_turn": 310]),     // through the gap, then north
        ((250, 20), (200, 60), ["none": 90, "no_u_turn": 90, "only_u_turn": 90]),       // north from the other side
    ]

    func testNoAndOnlyUTurnThroughTheGapBindOnlyCarsThatCameFromTheFromWay() throws {
        for rule in ["none", "no_u_turn", "only_u_turn"] {
            let d = try Self.carriageway(rule == "none" ? nil : rule).build()
            for trip in Self.trips {
                let route = try d.checkedCarRoute(trip.from, trip.to)
                XCTAssertEqual(route.distance, trip.metres[rule]!, accuracy: 2,
                               "\(rule) \(trip.from) → \(trip.to): \(route.steps.map(\.instruction))")
            }
        }
        let banned = try Self.carriageway("no_u_turn").build()
        XCTAssertFalse(try banned.checkedCarRoute((150, 0), (150, 20)).steps.contains { $0.instruction.contains("Aukko") })
        // Walkers are not bound by it.
        XCTAssertEqual(try XCTUnwrap(banned.route((150, 0), (150, 20), .walk).first).distance, 50 + 20 + 50, accuracy: 1)
    }

    func testRelationsAreReadAndKeptWhenTheyDoNotConnect() throws {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("B", 100, 0); f.node("C", 200, 0); f.node("D", 300, 0)
        f.street(1, ["A", "B"], "Yksi"); f.street(2, ["C", "D"], "Kaksi"); f.street(3, ["B", "C"], "Kolme")
        // Via way 2 does not touch the from-way 1: the relation is a mapping error and skipped.
        f.restriction(100, "no_straight_on", from: 1, viaWays: [2], to: 3)
        let d = try f.build()
        XCTAssertEqual(try d.checkedCarRoute((50, 0), (250, 0)).distance, 200, accuracy: 1)
        let relation = try XCTUnwrap(TurnRestriction(OSMRelation(id: 7, members: [
            OSMMember(kind: .way, ref: 1, role: "from"), OSMMember(kind: .way, ref: 5, role: "via"),
            OSMMember(kind: .way, ref: 6, role: "via"), OSMMember(kind: .way, ref: 2, role: "to"),
        ], tags: [("type", "restriction"), ("restriction", "no_u_turn")])))
        XCTAssertEqual(relation.viaWays, [5, 6])
        XCTAssertNil(relation.viaNode)
        // A node and a way as via at once is not a restriction OSM defines.
        XCTAssertNil(TurnRestriction(OSMRelation(id: 8, members: [
            OSMMember(kind: .way, ref: 1, role: "from"), OSMMember(kind: .way, ref: 5, role: "via"),
            OSMMember(kind: .node, ref: 9, role: "via"), OSMMember(kind: .way, ref: 2, role: "to"),
        ], tags: [("type", "restriction"), ("restriction", "no_u_turn")])))
    }
}
