import XCTest
import RouteItCore
@testable import routeit
import RouteItTestSupport

/// The shell's own parsing, in process: command lines, arguments, options, completion.
final class ShellParsingTests: XCTestCase {
    func testLinesSplitIntoCommandAndArgumentsAndCommentsAreSkipped() {
        XCTAssertNil(ShellLine.parse(""))
        XCTAssertNil(ShellLine.parse("   "))
        XCTAssertNil(ShellLine.parse("# a comment"))
        XCTAssertNil(ShellLine.parse("   # indented comment"))
        let line = ShellLine.parse("  TYPE 2   Annankatu 25  ")
        XCTAssertEqual(line?.name, "type")
        XCTAssertEqual(line?.arguments.words, ["2", "Annankatu", "25"])
        XCTAssertEqual(line?.arguments.text(after: 1), "Annankatu 25")
        XCTAssertEqual(ShellLine.parse("expect SEGMENT #1")?.arguments.text(after: 0), "SEGMENT #1", "# inside a line is text")
        XCTAssertEqual(ShellLine.parse("type 1 \"Kaivokatu 1\"")?.arguments.text(after: 1), "Kaivokatu 1")
        XCTAssertEqual(ShellLine.parse("type 1")?.arguments.text(after: 1), "")
    }

    func testOptions() throws {
        XCTAssertEqual(try ShellOptions.parse([]).mode, .repl)
        let options = try ShellOptions.parse(["--map", "a.routeit", "--timeout=2.5", "run", "x.flow", "y.flow",
                                              "--directions", "osrm=http://localhost:5000", "--geocoder=nominatim=https://n.example/"])
        XCTAssertEqual(options.mode, .run(["x.flow", "y.flow"]))
        XCTAssertEqual(options.mapPath, "a.routeit")
        XCTAssertEqual(options.timeout, 2.5)
        XCTAssertEqual(options.probeInterval, 10, "servers are checked every 10 s unless told")
        XCTAssertEqual(try ShellOptions.parse(["--probe-interval", "0"]).probeInterval, 0)
        XCTAssertEqual(try ShellOptions.parse(["--probe-interval=0.5"]).probeInterval, 0.5)
        XCTAssertEqual(options.osrmURL, URL(string: "http://localhost:5000"))
        XCTAssertEqual(options.nominatimURL, URL(string: "https://n.example/"))
        XCTAssertEqual(try ShellOptions.parse(["run", "--", "--odd.flow"]).mode, .run(["--odd.flow"]))
        XCTAssertEqual(try ShellOptions.parse(["-h"]).mode, .help)
        let bad: [[String]: String] = [
            ["--timeout", "0"]: "--timeout needs more than 0 and at most 86400 seconds, not \"0\"",
            ["--timeout", "1e300"]: "--timeout needs more than 0 and at most 86400 seconds, not \"1e300\"",
            ["--directions", "nominatim=http://x"]: "--directions takes osrm=URL, not \"nominatim=http://x\"",
            ["--geocoder", "nominatim=localhost"]: "--geocoder: \"localhost\" is not an http(s) URL",
            ["--map"]: "--map needs a value",
            ["--probe-interval", "-1"]: "--probe-interval needs 0 to 86400 seconds (0 = never), not \"-1\"",
            ["--probe-interval", "often"]: "--probe-interval needs 0 to 86400 seconds (0 = never), not \"often\"",
            ["--probe-interval", "1e12"]: "--probe-interval needs 0 to 86400 seconds (0 = never), not \"1e12\"",
            ["--probe-interval", "nan"]: "--probe-interval needs 0 to 86400 seconds (0 = never), not \"nan\"",
            ["run"]: "run needs at least one FILE.flow",
            ["--frobnicate"]: "unknown option --frobnicate",
        ]
        for (arguments, message) in bad {
            XCTAssertThrowsError(try ShellOptions.parse(arguments), "\(arguments)") {
                XCTAssertEqual(($0 as? ShellOptions.ParseError)?.description, message)
            }
        }
    }

