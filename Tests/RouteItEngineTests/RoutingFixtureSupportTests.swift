import Foundation
import XCTest
import RouteItCore
@testable import RouteItEngine
import RouteItTestSupport

/// Hand-made road networks laid out in metres around a point in Helsinki (x east, y north),
/// imported through the real importer into a temporary map.
struct RoadFixture {
    static let origin = Coordinate(latitude: 60.17, longitude: 24.94)
    private(set) var nodes: [OSMEntity] = []
    private(set) var ways: [OSMEntity] = []
    private(set) var relations: [OSMEntity] = []
    private var ids: [String: Int64] = [:]

    static func coordinate(_ x: Double, _ y: Double) -> Coordinate {
        let m = Geodesy.metresPerDegree
        return Coordinate(latitude: origin.latitude + y / m,
                          longitude: origin.longitude + x / (m * cos(origin.latitude * .pi / 180)))
    }

    /// The length a route reports along the path through these points (fixture metres): OSRM's
    /// WGS84 measure (`SegmentLength`), 0.2–0.4 % more than the sphere's metres the layout uses.
    static func measured(_ path: [(Double, Double)]) -> Double {
        zip(path, path.dropFirst()).reduce(0) { sum, leg in
            sum + SegmentLength.osrmMetres(GeoPoint(coordinate(leg.0.0, leg.0.1)), GeoPoint(coordinate(leg.1.0, leg.1.1)))
        }
    }

    /// A node at `x`, `y` metres from the origin; its OSM id is `id`, else the next of 1, 2, 3...
    mutating func node(_ name: String, _ x: Double, _ y: Double, _ tags: [(String, String)] = [], id given: Int64? = nil) {
        let id = given ?? Int64(ids.count + 1)
        ids[name] = id
        let c = RoadFixture.coordinate(x, y)
        nodes.append(.node(OSMNode(id: id, latitude: c.latitude, longitude: c.longitude, tags: tags)))
    }

    func id(_ name: String) -> Int64 { ids[name]! }

    /// Eight nodes "r0"…"r7" on a circle round the origin, r0 due east and counter-clockwise
    /// every 45°, closed back to r0: a roundabout's way.
    mutating func ringNodes(radius: Double) -> [String] {
        let ring = (0..<8).map { "r\($0)" }
        for (i, name) in ring.enumerated() {
            let a = Double(i) * 45 * .pi / 180
            node(name, radius * cos(a), radius * sin(a))
        }
        return ring + ["r0"]
    }

    mutating func way(_ id: Int64, _ names: [String], _ tags: [(String, String)]) {
        ways.append(.way(OSMWay(id: id, nodeRefs: names.map { ids[$0]! }, tags: tags)))
    }

    mutating func street(_ id: Int64, _ names: [String], _ name: String, highway: String = "residential",
                         _ extra: [(String, String)] = []) {
        way(id, names, [("highway", highway), ("name", name)] + extra)
    }

    mutating func restriction(_ id: Int64, _ kind: String, from: Int64, via: String, to: Int64) {
        relations.append(.relation(OSMRelation(id: id, members: [
            OSMMember(kind: .way, ref: from, role: "from"),
            OSMMember(kind: .node, ref: ids[via]!, role: "via"),
            OSMMember(kind: .way, ref: to, role: "to"),
        ], tags: [("type", "restriction"), ("restriction", kind)])))
    }

    /// A street that goes on beyond the extract: its last node is not in the file.
    mutating func streetLeavingTheExtract(_ id: Int64, _ names: [String], _ name: String) {
        ways.append(.way(OSMWay(id: id, nodeRefs: names.map { ids[$0]! } + [999_999], tags: [("highway", "residential"), ("name", name)])))
    }

    /// A via-node restriction tagged with `tags` besides `type` (its times, say).
    mutating func restriction(_ id: Int64, tags: [(String, String)], from: Int64, via: String, to: Int64) {
        relations.append(.relation(OSMRelation(id: id, members: [
            OSMMember(kind: .way, ref: from, role: "from"),
            OSMMember(kind: .node, ref: ids[via]!, role: "via"),
            OSMMember(kind: .way, ref: to, role: "to"),
        ], tags: [("type", "restriction")] + tags)))
    }

    /// A restriction whose via members are ways (in order).
    mutating func restriction(_ id: Int64, _ kind: String, from: Int64, viaWays: [Int64], to: Int64) {
        restriction(id, tags: [("restriction", kind)], from: from, viaWays: viaWays, to: to)
    }

