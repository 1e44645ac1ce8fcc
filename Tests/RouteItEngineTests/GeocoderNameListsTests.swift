import Foundation
import RouteItSQLite
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// The import lists the map's distinct street keys and towns (`place_street_key`,
/// `place_area`), which the geocoder reads at open instead of scanning every place.
final class GeocoderNameListsTests: XCTestCase {
    private var directory: URL!
    private var path: String!

    override func setUpWithError() throws {
        directory = try TestFiles.temporaryDirectory(for: self)
        path = directory.appendingPathComponent("town.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(TownFixture.entities), sourceName: "town.osm", to: path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func column(_ sql: String, in db: SQLiteDatabase) throws -> [String] {
        let statement = try db.prepare(sql)
        var values: [String] = []
        while try statement.step() { if let value = statement.string(0) { values.append(value) } }
        return values
    }

    private let queries = ["Annankatu 25", "annankatu 25 helsinki", "Annegatan 25", "Annankattu 25", "Mannerheimintie 17",
                           "Mannerhiemintie 14", "Stockmann", "Kauppatori", "Toolonlahdenkatu 2", "helsinki", "Xyzzyplugh 12"]

    private func answers(_ geocoder: OfflineGeocoder) throws -> [[String]] {
        try queries.map { try geocoder.search($0).map(\.formattedAddress) }
    }

    func testTheListsHoldWhatTheScansFind() throws {
        let db = try SQLiteDatabase(path: path, mode: .readOnly)
        let streets = try column("SELECT key FROM place_street_key", in: db)
        let scannedStreets = try column("SELECT DISTINCT street_key FROM place WHERE street_key IS NOT NULL AND kind IN (0, 3)", in: db)
        XCTAssertTrue(streets.contains("annankatu"))
        XCTAssertEqual(Set(streets), Set(scannedStreets))
        XCTAssertEqual(streets.count, Set(streets).count)
        let towns = try column("SELECT key FROM place_area WHERE kind = 0", in: db)
        XCTAssertEqual(towns, ["helsinki"])
        XCTAssertEqual(Set(towns), Set(try column("SELECT DISTINCT city FROM place WHERE city IS NOT NULL", in: db).map(TextFolding.key)))
    }

    /// Every map of this schema version has the lists; one without them is damaged, and the
    /// geocoder refuses it rather than scanning `place`.
    func testAMapWithoutTheListsIsRefused() throws {
        XCTAssertEqual(try answers(OfflineGeocoder(path: path))[0].first, "Annankatu 25, 00100 Helsinki")
        let damaged = try SQLiteDatabase(path: path, mode: .readWrite)
        try damaged.execute("DROP TABLE place_street_key; DROP TABLE place_area")
        XCTAssertThrowsError(try OfflineGeocoder(path: path))
    }

    func testTheGeocoderReadsTheLists() throws {
        // A street missing from the list is no street to the geocoder: the house is not found.
        let db = try SQLiteDatabase(path: path, mode: .readWrite)
        try db.execute("DELETE FROM place_street_key WHERE key = 'annankatu'")
        let geocoder = try OfflineGeocoder(path: path)
        XCTAssertNotEqual(try geocoder.search("Annankatu 25").first?.formattedAddress, "Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(try geocoder.search("Mannerheimintie 14").first?.formattedAddress, "Mannerheimintie 14-20, 00100 Helsinki")
    }
}
