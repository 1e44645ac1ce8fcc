import Foundation
import XCTest
import RouteItCore
@testable import RouteItEngine

/// Avoiding motorways and toll roads on Monaco's real extract (65 motorway ways, 30 with
/// toll=yes). The tagged ways are read here straight from the extract, not from the map, so
/// the map's classes are checked against the data, and routes against the tagged ways.
final class RoadAvoidanceMonacoTests: XCTestCase {
    private struct Monaco {
        var directions: OfflineDirections
        var engine: RoutingEngine
        var box: BoundingBox
        var motorwayWays: Set<Int64>
        var tollWays: Set<Int64>
    }
    nonisolated(unsafe) private static var shared: Monaco?

    private func monaco() throws -> Monaco {
        if let shared = Self.shared { return shared }
        let path = try RealMaps.path("monaco.osm.pbf")
        let map = try RouteItMap(path: path)
        let d = try OfflineDirections(path: path)
        var motorway = Set<Int64>(), toll = Set<Int64>()
        try openOSMReader(at: URL(fileURLWithPath: try TestPaths.osmFile("monaco.osm.pbf"))).read(.ways) { entity in
            guard case .way(let w) = entity else { return }
            let tags = Dictionary(w.tags, uniquingKeysWith: { a, _ in a })
            if tags["highway"] == "motorway" || tags["highway"] == "motorway_link" { motorway.insert(w.id) }
            if tags["toll"] == "yes" { toll.insert(w.id) }
        }
        let m = Monaco(directions: d, engine: try d.loadedEngine(), box: try XCTUnwrap(map.boundingBox),
                       motorwayWays: motorway, tollWays: toll)
        Self.shared = m
        return m
    }

    private func tagged(_ m: Monaco, _ avoid: RoadAvoidance) -> Set<Int64> {
        (avoid.contains(.motorway) ? m.motorwayWays : []).union(avoid.contains(.toll) ? m.tollWays : [])
    }

    /// Seeded pairs of points on either side of a road of the `across` ways (1 to 5 km from
    /// it each way, roughly along it, so that quick routes tend to take it), or anywhere in the box.
    private func pairs(_ m: Monaco, count: Int, seed: UInt64, across: Set<Int64> = []) -> [(Coordinate, Coordinate)] {
        var rng = SeededRandom(seed: seed)
        let net = m.engine.net
        // In an order of their own (way, then first point), not the edge ids the import chose.
        func key(_ e: Int) -> [Int64] {
            let p = net.points(of: e)[net.points(of: e).startIndex]
            return [net.edgeWay[e], Int64(p.lat), Int64(p.lon)]
        }
        let roads = (0..<net.edgeCount).filter { across.contains(net.edgeWay[$0]) }
            .sorted { key($0).lexicographicallyPrecedes(key($1)) }
        func clamp(_ c: Coordinate) -> Coordinate {
            Coordinate(latitude: min(max(c.latitude, m.box.minLatitude), m.box.maxLatitude),
                       longitude: min(max(c.longitude, m.box.minLongitude), m.box.maxLongitude))
        }
        return (0..<count).map { _ in
            guard let road = roads.randomElement(using: &rng) else {
                func point() -> Coordinate {
                    Coordinate(latitude: .random(in: m.box.minLatitude...m.box.maxLatitude, using: &rng),
                               longitude: .random(in: m.box.minLongitude...m.box.maxLongitude, using: &rng))
                }
                return (point(), point())
            }
            let points = net.points(of: road)
            let centre = points[points.startIndex + points.count / 2].coordinate
            // Roughly along the road, so a quick route between them may follow it.
            let first = points[points.startIndex].coordinate, last = points[points.endIndex - 1].coordinate
            let along = atan2((last.longitude - first.longitude) * cos(first.latitude * .pi / 180), last.latitude - first.latitude)
            let angle = along + Double.random(in: -0.5...0.5, using: &rng)
            let metres = Double.random(in: 1000...5000, using: &rng)
            let dLat = metres * cos(angle) / 111_195, dLon = metres * sin(angle) / (111_195 * cos(centre.latitude * .pi / 180))
            return (clamp(Coordinate(latitude: centre.latitude + dLat, longitude: centre.longitude + dLon)),
                    clamp(Coordinate(latitude: centre.latitude - dLat, longitude: centre.longitude - dLon)))
        }
    }

