import Foundation
import RouteItCore
@testable import RouteItRemote
import XCTest

/// Nominatim answers → Placemark, and the HTTP error paths, on a scripted loopback server.
final class NominatimGeocoderTests: XCTestCase {
    private let fast = RemoteConfiguration(timeout: 2, maxAttempts: 3, backoff: 0.05)

    func testSearchResultsBecomePlacemarksLikeTheEmbeddedGeocoders() async throws {
        let server = try LoopbackHTTPServer(replies: [.status(200, NominatimRecordedAnswers.search)])
        defer { server.stop() }
        let results = try await NominatimGeocoder(baseURL: server.baseURL, configuration: fast).geocode("Annankatu 25")
        XCTAssertEqual(results.count, 2)
        XCTAssertEqual(results[0], Placemark(name: "Hopeatalo", houseNumber: "25", street: "Annankatu", postalCode: "00100",
                                             city: "Helsinki", coordinate: Coordinate(latitude: 60.1673893, longitude: 24.9365796),
                                             country: "Suomi", countryCode: "fi"))
        XCTAssertEqual(results[0].formattedAddress, "Hopeatalo, Annankatu 25, 00100 Helsinki")
        XCTAssertEqual(server.requestLines, ["GET /search?q=Annankatu%2025&format=jsonv2&addressdetails=1&extratags=1&limit=10 HTTP/1.1"])
    }

    /// extratags=1 carries a place's opening hours; malformed extra tags still give the place.
    func testOpeningHoursComeFromExtraTags() async throws {
        let shop = #"{"lat":"60.1685","lon":"24.9419","name":"Stockmann","address":{"road":"Aleksanterinkatu"},"extratags":{"opening_hours":"Mo-Fr 09:00-21:00","wheelchair":"yes"}}"#
        let odd = #"{"lat":"60.1685","lon":"24.9419","name":"Kiosk","extratags":{"opening_hours":7}}"#
        let server = try LoopbackHTTPServer(replies: [.status(200, "[\(shop),\(odd)]")])
        defer { server.stop() }
        let results = try await NominatimGeocoder(baseURL: server.baseURL, configuration: fast).geocode("Stockmann")
        XCTAssertEqual(results.map(\.openingHours), ["Mo-Fr 09:00-21:00", nil])
        XCTAssertEqual(results.map(\.name), ["Stockmann", "Kiosk"])
    }

    func testReverseOfAStreetNamesJustTheStreet() async throws {
        let server = try LoopbackHTTPServer(replies: [.status(200, NominatimRecordedAnswers.reverse)])
        defer { server.stop() }
        let place = try await NominatimGeocoder(baseURL: server.baseURL, configuration: fast)
            .reverseGeocode(Coordinate(latitude: 60.1699, longitude: 24.9384))
        XCTAssertEqual(place?.formattedAddressLines, ["Kaivokatu", "00101 Helsinki"])
        XCTAssertEqual(server.requestLines, ["GET /reverse?lat=60.1699000&lon=24.9384000&format=jsonv2&addressdetails=1&extratags=1 HTTP/1.1"])
    }

    /// A coarser detail is Nominatim's zoom (the suburb 14); the answer, recorded from Nominatim
    /// 5.3 on the Helsinki extract, is the suburb.
    func testReverseAtASuburbAsksTheServersZoom() async throws {
        let answer = #"{"place_id":103022,"osm_type":"node","osm_id":4551252286,"lat":"60.1731823","lon":"24.9464005","category":"place","type":"suburb","place_rank":19,"addresstype":"suburb","name":"Kaisaniemi","display_name":"Kaisaniemi, Helsinki, 00014, Suomi","address":{"suburb":"Kaisaniemi","city":"Helsinki","postcode":"00014","country":"Suomi","country_code":"fi"}}"#
        let server = try LoopbackHTTPServer(replies: [.status(200, answer)])
        defer { server.stop() }
        let geocoder: any Geocoding = NominatimGeocoder(baseURL: server.baseURL, configuration: fast)
        let place = try await geocoder.place(at: Coordinate(latitude: 60.17, longitude: 24.94), detail: .suburb)
        XCTAssertEqual(place?.name, "Kaisaniemi")
        XCTAssertEqual(server.requestLines,
                       ["GET /reverse?lat=60.1700000&lon=24.9400000&zoom=14&format=jsonv2&addressdetails=1&extratags=1 HTTP/1.1"])
    }

