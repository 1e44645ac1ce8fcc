import Foundation
import RouteItCore
import RouteItRemote
import XCTest

/// The gpsd client on its own (no shell), against a real gpsd from gpsfake.
final class GPSDLocationProviderTests: XCTestCase {
    func testReadsTheFixAndItsAccuracy() async throws {
        let gps = try GPSFake(nmea: NMEA.log(latitude: -33.8568, longitude: 151.2153, hdop: 1.4))
        defer { gps.stop() }
        let provider = GPSDLocationProvider(address: try XCTUnwrap(GPSDAddress(gps.address)), fixTimeout: 30)
        let fix = try await provider.currentFix()
        XCTAssertEqual(fix.coordinate.latitude, -33.8568, accuracy: 1e-6)
        XCTAssertEqual(fix.coordinate.longitude, 151.2153, accuracy: 1e-6)
        let accuracy = try XCTUnwrap(fix.horizontalAccuracy, "gpsd reports eph for a fix with an HDOP")
        XCTAssertGreaterThan(accuracy, 0)
    }

    func testCancellingStopsTheWait() async throws {
        let gps = try GPSFake(nmea: NMEA.log(latitude: 0, longitude: 0, fix: false))
        defer { gps.stop() }
        let provider = GPSDLocationProvider(address: try XCTUnwrap(GPSDAddress(gps.address)), fixTimeout: 600)
        let task = Task { try await provider.currentFix() }
        // Cancel once it is connected and waiting for a fix that never comes (not before it starts).
        let deadline = Date().addingTimeInterval(60)
        while !gps.hasClient() {
            guard Date() < deadline else { task.cancel(); return XCTFail("the provider never connected to gpsd") }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected the wait to be cancelled")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testNothingListeningIsUnavailable() async throws {
        let refusing = OSRMProcess.refusingPort()   // bound, never listening: no gpsd there
        defer { refusing.close() }
        let port = refusing.port
        let provider = GPSDLocationProvider(address: GPSDAddress(host: "127.0.0.1", port: port), fixTimeout: 5)
        do {
            _ = try await provider.currentFix()
            XCTFail("expected no gpsd")
        } catch let error as LocationSourceUnavailable {
            XCTAssertEqual(error.reason, "No gpsd at 127.0.0.1:\(port) (connection refused)")
        }
    }
}