    func testEveryRoadOfATaggedWayHasItsClassAndNoOtherRoadHasIt() throws {
        let m = try monaco()
        XCTAssertEqual(m.motorwayWays.count, 65)
        XCTAssertEqual(m.tollWays.count, 30)
        let net = m.engine.net
        var motorwayEdges = 0, tollEdges = 0
        for e in 0..<net.edgeCount {
            let classes = RoadAvoidance(rawValue: net.edgeAvoid[e])
            XCTAssertEqual(classes.contains(.motorway), m.motorwayWays.contains(net.edgeWay[e]), "way \(net.edgeWay[e])")
            XCTAssertEqual(classes.contains(.toll), m.tollWays.contains(net.edgeWay[e]), "way \(net.edgeWay[e])")
            if classes.contains(.motorway) { motorwayEdges += 1 }
            if classes.contains(.toll) { tollEdges += 1 }
        }
        XCTAssertGreaterThan(motorwayEdges, 65)
        XCTAssertGreaterThan(tollEdges, 30)
    }

    /// Between the first and last road (which may be avoided ones: the places lie there), no
    /// road of an avoided way, for the best route and every alternative; and plain routes do
    /// use them, so the check means something.
    func testAvoidedRoutesAndAlternativesKeepOffTheTaggedWays() throws {
        let m = try monaco()
        for avoid in [RoadAvoidance.motorway, .toll, [.motorway, .toll]] {
            let banned = tagged(m, avoid)
            var plainUses = 0, avoided = 0, alternativesSeen = 0
            for (a, b) in pairs(m, count: 60, seed: 13, across: banned) {
                guard let plain = try? m.engine.routeLegs(from: a, to: b, mode: .car, alternatives: false).first else { continue }
                if plain.dropFirst().dropLast().contains(where: { banned.contains(m.engine.net.edgeWay[$0.edge]) }) { plainUses += 1 }
                // A place on an avoided road drives it to the nearest way off: avoided roads
                // may lead the route and end it, never come in between.
                func middle(_ legs: [RouteLeg]) -> ArraySlice<RouteLeg> {
                    let isBanned = { (leg: RouteLeg) in banned.contains(m.engine.net.edgeWay[leg.edge]) }
                    let first = legs.firstIndex { !isBanned($0) } ?? legs.endIndex
                    let last = legs.lastIndex { !isBanned($0) } ?? first
                    return first <= last ? legs[first...last] : []
                }
                let routes = try m.engine.routeLegs(from: a, to: b, mode: .car, alternatives: true, avoid: avoid)
                let best = try XCTUnwrap(routes.first)
                let viaBanned = middle(best).contains { banned.contains(m.engine.net.edgeWay[$0.edge]) }
                if viaBanned {
                    // Only when no route without them exists (checked by the plain Dijkstra).
                    let reference = try? m.engine.shortestPath(from: a, to: b, mode: .car, reference: true, avoid: avoid)
                    XCTAssertNil(reference, "\(avoid) \(a) → \(b) uses avoided roads though a way round exists")
                    continue
                }
                avoided += 1
                alternativesSeen += routes.count - 1
                for (index, legs) in routes.enumerated() {
                    for leg in middle(legs) {
                        XCTAssertFalse(banned.contains(m.engine.net.edgeWay[leg.edge]),
                                       "\(avoid) route \(index) \(a) → \(b) uses way \(m.engine.net.edgeWay[leg.edge])")
                    }
                }
            }
            // Monaco's tolled A8 runs in from the extract's west edge, so no quick route takes it.
            if avoid.contains(.motorway) { XCTAssertGreaterThan(plainUses, 5, "\(avoid): plain routes use the ways") }
            XCTAssertGreaterThan(avoided, 30, "\(avoid)")
            XCTAssertGreaterThan(alternativesSeen, 0, "\(avoid): alternatives were offered")
        }
    }

    /// The hierarchy with classes skipped answers exactly like a plain Dijkstra on the graph
    /// without those roads (`FilteredDijkstra`), for every set of classes.
    func testHierarchyEqualsDijkstraOnTheFilteredGraph() throws {
        let m = try monaco()
        let router = try m.engine.router(.car)
        let reference = FilteredDijkstra(router.graph, net: m.engine.net)
        var compared = 0, differs = 0
        for (index, (a, b)) in pairs(m, count: 48, seed: 7, across: m.motorwayWays.union(m.tollWays)).enumerated() {
            let avoid = RoadAvoidance.classes.map(\.value).filter { index & Int($0.rawValue) != 0 }
                .reduce(RoadAvoidance()) { $0.union($1) }
            let found: SearchPath?
            do { found = try m.engine.shortestPath(from: a, to: b, mode: .car, avoid: avoid).path } catch DirectionsError.noRoute { found = nil }
            let ws = QueryWorkspace(nodeCount: router.graph.nodeCount, edgeCount: m.engine.net.edgeCount)
            guard let (s, t, _) = m.engine.ends.snapEnds(a, b, .car, ws), s.edge != t.edge else { continue }
            let sources = m.engine.ends.candidates(s, .car).flatMap { router.sources($0, weight: m.engine.net.weight($0.edge, .car)) }
            let targets = m.engine.ends.candidates(t, .car).flatMap { router.targets($0, weight: m.engine.net.weight($0.edge, .car)) }
            let expected = reference.cost(from: sources, to: targets, avoid: avoid)
            XCTAssertEqual(found?.cost, expected, "\(avoid) \(a) → \(b)")
            compared += 1
            if let plain = try? m.engine.shortestPath(from: a, to: b, mode: .car).path.cost, plain != expected { differs += 1 }
        }
        XCTAssertGreaterThan(compared, 30)
        XCTAssertGreaterThan(differs, 3, "avoiding changed some routes")
    }

