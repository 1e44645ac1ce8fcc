import Foundation
import XCTest
@testable import RouteItRemote

/// Reading Geofabrik's region index (index-v1.json: a GeoJSON FeatureCollection), finding a
/// region by what a user types, and the MD5 a download is checked with.
final class RegionIndexTests: XCTestCase {
    static let index = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"id":"europe","name":"Europe","urls":{"pbf":"https://x.test/europe-latest.osm.pbf"}},"geometry":null},
        {"type":"Feature","properties":{"id":"monaco","parent":"europe","name":"Monaco","iso3166-1:alpha2":["MC"],
          "urls":{"pbf":"https://x.test/europe/monaco-latest.osm.pbf","updates":"https://x.test/europe/monaco-updates"}},
          "geometry":{"type":"MultiPolygon","coordinates":[[[[7.4,43.7],[7.5,43.7],[7.5,43.8],[7.4,43.7]]]]}},
        {"type":"Feature","properties":{"id":"us/california","parent":"north-america","name":"California","iso3166-2":["US-CA"],
          "urls":{"pbf":"https://x.test/north-america/us/california-latest.osm.pbf"}},"geometry":null},
        {"type":"Feature","properties":{"id":"georgia","parent":"asia","name":"Georgia","urls":{"pbf":"https://x.test/asia/georgia-latest.osm.pbf"}}},
        {"type":"Feature","properties":{"id":"us/georgia","parent":"north-america","name":"Georgia","urls":{"pbf":"https://x.test/us/georgia-latest.osm.pbf"}}},
        {"type":"Feature","properties":{"id":"no-extract","name":"Shapefiles only","urls":{"shp":"https://x.test/a.shp.zip"}}}
        ]}
        """

    func testReadsTheDocumentedPropertiesAndSkipsRegionsWithoutAnExtract() throws {
        let index = try RegionIndex.parse(Data(Self.index.utf8))
        XCTAssertEqual(index.regions.map(\.id), ["europe", "monaco", "us/california", "georgia", "us/georgia"])
        let monaco = try XCTUnwrap(index.regions.first { $0.id == "monaco" })
        XCTAssertEqual(monaco, Region(id: "monaco", parent: "europe", name: "Monaco",
                                      pbfURL: URL(string: "https://x.test/europe/monaco-latest.osm.pbf")!,
                                      updatesURL: URL(string: "https://x.test/europe/monaco-updates")!, isoCodes: ["MC"]))
        XCTAssertEqual(index.regions.first { $0.id == "us/california" }?.mapName, "california")
    }

    func testFindsARegionByIdLastPartNameOrISOCodeButNotAnAmbiguousName() throws {
        let index = try RegionIndex.parse(Data(Self.index.utf8))
        XCTAssertEqual(index.region(named: "us/california")?.id, "us/california")
        XCTAssertEqual(index.region(named: "California")?.id, "us/california")
        XCTAssertEqual(index.region(named: "us-ca")?.id, "us/california")
        XCTAssertEqual(index.region(named: "MC")?.id, "monaco")
        XCTAssertEqual(index.region(named: "georgia")?.id, "georgia", "an exact id wins")
        XCTAssertEqual(index.region(named: "us/georgia")?.id, "us/georgia")
        XCTAssertNil(index.region(named: "monco"))
        XCTAssertEqual(index.suggestions(for: "monco").map(\.id), ["monaco"])
        XCTAssertEqual(index.suggestions(for: "calif").map(\.id), ["us/california"])
        XCTAssertEqual(index.suggestions(for: "zzzzzz"), [])
        XCTAssertEqual(index.matching("georgia").map(\.id), ["georgia", "us/georgia"])
    }

    func testAMapIsNamedAfterTheIdsLastPartUnlessTwoShareItAndNeverAPath() throws {
        let index = try RegionIndex.parse(Data(Self.index.utf8))
        let name = { (id: String) in index.mapName(of: index.regions.first { $0.id == id }!) }
        XCTAssertEqual(name("us/california"), "california")
        XCTAssertEqual(name("georgia"), "georgia")
        XCTAssertEqual(name("us/georgia"), "us-georgia")
        let hostile = Region(id: "../..", name: "x", pbfURL: URL(string: "https://x.test/../../.bashrc")!)
        XCTAssertEqual(hostile.mapName, "region")
        XCTAssertEqual(Region(id: "a/b c;d", name: "x", pbfURL: hostile.pbfURL).mapName, "bcd")
        for address in ["https://x.test/../../.bashrc", "https://x.test/a/..", "https://x.test/"] {
            let download = ExtractDownload(url: URL(string: address)!, expectedMD5: "", directory: URL(fileURLWithPath: "/nonexistent"),
                                           client: HTTPDownloadClient(), fileSystem: LocalDownloadFiles(), progress: nil, stop: nil, idleTimeout: 1)
            XCTAssertEqual(download.fileName, "extract.osm.pbf", address)
        }
    }

    func testSaysWhenTheIndexIsNotJSONOrNotAnIndex() {
        XCTAssertThrowsError(try RegionIndex.parse(Data("<html>moved</html>".utf8))) {
            XCTAssertEqual($0 as? RegionIndex.ParseError, .notJSON)
        }
        XCTAssertThrowsError(try RegionIndex.parse(Data(#"{"type":"Feature"}"#.utf8))) {
            XCTAssertEqual($0 as? RegionIndex.ParseError, .notAnIndex("not a GeoJSON FeatureCollection"))
        }
        XCTAssertThrowsError(try RegionIndex.parse(Data(#"{"type":"FeatureCollection","features":[]}"#.utf8))) {
            XCTAssertEqual($0 as? RegionIndex.ParseError, .notAnIndex("no region with a .osm.pbf extract"))
        }
    }

    func testMD5MatchesTheReferenceDigestsFedWholeOrInPieces() {
        func digest(_ text: String) -> String { var md5 = MD5(); md5.update(Array(text.utf8)); return md5.hexDigest() }
        XCTAssertEqual(digest(""), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(digest("abc"), "900150983cd24fb0d6963f7d28e17f72")
        XCTAssertEqual(digest("The quick brown fox jumps over the lazy dog"), "9e107d9d372bb6826bd81d3542a419d6")
        let long = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var whole = MD5()
        whole.update(long)
        var pieces = MD5()
        var offset = 0
        for size in [1, 63, 64, 65, 1000, 50_000] { pieces.update(long[offset..<(offset + size)]); offset += size }
        pieces.update(long[offset...])
        XCTAssertEqual(pieces.hexDigest(), whole.hexDigest())
    }
}
