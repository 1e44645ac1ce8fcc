import XCTest
import RouteItCore
@testable import RouteItEngine

/// The shell keeps the quickest of a leg's alternatives: asked for it alone, the router returns
/// exactly that route, whether it proves the others slower or has to find them.
final class RoutingQuickestTests: XCTestCase {
    /// Alku, then either a fast road closed to through traffic (`Metsätie`, `length` metres east,
    /// a driveway every 2 km) or the open ring round it (`Kiertotie`, `detour` metres out), then
    /// Loppu. Long enough, the ring is the best route by weight (no entry charge) while the
    /// closed road, an alternative, takes much less time.
    private func forest(length: Double, detour: Double) throws -> OfflineDirections {
        var f = RoadFixture()
        f.node("W", -300, 0); f.node("A", 0, 0); f.node("B", length, 0); f.node("E", length + 300, 0)
        f.node("S1", 0, -detour); f.node("S2", length, -detour)
        var road = ["A"]
        var way: Int64 = 10
        for (i, x) in stride(from: 2000, to: length, by: 2000).enumerated() {
            f.node("K\(i)", x, 0); f.node("P\(i)", x, 60)
            road.append("K\(i)")
            f.street(way, ["K\(i)", "P\(i)"], "Piha \(i)")
            way += 1
        }
        road.append("B")
        f.street(1, ["W", "A"], "Alku")
        f.street(2, road, "Metsätie", highway: "primary", [("motor_vehicle", "destination")])
        f.street(3, ["A", "S1", "S2", "B"], "Kiertotie", highway: "secondary")
        f.street(4, ["B", "E"], "Loppu")
        return try f.build()
    }

    /// What `DirectionsViewModel` keeps of a full answer.
    private func quickest(_ routes: [Route]) -> Route? {
        routes.filter { !$0.steps.isEmpty }.min { $0.expectedTravelTime < $1.expectedTravelTime }
    }

    /// The quickest alone equals the quickest of all, and comes back alone; returns whether an
    /// alternative was quicker than the best.
    @discardableResult
    private func check(_ d: OfflineDirections, _ a: Coordinate, _ b: Coordinate, _ mode: TransportType,
                       file: StaticString = #filePath, line: UInt = #line) throws -> Bool? {
        guard let all = try? d.routes(from: a, to: b, mode: mode, alternatives: true) else { return nil }
        let alone = try d.routes(from: a, to: b, mode: mode, alternatives: true, quickestOnly: true)
        let expected = try XCTUnwrap(quickest(all), file: file, line: line)
        XCTAssertEqual(alone.count, 1, file: file, line: line)
        let got = try XCTUnwrap(alone.first, file: file, line: line)
        XCTAssertEqual(got.polyline, expected.polyline, file: file, line: line)
        XCTAssertEqual(got.expectedTravelTime, expected.expectedTravelTime, file: file, line: line)
        XCTAssertEqual(got.distance, expected.distance, file: file, line: line)
        XCTAssertEqual(got.name, expected.name, file: file, line: line)
        XCTAssertEqual(got.steps.map(\.instruction), expected.steps.map(\.instruction), file: file, line: line)
        XCTAssertEqual(got.unavoidable, expected.unavoidable, file: file, line: line)
        return expected.expectedTravelTime < all[0].expectedTravelTime
    }

    func testAQuickerAlternativeOnAClosedRoadIsFoundAlone() throws {
        // 65 km of closed primary road (an hour) against a ring of 100 km (1 h 49 min).
        let far = try forest(length: 65_000, detour: 17_000)
        let from = RoadFixture.coordinate(-200, 0), to = RoadFixture.coordinate(65_200, 0)
        let all = try far.routes(from: from, to: to, mode: .car, alternatives: true)
        XCTAssertEqual(all.first?.name, "Kiertotie, Loppu", "the best by weight keeps off the closed road")
        XCTAssertEqual(try check(far, from, to, .car), true)
        XCTAssertEqual(try far.routes(from: from, to: to, mode: .car, alternatives: true, quickestOnly: true).first?.name,
                       "Metsätie, Loppu")
        // Short trips and other modes: no alternative can be quicker.
        let near = try forest(length: 6_000, detour: 2_000)
        XCTAssertEqual(try check(near, from, RoadFixture.coordinate(6_200, 0), .car), false)
        XCTAssertEqual(try check(near, from, RoadFixture.coordinate(6_200, 0), .walk), false)
        XCTAssertEqual(try check(far, from, to, .bike), false)
    }

