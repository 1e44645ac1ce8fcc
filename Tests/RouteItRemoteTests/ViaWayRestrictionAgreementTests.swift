import Foundation
import RouteItCore
import RouteItEngine
import XCTest
import RouteItTestSupport

/// Via-way turn restrictions mean the same to the embedded router as to a real osrm-routed:
/// a dual carriageway with a gap (its U-turn mapped as `no_u_turn` / `only_u_turn` from the
/// south side via the gap to the north side), the same OSM file imported by both, the same trips.
final class ViaWayRestrictionAgreementTests: XCTestCase {
    /// A layout: points (x east, y north in metres from 60.17 N, 24.94 E), ways, and trips.
    struct Layout {
        var points: [String: (Double, Double)]
        var ways: [(id: Int, nodes: [String], oneway: Bool)]
        var trips: [((Double, Double), (Double, Double))]
    }

    /// Ways end at the gap, as OSM wants of a restriction's from- and to-ways: south side (2, 3)
    /// east, north side (4, 1) west, the gap (10), the ends (11, 12), a street north (20).
    static let narrow = Layout(
        points: ["SW": (0, 0), "S1": (100, 0), "S2": (200, 0), "SE": (300, 0),
                 "NW": (0, 20), "N1": (100, 20), "N2": (200, 20), "NE": (300, 20), "NN": (200, 100)],
        ways: [(2, ["SW", "S1", "S2"], true), (3, ["S2", "SE"], true), (4, ["NE", "N2"], true), (1, ["N2", "N1", "NW"], true),
               (10, ["S2", "N2"], false), (11, ["SE", "NE"], true), (12, ["NW", "SW"], true), (20, ["N2", "NN"], false)],
        trips: [((150, 0), (150, 20)), ((150, 0), (200, 10)), ((250, 20), (250, 0)),
                ((150, 0), (250, 0)), ((150, 0), (200, 60)), ((250, 20), (200, 60))])

    /// A 40 m median whose gap (10) has a junction half way, where a side street (21) leaves east:
    /// the via path is two edges long, and cars from the side street may turn either way.
    static let wide = Layout(
        points: ["SW": (0, 0), "S1": (100, 0), "S2": (200, 0), "SE": (300, 0), "M": (200, 20), "X": (260, 20),
                 "NW": (0, 40), "N1": (100, 40), "N2": (200, 40), "NE": (300, 40)],
        ways: [(2, ["SW", "S1", "S2"], true), (3, ["S2", "SE"], true), (4, ["NE", "N2"], true), (1, ["N2", "N1", "NW"], true),
               (10, ["S2", "M", "N2"], false), (21, ["M", "X"], false), (11, ["SE", "NE"], true), (12, ["NW", "SW"], true)],
        trips: [((150, 0), (150, 40)), ((150, 0), (230, 20)), ((230, 20), (150, 40)), ((150, 0), (200, 30)),
                ((250, 40), (250, 0))])

    private static func coordinate(_ p: (Double, Double)) -> Coordinate {
        let m = Geodesy.metresPerDegree
        return Coordinate(latitude: 60.17 + p.1 / m, longitude: 24.94 + p.0 / (m * cos(60.17 * .pi / 180)))
    }

    private static func osm(_ layout: Layout, _ rule: String?) -> String {
        let names = layout.points.keys.sorted()
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
        for (i, name) in names.enumerated() {
            let c = coordinate(layout.points[name]!)
            xml += String(format: "<node id=\"%d\" version=\"1\" lat=\"%.8f\" lon=\"%.8f\"/>\n", i + 1, c.latitude, c.longitude)
        }
        for way in layout.ways {
            let refs = way.nodes.map { "<nd ref=\"\(names.firstIndex(of: $0)! + 1)\"/>" }.joined()
            xml += "<way id=\"\(way.id)\" version=\"1\">\(refs)<tag k=\"highway\" v=\"residential\"/>"
                + (way.oneway ? "<tag k=\"oneway\" v=\"yes\"/>" : "") + "</way>\n"
        }
        if let rule {
            xml += "<relation id=\"100\" version=\"1\"><member type=\"way\" ref=\"2\" role=\"from\"/>"
                + "<member type=\"way\" ref=\"10\" role=\"via\"/><member type=\"way\" ref=\"1\" role=\"to\"/>"
                + "<tag k=\"type\" v=\"restriction\"/><tag k=\"restriction\" v=\"\(rule)\"/></relation>\n"
        }
        return xml + "</osm>\n"
    }

    func testBothEnginesReadTheGapsRulesAlike() async throws {
        let narrowLongWays = try await compare(Self.narrow)
        XCTAssertEqual(narrowLongWays, 2, "each rule sends one of the trips the long way round")
        let wideLongWays = try await compare(Self.wide)
        XCTAssertEqual(wideLongWays, 1, "no_u_turn sends the U-turn the long way round")
    }

    /// Imports the layout with each rule into both engines and compares every trip; how many
    /// trips a rule sent the long way round (over 200 m).
    private func compare(_ layout: Layout) async throws -> Int {
        let directory = try TestFiles.temporaryDirectory(for: self)
        var restricted = 0
        for rule in [nil, "no_u_turn", "only_u_turn"] {
            let file = directory.appendingPathComponent("\(rule ?? "none").osm")
            try Self.osm(layout, rule).write(to: file, atomically: true, encoding: .utf8)
            let map = directory.appendingPathComponent("\(rule ?? "none").routeit").path
            try MapImporter().importMap(from: try openOSMReader(at: file), sourceName: file.lastPathComponent, to: map)
            let embedded = try OfflineDirections(path: map)
            let server = try OSRMServer(graph: try OSRMServer.prepare(osm: file))
            defer { server.kill() }
            for (from, to) in layout.trips {
                let a = Self.coordinate(from), b = Self.coordinate(to)
                let url = URL(string: String(format: "%@/route/v1/driving/%.8f,%.8f;%.8f,%.8f?overview=false",
                                             server.baseURL.absoluteString, a.longitude, a.latitude, b.longitude, b.latitude))!
                let trip = "\(rule ?? "none") \(from) → \(to)"
                let osrm = try XCTUnwrap((try OSRMServer.rawJSON(url)["routes"] as? [[String: Any]])?.first, trip)
                let osrmDistance = try XCTUnwrap(osrm["distance"] as? Double)
                let osrmDuration = try XCTUnwrap(osrm["duration"] as? Double)
                let request = DirectionsRequest(source: MapItem(placemark: Placemark(coordinate: a)),
                                                destination: MapItem(placemark: Placemark(coordinate: b)),
                                                transportType: .car, requestsAlternateRoutes: false)
                let ours = try await embedded.calculate(request)[0]
                XCTAssertEqual(ours.distance, osrmDistance, accuracy: 3, trip)
                XCTAssertEqual(ours.expectedTravelTime, osrmDuration, accuracy: 0.05 * osrmDuration + 0.5, trip)
                if rule != nil && ours.distance > 200 { restricted += 1 }
            }
        }
        return restricted
    }
}