    /// A place (address key `place`, e.g. an isolated dwelling) is not a street.
    func testReverseOfAPlaceKeepsItsNameOutOfTheStreet() async throws {
        let answer = #"{"place_id":1,"lat":"60.1530","lon":"24.8800","category":"place","type":"isolated_dwelling","name":"Kartano","address":{"place":"Kartano","postcode":"00200","city":"Helsinki"}}"#
        let server = try LoopbackHTTPServer(replies: [.status(200, answer)])
        defer { server.stop() }
        let place = try await NominatimGeocoder(baseURL: server.baseURL, configuration: fast)
            .reverseGeocode(Coordinate(latitude: 60.153, longitude: 24.88))
        XCTAssertNil(place?.street)
        XCTAssertEqual(place?.name, "Kartano")
        XCTAssertEqual(place?.formattedAddressLines, ["Kartano", "00200 Helsinki"])
    }

    func testReverseWithNothingNearbyIsNil() async throws {
        let server = try LoopbackHTTPServer(replies: [.status(200, #"{"error":"Unable to geocode"}"#)])
        defer { server.stop() }
        let place = try await NominatimGeocoder(baseURL: server.baseURL, configuration: fast)
            .reverseGeocode(Coordinate(latitude: 0, longitude: 0))
        XCTAssertNil(place)
    }

    func testQueryTextIsEncodedNotInjected() async throws {
        let server = try LoopbackHTTPServer(replies: [.status(200, "[]")])
        defer { server.stop() }
        let geocoder = NominatimGeocoder(baseURL: server.baseURL.appendingPathComponent("nominatim/"), configuration: fast)
        let results = try await geocoder.geocode("  Hämeentie 1+2 & format=xml  ")
        XCTAssertEqual(results, [])
        XCTAssertEqual(server.requestLines,
                       ["GET /nominatim/search?q=H%C3%A4meentie%201%2B2%20%26%20format%3Dxml&format=jsonv2&addressdetails=1&extratags=1&limit=10 HTTP/1.1"])
        let blank = try await geocoder.geocode("   ")
        XCTAssertEqual(blank, [])
        XCTAssertEqual(server.requestCount, 1, "a blank query never reaches the server")
    }

    func testFourHundredIsAOneLineRejectionWithoutRetry() async throws {
        let server = try LoopbackHTTPServer(replies: [.status(400, #"{"error":{"code":400,"message":"Parameter 'lat' must be a number."}}"#)])
        defer { server.stop() }
        do {
            _ = try await NominatimGeocoder(baseURL: server.baseURL, configuration: fast)
                .reverseGeocode(Coordinate(latitude: 60.17, longitude: 24.94))
            XCTFail("expected a rejection")
        } catch let error as NominatimError {
            XCTAssertEqual(error.description, "The geocoding server rejected the query (HTTP 400: Parameter 'lat' must be a number.).")
        }
        XCTAssertEqual(server.requestCount, 1)
    }

    func testFiveHundredIsRetriedAndThenFallsBackToTheOfflineGeocoder() async throws {
        let server = try LoopbackHTTPServer(replies: [.status(502, "bad gateway")])
        defer { server.stop() }
        struct Offline: Geocoding {
            func geocode(_ text: String) async throws -> [Placemark] {
                [Placemark(name: "offline \(text)", coordinate: Coordinate(latitude: 60.17, longitude: 24.94))]
            }
            func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] { try await geocode(text) }
            func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? { nil }
        }
        let notices = BackendNotices()
        let geocoder = FallbackGeocoder(
            primary: NominatimGeocoder(baseURL: server.baseURL, configuration: fast), fallback: Offline(),
            monitor: ReachabilityMonitor(serverName: "Geocoding server", baseURL: server.baseURL, probePath: "/status",
                                         notices: notices, probeInterval: 60))
        let first = try await geocoder.geocode("Annankatu")
        let second = try await geocoder.geocode("Bulevardi")
        XCTAssertEqual(first.map(\.name), ["offline Annankatu"])
        XCTAssertEqual(second.map(\.name), ["offline Bulevardi"])
        XCTAssertEqual(server.requestCount, 3, "three tries, then the server rests until the next probe")
        XCTAssertEqual(notices.drain(), ["! Geocoding server unreachable — using the offline map"])
    }
}
