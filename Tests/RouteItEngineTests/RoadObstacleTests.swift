import XCTest
import RouteItCore
@testable import RouteItEngine

/// Barriers, gates, signals and signs on road nodes, read and charged as OSRM's car.lua does.
final class RoadObstacleTests: XCTestCase {
    /// What stops or slows cars.
    private func kinds(_ tags: [(String, String)]) -> [RoadObstacle.Kind] {
        RoadObstacle.parse(tags).map(\.kind).filter { $0 != .walkBarrier && $0 != .bikeBarrier }
    }

    /// Who else is stopped: walkers (`w`) and cyclists (`b`), as foot.lua and bicycle.lua read the node.
    private func stopped(_ tags: [(String, String)]) -> String {
        let found = RoadObstacle.parse(tags).map(\.kind)
        return (found.contains(.walkBarrier) ? "w" : "") + (found.contains(.bikeBarrier) ? "b" : "")
    }

    func testWalkersAndCyclistsStopAsFootLuaAndBicycleLuaSay() {
        XCTAssertEqual(stopped([("barrier", "wall")]), "wb")
        XCTAssertEqual(stopped([("barrier", "gate")]), "")
        XCTAssertEqual(stopped([("barrier", "bollard")]), "", "a bollard stops cars only")
        XCTAssertEqual(stopped([("barrier", "fence"), ("sensory", "audible")]), "")
        XCTAssertEqual(stopped([("access", "no")]), "wb")
        XCTAssertEqual(stopped([("access", "no"), ("foot", "yes")]), "b", "the most specific key wins")
        XCTAssertEqual(stopped([("barrier", "wall"), ("bicycle", "yes")]), "w", "an access tag replaces the barrier rule")
        XCTAssertEqual(stopped([("highway", "crossing"), ("bicycle", "no")]), "", "a crossing's access is the road's")
    }

    func testTagsAsCarLuaReadsThem() {
        XCTAssertEqual(kinds([("barrier", "bollard")]), [.barrier])
        XCTAssertEqual(kinds([("barrier", "bollard"), ("motor_vehicle", "yes")]), [], "access on the node lets cars through")
        XCTAssertEqual(kinds([("barrier", "bollard"), ("bollard", "rising")]), [])
        XCTAssertEqual(kinds([("barrier", "kerb"), ("kerb", "lowered")]), [])
        XCTAssertEqual(kinds([("barrier", "entrance")]), [])
        XCTAssertEqual(kinds([("access", "no")]), [.barrier])
        XCTAssertEqual(kinds([("barrier", "bollard"), ("motor_vehicle", "psv")]), [.barrier], "buses only: closed to cars")
        XCTAssertEqual(kinds([("barrier", "gate"), ("access", "private")]), [], "car.lua: an access tag replaces the barrier rules")
        XCTAssertEqual(kinds([("barrier", "gate")]), [.gate])
        XCTAssertEqual(kinds([("barrier", "lift_gate")]), [.gate])
        XCTAssertEqual(kinds([("highway", "traffic_signals")]), [.trafficSignals])
        XCTAssertEqual(kinds([("highway", "stop"), ("stop", "minor")]), [.stopMinor])
        XCTAssertEqual(kinds([("highway", "give_way")]), [.giveWay])
        XCTAssertEqual(kinds([("highway", "crossing")]), [])
        XCTAssertEqual(kinds([("amenity", "bench")]), [])
        let signal = RoadObstacle.parse([("highway", "traffic_signals"), ("traffic_signals:direction", "forward")])
        XCTAssertEqual(signal, [RoadObstacle(kind: .trafficSignals, direction: .forward)])
        XCTAssertTrue(signal[0].applies(arrivingForward: true))
        XCTAssertFalse(signal[0].applies(arrivingForward: false))
        XCTAssertEqual(RoadObstacle(kind: .gate, direction: .both).milliseconds, 60_000)
        XCTAssertEqual(RoadObstacle(kind: .trafficSignals, direction: .both).milliseconds, 2_000)
        XCTAssertEqual(RoadObstacle(kind: .giveWay, direction: .both).milliseconds, 1_000)
    }

