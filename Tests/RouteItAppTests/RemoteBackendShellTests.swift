import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
import RouteItTestSupport

/// The real `routeit` with `--directions osrm=URL` on a real osrm-routed (Scripts/osrm-server),
/// the server killed mid-session: the shell says so once, keeps answering from the embedded
/// engine, and `backend` reports it.
final class RemoteBackendShellTests: XCTestCase {
    func testKilledRoutingServerFallsBackToTheOfflineMapOnce() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let osrm = try OSRMProcess.start()
        defer { osrm.kill() }
        // Probing only when used: this test is about what the requests themselves find out.
        let shell = try LiveShell(arguments: ["--map", map, "--directions", "osrm=\(osrm.url)", "--probe-interval", "0"],
                                  environment: HelsinkiFlowTests.environment)
        shell.send("""
            type 1 Mannerheimintie 1
            enter 1
            pick 1
            type 2 Annankatu 25
            enter 2
            pick 1
            backend
            route
            """)
        XCTAssertTrue(shell.wait(for: "Total Time:", count: 1), shell.stdout)
        XCTAssertTrue(shell.stdout.contains("Directions: OSRM \(osrm.url) — reachable (fallback: offline map)"), shell.stdout)

        osrm.kill()
        shell.send("route\nroute\nbackend")
        XCTAssertTrue(shell.wait(for: "Geocoder: offline map", count: 2), shell.stdout)
        shell.finish()

