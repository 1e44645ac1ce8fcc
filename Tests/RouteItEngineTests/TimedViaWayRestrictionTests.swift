import XCTest
import RouteItCore
@testable import RouteItEngine

/// Via-way turn restrictions with times hold at the time the car makes the turn, and only for
/// cars that came by the from-way, as the via-node ones do (`TimedTurnRestrictionTests`).
final class TimedViaWayRestrictionTests: XCTestCase {
    let calendar = LocalCalendar.fromEnvironment()

    /// 2026-12-07 is a Monday, 2026-12-06 a Sunday.
    func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        calendar.calendar.date(from: DateComponents(year: 2026, month: 12, day: day, hour: hour, minute: minute))!
    }

    /// The dual carriageway of `ViaWayRestrictionTests`: from the south side (2) through the gap
    /// (10), the left turn onto the north side (1) banned as `tags` say.
    static func carriageway(_ tags: [(String, String)]) throws -> OfflineDirections {
        var f = ViaWayRestrictionTests.carriageway(nil)
        f.restriction(100, tags: tags, from: 2, viaWays: [10], to: 1)
        return try f.build()
    }

    func distances(_ d: OfflineDirections, _ a: (Double, Double), _ b: (Double, Double), leaving: Date) throws -> [Double] {
        try d.routes(from: RoadFixture.coordinate(a.0, a.1), to: RoadFixture.coordinate(b.0, b.1), mode: .car,
                     alternatives: true, departure: leaving).map { $0.distance.rounded() }
    }

    func testATimedViaWayRuleHoldsOnlyAtItsTimes() throws {
        let d = try Self.carriageway([("restriction:conditional", "no_left_turn @ (Mo-Fr 07:00-09:00)")])
        let uTurn = ((150.0, 0.0), (150.0, 20.0))
        XCTAssertEqual(try distances(d, uTurn.0, uTurn.1, leaving: at(7, 8)).first ?? 0, 320, accuracy: 2,
                       "Monday 08:00: round the east end, not through the gap")
        XCTAssertFalse(try distances(d, uTurn.0, uTurn.1, leaving: at(7, 8)).contains { abs($0 - 120) < 2 },
                       "no alternative through the gap then either")
        XCTAssertEqual(try distances(d, uTurn.0, uTurn.1, leaving: at(7, 10)).first ?? 0, 120, accuracy: 2, "Monday 10:00")
        XCTAssertEqual(try distances(d, uTurn.0, uTurn.1, leaving: at(6, 8)).first ?? 0, 120, accuracy: 2, "Sunday 08:00")
        // The time of the turn counts: leaving 06:59:58, the car turns after 07:00.
        XCTAssertEqual(try distances(d, uTurn.0, uTurn.1, leaving: at(7, 6, 59).addingTimeInterval(58)).first ?? 0, 320, accuracy: 2)
        // Only that turn: through the gap and on north is allowed at 08:00.
        XCTAssertEqual(try distances(d, (150, 0), (200, 60), leaving: at(7, 8)).first ?? 0, 110, accuracy: 2)
        let route = try XCTUnwrap(d.routes(from: RoadFixture.coordinate(150, 0), to: RoadFixture.coordinate(150, 20),
                                           mode: .car, departure: at(6, 8)).first)
        XCTAssertEqual(route.dependsOnDeparture, true, "the route passes the rule, so another hour may change it")
        // The hierarchy still answers like plain Dijkstra (the rule's copies are in both).
        XCTAssertEqual(try d.checkedCarRoute((150, 0), (250, 0)).distance, 100, accuracy: 2)
    }

    func testOldDayAndHourTagsOnAViaWayRule() throws {
        let d = try Self.carriageway([("restriction", "no_left_turn"), ("day_on", "Mo"), ("day_off", "Fr"),
                                      ("hour_on", "7:00"), ("hour_off", "9:00")])
        XCTAssertEqual(try distances(d, (150, 0), (150, 20), leaving: at(7, 8)).first ?? 0, 320, accuracy: 2)
        XCTAssertEqual(try distances(d, (150, 0), (150, 20), leaving: at(6, 8)).first ?? 0, 120, accuracy: 2)
    }

    func testAViaWayRuleWithoutTimesStillAlwaysHolds() throws {
        let d = try Self.carriageway([("restriction", "no_left_turn")])
        XCTAssertEqual(try distances(d, (150, 0), (150, 20), leaving: at(6, 8)).first ?? 0, 320, accuracy: 2)
        XCTAssertEqual(try d.checkedCarRoute((150, 0), (150, 20)).distance, 320, accuracy: 2)
    }

    /// The planner's table at a departure keeps the rule as the route leaving then does.
    func testATableAtADepartureKeepsTheViaWayRule() throws {
        let d = try Self.carriageway([("restriction:conditional", "no_left_turn @ (Mo-Fr 07:00-09:00)")])
        let engine = try d.loadedEngine()
        let places = [RoadFixture.coordinate(150, 0), RoadFixture.coordinate(150, 20), RoadFixture.coordinate(200, 60)]
        for leaving in [at(7, 8), at(6, 8)] {
            let table = try engine.durationTable(from: places, to: places, mode: .car, departure: leaving)
            for (i, a) in places.enumerated() {
                for (j, b) in places.enumerated() where i != j {
                    let route = try XCTUnwrap(d.routes(from: a, to: b, mode: .car, alternatives: false, departure: leaving).first)
                    XCTAssertEqual(try XCTUnwrap(table[i][j]), route.expectedTravelTime, accuracy: 1e-9, "\(i) → \(j) at \(leaving)")
                }
            }
        }
        let monday = try engine.durationTable(from: [places[0]], to: [places[1]], mode: .car, departure: at(7, 8))[0][0]
        let sunday = try engine.durationTable(from: [places[0]], to: [places[1]], mode: .car, departure: at(6, 8))[0][0]
        XCTAssertGreaterThan(try XCTUnwrap(monday), try XCTUnwrap(sunday) + 10, "Monday 08:00: round the east end")
    }
}