    /// A street with a node in its middle, and a ring road round it twice as long.
    private func street(middle: [(String, String)]) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("A", 0, 0); f.node("M", 200, 0, middle); f.node("B", 400, 0)
        f.node("R1", 0, 300); f.node("R2", 400, 300)
        f.street(1, ["A", "M", "B"], "Katu")
        f.street(2, ["A", "R1", "R2", "B"], "Kehä")
        return try f.build()
    }

    private let plainSeconds = RoadFixture.measured([(10, 0), (390, 0)]) / (25 / 3.6)    // residential at 25 km/h

    func testABollardTurnsCarsAwayButNotWalkers() throws {
        let d = try street(middle: [("barrier", "bollard")])
        let car = try d.checkedCarRoute((10, 0), (390, 0))
        XCTAssertEqual(car.distance, RoadFixture.measured([(10, 0), (0, 0), (0, 300), (400, 300), (400, 0), (390, 0)]), accuracy: 1, "round the ring")
        XCTAssertEqual(try XCTUnwrap(d.route((10, 0), (390, 0), .walk).first).distance, RoadFixture.measured([(10, 0), (390, 0)]), accuracy: 1)
        let back = try d.checkedCarRoute((250, 0), (150, 0))
        XCTAssertEqual(back.distance, RoadFixture.measured([(250, 0), (400, 0), (400, 300), (0, 300), (0, 0), (150, 0)]), accuracy: 1,
                       "the other way round too")
    }

    func testSignalsAndGatesCostTheirDelay() throws {
        let signal = try street(middle: [("highway", "traffic_signals")]).checkedCarRoute((10, 0), (390, 0))
        XCTAssertEqual(signal.distance, RoadFixture.measured([(10, 0), (390, 0)]), accuracy: 1)
        XCTAssertEqual(signal.expectedTravelTime, plainSeconds + 2, accuracy: 0.05)
        XCTAssertEqual(signal.steps.map(\.instruction), ["Head east on Katu", "Arrive at your destination"],
                       "the signal's node splits the street but not its directions")

        let plain = try street(middle: []).checkedCarRoute((10, 0), (390, 0))
        XCTAssertEqual(plain.expectedTravelTime, plainSeconds, accuracy: 0.05)

        // A gate costs 60 s, the ring (1000 m, 144 s) is slower still: through the gate.
        let gate = try street(middle: [("barrier", "gate")]).checkedCarRoute((10, 0), (390, 0))
        XCTAssertEqual(gate.distance, RoadFixture.measured([(10, 0), (390, 0)]), accuracy: 1)
        XCTAssertEqual(gate.expectedTravelTime, plainSeconds + 60, accuracy: 0.05)

        // A signal facing the way's direction only stops cars driving that way.
        let d = try street(middle: [("highway", "traffic_signals"), ("traffic_signals:direction", "forward")])
        XCTAssertEqual(try d.checkedCarRoute((10, 0), (390, 0)).expectedTravelTime, plainSeconds + 2, accuracy: 0.05)
        XCTAssertEqual(try d.checkedCarRoute((390, 0), (10, 0)).expectedTravelTime, plainSeconds, accuracy: 0.05)
    }

    /// A walker waits at a traffic signal for foot.lua's 2 s, so between a signalled street and
    /// the unnamed sidewalk beside it (0.2 m longer) OSRM and RouteIt walk the sidewalk; without
    /// the signal, the street. The signal's direction does not matter on foot.
    func testWalkersGoRoundTrafficSignalsOnTheSidewalk() throws {
        func walkedOffTheStreet(_ middle: [(String, String)]) throws -> Bool {
            var f = RoadFixture()
            f.node("W", -100, 0); f.node("A", 0, 0); f.node("M", 200, 0, middle); f.node("B", 400, 0); f.node("E", 500, 0)
            f.node("P", 100, 4); f.node("Q", 300, 4)
            f.street(1, ["W", "A", "M", "B", "E"], "Katu")
            f.way(2, ["A", "P", "Q", "B"], [("highway", "footway"), ("footway", "sidewalk")])
            let route = try XCTUnwrap(f.build().route((-50, 0), (450, 0), .walk).first)
            let metresPerDegree = Geodesy.metresPerDegree
            return route.steps.flatMap(\.polyline).contains { ($0.latitude - RoadFixture.origin.latitude) * metresPerDegree > 3 }
        }
        XCTAssertTrue(try walkedOffTheStreet([("highway", "traffic_signals")]))
        XCTAssertTrue(try walkedOffTheStreet([("highway", "traffic_signals"), ("traffic_signals:direction", "backward")]))
        XCTAssertFalse(try walkedOffTheStreet([]))
    }

    /// A stop sign 10 m before a street's junction, without a direction, holds only cars driving
    /// towards that junction (car.lua's inference: not when the car comes from under 20 m away
    /// and goes on over 20 m); one tagged `direction=both` holds cars both ways.
    func testAStopSignWithoutDirectionHoldsOnlyCarsDrivingTowardsTheNearJunction() throws {
        for (direction, backDelay) in [(nil, 0.0), ("both", 2.0)] as [(String?, Double)] {
            var f = RoadFixture()
            f.node("A", 0, 0); f.node("S", 190, 0, [("highway", "stop")] + (direction.map { [("direction", $0)] } ?? []))
            f.node("B", 200, 0)
            f.street(1, ["A", "S", "B"], "Katu")
            let d = try f.build()
            let plain = RoadFixture.measured([(10, 0), (199, 0)]) / (25 / 3.6)
            XCTAssertEqual(try d.checkedCarRoute((10, 0), (199, 0)).expectedTravelTime, plain + 2, accuracy: 0.1, "towards B: \(direction ?? "none")")
            XCTAssertEqual(try d.checkedCarRoute((199, 0), (10, 0)).expectedTravelTime, plain + backDelay, accuracy: 0.1,
                           "away from B: \(direction ?? "none")")
        }
    }
}
