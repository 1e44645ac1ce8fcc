import Foundation
import RouteItCore
import RouteItSQLite
import RouteItTestSupport
import XCTest
@testable import RouteItEngine

/// The category tables keep a tag's number, its text once in `place_tag_name` (a country's map
/// repeated "amenity=pharmacy" in every row), a POI's category by its id (`place_category`);
/// category search and a place's category are the same.
final class PlaceTagNumberTests: XCTestCase {
    func testTagsAreNumbersAndCategorySearchStillFindsAndNamesThem() throws {
        let centre = Coordinate(latitude: 60.2, longitude: 24.9)
        var entities: [OSMEntity] = []
        for (i, (name, tag)) in [("Apteekki Yksi", "pharmacy"), ("Apteekki Kaksi", "pharmacy"), ("Kahvila", "cafe")].enumerated() {
            entities.append(.node(OSMNode(id: Int64(100 + i), latitude: centre.latitude + Double(i) * 0.001, longitude: centre.longitude,
                                          tags: [("name", name), ("amenity", tag), ("addr:street", "Testitie"), ("addr:housenumber", "\(i + 1)"),
                                                 ("addr:city", "Testilä"), ("addr:postcode", "00990")])))
        }
        let directory = try TestFiles.temporaryDirectory(for: self)
        let path = directory.appendingPathComponent("tags.routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(entities), sourceName: "tags.osm", to: path)

        let db = try SQLiteDatabase(path: path)
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM place_tag_name"), 2)
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM place_tag WHERE typeof(tag) <> 'integer'"), 0)
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM place_tag_area WHERE typeof(tag) <> 'integer'"), 0)
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM place_tag"), 3)
        // Each POI's category by its id: one seek, not one per category.
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM place_category"), 3)

        let geocoder = try OfflineGeocoder(path: path)
        XCTAssertEqual(Set(try geocoder.search("pharmacy", near: centre).compactMap(\.name)), ["Apteekki Yksi", "Apteekki Kaksi"])
        XCTAssertEqual(try geocoder.search("pharmacy, Testilä", near: nil).count, 2)
        XCTAssertEqual(try geocoder.search("cafe 00990", near: nil).map(\.name), ["Kahvila"])
        XCTAssertEqual(try geocoder.search("Kahvila", near: nil).first?.category, "amenity=cafe")
    }
}
