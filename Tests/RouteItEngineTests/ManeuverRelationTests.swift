import XCTest
import RouteItCore
@testable import RouteItEngine

/// `type=maneuver` relations (OSRM's maneuver overrides, maneuver-tag.feature): read as OSRM's
/// parser reads them, stored in the map, and applied by the guidance where a route follows the
/// relation's ways.
final class ManeuverRelationTests: XCTestCase {
    private func instructions(_ route: Route?) -> [String] { route?.steps.map(\.instruction) ?? [] }

    private func relation(_ members: [(OSMMember.Kind, Int64, String)], _ tags: [(String, String)]) -> OSMRelation {
        OSMRelation(id: 1, members: members.map { OSMMember(kind: $0.0, ref: $0.1, role: $0.2) }, tags: tags)
    }

    func testTheRelationIsReadAsOSRMReadsIt() {
        let members: [(OSMMember.Kind, Int64, String)] = [(.way, 1, "from"), (.node, 7, "via"), (.way, 2, "to")]
        let turn = ManeuverRelation(relation(members, [("type", "maneuver"), ("maneuver", "turn"), ("direction", "sharp_right")]))
        XCTAssertEqual(turn, ManeuverRelation(fromWay: 1, viaNode: 7, toWay: 2, action: .turn, direction: .sharpRight))
        // The British key wins over the American one, and the British type is read too.
        let fork = ManeuverRelation(relation(members, [("type", "manoeuvre"), ("manoeuvre", "fork"), ("maneuver", "turn")]))
        XCTAssertEqual(fork?.action, .fork)
        let uTurn = ManeuverRelation(relation(members, [("type", "maneuver"), ("maneuver", "uturn")]))
        XCTAssertEqual(uTurn.map { [$0.action, $0.direction] as [AnyHashable?] }, [ManeuverRelation.Action.uTurn, ManeuverRelation.Direction.uTurn])
        let viaWay = ManeuverRelation(relation(members + [(.way, 3, "via")], [("type", "maneuver"), ("maneuver", "suppress")]))
        XCTAssertEqual(viaWay?.viaWays, [3])
    }

    func testRelationsWithoutTheirMembersOrMeaningAreLeftOut() {
        let tags = [("type", "maneuver"), ("maneuver", "suppress")]
        XCTAssertNil(ManeuverRelation(relation([(.way, 1, "from"), (.way, 3, "via"), (.way, 2, "to")], tags)), "no via node")
        XCTAssertNil(ManeuverRelation(relation([(.node, 7, "via"), (.way, 3, "via"), (.way, 2, "to")], tags)), "no from way")
        XCTAssertNil(ManeuverRelation(relation([(.way, 1, "from"), (.node, 7, "via"), (.way, 3, "via")], tags)), "no to way")
        XCTAssertNil(ManeuverRelation(relation([(.way, 1, "from"), (.node, 7, "via"), (.node, 8, "via"), (.way, 2, "to")], tags)),
                     "two via nodes")
        XCTAssertNil(ManeuverRelation(relation([(.way, 1, "from"), (.node, 7, "via"), (.way, 2, "to")],
                                               [("type", "maneuver"), ("maneuver", "jump")])), "says nothing known")
        XCTAssertNil(ManeuverRelation(relation([(.way, 1, "from"), (.node, 7, "via"), (.way, 2, "to")],
                                               [("type", "restriction"), ("maneuver", "turn")])), "not a maneuver")
    }

    /// West (way 1) and East (way 3) meet Side (way 2) at X, which leaves south; Side passes a
    /// junction with Lane (way 4) at Y. The relations: from West at X onto Side a sharp right;
    /// from East at X onto Side suppressed; from West along Side at Y onto Lane a U-turn.
    private func junctions() throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("W", -200, 0); f.node("X", 0, 0); f.node("E", 200, 0); f.node("Y", 0, -150); f.node("S", 0, -300)
        f.node("L", 150, -150)
        f.street(1, ["W", "X"], "Main")
        f.street(3, ["X", "E"], "Main")
        f.street(2, ["X", "Y", "S"], "Side")
        f.street(4, ["Y", "L"], "Lane")
        f.relation(10, tags: [("type", "maneuver"), ("maneuver", "turn"), ("direction", "sharp_right")], from: 1, viaNode: "X", viaWays: [], to: 2)
        f.relation(11, tags: [("type", "maneuver"), ("maneuver", "suppress")], from: 3, viaNode: "X", viaWays: [], to: 2)
        f.relation(12, tags: [("type", "maneuver"), ("maneuver", "uturn")], from: 1, viaNode: "Y", viaWays: [2], to: 4)
        return try f.build()
    }

    func testARelationSetsTheTurnItNames() throws {
        let d = try junctions()
        XCTAssertEqual(instructions(try d.route((-150, 0), (0, -100)).first),
                       ["Head east on Main", "Turn sharp right onto Side", "Arrive at your destination"])
    }

    func testARouteOffTheRelationsWaysKeepsItsTurn() throws {
        // From Side onto West: no relation names that turn.
        XCTAssertEqual(instructions(try junctions().route((0, -100), (-150, 0)).first),
                       ["Head north on Side", "Turn left onto Main", "Arrive at your destination"])
    }

    func testASuppressedTurnIsNotSaid() throws {
        XCTAssertEqual(instructions(try junctions().route((150, 0), (0, -100)).first),
                       ["Head west on Main", "Arrive at your destination"])
    }

    func testAViaWayRelationHoldsOnlyForRoutesAlongAllItsWays() throws {
        let d = try junctions()
        // From West along Side onto Lane: the relation's U-turn (OSRM's `turn uturn`).
        XCTAssertEqual(instructions(try d.route((-150, 0), (100, -150)).first),
                       ["Head east on Main", "Turn sharp right onto Side", "Turn around onto Lane", "Arrive at your destination"])
        // From East the same turn onto Lane is the guidance's own.
        XCTAssertEqual(instructions(try d.route((150, 0), (100, -150)).first),
                       ["Head west on Main", "Turn left onto Lane", "Arrive at your destination"])
    }
}