    func testTheQuickestAloneEqualsTheQuickestOfAllInAGridTown() throws {
        let d = try GridTown.make(size: 20, seed: 5).build()
        var rng = SeededRandom(seed: 7)
        var checked = 0
        for mode in [TransportType.car, .walk, .bike] {
            for _ in 0..<12 {
                let a = RoadFixture.coordinate(Double.random(in: 0...2280, using: &rng), Double.random(in: 0...2280, using: &rng))
                let b = RoadFixture.coordinate(Double.random(in: 0...2280, using: &rng), Double.random(in: 0...2280, using: &rng))
                if try check(d, a, b, mode) != nil { checked += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 30)
    }

    /// A trip too short for a quicker alternative is searched as a trip without alternatives:
    /// the same labelled nodes, fewer than the alternatives' search with its slack labels.
    func testTheQuickestOfAShortTripIsSearchedWithoutTheSlack() throws {
        let d = try GridTown.make(size: 20, seed: 5).build()
        let engine = try d.loadedEngine()
        /// The labels of the last search (the workspace given back last is lent first).
        func labels() -> Int {
            let ws = engine.borrow(.car, nodeCount: 0)
            defer { engine.giveBack(ws, .car) }
            return ws.forward.touched.count + ws.backward.touched.count
        }
        var rng = SeededRandom(seed: 11)
        var alone = 0, withSlack = 0, searched = 0
        for _ in 0..<12 {
            let a = RoadFixture.coordinate(Double.random(in: 0...2280, using: &rng), Double.random(in: 0...2280, using: &rng))
            let b = RoadFixture.coordinate(Double.random(in: 0...2280, using: &rng), Double.random(in: 0...2280, using: &rng))
            guard (try? d.routes(from: a, to: b, mode: .car)) != nil else { continue }
            let best = labels()
            _ = try d.routes(from: a, to: b, mode: .car, alternatives: true, quickestOnly: true)
            XCTAssertEqual(labels(), best)
            alone += best
            _ = try d.routes(from: a, to: b, mode: .car, alternatives: true)
            withSlack += labels()
            searched += 1
        }
        XCTAssertGreaterThan(searched, 8)
        XCTAssertLessThan(alone, withSlack)
    }

    /// No alternative is quicker than a car's best route shorter than the entry charge (less its
    /// stretch), nor in another mode.
    func testOnlyALongCarTripMayHaveAQuickerAlternative() {
        let charge = Double(TurnCostModel.osrmCar.restrictedEntryPenalty)
        let shortest = UInt64((charge / (1 + RoutingEngine.alternativeStretch)).rounded(.up))
        XCTAssertTrue(RoutingEngine.alternativeMayBeQuicker(.car, bestMs: shortest))
        XCTAssertFalse(RoutingEngine.alternativeMayBeQuicker(.car, bestMs: shortest - 10))
        XCTAssertFalse(RoutingEngine.alternativeMayBeQuicker(.walk, bestMs: 10 * shortest))
        XCTAssertFalse(RoutingEngine.alternativeMayBeQuicker(.bike, bestMs: 10 * shortest))
    }

    /// Without alternatives there is one route, the best, whatever `quickestOnly` says.
    func testWithoutAlternativesTheBestAlone() throws {
        let far = try forest(length: 65_000, detour: 17_000)
        let from = RoadFixture.coordinate(-200, 0), to = RoadFixture.coordinate(65_200, 0)
        let routes = try far.routes(from: from, to: to, mode: .car, quickestOnly: true)
        XCTAssertEqual(routes.map(\.name), ["Kiertotie, Loppu"])
    }
}
