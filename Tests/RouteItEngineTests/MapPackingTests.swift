import Foundation
import RouteItCore
import RouteItSQLite
import RouteItTestSupport
import XCTest
@testable import RouteItEngine

/// The map's SQLite part is written packed: copying it table by table (`VACUUM INTO`) gains no
/// page, where the layers' order of writing left a tenth of them empty.
final class MapPackingTests: XCTestCase {
    func testTheImportedDatabaseIsAsSmallAsACompactCopyOfIt() throws {
        // Shops named and placed in no particular order, so their index entries arrive unsorted.
        var entities: [OSMEntity] = []
        var state: UInt64 = 28
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let kinds = ["cafe", "pharmacy", "restaurant", "bank"]
        for i in 0..<3_000 {
            let n = next()
            entities.append(.node(OSMNode(id: Int64(1_000 + i), latitude: 60.1 + Double(n % 1_000) * 1e-4, longitude: 24.9 + Double(n % 997) * 1e-4,
                                          tags: [("name", "Paikka \(n % 100_000)"), ("amenity", kinds[Int(n % 4)]),
                                                 ("addr:street", "Katu \(n % 50)"), ("addr:housenumber", "\(n % 90 + 1)"),
                                                 ("addr:city", "Kylä \(n % 7)"), ("addr:postcode", "00\(n % 90 + 100)")])))
        }
        let directory = try TestFiles.temporaryDirectory(for: self)
        let path = directory.appendingPathComponent("packed.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(entities), sourceName: "packed.osm", to: path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["packed.routeit"])

        let copy = directory.appendingPathComponent("copy.sqlite").path
        let pages = try SQLiteDatabase(path: path).scalarInt("PRAGMA page_count")
        try SQLiteDatabase(path: path).execute("VACUUM INTO '\(copy)'")
        XCTAssertEqual(pages, try SQLiteDatabase(path: copy).scalarInt("PRAGMA page_count"))
        XCTAssertGreaterThan(pages ?? 0, 20)
        XCTAssertEqual(try OfflineGeocoder(path: path).search("pharmacy, Kylä 3").first?.city, "Kylä 3")
    }
}