        let out = shell.stdout
        let notice = "! Routing server unreachable — using the offline map"
        XCTAssertEqual(shell.stderr.components(separatedBy: notice).count - 1, 1, "said once, on stderr:\n\(shell.stderr)")
        XCTAssertFalse(out.contains(notice), "alerts are not results: \(out)")
        XCTAssertEqual(out.components(separatedBy: "Total Time:").count - 1, 3, "both routes after the kill answered offline:\n\(out)")
        XCTAssertFalse(out.contains("Directions not available") || shell.stderr.contains("Directions not available"), out)
        XCTAssertTrue(out.contains("Directions: offline map — OSRM \(osrm.url) unreachable (connection refused)"), out)
        XCTAssertEqual(shell.process.terminationStatus, 0)
    }

    func testServerGoingDownAndComingBackIsSaidWithoutACommand() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        var osrm = try OSRMProcess.start()
        defer { osrm.kill() }
        let shell = try LiveShell(arguments: ["--map", map, "--directions", "osrm=\(osrm.url)", "--probe-interval", "0.2"],
                                  environment: HelsinkiFlowTests.environment)
        defer { shell.finish() }
        XCTAssertTrue(shell.wait(for: "[ ] 3 Stop 2:", count: 1, seconds: 30), shell.stdout)
        let down = "! Routing server unreachable — using the offline map"
        let back = "! Routing server reachable again — using \(osrm.url)"
        // Two probes answered by the server (every 0.2 s; its log has a line per request): an
        // answering server has been checked, and it must not be reported.
        let answered = osrm.requestCount
        XCTAssertTrue(osrm.waitForRequests(answered + 2, seconds: 30), "the shell never probed the server")
        XCTAssertFalse(shell.stderr.contains(down), "a server that answers is not reported: \(shell.stderr)")

        osrm.kill()
        XCTAssertTrue(shell.waitForStderr(down, seconds: 10), "no command needed to find out: \(shell.stderr)")
        osrm = try OSRMProcess.start(port: osrm.port)
        XCTAssertTrue(shell.waitForStderr(back, seconds: 10), shell.stderr)
        shell.send("type 1 Mannerheimintie 1\nenter 1\npick 1\ntype 2 Annankatu 25\nenter 2\npick 1\nroute\nbackend")
        XCTAssertTrue(shell.wait(for: "Geocoder: offline map", count: 1), shell.stdout)
        XCTAssertTrue(shell.stdout.contains("Total Time:"), shell.stdout)
        XCTAssertTrue(shell.stdout.contains("Directions: OSRM \(osrm.url) — reachable (fallback: offline map)"), shell.stdout)
        XCTAssertEqual(shell.stderr.components(separatedBy: down).count - 1, 1, "said once: \(shell.stderr)")
        XCTAssertEqual(shell.stderr.components(separatedBy: back).count - 1, 1, "said once: \(shell.stderr)")
    }

    func testCtrlCAbortsARoutingRequestInFlight() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        // A server that accepts connections (the kernel's backlog) but never answers.
        let silent = LoopbackSocket.bound()
        defer { close(silent.fd) }
        XCTAssertEqual(listen(silent.fd, 8), 0)
        let url = "http://127.0.0.1:\(silent.port)"

        // No background probe: it would find the silent server out by itself.
        let shell = try LiveShell(arguments: ["--map", map, "--directions", "osrm=\(url)", "--timeout", "30", "--probe-interval", "0"],
                                  environment: HelsinkiFlowTests.environment)
        shell.send("type 1 Mannerheimintie 1\nenter 1\npick 1\ntype 2 Annankatu 25\nenter 2")
        XCTAssertTrue(shell.wait(for: "Choose the address for Stop 1", count: 1), shell.stdout)
        shell.send("pick 1\nroute")
        // `route` starts right after the picked stop's screen; interrupt only once it is in flight
        // (an interrupt while idle would end the piped session instead).
        XCTAssertTrue(shell.wait(for: "[✓] 2 Stop 1:", count: 1, seconds: 60), shell.stdout)
        // In flight: the shell's connection to the silent server is established (in its backlog).
        XCTAssertTrue(LoopbackConnections.wait(toPort: silent.port, seconds: 60), "route never connected: \(shell.stdout)")
        kill(shell.process.processIdentifier, SIGINT)
        XCTAssertTrue(shell.waitForStderr("Cancelled.", seconds: 30), shell.stderr)
        // Aborted, not abandoned: the shell's 2 s grace would also print "Cancelled." for work
        // that ignores cancellation, but that request would hold its connection until its 30 s
        // timeout. This one lets go of it (checked well within those 30 s).
        XCTAssertTrue(LoopbackConnections.wait(untilConnected: false, toPort: silent.port, seconds: 15),
                      "the cancelled request still holds its connection")
        shell.send("backend")
        XCTAssertTrue(shell.wait(for: "Geocoder: offline map", count: 1, seconds: 20), shell.stdout)
        shell.finish()
        let untilCancelled = try XCTUnwrap(shell.stderr.range(of: "Cancelled.")).lowerBound
        XCTAssertFalse(shell.stderr[..<untilCancelled].contains("! Routing server unreachable"), "a cancelled request says nothing about the server")
        XCTAssertTrue(shell.stdout.contains("Directions: offline map — OSRM \(url) unreachable (timed out)"), shell.stdout)
        XCTAssertFalse(shell.stdout.contains("SEGMENT #1"), shell.stdout)
    }

    func testBadEnvironmentBackendIsAOneLineAlert() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        var environment = HelsinkiFlowTests.environment
        environment["ROUTEIT_DIRECTIONS"] = "osrm=localhost:5000"
        let result = try RouteItProcess.run(["--map", map], input: "type 1 Annankatu 25\nenter 1\n", environment: environment)
        XCTAssertEqual(result.status, 1, "a piped session whose command failed ends non-zero")
        XCTAssertTrue(result.stderr.contains("ROUTEIT_DIRECTIONS: \"localhost:5000\" is not an http(s) URL"), result.stderr)
    }

    func testEmbeddedOnlyBackendReport() throws {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let result = try RouteItProcess.run(["--map", map], input: "backend\n", environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Directions: offline map (embedded engine)\nGeocoder: offline map (embedded engine)"), result.stdout)
    }
}

