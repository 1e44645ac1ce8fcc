import XCTest
import RouteItCore
@testable import RouteItEngine

/// Turn restrictions with times hold at the time the car passes the junction, not always.
final class TimedTurnRestrictionTests: XCTestCase {
    /// A street north (1) to a junction J, the left turn there onto 2 (west) banned on weekday
    /// mornings; the way round is north (3), west (4) and south (5) onto 2 again, 300 m more.
    static func junction(_ tags: [(String, String)]) -> RoadFixture {
        var f = RoadFixture()
        f.node("S", 0, -100); f.node("J", 0, 0); f.node("W", -100, 0)
        f.node("N", 0, 100); f.node("NW", -100, 100)
        f.street(1, ["S", "J"], "Etelä")
        f.street(2, ["J", "W"], "Länsi")
        f.street(3, ["J", "N"], "Pohjoinen")
        f.street(4, ["N", "NW"], "Ylä")
        f.street(5, ["NW", "W"], "Kulma")
        f.restriction(100, tags: tags, from: 1, via: "J", to: 2)
        return f
    }

    let calendar = LocalCalendar.fromEnvironment()

    /// 2026-12-07 is a Monday, 2026-12-06 a Sunday (in the zone the router reads times in).
    func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        calendar.calendar.date(from: DateComponents(year: 2026, month: 12, day: day, hour: hour, minute: minute))!
    }

    func distance(_ d: OfflineDirections, leaving: Date) throws -> Double {
        try XCTUnwrap(d.routes(from: RoadFixture.coordinate(0, -50), to: RoadFixture.coordinate(-50, 0), mode: .car,
                               alternatives: true, departure: leaving).first).distance
    }

    func testConditionalRestrictionHoldsOnlyAtItsTimes() throws {
        let d = try Self.junction([("restriction:conditional", "no_left_turn @ (Mo-Fr 07:00-09:00)")]).build()
        XCTAssertEqual(try distance(d, leaving: at(7, 8)), 400, accuracy: 2, "Monday 08:00: the way round")
        XCTAssertEqual(try distance(d, leaving: at(6, 8)), 100, accuracy: 2, "Sunday: the left turn")
        XCTAssertEqual(try distance(d, leaving: at(7, 10)), 100, accuracy: 2, "Monday 10:00: the left turn")
        // The time of passage counts, not the departure: leaving 06:59:58, the car turns after 07:00.
        XCTAssertEqual(try distance(d, leaving: at(7, 6, 59).addingTimeInterval(58)), 400, accuracy: 2)
        let route = try XCTUnwrap(d.routes(from: RoadFixture.coordinate(0, -50), to: RoadFixture.coordinate(-50, 0),
                                           mode: .car, departure: at(6, 8)).first)
        XCTAssertEqual(route.dependsOnDeparture, true, "the view model asks again at the leg's own time")
        XCTAssertEqual(try XCTUnwrap(d.routes(from: RoadFixture.coordinate(0, -50), to: RoadFixture.coordinate(-50, 0),
                                              mode: .walk, departure: at(7, 8)).first).distance, 100, accuracy: 2,
                       "walkers are not bound")
    }

    /// On a map in Finland the condition's hours are Helsinki time, whatever TZ says: leaving
    /// Monday 08:00 Helsinki time (06:00Z) the turn is banned, at 10:00 (08:00Z) it is not.
    func testConditionalHoursAreTheMapsLocalTime() throws {
        let fixture = Self.junction([("restriction:conditional", "no_left_turn @ (Mo-Fr 07:00-09:00)")])
        let path = try RoutingTestMaps.newPath()
        try MapImporter(layers: [RoadLayerBuilder()]).importMap(from: ArrayOSMReader(fixture.entities), sourceName: "fixture.osm", to: path)
        let box = BoundingBox(minLatitude: 60.1, minLongitude: 24.9, maxLatitude: 60.2, maxLongitude: 25.0)
        let d = try OfflineDirections(path: path, area: MapArea(name: "Fixture", bounds: box, countryCode: "FI"))
        let monday = Date(timeIntervalSince1970: 1_796_623_200)  // 2026-12-07T06:00:00Z, 08:00 in Helsinki
        XCTAssertEqual(try distance(d, leaving: monday), 400, accuracy: 2, "08:00 in Helsinki: the way round")
        XCTAssertEqual(try distance(d, leaving: monday.addingTimeInterval(2 * 3600)), 100, accuracy: 2, "10:00 in Helsinki: the left turn")
    }

    func testOldDayAndHourTagsAreTimesToo() throws {
        let d = try Self.junction([("restriction", "no_left_turn"), ("day_on", "Monday"), ("day_off", "Friday"),
                                   ("hour_on", "7:00"), ("hour_off", "09:00")]).build()
        XCTAssertEqual(try distance(d, leaving: at(7, 8)), 400, accuracy: 2)
        XCTAssertEqual(try distance(d, leaving: at(6, 8)), 100, accuracy: 2)
        let rule = try XCTUnwrap(TurnRestriction(OSMRelation(id: 1, members: [
            OSMMember(kind: .way, ref: 1, role: "from"), OSMMember(kind: .node, ref: 2, role: "via"),
            OSMMember(kind: .way, ref: 3, role: "to"),
        ], tags: [("type", "restriction"), ("restriction", "no_left_turn"), ("day_on", "Monday"), ("day_off", "Friday"),
                  ("hour_on", "7:00"), ("hour_off", "09:00")])))
        XCTAssertEqual(rule.condition, "Mo-Fr 07:00-09:00")
    }

    func testRestrictionWithoutTimesStillAlwaysHolds() throws {
        let d = try Self.junction([("restriction", "no_left_turn")]).build()
        XCTAssertEqual(try distance(d, leaving: at(6, 8)), 400, accuracy: 2)
        XCTAssertEqual(TurnRestriction.splitConditional("only_straight_on @ (Mo-Fr 07:00-09:00; Sa 10:00-12:00)")?.1,
                       "Mo-Fr 07:00-09:00; Sa 10:00-12:00")
    }

    func testAnAlternativeThatBreaksTheRuleThenIsNotOffered() throws {
        // A block: round its left side 400 m, round its right side 420 m, with the left turn
        // at the top right (from 3 onto 4) banned on weekday mornings.
        var f = RoadFixture()
        f.node("B", 0, 0); f.node("BL", -100, 0); f.node("BR", 110, 0)
        f.node("TL", -100, 200); f.node("T", 0, 200); f.node("TR", 110, 200)
        f.street(1, ["BL", "B", "BR"], "Ala")
        f.street(2, ["BL", "TL"], "Vasen")
        f.street(3, ["BR", "TR"], "Oikea")
        f.street(4, ["TL", "T", "TR"], "Ylä")
        f.restriction(100, tags: [("restriction:conditional", "no_left_turn @ (Mo-Fr 07:00-09:00)")], from: 3, via: "TR", to: 4)
        let d = try f.build()
        func distances(_ leaving: Date) throws -> [Double] {
            try d.routes(from: RoadFixture.coordinate(0, 0), to: RoadFixture.coordinate(0, 200), mode: .car,
                         alternatives: true, departure: leaving).map { ($0.distance).rounded() }
        }
        let left = RoadFixture.measured([(0, 0), (-100, 0), (-100, 200), (0, 200)]).rounded()
        let right = RoadFixture.measured([(0, 0), (110, 0), (110, 200), (0, 200)]).rounded()
        XCTAssertEqual(try distances(at(6, 8)), [left, right], "Sunday: both sides")
        XCTAssertEqual(try distances(at(7, 8)), [left], "Monday 08:00: not round the right side")
    }

    /// `optimize`'s table, asked at the trip's departure, keeps the rule as the route leaving
    /// then does (it once drove the banned turn at every hour, so a plan's times were not its
    /// route's); a pair that does not pass the junction keeps its searched time.
    func testATableAtADepartureKeepsTheRuleAsTheRouteDoes() throws {
        let d = try Self.junction([("restriction:conditional", "no_left_turn @ (Mo-Fr 07:00-09:00)")]).build()
        let engine = try d.loadedEngine()
        let south = RoadFixture.coordinate(0, -50), west = RoadFixture.coordinate(-50, 0), north = RoadFixture.coordinate(0, 50)
        let places = [south, west, north]
        func routeTime(_ a: Coordinate, _ b: Coordinate, _ leaving: Date) throws -> Double {
            try XCTUnwrap(d.routes(from: a, to: b, mode: .car, alternatives: false, departure: leaving).first).expectedTravelTime
        }
        for leaving in [at(7, 8), at(6, 8)] {
            let table = try engine.durationTable(from: places, to: places, mode: .car, departure: leaving)
            for (i, a) in places.enumerated() {
                for (j, b) in places.enumerated() where i != j {
                    XCTAssertEqual(try XCTUnwrap(table[i][j]), try routeTime(a, b, leaving), accuracy: 1e-9, "\(i) → \(j) at \(leaving)")
                }
            }
        }
        let monday = try engine.durationTable(from: [south], to: [west], mode: .car, departure: at(7, 8))[0][0]
        let sunday = try engine.durationTable(from: [south], to: [west], mode: .car, departure: at(6, 8))[0][0]
        XCTAssertGreaterThan(try XCTUnwrap(monday), try XCTUnwrap(sunday) + 10, "Monday 08:00: the way round")
        XCTAssertEqual(try engine.durationTable(from: [south], to: [west], mode: .car)[0][0], sunday,
                       "with no departure the table knows no times (as `routeit table`)")
    }
}
