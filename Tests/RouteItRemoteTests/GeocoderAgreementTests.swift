import Foundation
import RouteItCore
import RouteItEngine
@testable import RouteItRemote
import XCTest

/// The same queries through the embedded geocoder (Helsinki extract imported into a .routeit map)
/// and a real Nominatim on the same extract; prints the agreement table that BENCHMARKS.md
/// quotes (lines starting "AGREEMENT|"). Run by Scripts/nominatim-bench, not by CI.
final class GeocoderAgreementTests: XCTestCase {
    private struct Query { var kind: String; var text: String; var street: String?; var houseNumber: String? }

    func testEmbeddedAndNominatimAgree() async throws {
        let nominatim = NominatimGeocoder(baseURL: try NominatimLiveTests.liveURL(), configuration: RemoteConfiguration(timeout: 10))
        let pbf = OSRMServer.packageRoot.appendingPathComponent(".data/osm/Helsinki.osm.pbf")
        let osmDir = ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"].map { URL(fileURLWithPath: $0) }
        let source = osmDir?.appendingPathComponent("Helsinki.osm.pbf") ?? pbf
        guard FileManager.default.fileExists(atPath: source.path) else {
            return XCTFail("\(source.path) missing: run Scripts/fetch-data")
        }
        let embedded = try OfflineGeocoder(path: try HelsinkiMap.path())   // the same import, shared

        let queries = try Self.queries(from: source)
        var rows: [String: (total: Int, bothFound: Int, agree: Int, sameText: Int)] = [:]
        var distances: [Double] = []
        for query in queries {
            let mine = try await embedded.geocode(query.text).first
            let theirs = try await nominatim.geocode(query.text).first
            var row = rows[query.kind] ?? (0, 0, 0, 0)
            row.total += 1
            if let mine, let theirs {
                row.bothFound += 1
                let distance = mine.coordinate.distance(to: theirs.coordinate)
                distances.append(distance)
                if Self.agree(query, mine, theirs, distance) { row.agree += 1 }
                if mine.formattedAddress == theirs.formattedAddress { row.sameText += 1 } else if row.total - row.sameText <= 6 {
                    print("DIFFERENT|\(query.kind)|\(query.text)| embedded: \(mine.formattedAddress) | nominatim: \(theirs.formattedAddress)")
                }
            }
            rows[query.kind] = row
        }

        // Reverse geocoding on a grid over the extract.
        var reverse = (total: 0, bothFound: 0, agree: 0, sameText: 0)
        for i in 0..<8 {
            for j in 0..<8 {
                let point = Coordinate(latitude: 60.1645 + Double(i) * 0.0019, longitude: 24.9355 + Double(j) * 0.0024)
                let mine = try await embedded.reverseGeocode(point)
                let theirs = try await nominatim.reverseGeocode(point)
                reverse.total += 1
                guard let mine, let theirs else { continue }
                reverse.bothFound += 1
                if mine.street != nil, mine.street == theirs.street { reverse.agree += 1 }
                if mine.formattedAddress == theirs.formattedAddress { reverse.sameText += 1 } else if reverse.total - reverse.sameText <= 6 {
                    print("DIFFERENT|reverse|\(point)| embedded: \(mine.formattedAddress) | nominatim: \(theirs.formattedAddress)")
                }
            }
        }
        rows["reverse (8×8 grid, same street)"] = reverse

        print("AGREEMENT|| kind | queries | both found | agree | identical address text |")
        print("AGREEMENT||---|---|---|---|---|")
        var allAgree = 0, allBoth = 0
        for (kind, row) in rows.sorted(by: { $0.key < $1.key }) {
            print("AGREEMENT|| \(kind) | \(row.total) | \(row.bothFound) | \(row.agree) (\(Self.percent(row.agree, row.bothFound))) | \(row.sameText) (\(Self.percent(row.sameText, row.bothFound))) |")
            allAgree += row.agree
            allBoth += row.bothFound
        }
        distances.sort()
        if !distances.isEmpty {
            print("AGREEMENT|forward top results: median distance \(String(format: "%.1f", distances[distances.count / 2])) m, 90th percentile \(String(format: "%.1f", distances[distances.count * 9 / 10])) m")
        }
        print("AGREEMENT|overall agreement where both answered: \(Self.percent(allAgree, allBoth))")
        // A broken mapping (no street, wrong coordinates) drives this towards zero.
        XCTAssertGreaterThan(Double(allAgree), 0.5 * Double(allBoth))
    }

    /// Addresses: same street and number within 100 m. Streets: both name the street.
    /// Named places: top results within 100 m.
    private static func agree(_ q: Query, _ a: Placemark, _ b: Placemark, _ distance: Double) -> Bool {
        switch q.kind {
        case "addresses":
            return a.street?.lowercased() == b.street?.lowercased() && a.houseNumber?.lowercased() == b.houseNumber?.lowercased() && distance < 100
        case "streets":
            return [a.street, a.name].contains(q.street) && [b.street, b.name].contains(q.street)
        default:
            return distance < 100
        }
    }

    private static func percent(_ n: Int, _ d: Int) -> String {
        d == 0 ? "–" : String(format: "%.0f %%", 100 * Double(n) / Double(d))
    }

    /// Query texts from the OSM data itself (neither geocoder's tables): every 12th distinct
    /// "Street Number" address, every 4th named street, every 6th named amenity/shop.
    private static func queries(from url: URL) throws -> [Query] {
        var addresses = Set<[String]>(), streets = Set<String>(), named = Set<String>()
        try openOSMReader(at: url).read(.all) { entity in
            let tags: [(String, String)]
            switch entity {
            case let .node(n): tags = n.tags
            case let .way(w): tags = w.tags
            case .relation: return
            }
            func tag(_ key: String) -> String? { tags.first { $0.0 == key }?.1 }
            if let street = tag("addr:street"), let number = tag("addr:housenumber") { addresses.insert([street, number]) }
            if tag("highway") != nil, let name = tag("name") { streets.insert(name) }
            if tag("amenity") != nil || tag("shop") != nil, let name = tag("name") { named.insert(name) }
        }
        let a = addresses.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }.enumerated().filter { $0.offset % 12 == 0 }
            .map { Query(kind: "addresses", text: "\($0.element[0]) \($0.element[1])", street: $0.element[0], houseNumber: $0.element[1]) }
        let s = streets.sorted().enumerated().filter { $0.offset % 4 == 0 }.map { Query(kind: "streets", text: $0.element, street: $0.element) }
        let p = named.sorted().enumerated().filter { $0.offset % 6 == 0 }.map { Query(kind: "named places", text: $0.element) }
        return a + s + p
    }
}
