import XCTest
import RouteItTestSupport

/// `routeit run`: expect / expect-not failures, exit codes, several files.
final class FlowRunnerTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TestFiles.temporaryDirectory(for: self)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testAFailedCommandNobodyExpectsStopsTheRun() throws {
        let path = try write("typo.flow", "type 1 Kaivokatu 1\n# a comment\nfly to the moon\ntype 2 never\n")
        let result = try RouteItProcess.run(["run", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: Unknown command \"fly\"; type help for the list.\n\(path):3: error: Unknown command \"fly\"; type help for the list.\n")
        XCTAssertFalse(result.stdout.contains("type 2 never"), "stops at the failure")
        XCTAssertFalse(result.stdout.contains("Unknown command"), "errors are not on stdout")

        let alert = try write("alert.flow", "route\nshow\n")
        let routed = try RouteItProcess.run(["run", alert])
        XCTAssertEqual(routed.status, 1)
        XCTAssertTrue(routed.stderr.hasSuffix("\(alert):1: ! Please enter a valid starting point and at least one destination.\n"), routed.stderr)

        let last = try write("last.flow", "show\ntype\n")
        XCTAssertEqual(try RouteItProcess.run(["run", last]).status, 1, "a failure on the last line counts too")
    }

    func testAnExpectedFailureIsChecked() throws {
        let path = try write("checked.flow", "fly\nexpect Unknown command\nshow\n")
        let result = try RouteItProcess.run(["run", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("> show"))
    }

    func testKeepGoingRunsToTheEndAndStillFails() throws {
        let path = try write("typos.flow", "fly\ntype 1 Kaivokatu\nswim\nshow\nexpect Kaivokatu\n")
        let result = try RouteItProcess.run(["run", "--keep-going", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("\(path):1: error: Unknown command \"fly\""), result.stderr)
        XCTAssertTrue(result.stderr.contains("\(path):3: error: Unknown command \"swim\""), result.stderr)
        XCTAssertTrue(result.stdout.contains("> expect Kaivokatu"), result.stdout)
    }

    func testFailedExpectStopsWithFileAndLine() throws {
        let path = try write("fail.flow", "# comment\ntype 1 Kaivokatu\nexpect Kaivokatu\nexpect Annankatu\ntype 2 never\n")
        let result = try RouteItProcess.run(["run", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("\(path):4: expected \"Annankatu\""), result.stderr)
        XCTAssertFalse(result.stdout.contains("type 2 never"), "stops at the first failure")
    }

    func testFailedExpectNot() throws {
        let path = try write("not.flow", "type 1 Kaivokatu\nexpect-not Kaivokatu\n")
        let result = try RouteItProcess.run(["run", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("\(path):2: expected no \"Kaivokatu\""), result.stderr)
    }

    func testExpectLooksAtTheLastOutputOnly() throws {
        let path = try write("last.flow", "type 1 Kaivokatu\ntimer show\nexpect Kaivokatu\n")
        let result = try RouteItProcess.run(["run", path])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stderr.contains(":3: expected \"Kaivokatu\""), result.stderr)
    }

    func testSeveralFilesEachInAFreshSession() throws {
        let first = try write("a.flow", "type 1 Kaivokatu\nexpect Kaivokatu\n")
        let second = try write("b.flow", "show\nexpect-not Kaivokatu\n")
        let result = try RouteItProcess.run(["run", first, second])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("> expect-not Kaivokatu"))
    }

    func testMissingFileAndBadArguments() throws {
        let missing = try RouteItProcess.run(["run", directory.appendingPathComponent("nope.flow").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("Cannot read \(directory.appendingPathComponent("nope.flow").path): no such file."), missing.stderr)
        for arguments in [["run"], ["fly"], ["--map"], ["--timeout", "soon"], ["--directions", "http://x"],
                          ["--geocoder", "nominatim=ftp://x"], ["--bogus"]] {
            let result = try RouteItProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr.split(separator: "\n").first?.hasPrefix("routeit: "), true, "\(arguments): \(result.stderr)")
        }
    }

    func testOpenAndUseExpandTildeFromHomeAsExportDoes() throws {
        _ = try write("trip.gpx", "not a trip")
        _ = try write("empty.routeit", "")
        let flow = try write("tilde.flow", """
            open ~/trip.gpx
            expect error: \(directory.path)/trip.gpx is not a trip exported by RouteIt.
            use ~/empty.routeit
            expect-not No map file at
            """)
        let result = try RouteItProcess.run(["run", flow], environment: ["HOME": directory.path])
        XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
    }

    func testAMapThatNamesNothingFailsAtStartInOneLine() throws {
        let path = try write("quiet.flow", "help\nexpect Commands:\n")
        for (arguments, says) in [(["--map", "nosuch", "run", path], "routeit: --map: no map named \"nosuch\" and no such file; "),
                                  (["--map", "/nowhere/x.routeit", "run", path], "routeit: --map: no map at /nowhere/x.routeit; "),
                                  (["--map", "nosuch"], "routeit: --map: no map named \"nosuch\"")] {
            let result = try RouteItProcess.run(arguments, input: "help\n")
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stderr.hasPrefix(says), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertFalse(result.stdout.contains("Commands:"), "nothing runs: \(result.stdout)")
        }
    }

    func testOptionsAreAcceptedInBothForms() throws {
        let path = try write("opts.flow", "help\nexpect Commands:\n")
        // A map file that is there (the flow never opens it).
        let map = try write("unopened.routeit", "")
        for arguments in [["--map", map, "--timeout", "5", "run", path],
                          ["run", path, "--map=\(map)", "--timeout=2.5"],
                          ["--directions", "osrm=http://127.0.0.1:5000", "--geocoder", "nominatim=https://example.org/", "run", path]] {
            let result = try RouteItProcess.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        }
        let help = try RouteItProcess.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--directions osrm=URL"), help.stdout)
    }

    func testACRLFFileRunsLineByLineAndItsExpectsAreChecked() throws {
        let failing = try write("crlf.flow", "type 1 Kaivokatu 1\r\nexpect nowhere to be found\r\nshow\r\n")
        let result = try RouteItProcess.run(["run", failing])
        XCTAssertEqual(result.status, 1, "the expect must run and fail: \(result.stdout)")
        XCTAssertTrue(result.stderr.contains("\(failing):2: expected \"nowhere to be found\""), result.stderr)
        let passing = try write("crlf-ok.flow", "type 1 Kaivokatu 1\r\nexpect Kaivokatu 1\r\nshow\r\n")
        let ok = try RouteItProcess.run(["run", passing])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("> show\n"), ok.stdout)
    }

    /// Lines ended by a lone CR (old Mac files) were one command ("show", its arguments the rest):
    /// the replay passed with its expects never run.
    func testAFileWithCROnlyLineEndsRunsLineByLine() throws {
        let failing = try write("cr.flow", "show\rexpect nowhere to be found\rtype 1 Kaivokatu 1\r")
        let result = try RouteItProcess.run(["run", failing])
        XCTAssertEqual(result.status, 1, "the expect must run and fail: \(result.stdout)")
        XCTAssertTrue(result.stderr.contains("\(failing):2: expected \"nowhere to be found\""), result.stderr)
        let passing = try write("cr-ok.flow", "type 1 Kaivokatu 1\rexpect Kaivokatu 1\u{2028}show\r")
        let ok = try RouteItProcess.run(["run", passing])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("> show\n"), ok.stdout)
    }

    func testAReplayWhoseExpectLinesNeverRanFails() throws {
        let path = try write("after-quit.flow", "show\nquit\nexpect anything at all\n")
        let result = try RouteItProcess.run(["run", path])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stderr.contains("\(path): none of its 1 expect lines ran"), result.stderr)
    }
}
