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

    /// A location device that answers with what the test says.
    final class ScriptedDevice: LocationProviding {
        var answer: Result<LocationFix, Error>
        init(_ answer: Result<LocationFix, Error>) { self.answer = answer }
        var sourceName: String { "the test GPS" }
        func currentFix() async throws -> LocationFix { try answer.get() }
    }

    func testTheDeviceAnswersUntilLocationIsSetAndAgainAfterLocationGPS() async throws {
        let gps = LocationFix(coordinate: Coordinate(latitude: 60.1665, longitude: 24.939), horizontalAccuracy: 17)
        let geocoder = StubGeocoder(nearest: place("Somewhere"))
        let location = LocationViewModel(device: ScriptedDevice(.success(gps)))
        var located = try await location.locate(using: geocoder)
        XCTAssertEqual(located.fix, gps)
        XCTAssertEqual(located.sourceName, "the test GPS")
        XCTAssertNil(located.notice)
        try location.setLocation(latitude: 60.2, longitude: 24.9)
        located = try await location.locate(using: geocoder)
        XCTAssertEqual(located.fix, LocationFix(coordinate: Coordinate(latitude: 60.2, longitude: 24.9)))
        XCTAssertEqual(located.sourceName, "the simulated location")
        try location.useDevice()
        located = try await location.locate(using: geocoder)
        XCTAssertEqual(located.fix, gps)
        XCTAssertThrowsError(try LocationViewModel().useDevice(), "no device to go back to")
    }

    func testAnUnreachableDeviceFallsBackWithANoticeButNoFixIsAnAlert() async throws {
        let geocoder = StubGeocoder(nearest: place("Somewhere"))
        let device = ScriptedDevice(.failure(LocationSourceUnavailable("No gpsd at localhost:2947 (connection refused)")))
        let location = LocationViewModel(device: device)
        let located = try await location.locate(using: geocoder)
        XCTAssertEqual(located.fix.coordinate, LocationViewModel.defaultLocation)
        XCTAssertEqual(located.notice, "No gpsd at localhost:2947 (connection refused) — using the simulated location")
        device.answer = .failure(Alert("No GPS fix"))
        do {
            _ = try await location.locate(using: geocoder)
            XCTFail("expected the alert")
        } catch {
            XCTAssertEqual(error as? Alert, Alert("No GPS fix"))
        }
    }
}
