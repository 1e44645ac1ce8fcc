import XCTest
import RouteItCore
@testable import RouteItEngine

/// Avoidance on hand-made networks: a town joined to another by a toll bridge, with or
/// without a free road round; a start on a motorway; unpaved and ferry classes from their tags.
final class RoadAvoidanceFixtureTests: XCTestCase {
    /// West town (x 0...200) and east town (x 1200...1400) joined by a toll road along y = 0;
    /// with `freeRoad`, also by a slower road through (700, 600).
    private func towns(freeRoad: Bool) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("w0", 0, 0); f.node("w1", 200, 0); f.node("w2", 0, 100)
        f.node("e0", 1200, 0); f.node("e1", 1400, 0); f.node("e2", 1400, 100)
        f.street(1, ["w0", "w1"], "West Street")
        f.street(2, ["w0", "w2"], "West Lane")
        f.street(3, ["e0", "e1"], "East Street")
        f.street(4, ["e1", "e2"], "East Lane")
        f.street(5, ["w1", "e0"], "Toll Bridge", highway: "primary", [("toll", "yes")])
        if freeRoad {
            f.node("n", 700, 600)
            f.street(6, ["w1", "n", "e0"], "Old Road", highway: "tertiary")
        }
        return try f.build(smallComponentSize: 1)
    }

    func testWithAWayRoundTheTollRoadIsAvoided() throws {
        let d = try towns(freeRoad: true)
        let plain = try XCTUnwrap(d.route((50, 0), (1300, 0)).first)
        XCTAssertTrue(plain.steps.contains { $0.instruction.contains("Toll Bridge") }, "\(plain.steps.map(\.instruction))")
        let avoided = try XCTUnwrap(d.routes(from: RoadFixture.coordinate(50, 0), to: RoadFixture.coordinate(1300, 0),
                                             mode: .car, avoid: .toll).first)
        XCTAssertFalse(avoided.steps.contains { $0.instruction.contains("Toll Bridge") }, "\(avoided.steps.map(\.instruction))")
        XCTAssertTrue(avoided.steps.contains { $0.instruction.contains("Old Road") })
        XCTAssertGreaterThan(avoided.expectedTravelTime, plain.expectedTravelTime)
        XCTAssertEqual(avoided.unavoidable, [])
        // Avoiding something else changes nothing.
        let other = try XCTUnwrap(d.routes(from: RoadFixture.coordinate(50, 0), to: RoadFixture.coordinate(1300, 0),
                                           mode: .car, avoid: [.motorway, .ferry]).first)
        XCTAssertEqual(other.expectedTravelTime, plain.expectedTravelTime)
    }

    func testWhenTheTollRoadIsTheOnlyWayItIsTakenAndSaid() async throws {
        let d = try towns(freeRoad: false)
        let route = try XCTUnwrap(d.routes(from: RoadFixture.coordinate(50, 0), to: RoadFixture.coordinate(1300, 0),
                                           mode: .car, avoid: [.toll, .motorway]).first)
        XCTAssertTrue(route.steps.contains { $0.instruction.contains("Toll Bridge") })
        XCTAssertEqual(route.unavoidable, .toll, "only the class it uses")
        let trip = [RoadFixture.coordinate(50, 0), RoadFixture.coordinate(1300, 0)].map { MapItem(placemark: Placemark(coordinate: $0)) }
        let directions = try await DirectionsViewModel.calculate(trip: trip + [trip[0]], transportType: .car,
                                                                 avoid: [.toll, .motorway], using: d)
        XCTAssertEqual(directions.tripNotes, ["This trip uses a toll road: no other way exists."])
        let plainTrip = try await DirectionsViewModel.calculate(trip: trip + [trip[0]], transportType: .car, using: d)
        XCTAssertEqual(plainTrip.tripNotes, [])
    }

    /// A motorway from the west town with its first exit 2 km on: a trip starting on it
    /// drives to that exit and takes the town roads from there, never the rest of the motorway.
    func testATripStartingOnAMotorwayLeavesItByTheNearestExit() throws {
        var f = RoadFixture()
        f.node("m0", 0, 0); f.node("m1", 1000, 0); f.node("m2", 2000, 0); f.node("m3", 4000, 0)
        f.node("t0", 2000, -100); f.node("t1", 4000, -100); f.node("t2", 2000, -300)
        f.street(1, ["m0", "m1", "m2"], "A1", highway: "motorway", [("oneway", "yes")])
        f.street(2, ["m2", "m3"], "A1", highway: "motorway", [("oneway", "yes")])
        f.street(3, ["m2", "t0"], "", highway: "motorway_link", [("oneway", "yes")])
        f.street(4, ["t0", "t1"], "Town Road", highway: "secondary")
        f.street(5, ["m3", "t1"], "", highway: "motorway_link")
        f.street(6, ["t0", "t2"], "Side Street")
        let d = try f.build(smallComponentSize: 1)
        let start = RoadFixture.coordinate(500, 0), end = RoadFixture.coordinate(4000, -100)
        let plain = try XCTUnwrap(d.routes(from: start, to: end, mode: .car).first)
        XCTAssertFalse(plain.steps.contains { $0.instruction.contains("Town Road") }, "\(plain.steps.map(\.instruction))")
        let avoided = try XCTUnwrap(d.routes(from: start, to: end, mode: .car, avoid: .motorway).first)
        XCTAssertTrue(avoided.steps.contains { $0.instruction.contains("Town Road") }, "\(avoided.steps.map(\.instruction))")
        XCTAssertEqual(avoided.unavoidable, .motorway, "it starts on one")
        let engine = try d.loadedEngine()
        let legs = try XCTUnwrap(engine.routeLegs(from: start, to: end, mode: .car, alternatives: false, avoid: .motorway).first)
        let ways = legs.map { engine.net.edgeWay[$0.edge] }
        XCTAssertEqual(ways.first, 1)
        XCTAssertFalse(ways.contains(2), "\(ways)")
        XCTAssertFalse(ways.contains(5), "\(ways)")
    }

    func testClassesComeFromTheTags() {
        func classes(_ tags: [String: String]) -> RoadAvoidance { RoadAvoidance(osmTags: tags) }
        XCTAssertEqual(classes(["highway": "primary", "toll": "yes"]), .toll)
        XCTAssertEqual(classes(["highway": "primary", "toll:motorcar": "yes"]), .toll)
        XCTAssertEqual(classes(["highway": "primary", "toll:hgv": "yes"]), [])
        XCTAssertEqual(classes(["highway": "primary", "toll": "no"]), [])
        XCTAssertEqual(classes(["highway": "motorway_link"]), .motorway)
        XCTAssertEqual(classes(["highway": "trunk"]), [])
        XCTAssertEqual(classes(["route": "ferry"]), .ferry)
        XCTAssertEqual(classes(["highway": "track"]), .unpaved)
        XCTAssertEqual(classes(["highway": "track", "tracktype": "grade1"]), [])
        XCTAssertEqual(classes(["highway": "residential", "surface": "gravel"]), .unpaved)
        XCTAssertEqual(classes(["highway": "residential", "surface": "asphalt"]), [])
        XCTAssertEqual(classes(["highway": "unclassified", "tracktype": "grade3"]), .unpaved)
        XCTAssertEqual(classes(["highway": "motorway", "toll": "yes"]), [.motorway, .toll])
    }
}
