import Foundation
import XCTest

/// `locate` with a real gpsd (gpsfake replaying NMEA logs written here) through the real shell:
/// a fix fills the start, no fix times out with a clear message, a gpsd that is not there or
/// goes away falls back to the simulated position with a notice, and Ctrl-C cancels the wait.
final class GPSDLocateTests: XCTestCase {
    /// On Lönnrotinkatu, away from the simulated default (Kaivokatu, by the station).
    static let lonnrotinkatu = (latitude: 60.1665, longitude: 24.9390)

    private func arguments(_ extra: [String]) throws -> [String] {
        ["--map", try HelsinkiFlowTests.helsinkiExtract()] + extra
    }

    func testAFixInHelsinkiFillsTheStartWithItsStreetAndLocationWinsUntilLocationGPS() throws {
        let gps = try GPSFake(nmea: NMEA.log(latitude: Self.lonnrotinkatu.latitude, longitude: Self.lonnrotinkatu.longitude))
        defer { gps.stop() }
        let input = "locate\nlocation 60.1750 24.9380\nlocate\nlocation gps\nlocate\n"
        let result = try RouteItProcess.run(try arguments(["--location", "gpsd=\(gps.address)", "--timeout", "30"]),
                                            input: input, environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let filled = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("[✓] 1 From:") }
        XCTAssertEqual(filled.count, 3, result.stdout)
        XCTAssertTrue(filled.first?.contains("Lönnrotinkatu") == true, result.stdout)
        XCTAssertTrue(filled.dropFirst().first?.contains("Alvar Aallon katu") == true, "location LAT LON wins: \(result.stdout)")
        XCTAssertTrue(filled.last?.contains("Lönnrotinkatu") == true, "location gps hands back to gpsd: \(result.stdout)")
        let fromGPS = result.stdout.components(separatedBy: "\n").filter { $0.contains("(gpsd at \(gps.address))") }
        XCTAssertEqual(fromGPS.count, 2, result.stdout)
        for line in fromGPS {
            XCTAssertTrue(line.hasPrefix("Location: 60.166500,24.939000 ±"), line)
            XCTAssertNotNil(line.range(of: #"±[0-9]+ m \("#, options: .regularExpression), "the accuracy: \(line)")
        }
        XCTAssertFalse(result.stdout.contains("using the simulated location"), result.stdout)
    }

    func testNoFixTimesOutWithAClearMessage() throws {
        let gps = try GPSFake(nmea: NMEA.log(latitude: 0, longitude: 0, fix: false))
        defer { gps.stop() }
        let result = try RouteItProcess.run(try arguments(["--timeout", "2"]), input: "locate\nshow\n",
                                            environment: HelsinkiFlowTests.environment.merging(["ROUTEIT_LOCATION": "gpsd=\(gps.address)"]) { $1 })
        XCTAssertEqual(result.status, 1, "a command that failed ends a piped session non-zero: \(result.stderr)")
        XCTAssertEqual(result.stderr, "! No GPS fix from gpsd at \(gps.address) within 2 s; try again, or set the position with: location LAT LON\n")
        XCTAssertFalse(result.stdout.contains("[✓] 1 From:"), "no fix must not fill the start: \(result.stdout)")
        XCTAssertFalse(result.stdout.contains("simulated"), "a gpsd without a fix is no reason to make one up: \(result.stdout)")
    }

    func testNoGpsdFallsBackToTheSimulatedLocationWithANotice() throws {
        let refusing = OSRMProcess.refusingPort()   // bound, never listening: no gpsd there
        defer { refusing.close() }
        let port = refusing.port
        let result = try RouteItProcess.run(try arguments(["--location", "gpsd=127.0.0.1:\(port)"]), input: "locate\n",
                                            environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("! No gpsd at 127.0.0.1:\(port) (connection refused) — using the simulated location\n"),
                      result.stdout)
        XCTAssertTrue(result.stdout.contains("Location: 60.171000,24.941400 (the simulated location)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("[✓] 1 From:   "), result.stdout)
    }

    func testAGpsdThatGoesAwayMidSessionFallsBackWithANotice() throws {
        let gps = try GPSFake(nmea: NMEA.log(latitude: Self.lonnrotinkatu.latitude, longitude: Self.lonnrotinkatu.longitude))
        defer { gps.stop() }
        let shell = try LiveShell(arguments: try arguments(["--location", "gpsd=\(gps.address)", "--timeout", "30"]),
                                  environment: HelsinkiFlowTests.environment)
        shell.send("locate")
        XCTAssertTrue(shell.wait(for: "[✓] 1 From:   Lönnrotinkatu", count: 1, seconds: 120), shell.stdout)
        gps.stop()
        shell.send("locate")
        XCTAssertTrue(shell.wait(for: "— using the simulated location", count: 1, seconds: 60), shell.stdout)
        XCTAssertTrue(shell.wait(for: "Location: 60.171000,24.941400 (the simulated location)", count: 1, seconds: 10), shell.stdout)
        shell.send("quit")
        shell.finish()
        XCTAssertEqual(shell.process.terminationStatus, 0)
        XCTAssertTrue(shell.stdout.contains("! No gpsd at \(gps.address) (connection refused)"), shell.stdout)
    }

    /// A shell on a gpsd that never gets a fix, up and showing its entry screen.
    private func shellWithAGpsdThatHasNoFix(timeout: Int) throws -> (GPSFake, LiveShell) {
        let gps = try GPSFake(nmea: NMEA.log(latitude: 0, longitude: 0, fix: false))
        let shell: LiveShell
        do {
            shell = try LiveShell(arguments: try arguments(["--location", "gpsd=\(gps.address)", "--timeout", "\(timeout)"]),
                                  environment: HelsinkiFlowTests.environment)
        } catch {
            gps.stop()
            throw error
        }
        shell.send("show")
        XCTAssertTrue(shell.wait(for: "[ ] 1 From:", count: 1, seconds: 60), shell.stdout)
        return (gps, shell)
    }

    func testAGpsdThatGoesAwayWhileWaitingForAFixFallsBack() throws {
        let (gps, shell) = try shellWithAGpsdThatHasNoFix(timeout: 120)
        defer { gps.stop() }
        shell.send("locate")
        XCTAssertTrue(gps.waitForClient(), "locate connected to gpsd: \(shell.stdout)")  // and waits (no fix comes)
        gps.stop()
        XCTAssertTrue(shell.wait(for: "— using the simulated location", count: 1, seconds: 60), shell.stdout)
        shell.send("quit")
        shell.finish()
        XCTAssertTrue(shell.stdout.contains("! gpsd at \(gps.address) went away"), shell.stdout)
        XCTAssertTrue(shell.stdout.contains("[✓] 1 From:   "), shell.stdout)
    }

    func testCtrlCCancelsTheWaitForAFix() throws {
        let (gps, shell) = try shellWithAGpsdThatHasNoFix(timeout: 300)
        defer { gps.stop() }
        shell.send("locate")
        XCTAssertTrue(gps.waitForClient(), "locate connected to gpsd: \(shell.stdout)")  // waiting for a fix
        kill(shell.process.processIdentifier, SIGINT)
        XCTAssertTrue(shell.waitForStderr("Cancelled.", seconds: 30), shell.stderr)
        XCTAssertTrue(shell.process.isRunning, "Ctrl-C while locating must not end the session")
        shell.send("show\nquit")
        shell.finish()
        XCTAssertEqual(shell.process.terminationStatus, 1, "the cancelled command counts as failed")
        XCTAssertFalse(shell.stdout.contains("[✓] 1 From:"), shell.stdout)
        XCTAssertFalse(shell.stderr.contains("No GPS fix"), "cancelled, not timed out: \(shell.stderr)")
    }
}