    func testATripStartingOnAMotorwayStillGetsARoute() throws {
        let m = try monaco()
        let net = m.engine.net
        let casino = Coordinate(latitude: 43.7394, longitude: 7.4276)
        var tried = 0
        for e in 0..<net.edgeCount where RoadAvoidance(rawValue: net.edgeAvoid[e]).contains(.motorway) && net.edgeLength[e] > 100 {
            let points = net.points(of: e)
            let start = points[points.startIndex + points.count / 2].coordinate
            let ws = QueryWorkspace(nodeCount: try m.engine.router(.car).graph.nodeCount, edgeCount: net.edgeCount)
            guard m.engine.ends.snapEnds(start, casino, .car, ws)?.0.edge == e else { continue }   // under a bridge, ...
            // OSRM answers NoRoute here (osrm-backend#5433); RouteIt leaves the motorway by the
            // nearest way off and stays off it.
            let route = try XCTUnwrap(m.directions.routes(from: start, to: casino, mode: .car, avoid: .motorway).first)
            XCTAssertGreaterThan(route.distance, 0)
            XCTAssertEqual(route.steps.last?.instruction, "Arrive at your destination")
            let legs = try XCTUnwrap(m.engine.routeLegs(from: start, to: casino, mode: .car, alternatives: false, avoid: .motorway).first)
            let onMotorway = { (leg: RouteLeg) in m.motorwayWays.contains(net.edgeWay[leg.edge]) }
            XCTAssertTrue(onMotorway(legs[0]))
            let off = try XCTUnwrap(legs.firstIndex { !onMotorway($0) }, "\(start)")
            XCTAssertFalse(legs[off...].contains(where: onMotorway), "back on a motorway after leaving it: \(start)")
            tried += 1
            if tried == 5 { break }
        }
        XCTAssertEqual(tried, 5)
    }
}

/// A plain one-directional Dijkstra over a mode graph's arcs, leaving out the arcs onto roads
/// of the avoided classes: the reference for the hierarchy's avoidance.
struct FilteredDijkstra {
    let graph: ModeGraph
    let net: RoadNetwork
    private var outStart: [Int] = []
    private var outArcs: [Int] = []

    init(_ graph: ModeGraph, net: RoadNetwork) {
        self.graph = graph
        self.net = net
        outStart = [Int](repeating: 0, count: graph.nodeCount + 1)
        for a in 0..<graph.arcCount { outStart[Int(graph.arcFrom(a)) + 1] += 1 }
        for i in 0..<graph.nodeCount { outStart[i + 1] += outStart[i] }
        var fill = outStart
        outArcs = [Int](repeating: 0, count: graph.arcCount)
        for a in 0..<graph.arcCount {
            outArcs[fill[Int(graph.arcFrom(a))]] = a
            fill[Int(graph.arcFrom(a))] += 1
        }
    }

    func cost(from sources: [SearchEndpoint], to targets: [SearchEndpoint], avoid: RoadAvoidance) -> UInt32? {
        var dist = [UInt64](repeating: .max, count: graph.nodeCount)
        var heap: [(UInt64, Int)] = []
        func push(_ d: UInt64, _ v: Int) {
            guard d < dist[v] else { return }
            dist[v] = d
            heap.append((d, v))
            var i = heap.count - 1
            while i > 0, heap[(i - 1) / 2].0 > heap[i].0 { heap.swapAt(i, (i - 1) / 2); i = (i - 1) / 2 }
        }
        func pop() -> (UInt64, Int) {
            let top = heap[0]
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count && heap[l].0 < heap[m].0 { m = l }
                if r < heap.count && heap[r].0 < heap[m].0 { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
            return top
        }
        for s in sources { push(UInt64(s.cost), Int(s.node)) }
        while !heap.isEmpty {
            let (d, u) = pop()
            if d > dist[u] { continue }
            for i in outStart[u]..<outStart[u + 1] {
                let a = outArcs[i]
                let road = Int(graph.arcEdgeDir[a]) >> 1
                if net.edgeAvoid[road] & avoid.rawValue != 0 { continue }
                push(d + UInt64(graph.arcWeight[a]), Int(graph.arcTo(a)))
            }
        }
        let best = targets.map { dist[Int($0.node)] == .max ? UInt64.max : dist[Int($0.node)] + UInt64($0.cost) }.min() ?? .max
        return best == .max ? nil : UInt32(best)
    }
}
