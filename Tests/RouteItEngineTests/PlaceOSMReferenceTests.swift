import Foundation
import XCTest
import RouteItCore
import RouteItSQLite
@testable import RouteItEngine
import RouteItTestSupport

/// The geocoder names the OSM object each place was read from (Nominatim's `osm_type`/`osm_id`),
/// on Tests/Fixtures/osm-ids.osm: a POI node, an address on a building way (not its entrance
/// node), a street by its longest way, a park relation. A map imported before the ids were kept
/// names none.
final class PlaceOSMReferenceTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/osm-ids.osm")

    nonisolated(unsafe) private static var directory: URL!
    nonisolated(unsafe) private static var path: String!

    override class func setUp() {
        super.setUp()
        do {
            directory = try TestFiles.processDirectory("PlaceOSMReferenceTests")
            path = directory.appendingPathComponent("ids.routeit").path
            try MapImporter(layers: DefaultLayers.make()).importMap(from: try openOSMReader(at: fixture), sourceName: "osm-ids.osm", to: path)
        } catch {
            XCTFail("fixture import failed: \(error)")
        }
    }

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    private func first(_ geocoder: OfflineGeocoder, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Placemark {
        try XCTUnwrap(try geocoder.search(text).first, "nothing found for \(text)", file: file, line: line)
    }

    func testEachPlaceNamesItsOSMObject() throws {
        let geocoder = try OfflineGeocoder(path: Self.path)
        XCTAssertEqual(try first(geocoder, "Testiapteekki").osm, OSMReference(kind: .node, id: 9001))
        XCTAssertEqual(try first(geocoder, "Testikatu 5").osm, OSMReference(kind: .way, id: 5003))
        XCTAssertEqual(try first(geocoder, "Testikatu").osm, OSMReference(kind: .way, id: 5001))
        XCTAssertEqual(try first(geocoder, "Testipuisto").osm, OSMReference(kind: .relation, id: 7001))
        let reversed = try XCTUnwrap(try geocoder.reverse(Coordinate(latitude: 60.17115, longitude: 24.94125)))
        XCTAssertEqual(reversed.houseNumber, "5")
        XCTAssertEqual(reversed.osm, OSMReference(kind: .way, id: 5003))
    }

    /// A map without the `place.osm` column (as imported before) still geocodes, naming no object.
    func testAMapWithoutTheColumnNamesNone() throws {
        let old = Self.directory.appendingPathComponent("old.routeit").path
        try? FileManager.default.removeItem(atPath: old)
        try FileManager.default.copyItem(atPath: Self.path, toPath: old)
        try SQLiteDatabase(path: old, mode: .readWrite).execute("ALTER TABLE place DROP COLUMN osm")
        let geocoder = try OfflineGeocoder(path: old)
        let pharmacy = try first(geocoder, "Testiapteekki")
        XCTAssertEqual(pharmacy.name, "Testiapteekki")
        XCTAssertNil(pharmacy.osm)
        XCTAssertNil(try first(geocoder, "Testikatu 5").osm)
    }

    func testPackedReferencesReadBack() {
        for reference in [OSMReference(kind: .node, id: 1), OSMReference(kind: .way, id: 1_234_567_890_123),
                          OSMReference(kind: .relation, id: 17_000_000)] {
            XCTAssertEqual(OSMReference(packed: reference.packed), reference)
        }
        XCTAssertNil(OSMReference(packed: 0))
        XCTAssertEqual(OSMReference(lookup: "w45"), OSMReference(kind: .way, id: 45))
        XCTAssertNil(OSMReference(lookup: "X45"))
        XCTAssertNil(OSMReference(lookup: "N"))
    }
}