    /// A via-way restriction tagged with `tags` besides `type` (its times, say).
    mutating func restriction(_ id: Int64, tags: [(String, String)], from: Int64, viaWays: [Int64], to: Int64) {
        relations.append(.relation(OSMRelation(id: id, members: [OSMMember(kind: .way, ref: from, role: "from")]
            + viaWays.map { OSMMember(kind: .way, ref: $0, role: "via") } + [OSMMember(kind: .way, ref: to, role: "to")],
            tags: [("type", "restriction")] + tags)))
    }

    /// A relation from a way, via a node and ways (in order), to a way, tagged `tags`.
    mutating func relation(_ id: Int64, tags: [(String, String)], from: Int64, viaNode: String, viaWays: [Int64], to: Int64) {
        relations.append(.relation(OSMRelation(id: id, members: [OSMMember(kind: .way, ref: from, role: "from"),
                                                                 OSMMember(kind: .node, ref: ids[viaNode]!, role: "via")]
            + viaWays.map { OSMMember(kind: .way, ref: $0, role: "via") } + [OSMMember(kind: .way, ref: to, role: "to")], tags: tags)))
    }

    var entities: [OSMEntity] { nodes + ways + relations }

    /// Imports into a fresh temporary map and opens the router on it. `smallComponentSize`
    /// scales OSRM's "tiny component" limit (1000 graph nodes) down to a hand-made network.
    func build(smallComponentSize: Int? = nil, file: StaticString = #filePath) throws -> OfflineDirections {
        let path = try RoutingTestMaps.newPath()
        let roads = smallComponentSize.map { RoadLayerBuilder(smallComponentSize: $0) } ?? RoadLayerBuilder()
        try MapImporter(layers: [roads]).importMap(from: ArrayOSMReader(entities), sourceName: "fixture.osm", to: path)
        return try OfflineDirections(path: path)
    }
}

/// Where the routing tests write their maps: one directory per test process, removed at exit.
enum RoutingTestMaps {
    private static let directory = Result { try TestFiles.processDirectory("router-maps") }

    static func newPath() throws -> String {
        try directory.get().appendingPathComponent("\(UUID().uuidString).routeit").path
    }
}

extension OfflineDirections {
    /// Route between fixture points given in metres.
    func route(_ a: (Double, Double), _ b: (Double, Double), _ mode: TransportType = .car, alternatives: Bool = false) throws -> [Route] {
        try routes(from: RoadFixture.coordinate(a.0, a.1), to: RoadFixture.coordinate(b.0, b.1), mode: mode, alternatives: alternatives)
    }

    /// The best car route between fixture points, checked on the way: its steps add up to it,
    /// the hierarchy answers like the reference search, and its time is the search cost.
    func checkedCarRoute(_ a: (Double, Double), _ b: (Double, Double),
                         file: StaticString = #filePath, line: UInt = #line) throws -> Route {
        let route = try XCTUnwrap(route(a, b).first, file: file, line: line)
        XCTAssertEqual(route.steps.reduce(0) { $0 + $1.distance }, route.distance, accuracy: 1e-6, file: file, line: line)
        XCTAssertEqual(route.steps.reduce(0) { $0 + $1.expectedTravelTime }, route.expectedTravelTime, accuracy: 1e-6,
                       file: file, line: line)
        let c = try costs(RoadFixture.coordinate(a.0, a.1), RoadFixture.coordinate(b.0, b.1), .car)
        XCTAssertEqual(c.ch, c.reference, "the hierarchy answers like plain Dijkstra", file: file, line: line)
        XCTAssertEqual(route.expectedTravelTime, Double(try XCTUnwrap(c.reference, file: file, line: line)) / 1000,
                       accuracy: 1e-9, file: file, line: line)
        return route
    }

    /// Cost in ms by the CH and by the reference search (nil when there is no route).
    func costs(_ a: Coordinate, _ b: Coordinate, _ mode: TransportType) throws -> (ch: UInt32?, reference: UInt32?) {
        let engine = try loadedEngine()
        func cost(_ reference: Bool) throws -> UInt32? {
            do { return try engine.shortestPath(from: a, to: b, mode: mode, reference: reference).path.cost }
            catch DirectionsError.noRoute { return nil }
        }
        return (try cost(false), try cost(true))
    }
}