    func testOneParserServesTheShellAndEveryTool() throws {
        let route = try ShellOptions.parse(["--map=m.routeit", "route", "Annankatu 25", "-33.9,18.4", "--mode", "foot", "--json",
                                            "--directions=osrm=http://x:5000", "--units", "km", "--timeout", "3"])
        XCTAssertEqual(route.mode, .tool("route", ["Annankatu 25", "-33.9,18.4"]))
        XCTAssertEqual(route.mapPath, "m.routeit")
        XCTAssertEqual(route.transportType, .walk, "foot is OSRM's name for walking")
        XCTAssertEqual(route.distanceUnit, .kilometres)
        XCTAssertEqual(route.osrmURL, URL(string: "http://x:5000"))
        XCTAssertEqual(route.timeout, 3)
        XCTAssertTrue(route.json)
        XCTAssertEqual(try ShellOptions.parse(["reverse", "-33.9", "18.4"]).mode, .tool("reverse", ["-33.9", "18.4"]), "negative numbers are not options")
        XCTAssertEqual(try ShellOptions.parse(["geocode", "--", "--odd"]).mode, .tool("geocode", ["--odd"]))
        XCTAssertEqual(try ShellOptions.parse(["import", "x.osm", "-o", "y.routeit"]).output, "y.routeit")
        XCTAssertEqual(try ShellOptions.parse(["--mode=driving", "--units=mi"]).transportType, .car)
        for name in ["bike", "cycling", "bicycle", "Cycling"] {
            XCTAssertEqual(try ShellOptions.parse(["route", "a", "b", "--mode", name]).transportType, .bike, name)
        }
        XCTAssertEqual(try ShellOptions.parse(["route", "--help"]).helpTopic, "route")
        XCTAssertEqual(try ShellOptions.parse(["route", "-h"]).mode, .help)
        XCTAssertEqual(try ShellOptions.parse(["help", "type"]).helpTopic, "type")
        XCTAssertEqual(try ShellOptions.parse(["--version"]).mode, .version)
        XCTAssertEqual(try ShellOptions.parse(["geocode", "x", "--version"]).mode, .version)
        XCTAssertTrue(try ShellOptions.parse(["run", "a.flow", "--keep-going"]).keepGoing)
        let bad: [[String]: String] = [
            ["route", "a", "b", "--keep-going"]: "--keep-going is for run, not route",
            ["--json"]: "--json is for geocode, reverse, route or table, not the shell",
            ["run", "a.flow", "-o", "x"]: "-o is for import, not run",
            ["route", "a", "b", "--json=yes"]: "--json takes no value",
            ["route", "a", "b", "--mode", "boat"]: "--mode takes car, walk or bike (or OSRM's driving, foot, walking, cycling, bicycle), not \"boat\"",
            ["--units", "miles"]: "--units takes mi or km, not \"miles\"",
            ["frobnicate"]: "unknown command \"frobnicate\"",
            ["geocode", "-x"]: "unknown option -x",
        ]
        for (arguments, message) in bad {
            XCTAssertThrowsError(try ShellOptions.parse(arguments), "\(arguments)") {
                XCTAssertEqual(($0 as? ShellOptions.ParseError)?.description, message)
            }
        }
    }

