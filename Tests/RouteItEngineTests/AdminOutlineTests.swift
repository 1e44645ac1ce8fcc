import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Administrative outlines read from a small OSM file: ways joined into rings (split and
/// reversed), a relation whose ring does not close is not used, an inner ring is a hole, and
/// each answer's country and town follow `AdminAreas`' rules.
///
///     50.30  Faraway street: in no outline
///     50.20  Gamma (town, no country outline around it; its address says CC)
///     50.10 ┌──────────── AA (country) ────────────┐
///           │ Enclave (inner ring of AA) 50.06-08  │  Beta (town, one side missing)
///     50.05 ├── Alpha (town) ──┐                   │
///     50.00 └──────────────────┴───────────────────┘
///          10.00             10.05               10.10
/// BB's country relation is cut (not whole): the map touches another country.
final class AdminOutlineTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestFiles.temporaryDirectory(for: self) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private struct OSMText {
        var text = "<osm version=\"0.6\">"
        var nodeID: Int64 = 0
        var wayID: Int64 = 0
        var nodes = ""

        mutating func node(_ lat: Double, _ lon: Double, tags: [String: String] = [:]) -> Int64 {
            nodeID += 1
            nodes += "<node id=\"\(nodeID)\" lat=\"\(lat)\" lon=\"\(lon)\">" + Self.tags(tags) + "</node>"
            return nodeID
        }

        mutating func way(_ refs: [Int64], tags: [String: String]) -> Int64 {
            wayID += 1
            text += "<way id=\"\(wayID)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + Self.tags(tags) + "</way>"
            return wayID
        }

        /// A closed square of corner nodes, as one way or cut in two (the second half reversed).
        mutating func square(south: Double, west: Double, north: Double, east: Double, split: Bool) -> [Int64] {
            let corners = [node(south, west), node(south, east), node(north, east), node(north, west)]
            let border = ["boundary": "administrative"]
            guard split else { return [way(corners + [corners[0]], tags: border)] }
            return [way(Array(corners[0...2]), tags: border), way([corners[0], corners[3], corners[2]], tags: border)]
        }

        mutating func street(_ name: String, lat: Double, from west: Double, to east: Double) {
            _ = way([node(lat, west), node(lat, east)], tags: ["highway": "residential", "name": name])
        }

        mutating func relation(_ id: Int64, outer: [Int64], inner: [Int64] = [], tags: [String: String]) {
            text += "<relation id=\"\(id)\">"
                + outer.map { "<member type=\"way\" ref=\"\($0)\" role=\"outer\"/>" }.joined()
                + inner.map { "<member type=\"way\" ref=\"\($0)\" role=\"inner\"/>" }.joined()
                + Self.tags(tags.merging(["type": "boundary", "boundary": "administrative"]) { a, _ in a }) + "</relation>"
        }

        var document: String { "<osm version=\"0.6\">" + nodes + text.dropFirst("<osm version=\"0.6\">".count) + "</osm>" }

        static func tags(_ tags: [String: String]) -> String {
            tags.sorted { $0.key < $1.key }.map { "<tag k=\"\($0.key)\" v=\"\($0.value)\"/>" }.joined()
        }
    }

    private func geocoder() throws -> OfflineGeocoder {
        var osm = OSMText()
        let country = osm.square(south: 50.00, west: 10.00, north: 50.10, east: 10.10, split: true)
        let enclave = osm.square(south: 50.06, west: 10.02, north: 50.08, east: 10.04, split: false)
        osm.relation(1, outer: country, inner: enclave, tags: ["admin_level": "2", "name": "Aaland", "ISO3166-1:alpha2": "AA"])
        osm.relation(2, outer: osm.square(south: 50.00, west: 10.00, north: 50.05, east: 10.05, split: true),
                     tags: ["admin_level": "8", "name": "Alpha"])
        // Beta's fourth side is missing, as an extract cuts a relation.
        let beta = osm.square(south: 50.05, west: 10.05, north: 50.10, east: 10.10, split: true)
        osm.relation(3, outer: [beta[0]], tags: ["admin_level": "8", "name": "Beta"])
        osm.relation(4, outer: osm.square(south: 50.15, west: 10.00, north: 50.25, east: 10.05, split: false),
                     tags: ["admin_level": "8", "name": "Gamma"])
        let cut = osm.square(south: 51.0, west: 10.0, north: 51.1, east: 10.1, split: true)
        osm.relation(5, outer: [cut[1]], tags: ["admin_level": "2", "name": "Bbland", "ISO3166-1": "BB"])
        osm.street("Alphastrasse", lat: 50.02, from: 10.01, to: 10.03)
        osm.street("Enclavestrasse", lat: 50.07, from: 10.025, to: 10.035)
        osm.street("Betastrasse", lat: 50.08, from: 10.07, to: 10.09)
        osm.street("Gammastrasse", lat: 50.20, from: 10.01, to: 10.03)
        osm.street("Farawaystrasse", lat: 50.30, from: 10.01, to: 10.03)
        _ = osm.node(50.2001, 10.02, tags: ["addr:street": "Gammastrasse", "addr:housenumber": "1", "addr:city": "Gamma",
                                            "addr:country": "CC"])
        let file = directory.appendingPathComponent("outlines.osm")
        try Data(osm.document.utf8).write(to: file)
        let path = directory.appendingPathComponent("outlines.routeit").path
        try MapImporter().importMap(osmFile: file.path, to: path)
        return try OfflineGeocoder(map: RouteItMap(path: path))
    }

    func testWholeOutlinesNameTheCountryAndTownAndCutOnesNothing() throws {
        let g = try geocoder()
        func at(_ lat: Double, _ lon: Double) throws -> Placemark { try XCTUnwrap(g.reverse(Coordinate(latitude: lat, longitude: lon))) }

        let alpha = try at(50.02, 10.02)
        XCTAssertEqual([alpha.street, alpha.city, alpha.countryCode, alpha.country], ["Alphastrasse", "Alpha", "aa", nil],
                       "AA's ring joined from two halves, one reversed; AA has no Nominatim name")
        let enclave = try at(50.07, 10.03)
        XCTAssertEqual(enclave.street, "Enclavestrasse")
        XCTAssertNil(enclave.countryCode, "an inner ring is not in the country, and the map touches BB: no guess")
        let beta = try at(50.08, 10.08)
        XCTAssertEqual(beta.street, "Betastrasse")
        XCTAssertEqual(beta.countryCode, "aa")
        XCTAssertNil(beta.city, "Beta's ring does not close; and Gamma's outline (the map's only addr:city) leaves it out")
        let gamma = try at(50.2001, 10.02)
        XCTAssertEqual([gamma.houseNumber, gamma.city, gamma.countryCode], ["1", "Gamma", "cc"], "Gamma's address says CC")
        let gammaStreet = try at(50.20, 10.029)
        XCTAssertEqual([gammaStreet.street, gammaStreet.countryCode], ["Gammastrasse", "cc"])
        let faraway = try at(50.30, 10.02)
        XCTAssertEqual(faraway.street, "Farawaystrasse")
        XCTAssertNil(faraway.countryCode, "in no outline, on a map that touches AA and BB: the map's CC is not claimed")
        XCTAssertNil(faraway.city)
    }

    func testTownZoomGivesTheTownWhoseOutlineHoldsThePointOnce() throws {
        let g = try geocoder()
        let town = try XCTUnwrap(g.reverse(Coordinate(latitude: 50.02, longitude: 10.02), detail: .town).answer)
        XCTAssertEqual(town.formattedAddress, "Alpha", "not \"Alpha, Alpha\"")
        XCTAssertEqual(town.countryCode, "aa")
        XCTAssertEqual(try g.search("Alphastrasse, Alpha").first?.street, "Alphastrasse")
    }

    func testRingsJoinOnlyWhenEveryWayMeetsAnother() {
        XCTAssertEqual(RingJoiner.rings([[1, 2, 3], [1, 4, 3]])?.count, 1)
        XCTAssertEqual(RingJoiner.rings([[1, 2, 3], [3, 4, 1], [5, 6, 7, 5]])?.count, 2)
        XCTAssertNil(RingJoiner.rings([[1, 2, 3], [3, 4]]), "an open ring")
        XCTAssertNil(RingJoiner.rings([[1, 2, 1]]), "two points are no ring")
        XCTAssertNil(RingJoiner.rings([]))
    }
}
