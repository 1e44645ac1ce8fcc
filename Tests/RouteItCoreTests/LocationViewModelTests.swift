import XCTest
@testable import RouteItCore

final class LocationViewModelTests: XCTestCase {
    func testSetValidatesTheCoordinate() throws {
        let provider = FixedLocationProvider(LocationViewModel.defaultLocation)
        let location = LocationViewModel(provider: provider)
        XCTAssertEqual(location.currentLocation, Coordinate(latitude: 60.1710, longitude: 24.9414))
        try location.setLocation(latitude: 60.2, longitude: 24.9)
        XCTAssertEqual(provider.currentLocation, Coordinate(latitude: 60.2, longitude: 24.9))
        XCTAssertThrowsError(try location.setLocation(latitude: 91, longitude: 0))
        XCTAssertThrowsError(try location.setLocation(latitude: 0, longitude: .nan))
        XCTAssertEqual(provider.currentLocation, Coordinate(latitude: 60.2, longitude: 24.9))
    }

    func testLocateReverseGeocodes() async throws {
        let station = place("Rautatieasema", street: "Kaivokatu", number: "1")
        let location = LocationViewModel(provider: FixedLocationProvider(LocationViewModel.defaultLocation))
        let located = try await location.locate(using: StubGeocoder(nearest: station))
        XCTAssertEqual(located.item.placemark, station)
        do {
            _ = try await location.locate(using: StubGeocoder(nearest: nil))
            XCTFail("expected the alert")
        } catch {
            XCTAssertEqual(error as? Alert, .addressNotFound)
        }
        do {
            _ = try await LocationViewModel(provider: FixedLocationProvider(nil)).locate(using: StubGeocoder(nearest: station))
            XCTFail("expected an input error")
        } catch {
            XCTAssertEqual((error as? InputError)?.message, "No current location; set one with: location LAT LON")
        }
    }
}