    func testExportDestination() throws {
        XCTAssertEqual(ExportDestination(arguments: "trip.gpx").path, "trip.gpx")
        XCTAssertFalse(ExportDestination(arguments: "trip.gpx").force)
        let forced = ExportDestination(arguments: "my trip.gpx --force")
        XCTAssertEqual(forced.path, "my trip.gpx")
        XCTAssertTrue(forced.force)
        XCTAssertEqual(ExportDestination(arguments: "--force \"a b.gpx\"").path, "a b.gpx")
        XCTAssertTrue(ExportDestination(arguments: "--force").path.isEmpty)
        XCTAssertEqual(ExportDestination.expand("~/trips/a.gpx", home: "/home/x"), "/home/x/trips/a.gpx")
        XCTAssertEqual(ExportDestination.expand("~", home: "/home/x/"), "/home/x/")
        XCTAssertEqual(ExportDestination.expand("~other/a.gpx", home: "/home/x"), "~other/a.gpx")
        XCTAssertEqual(ExportDestination.expand("a/~/b", home: "/home/x"), "a/~/b")

        let directory = try TestFiles.temporaryDirectory(for: self)
        let existing = directory.appendingPathComponent("old.gpx")
        try Data("keep".utf8).write(to: existing)
        XCTAssertThrowsError(try ExportDestination(arguments: existing.path).url()) {
            XCTAssertEqual(($0 as? InputError)?.message, "\(existing.path) already exists; to replace it: export FORMAT \(existing.path) --force")
        }
        XCTAssertEqual(try ExportDestination(arguments: existing.path + " --force").url().path, existing.path)
        XCTAssertEqual(try ExportDestination(arguments: directory.appendingPathComponent("new.gpx").path).url().lastPathComponent, "new.gpx")
    }

    func testCompletionCandidates() {
        // A planner store of its own: recent places of whoever runs the tests would be completed.
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("routeit-completion-\(UUID().uuidString)")
        let previous = ProcessInfo.processInfo.environment["XDG_DATA_HOME"]
        setenv("XDG_DATA_HOME", data.path, 1)
        defer {
            if let previous { setenv("XDG_DATA_HOME", previous, 1) } else { unsetenv("XDG_DATA_HOME") }
            try? FileManager.default.removeItem(at: data)
        }
        let session = Session.make(options: ShellOptions(), style: .plain)
        XCTAssertTrue(session.completions(before: "", word: "ty").contains("type"))
        XCTAssertEqual(session.completions(before: "units ", word: ""), ["mi", "km"])
        XCTAssertEqual(session.completions(before: "mode ", word: ""), ["car", "walk", "bike"])
        XCTAssertTrue(session.completions(before: "enter ", word: "").contains("stop2"))
        XCTAssertTrue(session.completions(before: "type ", word: "").contains("from"))
        XCTAssertEqual(session.completions(before: "type 1 ", word: ""), [], "free text is not completed")
        XCTAssertEqual(session.completions(before: "pick ", word: ""), [], "no picker open")
        XCTAssertEqual(session.completions(before: "timer ", word: ""), ["start", "pause", "continue", "reset", "show"])
        XCTAssertEqual(session.completions(before: "fly ", word: ""), [])
    }

    func testSessionLeavesStateUnchangedOnBadInput() async {
        let session = Session.make(options: ShellOptions(mapPath: "/nonexistent.routeit"), style: .plain)
        _ = await session.execute("type 1 Kaivokatu 1")
        let before = session.renderScreen()
        for line in ["remove 1", "swap 1 9", "pick 1", "back", "route", "enter 2", "enter 1", "location x y", "add 3"] {
            let output = await session.execute(line)
            XCTAssertEqual(output.text.split(separator: "\n").count, 1, "\(line): one line, got \(output.text)")
            XCTAssertTrue(output.text.hasPrefix("error: ") || output.text.hasPrefix("! "), "\(line): \(output.text)")
            XCTAssertEqual(session.renderScreen(), before, line)
        }
        // A whole number too large for any row is said so, not "must be a whole number".
        let huge = await session.execute("stay 2 99999999999999999999")
        XCTAssertFalse(huge.text.contains("must be a whole number"), huge.text)
        let row = await session.execute("pick 99999999999999999999")
        XCTAssertEqual(row.text, "error: ROW \"99999999999999999999\" is too large.")
        let word = await session.execute("pick x")
        XCTAssertEqual(word.text, "error: ROW must be a whole number, not \"x\".")
    }
}