/// Class 5 of issue #10: servers whose body never ends (dripping or flooding) cannot hold
/// `enter`, `route` or `backend` past `--timeout`, cannot fill memory, and Ctrl-C still brings
/// the prompt back.
final class EndlessServerShellTests: XCTestCase {
    /// The shell's peak memory (VmHWM), in MB.
    private func peakMegabytes(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    /// The Helsinki map, imported into the tests' cache beforehand, so what is timed is the servers.
    private func warmMap() throws -> String {
        let map = try HelsinkiFlowTests.helsinkiExtract()
        let warm = try RouteItProcess.run(["--map", map], input: "backend\n", environment: HelsinkiFlowTests.environment)
        XCTAssertEqual(warm.status, 0, warm.stderr)
        return map
    }

    func testEndlessBodiesAreBoundedByTheTimeoutAndTheSizeCap() throws {
        let map = try warmMap()
        for pace in [EndlessHTTPServer.Pace.drip, .flood] {
            let server = EndlessHTTPServer(pace)
            defer { server.stop() }
            let shell = try LiveShell(arguments: ["--map", map, "--directions", "osrm=\(server.url)", "--geocoder", "nominatim=\(server.url)",
                                                  "--timeout", "2", "--probe-interval", "0"],
                                      environment: HelsinkiFlowTests.environment)
            defer { shell.finish() }
            XCTAssertTrue(shell.wait(for: "[ ] 3 Stop 2:", count: 1, seconds: 30), shell.stdout)
            // No stopwatch: each command must come back with its answer, and every endless answer
            // it asked for must have been broken off by the shell (the server's send fails) while
            // the body was still coming: only --timeout (drip) or the size cap (flood) does that.
            func allBrokenOff(_ what: String) {
                let asked = server.requests
                XCTAssertGreaterThan(asked, 0, "\(pace): \(what) asked a server")
                XCTAssertTrue(server.waitForClientClose(count: asked, seconds: 30),
                              "\(pace): \(what) left \(asked - server.closedByClient) endless answers open")
            }
            shell.send("type 1 Mannerheimintie 1\nenter 1")
            // Dripping: the timeout ends it and the offline map answers; flooding: the cap, said in one line.
            let answer = pace == .drip ? "Choose the address for From" : "! Server 127.0.0.1:\(server.port) sent an unreadable answer (the answer is larger than 32 MB)."
            XCTAssertTrue(shell.waitForEither(answer, seconds: 60), "\(pace): \(shell.stdout)\n\(shell.stderr)")
            allBrokenOff("enter")
            if pace == .drip {
                shell.send("pick 1\ntype 2 Annankatu 25\nenter 2\npick 1")
                XCTAssertTrue(shell.wait(for: "[✓] 2 Stop 1:", count: 1, seconds: 60), shell.stdout)
                shell.send("route")
                XCTAssertTrue(shell.wait(for: "Total Time:", count: 1, seconds: 60), "\(pace): \(shell.stdout)")
                allBrokenOff("route")
            }
            shell.send("backend")
            XCTAssertTrue(shell.wait(for: "Geocoder:", count: 1, seconds: 60), "\(pace): \(shell.stdout)")
            allBrokenOff("backend")
            XCTAssertLessThan(peakMegabytes(shell.process.processIdentifier), 300, "\(pace): the body must not fill memory")
        }
    }

    func testCtrlCEndsAnEndlessAnswer() throws {
        let map = try warmMap()
        let server = EndlessHTTPServer(.drip)
        defer { server.stop() }
        let shell = try LiveShell(arguments: ["--map", map, "--geocoder", "nominatim=\(server.url)", "--timeout", "60", "--probe-interval", "0"],
                                  environment: HelsinkiFlowTests.environment)
        defer { shell.finish() }
        shell.send("type 1 Mannerheimintie 1\nenter 1")
        XCTAssertTrue(shell.wait(for: "[ ] 1 From:   Mannerheimintie 1", count: 1, seconds: 20), shell.stdout)
        XCTAssertTrue(server.waitForRequest(seconds: 60), "enter never asked the server: \(shell.stdout)")   // in flight
        kill(shell.process.processIdentifier, SIGINT)
        XCTAssertTrue(shell.waitForEither("Cancelled.", seconds: 30), shell.stdout + shell.stderr)
        // Aborted, not abandoned after the shell's 2 s grace: the answer is broken off (well
        // within --timeout 60, which would end it otherwise).
        XCTAssertTrue(server.waitForClientClose(count: 1, seconds: 30), "the cancelled request kept reading the endless answer")
        shell.send("show")
        XCTAssertTrue(shell.wait(for: "[ ] 1 From:   Mannerheimintie 1", count: 2, seconds: 10), "the shell goes on: \(shell.stdout)")
    }
}
