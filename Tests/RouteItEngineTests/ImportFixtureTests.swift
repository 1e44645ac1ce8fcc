import Foundation
import RouteItSQLite
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

final class ImportFixtureTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestFiles.temporaryDirectory(for: self) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func importFixture(_ entities: [OSMEntity] = TownFixture.entities, name: String = "town.routeit") throws -> String {
        let path = directory.appendingPathComponent(name).path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(entities), sourceName: "town.osm", to: path)
        return path
    }

    func testImportWritesMetadataAndPlaces() throws {
        let map = try RouteItMap(path: try importFixture())
        XCTAssertEqual(map.metadata[MapSchema.Key.schemaVersion], String(MapSchema.version))
        XCTAssertEqual(map.sourceFile, "town.osm")
        XCTAssertNotNil(map.metadata[MapSchema.Key.importDate])
        let box = try XCTUnwrap(map.boundingBox)
        XCTAssertEqual(box.minLatitude, 60.1660, accuracy: 1e-9)
        XCTAssertEqual(box.maxLongitude, 24.9535, accuracy: 1e-9)
        let db = map.database
        // Annankatu 25 twice (node + entrance) is one address; 23, 14-20, 12 B, 52, Töölönlahdenkatu 2.
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM place WHERE kind = 0"), 6)
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM address_point"), 7)
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM place WHERE kind = 3"), 3)
        XCTAssertEqual(try streetSegments(db).count, 4, "Annankatu has 2 segments")
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM place WHERE kind = 1"), 2, "Stockmann, Kauppatori stop")
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM place WHERE kind = 2"), 1, "Kauppatori square")
        XCTAssertEqual(try db.scalarString("SELECT hn_low || '-' || hn_high FROM place WHERE hn_key = '14-20'"), "14-20")
    }

    func testBuildingOutlineAddressSitsAtItsCentroid() throws {
        let map = try RouteItMap(path: try importFixture())
        let stmt = try map.database.prepare("SELECT lat, lon FROM place WHERE street_key = 'toolonlahdenkatu' AND hn_key = '2'")
        XCTAssertTrue(try stmt.step())
        XCTAssertEqual(stmt.double(0), 60.1722, accuracy: 1e-6)
        XCTAssertEqual(stmt.double(1), 24.9383, accuracy: 1e-6)
    }

    func testMultipolygonPlaceSitsInsideItsOuterRing() throws {
        let map = try RouteItMap(path: try importFixture())
        let stmt = try map.database.prepare("SELECT lat, lon FROM place WHERE kind = 2 AND name = 'Kauppatori'")
        XCTAssertTrue(try stmt.step())
        XCTAssertTrue((60.1672...60.1680).contains(stmt.double(0)))
        XCTAssertTrue((24.9520...24.9535).contains(stmt.double(1)))
    }

    func testProgressIsReportedPhaseByPhase() throws {
        final class Recorder: ImportProgressReporting {
            var phases: [String] = []
            var finished: [String] = []
            func importPhaseStarted(_ phase: String) { phases.append(phase) }
            func importProgress(fraction: Double?, items: Int) { if let f = fraction { XCTAssertTrue((0...1).contains(f)) } }
            func importPhaseFinished(_ phase: String, summary: String) { finished.append("\(phase): \(summary)") }
        }
        let recorder = Recorder()
        let path = directory.appendingPathComponent("p.routeit").path
        let summary = try MapImporter(layers: DefaultLayers.make(), progress: recorder)
            .importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "town.osm", to: path)
        XCTAssertEqual(recorder.phases, ["reading ways", "reading nodes", "addresses", "roads", "finishing"])
        XCTAssertEqual(recorder.finished.first, "reading ways: 5 ways, 1 relations")
        XCTAssertTrue(recorder.finished.contains("addresses: 6 addresses, 2 POIs, 1 places, 3 streets"), "\(recorder.finished)")
        XCTAssertEqual(summary.nodes, 22)
        XCTAssertEqual(summary.ways, 5)
        XCTAssertEqual(summary.relations, 1)
    }

    func testOnlyRequestedCoordinatesAreKept() throws {
        // A node nobody needs (no tags, in no way) is not kept in memory.
        let path = directory.appendingPathComponent("k.routeit").path
        let summary = try MapImporter(layers: DefaultLayers.make())
            .importMap(from: ArrayOSMReader(TownFixture.entities + [TownFixture.node(999, 60.2, 24.9)]), sourceName: "t", to: path)
        XCTAssertEqual(summary.nodes, 23)
        XCTAssertEqual(summary.coordinatesKept, 15, "street, outline and ring nodes only")
    }

    func testSmallOSMXMLFileImportsThroughTheRealReader() throws {
        let osm = directory.appendingPathComponent("corner.osm")
        try Data("""
            <?xml version='1.0' encoding='UTF-8'?>
            <osm version="0.6" generator="hand">
              <bounds minlat="60.16" minlon="24.93" maxlat="60.17" maxlon="24.95"/>
              <node id="1" lat="60.1660" lon="24.9380"/>
              <node id="2" lat="60.1670" lon="24.9385"/>
              <node id="3" lat="60.16705" lon="24.9382">
                <tag k="addr:street" v="Annankatu"/><tag k="addr:housenumber" v="25 b"/>
                <tag k="addr:postcode" v="00100"/><tag k="addr:city" v="Helsinki"/>
              </node>
              <node id="4" lat="60.1665" lon="24.9383"><tag k="name" v="Café &amp; Bar Ö"/><tag k="amenity" v="cafe"/></node>
              <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Annankatu"/></way>
            </osm>
            """.utf8).write(to: osm)
        let path = directory.appendingPathComponent("corner.routeit").path
        let summary = try MapImporter().importMap(osmFile: osm.path, to: path)
        XCTAssertEqual([summary.nodes, summary.ways, summary.relations], [4, 1, 0])
        let map = try RouteItMap(path: path)
        XCTAssertEqual(map.sourceFile, "corner.osm")
        XCTAssertEqual(map.boundingBox, BoundingBox(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.17, maxLongitude: 24.95))
        let geocoder = try OfflineGeocoder(map: map)
        XCTAssertEqual(try geocoder.search("annankatu 25b").first?.formattedAddress, "Annankatu 25 b, 00100 Helsinki")
        XCTAssertEqual(try geocoder.search("cafe & bar o").first?.name, "Café & Bar Ö")
    }

    func testEmptyInputIsAClearError() throws {
        let path = directory.appendingPathComponent("e.routeit").path
        XCTAssertThrowsError(try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader([]), sourceName: "empty.osm", to: path)) {
            XCTAssertEqual("\($0)", "empty.osm contains no OSM data")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}

/// Every segment of the packed street lines (`street_line`), with the street key it belongs to.
func streetSegments(_ db: SQLiteDatabase, streetKey: String? = nil) throws -> [(Coordinate, Coordinate)] {
    let rows = try db.prepare("""
        SELECT l.points FROM street_line l JOIN place p ON p.id = l.place_id WHERE ?1 IS NULL OR p.street_key = ?1
        """)
    try rows.bind([streetKey.map { .text($0) } ?? .null])
    var segments: [(Coordinate, Coordinate)] = []
    while try rows.step() {
        let line = PackedPolyline.decode(rows.blob(0))
        segments += zip(line, line.dropFirst()).map { ($0, $1) }
    }
    return segments
}
