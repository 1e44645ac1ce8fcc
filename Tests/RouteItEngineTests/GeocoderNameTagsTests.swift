import Foundation
import RouteItSQLite
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Places keep their name tags (Nominatim's `namedetails`) and the other languages of the
/// names their address shows (`accept-language`); a map without them answers as before.
final class GeocoderNameTagsTests: XCTestCase {
    private var entities: [OSMEntity] {
        TownFixture.entities + [
            TownFixture.node(17, 60.16655, 24.93795, [("name", "Ateneum"), ("tourism", "museum"), ("name:sv", "Ateneum"),
                                                      ("name:en", "Ateneum Art Museum"), ("alt_name", "Ateneumin taidemuseo"),
                                                      ("name:etymology:wikidata", "Q1"), ("wikidata", "Q754507")]
                             + TownFixture.address("Annankatu", "23")),
            TownFixture.node(18, 60.1699, 24.9384, [("name", "Helsinki"), ("place", "city"), ("name:sv", "Helsingfors")]),
        ]
    }

    func testAPlaceKeepsItsNameTagsAndItsAddresssOtherLanguages() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("town.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(entities), sourceName: "town.osm", to: path)
        let geocoder = try OfflineGeocoder(path: path)
        XCTAssertTrue(geocoder.keepsNameTags)
        let museum = try XCTUnwrap(try geocoder.search("Ateneum").first)
        XCTAssertEqual(museum.names.tags, ["name": "Ateneum", "name:sv": "Ateneum", "name:en": "Ateneum Art Museum",
                                         "alt_name": "Ateneumin taidemuseo"])
        XCTAssertEqual(museum.names.translations["Annankatu"], ["sv": "Annegatan"])
        XCTAssertEqual(museum.names.translations["Helsinki"], ["sv": "Helsingfors"])
        XCTAssertEqual(try geocoder.search("Annankatu").first?.names.tags, ["name": "Annankatu", "name:sv": "Annegatan"])
        // The names are the map's: a saved stop does not keep them, and is the same place without.
        let saved = try JSONDecoder().decode(Placemark.self, from: JSONEncoder().encode(museum))
        XCTAssertTrue(saved.names.tags.isEmpty)
        XCTAssertEqual(saved, museum)
        XCTAssertFalse(String(decoding: try JSONEncoder().encode(museum), as: UTF8.self).contains("Helsingfors"))

        // A map without the tables (imported before them) answers without names, and says so.
        let older = try SQLiteDatabase(path: path, mode: .readWrite)
        try older.execute("DROP TABLE place_name; DROP TABLE name_translation")
        let plain = try OfflineGeocoder(path: path)
        XCTAssertFalse(plain.keepsNameTags)
        XCTAssertEqual(try plain.search("Ateneum").first?.names.tags, [:])
        XCTAssertEqual(try plain.search("Ateneum").first?.formattedAddress, museum.formattedAddress)
    }
}
