import XCTest
import RouteItCore
@testable import RouteItEngine

/// Alternatives: at most three, each genuinely different, none much slower than the best.
final class RoutingAlternativesTests: XCTestCase {
    private func edges(_ route: Route) -> [Coordinate] { route.polyline }

    /// Length of `route` lying on segments of the others (by matching consecutive point pairs).
    private func sharedLength(_ route: Route, with others: [Route]) -> Double {
        func key(_ a: Coordinate, _ b: Coordinate) -> String {
            let p = [a, b].map { String(format: "%.5f,%.5f", $0.latitude, $0.longitude) }.sorted()
            return p.joined(separator: "|")
        }
        var used = Set<String>()
        for o in others { for (a, b) in zip(o.polyline, o.polyline.dropFirst()) { used.insert(key(a, b)) } }
        var shared = 0.0
        for (a, b) in zip(route.polyline, route.polyline.dropFirst()) where used.contains(key(a, b)) { shared += a.distance(to: b) }
        return shared
    }

    /// The road share that turns most alternative candidates away without geometry must never
    /// exceed the geometric share it stands in for, or good alternatives would be lost.
    func testTheSharedRoadShareIsALowerBoundOfTheGeometricShare() throws {
        let engine = try GridTown.make(size: 20, seed: 5).build().loadedEngine()
        var rng = SeededRandom(seed: 17)
        var routes: [[RouteLeg]] = []
        for _ in 0..<40 {
            let a = RoadFixture.coordinate(Double.random(in: 0...2280, using: &rng), Double.random(in: 0...2280, using: &rng))
            let b = RoadFixture.coordinate(Double.random(in: 0...2280, using: &rng), Double.random(in: 0...2280, using: &rng))
            if let found = try? engine.routeLegs(from: a, to: b, mode: .car, alternatives: true) { routes += found }
        }
        XCTAssertGreaterThan(routes.count, 40)
        var compared = 0, mostlyShared = 0
        for (i, x) in routes.enumerated() {
            for y in routes[max(0, i - 6)..<i] {
                let road = RoutingEngine.sharedRoadShare(x, chosen: [y])
                let geometric = PolylineOverlap.share(of: engine.polyline(x), alongsideAny: [engine.polyline(y)],
                                                      tolerance: RoutingEngine.alternativeShareTolerance)
                XCTAssertLessThanOrEqual(road, geometric + RoutingEngine.sharedRoadMargin)
                compared += 1
                if road > 0.5 { mostlyShared += 1 }
            }
            XCTAssertEqual(RoutingEngine.sharedRoadShare(x, chosen: [x]), 1, accuracy: 1e-9)
        }
        XCTAssertGreaterThan(mostlyShared, 10, "pairs of routes on the same roads, out of \(compared)")
    }

    /// Candidates are compared with the chosen routes filed once, the legs on their very roads
    /// counted without sampling: the share is the one a fresh comparison of the geometry gives.
    func testThePreparedShareEqualsAFreshComparison() throws {
        let engine = try GridTown.make(size: 20, seed: 5).build().loadedEngine()
        var rng = SeededRandom(seed: 23)
        var routes: [[RouteLeg]] = []
        for _ in 0..<30 {
            let a = RoadFixture.coordinate(Double.random(in: 0...2280, using: &rng), Double.random(in: 0...2280, using: &rng))
            let b = RoadFixture.coordinate(Double.random(in: 0...2280, using: &rng), Double.random(in: 0...2280, using: &rng))
            if let found = try? engine.routeLegs(from: a, to: b, mode: .car, alternatives: true) { routes += found }
        }
        var partly = 0, knownSegments = 0
        for (i, x) in routes.enumerated() {
            let others = Array(routes[max(0, i - 3)..<i])
            guard let first = others.first else { continue }
            var chosen = ChosenRoutes(best: first, polyline: engine.polyline(first), tolerance: RoutingEngine.alternativeShareTolerance)
            for o in others.dropFirst() { chosen.append(o, polyline: engine.polyline(o)) }
            let (line, known) = engine.polyline(x, known: chosen.drives)
            XCTAssertEqual(line, engine.polyline(x))
            knownSegments += known.filter { $0 }.count
            let fresh = PolylineOverlap.share(of: line, alongsideAny: others.map(engine.polyline),
                                              tolerance: RoutingEngine.alternativeShareTolerance)
            XCTAssertEqual(chosen.geometricShare(line, known: known), fresh, accuracy: 0.005)
            if fresh > 0.2 && fresh < 0.9 { partly += 1 }
        }
        XCTAssertGreaterThan(partly, 10)
        XCTAssertGreaterThan(knownSegments, 100)
    }

