import Foundation
import RouteItCore
@testable import RouteItRemote
import XCTest

/// Against a real Nominatim (Scripts/nominatim-server start; Scripts/nominatim-bench runs these).
/// Not part of CI: its import needs PostgreSQL and about two minutes of setup.
final class NominatimLiveTests: XCTestCase {
    static func liveURL() throws -> URL {
        guard let text = ProcessInfo.processInfo.environment["ROUTEIT_NOMINATIM_URL"], let url = URL(string: text) else {
            throw XCTSkip("set ROUTEIT_NOMINATIM_URL to a Nominatim with the Helsinki extract (Scripts/nominatim-bench does)")
        }
        return url
    }

    func testSearchMatchesTheServersOwnJSON() async throws {
        let url = try Self.liveURL()
        let raw = try OSRMServer.rawGet(URL(string: "\(url.absoluteString)/search?q=Annankatu%2025&format=jsonv2&addressdetails=1&limit=10")!)
        let reference = try XCTUnwrap(JSONSerialization.jsonObject(with: raw.body) as? [[String: Any]])
        let results = try await NominatimGeocoder(baseURL: url).geocode("Annankatu 25")
        XCTAssertEqual(results.count, reference.count)
        for (place, ref) in zip(results, reference) {
            XCTAssertEqual(place.coordinate.latitude, Double(ref["lat"] as? String ?? ""))
            XCTAssertEqual(place.coordinate.longitude, Double(ref["lon"] as? String ?? ""))
            let address = ref["address"] as? [String: String] ?? [:]
            XCTAssertEqual(place.houseNumber, address["house_number"])
            XCTAssertEqual(place.postalCode, address["postcode"])
        }
        XCTAssertEqual(results.first?.street, "Annankatu")
        XCTAssertEqual(results.first?.houseNumber, "25")
        XCTAssertEqual(results.first?.city, "Helsinki")
    }

    func testReverseAndNothingNearby() async throws {
        let url = try Self.liveURL()
        let geocoder = NominatimGeocoder(baseURL: url)
        let place = try await geocoder.reverseGeocode(Coordinate(latitude: 60.1699, longitude: 24.9384))
        XCTAssertEqual(place?.street, "Kaivokatu")
        let nowhere = try await geocoder.reverseGeocode(Coordinate(latitude: -45, longitude: -150))
        XCTAssertNil(nowhere)
        let nonsense = try await geocoder.geocode("Qwxzyplk Vbnmtrew")
        XCTAssertEqual(nonsense, [])
    }
}
