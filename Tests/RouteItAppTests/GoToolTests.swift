import Foundation
import XCTest
import RouteItTestSupport

/// `routeit go` end to end on the Helsinki map: a recorded NMEA drive replayed as JSON events,
/// a file that is no track, and a gpsd that goes away mid-trip (a tiny fake one, here).
final class GoToolTests: XCTestCase {
    /// The trip the recorded drive (Tests/Flows/helsinki/go-drive.nmea) was written along:
    /// Mannerheimintie 1 → Annankatu 25 (a stay of 1 min) → back; by car.
    static let places = ["60.1681474,24.9417198", "60.167433,24.9365897", "60.1681474,24.9417198"]
    static var drive: String { RouteItProcess.flowsDirectory.appendingPathComponent("helsinki/go-drive.nmea").path }

    private func events(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
        }
    }

    func testAReplayedDriveIsOneJSONEventALineFromDepartToFinish() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let result = try RouteItProcess.run(["--map", map, "go"] + Self.places + ["--stay", "1", "--location", "replay=\(Self.drive)", "--events"],
                                            environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let events = try events(result.stdout)
        for event in events {
            XCTAssertNotNil(event["event"] as? String)
            XCTAssertNotNil((event["time"] as? String)?.range(of: #"^2026-12-05T10:0[0-9]:[0-9]{2}Z$"#, options: .regularExpression), "\(event)")
        }
        let names = events.map { $0["event"] as! String }
        XCTAssertEqual(names.first, "depart")
        XCTAssertEqual(names.last, "finish")
        XCTAssertEqual(names.filter { ["arrive", "stay", "fix-lost"].contains($0) }, ["fix-lost", "arrive", "stay"])
        // The drive goes straight on where leg 2 turns left: off the route, and a new route at once.
        XCTAssertEqual(names.filter { $0 == "off-route" || $0 == "reroute" }, ["off-route", "reroute"])
        let reroute = try XCTUnwrap(events.first { $0["event"] as? String == "reroute" })
        XCTAssertEqual(reroute["stop"] as? Int, 2)
        XCTAssertNotNil(reroute["latency_ms"] as? Double)
        let instruction = try XCTUnwrap(events.first { $0["event"] as? String == "instruction" })
        XCTAssertNotNil(instruction["text"] as? String)
        XCTAssertNotNil(instruction["distance_m"] as? Int)
        let finish = try XCTUnwrap(events.last)
        XCTAssertEqual(finish["stops"] as? Int, 1)
        XCTAssertEqual(finish["reroutes"] as? Int, 1)
        // The 50 km jump in the file: ignored, said once on stderr in the trip's units (stdout stays JSON).
        XCTAssertEqual(result.stderr, "Ignored a fix 31.09 miles from the last one; it counts once the next fixes agree.\n")
    }

    /// The drive's fixes are dated 10:00Z: on the Helsinki map's clock that is 12:00, whatever
    /// zone the machine is in (the lines once showed 10:00 under TZ=UTC, 05:00 under New York's).
    func testTheClockLinesAreTheMapsWhateverTZSays() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        for zone in ["UTC", "America/New_York", "Europe/Helsinki"] {
            let result = try RouteItProcess.run(["--map", map, "go"] + Self.places + ["--stay", "1", "--location", "replay=\(Self.drive)"],
                                                environment: HelsinkiFlowTests.environment.merging(["TZ": zone]) { $1 })
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("12:00:00 Depart for stop 1"), "\(zone): \(result.stdout)")
        }
    }

    func testOneFixDatedFourMinutesAheadInTheReplayAddsNoLostFixAndNoTime() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        // The drive's fix of 10:00:20 (both sentences) dated 10:04:20, at the same place.
        let shifted = try String(contentsOfFile: Self.drive, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.hasPrefix("$GP"), line.contains(",100020.00,") else { return String(line) }
            let body = line.dropFirst().prefix { $0 != "*" }.replacingOccurrences(of: ",100020.00,", with: ",100420.00,")
            return "$" + body + String(format: "*%02X", body.utf8.reduce(UInt8(0), ^)) + (line.hasSuffix("\r") ? "\r" : "")
        }
        XCTAssertEqual(shifted.filter { $0.contains(",100420.00,") }.count, 2)
        let file = try TestFiles.temporaryDirectory(for: self).appendingPathComponent("ahead.nmea")
        try shifted.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        func replay(_ path: String) throws -> (events: [[String: Any]], stderr: String) {
            let result = try RouteItProcess.run(["--map", map, "go"] + Self.places + ["--stay", "1", "--location", "replay=\(path)", "--events"],
                                                environment: HelsinkiFlowTests.environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            return (try events(result.stdout), result.stderr)
        }
        let plain = try replay(Self.drive), ahead = try replay(file.path)
        let times = ahead.events.map { $0["time"] as! String }
        XCTAssertEqual(times, times.sorted(), "an event dated before the one said before it")
        let names = { (run: [[String: Any]]) in run.map { $0["event"] as! String } }
        XCTAssertEqual(names(ahead.events).filter { $0 == "fix-lost" }.count, names(plain.events).filter { $0 == "fix-lost" }.count,
                       "only the drive's own tunnel loses the fix")
        XCTAssertEqual(ahead.events.last?["duration_s"] as? Int, plain.events.last?["duration_s"] as? Int)
        XCTAssertTrue(ahead.stderr.contains("Ignored a fix dated 241 s after the last one"), ahead.stderr)
    }

    func testAFileThatIsNoTrackIsOneLine() throws {
        let result = try RouteItProcess.run(["go"] + Self.places + ["--location", "replay=\(TestFiles.packageRoot.path)/Package.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "routeit go: \(TestFiles.packageRoot.path)/Package.swift is not a track: no NMEA $GPRMC/$GPGGA fix and no GPX trkpt point with a time\n")
        XCTAssertEqual(result.stdout, "")
    }

    /// `go` takes its places by the trip's one rule (`TripPlacesInTurn`), as `route` does.
    func testAPlaceRightAfterItselfIsRefusedBeforeFollowing() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let result = try RouteItProcess.run(["--map", map, "go", Self.places[0], Self.places[1], Self.places[1],
                                             "--location", "replay=\(Self.drive)", "--events"],
                                            environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("routeit go: Stop 2 ("), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("a leg from a place to itself goes nowhere: leave out one of them\n"), result.stderr)
    }

    func testAGpsdThatGoesAwayMidTripStopsFollowingWithOneLineAndTheSummary() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let gpsd = OneClientGPSD(reports: (0..<5).map {
            #"{"class":"TPV","mode":2,"time":"2026-12-05T10:00:0\#($0)Z","lat":60.16815,"lon":24.94172,"eph":5,"speed":0}"#
        })
        let result = try RouteItProcess.run(["--map", map, "go"] + Self.places + ["--location", "gpsd=127.0.0.1:\(gpsd.port)", "--events"],
                                            environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("gpsd at 127.0.0.1:\(gpsd.port) went away"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("went away (it closed the connection); following stopped.\n"), result.stderr)
        let names = try events(result.stdout).map { $0["event"] as! String }
        XCTAssertEqual(names.first, "depart")
        XCTAssertEqual(names.last, "finish")
    }

    /// In a replayed flow, a `go` that followed for a while before gpsd went away fails at
    /// its line with the alert, not with the first thing it said ("Depart for …").
    func testAFlowWhoseGpsdGoesAwayFailsAtGoWithTheAlert() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let gpsd = OneClientGPSD(reports: (0..<5).map {
            #"{"class":"TPV","mode":2,"time":"2026-12-05T10:00:0\#($0)Z","lat":60.16815,"lon":24.94172,"eph":5,"speed":0}"#
        })
        let flow = try TestFiles.temporaryDirectory(for: self).appendingPathComponent("gone.flow")
        try "type 1 \(Self.places[0])\nenter 1\ntype 2 \(Self.places[1])\nenter 2\nroute\ngo\n".write(to: flow, atomically: true, encoding: .utf8)
        let result = try RouteItProcess.run(["--map", map, "--location", "gpsd=127.0.0.1:\(gpsd.port)", "run", flow.path],
                                            environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("Depart for stop 1"), result.stdout)
        let located = try XCTUnwrap(result.stderr.split(separator: "\n").last)
        XCTAssertTrue(located.hasPrefix("\(flow.path):6: ! gpsd at 127.0.0.1:\(gpsd.port) went away"), result.stderr)
    }

    /// No gpsd at all: one line on stderr, in the tool's words, and no summary of a trip
    /// never followed.
    func testNoGpsdIsOneLineAndNoFinish() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let refusing = RefusingPort()
        let port = refusing.port
        let result = try RouteItProcess.run(["--map", map, "go"] + Self.places + ["--location", "gpsd=127.0.0.1:\(port)"],
                                            environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "No gpsd at 127.0.0.1:\(port) (connection refused); following stopped.\n")
        withExtendedLifetime(refusing) {}
    }

    func testCtrlCStopsFollowingWithTheSummary() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let gpsd = OneClientGPSD(reports: [
            #"{"class":"TPV","mode":2,"time":"2026-12-05T10:00:00Z","lat":60.16815,"lon":24.94172,"eph":5,"speed":0}"#,
        ], holding: true)
        let (process, output) = try following(map: map, gpsd: gpsd)
        XCTAssertTrue(output.wait(for: #""event":"depart""#, while: process, seconds: 120), output.text)
        guard interrupt(process) else { return XCTFail("Ctrl-C did not stop following within 60 s: \(output.text)") }
        XCTAssertEqual(process.terminationStatus, 0, output.text)
        XCTAssertTrue(output.text.hasSuffix(#""reroutes":0,"skipped":0}"# + "\n"), "the finish line last: \(output.text)")
    }
}

extension GoToolTests {
    /// `routeit go --events` on the trip, following `gpsd`, started.
    private func following(map: String, gpsd: OneClientGPSD) throws -> (Process, ChildOutput) {
        let process = Process()
        process.executableURL = try RouteItProcess.locate()
        process.arguments = ["--map", map, "go"] + Self.places + ["--location", "gpsd=127.0.0.1:\(gpsd.port)", "--events"]
        process.environment = ProcessInfo.processInfo.environment.merging(HelsinkiFlowTests.environment) { $1 }
        let output = ChildOutput(process)
        try process.run()
        return (process, output)
    }

    /// Ctrl-C, and whether it stopped the process within 60 s (a lost one must fail the test,
    /// not hang the suite: the process is killed then).
    private func interrupt(_ process: Process) -> Bool {
        process.interrupt()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        guard process.isRunning else { return true }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return false
    }

    func testAGpsdWithNoFixIsSaidOnceThenFollowingWaits() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let gpsd = OneClientGPSD(reports: [], holding: true)   // a gpsd with no receiver: its version, then nothing
        let (process, output) = try following(map: map, gpsd: gpsd)
        let said = output.wait(for: "No fix yet from gpsd at 127.0.0.1:\(gpsd.port)", while: process, seconds: 120)
        guard interrupt(process) else { return XCTFail("Ctrl-C did not stop following within 60 s: \(output.text)") }
        XCTAssertTrue(said, output.text)
        XCTAssertEqual(output.text.components(separatedBy: "No fix yet").count, 2, "said once: \(output.text)")
        XCTAssertEqual(process.terminationStatus, 0, output.text)
    }
}

/// A gpsd for one client: once asked, sends its version and `reports`, then closes the connection
/// (or, `holding`, keeps it open without a word until the client leaves).
private final class OneClientGPSD: @unchecked Sendable {
    let port: UInt16

    init(reports: [String], holding: Bool = false) {
        let (fd, port) = LoopbackSocket.bound()
        self.port = port
        listen(fd, 1)
        Thread {
            defer { close(fd) }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            // gpsd answers once it is asked to watch (so the close never races the question).
            var question = [UInt8](repeating: 0, count: 256)
            _ = recv(client, &question, question.count, 0)
            let text = ([#"{"class":"VERSION","release":"3.25"}"#] + reports).joined(separator: "\n") + "\n"
            _ = text.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            while holding, recv(client, &question, question.count, 0) > 0 {}
        }.start()
    }
}