    func testAlternativesAreDifferentAndNotMuchSlower() throws {
        let d = try GridTown.make(size: 20, seed: 5).build()
        var rng = SeededRandom(seed: 99)
        var withAlternatives = 0, asked = 0
        for _ in 0..<30 {
            let a = RoadFixture.coordinate(Double.random(in: 0...400, using: &rng), Double.random(in: 0...2280, using: &rng))
            let b = RoadFixture.coordinate(Double.random(in: 1800...2280, using: &rng), Double.random(in: 0...2280, using: &rng))
            guard let routes = try? d.routes(from: a, to: b, mode: .car, alternatives: true) else { continue }
            asked += 1
            XCTAssertLessThanOrEqual(routes.count, 3)
            let single = try d.routes(from: a, to: b, mode: .car)
            XCTAssertEqual(single.count, 1)
            XCTAssertEqual(routes[0].expectedTravelTime, single[0].expectedTravelTime, accuracy: 1e-9)
            if routes.count > 1 { withAlternatives += 1 }
            for (i, r) in routes.enumerated() {
                XCTAssertLessThanOrEqual(r.expectedTravelTime, routes[0].expectedTravelTime * (1 + RoutingEngine.alternativeStretch) + 1e-6)
                XCTAssertEqual(r.steps.reduce(0) { $0 + $1.distance }, r.distance, accuracy: 1e-6)
                XCTAssertEqual(r.steps.last?.instruction, "Arrive at your destination")
                if i > 0 {
                    let shared = sharedLength(r, with: Array(routes[..<i]))
                    XCTAssertLessThanOrEqual(shared, 0.75 * r.distance + 1, "alternative \(i) shares too much")
                }
            }
        }
        XCTAssertGreaterThan(asked, 20)
        XCTAssertGreaterThan(withAlternatives, asked / 2, "a grid town has different routes for most long trips")
    }

    /// The damage check's flat length: close to the haversine sum on a town's route, never above
    /// it on a long road north across latitudes or over the antimeridian (a real route there
    /// must not be taken for scattered points), and far above twice it for scattered points.
    func testTheFlatLengthNeverMakesARealRouteLookDamaged() {
        func haversine(_ line: [Coordinate]) -> Double { zip(line, line.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) } }
        let town = (0..<200).map { Coordinate(latitude: 60.17 + Double($0 % 7) * 0.0004, longitude: 24.94 + Double($0) * 0.0003) }
        XCTAssertEqual(RoutingEngine.flatLength(town), haversine(town), accuracy: haversine(town) * 0.01)
        let north = (0..<2000).map { Coordinate(latitude: 60 + Double($0) * 0.01, longitude: 20 + Double($0 % 2) * 0.05) }
        XCTAssertLessThanOrEqual(RoutingEngine.flatLength(north), haversine(north))
        let dateLine = (0..<100).map { Coordinate(latitude: 65.5, longitude: 179.9 + Double($0) * 0.002 - ($0 > 50 ? 360 : 0)) }
        XCTAssertLessThanOrEqual(RoutingEngine.flatLength(dateLine), haversine(dateLine) + 1e-6)
        XCTAssertGreaterThan(RoutingEngine.flatLength(dateLine), 0.9 * haversine(dateLine))
        let scattered = (0..<10).map { Coordinate(latitude: $0 % 2 == 0 ? 80 : -80, longitude: $0 % 2 == 0 ? -170 : 170) }
        XCTAssertGreaterThan(RoutingEngine.flatLength(scattered), 100_000_000)
    }
}
