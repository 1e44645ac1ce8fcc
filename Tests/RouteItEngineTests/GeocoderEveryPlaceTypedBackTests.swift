import Foundation
import RouteItCore
import XCTest
@testable import RouteItEngine

/// The README's promise on the real Helsinki extract, for every named place of the map: its
/// picker row ("Robert's Coffee, Asemahalli, Kaivokatu 1, 00100 Helsinki"), typed back exactly,
/// finds that place first.
final class GeocoderEveryPlaceTypedBackTests: XCTestCase {
    func testRowsWithABuildingPartInTheirStreetFindThatPlace() throws {
        let geocoder = try OfflineGeocoder(path: RealMaps.path("Helsinki.osm.pbf"))
        // OSM writes the building into the street ("Asemahalli, Kaivokatu").
        for (text, name, street) in [("Robert's Coffee, Asemahalli, Kaivokatu 1, 00100 Helsinki", "Robert's Coffee", "Asemahalli, Kaivokatu"),
                                     ("Ravintola Mezopotamya, Caisa, Vilhonkatu 6, 00100 Helsinki", "Ravintola Mezopotamya", "Caisa, Vilhonkatu"),
                                     ("Virgin Oil Co., Kaivopiha, Mannerheimintie 5, 00100 Helsinki", "Virgin Oil Co.", "Kaivopiha, Mannerheimintie")] {
            let first = try geocoder.search(text).first
            XCTAssertEqual(first?.name, name, text)
            XCTAssertEqual(first?.street, street, text)
        }
    }

    func testEveryNamedPlaceOfHelsinkiTypedBackComesFirst() throws {
        let geocoder = try OfflineGeocoder(path: RealMaps.path("Helsinki.osm.pbf"))
        let ids = try geocoder.map.database.prepare(
            "SELECT id FROM place WHERE kind IN (\(PlaceKind.poi.rawValue), \(PlaceKind.place.rawValue)) AND name IS NOT NULL ORDER BY id")
        var rows: [Placemark] = []
        while try ids.step() {
            // The row as the picker shows it: the geocoder's placemark, cleaned for the terminal.
            guard let record = try geocoder.rows(geocoder.placeByID, [.int(ids.int(0))]).first else { continue }
            rows.append(try geocoder.placemark(record).terminalSafe)
        }
        XCTAssertGreaterThan(rows.count, 1_000, "the extract's named places")
        var found = 0, readTheSame = 0
        var missed: [String] = []
        for row in rows {
            let text = row.formattedAddress
            let first = try geocoder.search(text).first
            let sameText = first?.formattedAddress == text
            // Rows of one text this close are one place (the geocoder shows them once).
            if sameText, let first, first.coordinate.distance(to: row.coordinate) < OfflineGeocoder.samePlaceRadius {
                found += 1
            } else if sameText {
                // Another place reads the same ("Parking, 00100 Helsinki" twice, a POI named as its
                // street): one text, one of them first; the picker tells them apart by district or distance.
                readTheSame += 1
            } else {
                missed.append("\(text) -> \(first?.formattedAddress ?? "nothing")")
            }
        }
        print("typed back: \(found) of \(rows.count) found first, \(readTheSame) read the same as another place, \(missed.count) missed")
        // What the data itself garbles stays out of reach: a six-digit postcode ("000120"), a
        // house number with a street in it ("33 Keskuskatu 5"), a door "AA", a name that ends in
        // its postcode ("Helsinki 00130"): 4 rows of 1,889.
        XCTAssertLessThanOrEqual(missed.count, rows.count / 200, "rows typed back that did not find their place first: \(missed)")
    }
}
