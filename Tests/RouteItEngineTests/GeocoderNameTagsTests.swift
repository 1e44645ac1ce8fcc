import Foundation
import RouteItSQLite
import RouteItCore
import XCTest
@testable import RouteItEngine
import RouteItTestSupport

/// Places keep their name tags (Nominatim's `namedetails`) and the other languages of the
/// names their address shows (`accept-language`), read when asked (`withNames`); each distinct
/// set of name tags is stored once; a map without them answers as before.
final class GeocoderNameTagsTests: XCTestCase {
    /// Two cafés of one chain, in two streets, with the same name tags (as a country's towns have).
    private static let chainTags = [("name", "Fazer Café"), ("amenity", "cafe"), ("name:sv", "Fazer Kafé"), ("brand", "Fazer")]

    private var entities: [OSMEntity] {
        TownFixture.entities + [
            TownFixture.node(17, 60.16655, 24.93795, [("name", "Ateneum"), ("tourism", "museum"), ("name:sv", "Ateneum"),
                                                      ("name:en", "Ateneum Art Museum"), ("alt_name", "Ateneumin taidemuseo"),
                                                      ("name:etymology:wikidata", "Q1"), ("wikidata", "Q754507")]
                             + TownFixture.address("Annankatu", "23")),
            TownFixture.node(18, 60.1699, 24.9384, [("name", "Helsinki"), ("place", "city"), ("name:sv", "Helsingfors")]),
            TownFixture.node(19, 60.16702, 24.93822, Self.chainTags + TownFixture.address("Annankatu", "25")),
            TownFixture.node(24, 60.16988, 24.93962, Self.chainTags + TownFixture.address("Mannerheimintie", "14-20")),
        ]
    }

    func testAPlaceKeepsItsNameTagsAndItsAddresssOtherLanguages() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("town.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(entities), sourceName: "town.osm", to: path)
        let geocoder = try OfflineGeocoder(path: path)
        XCTAssertTrue(geocoder.keepsNameTags)
        let found = try XCTUnwrap(try geocoder.search("Ateneum").first)
        // A search reads no names (a page of them per candidate in a country's cold lookups):
        // they are read when asked.
        XCTAssertEqual(found.names.tags, [:])
        XCTAssertEqual(found.names.translations, [:])
        let museum = try XCTUnwrap(try geocoder.withNames([found]).first)
        XCTAssertEqual(museum.names.tags, ["name": "Ateneum", "name:sv": "Ateneum", "name:en": "Ateneum Art Museum",
                                         "alt_name": "Ateneumin taidemuseo"])
        XCTAssertEqual(museum.names.translations["Annankatu"], ["sv": "Annegatan"])
        XCTAssertEqual(museum.names.translations["Helsinki"], ["sv": "Helsingfors"])
        XCTAssertEqual(try geocoder.withNames(geocoder.search("Annankatu")).first?.names.tags, ["name": "Annankatu", "name:sv": "Annegatan"])
        // A place with no other name tags than its name is named by it; an address has none.
        XCTAssertEqual(try geocoder.withNames(geocoder.search("Stockmann")).first?.names.tags, ["name": "Stockmann"])
        XCTAssertEqual(try geocoder.withNames(geocoder.search("Annankatu 23")).first?.names.tags, [:])
        // The names are the map's: a saved stop does not keep them, and is the same place without.
        let saved = try JSONDecoder().decode(Placemark.self, from: JSONEncoder().encode(museum))
        XCTAssertTrue(saved.names.tags.isEmpty)
        XCTAssertEqual(saved, museum)
        XCTAssertFalse(String(decoding: try JSONEncoder().encode(museum), as: UTF8.self).contains("Helsingfors"))

        // The two cafés' tags are one set, stored once; each café has them.
        let cafes = try geocoder.withNames(geocoder.search("Fazer Café"))
        XCTAssertEqual(cafes.count, 2)
        for cafe in cafes {
            XCTAssertEqual(cafe.names.tags, ["name": "Fazer Café", "name:sv": "Fazer Kafé", "brand": "Fazer"])
        }
        let map = try SQLiteDatabase(path: path)
        XCTAssertEqual(try map.scalarInt("SELECT count(DISTINCT name_tags) FROM place WHERE name = 'Fazer Café'"), 1)
        XCTAssertEqual(try map.scalarInt("SELECT count(*) FROM name_tag_set"),
                       try map.scalarInt("SELECT count(DISTINCT name_tags) FROM place"))

        // A map without the tables (imported before them) answers without names, and says so.
        let older = try SQLiteDatabase(path: path, mode: .readWrite)
        try older.execute("DROP TABLE name_tag_set; DROP TABLE name_translation")
        let plain = try OfflineGeocoder(path: path)
        XCTAssertFalse(plain.keepsNameTags)
        XCTAssertEqual(try plain.withNames(plain.search("Ateneum")).first?.names.tags, [:])
        XCTAssertEqual(try plain.search("Ateneum").first?.formattedAddress, museum.formattedAddress)
    }
}
