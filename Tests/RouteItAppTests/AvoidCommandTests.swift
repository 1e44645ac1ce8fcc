import Foundation
import XCTest
import RouteItCore
@testable import routeit
import RouteItTestSupport

/// `avoid` in the shell and `--avoid` on the command line: classes add up, `none` clears, a
/// wrong class is one line naming the valid ones; the tool routes with them (Monaco's tolled A8).
final class AvoidCommandTests: XCTestCase {
    func testTheShellCommandAddsClearsAndShows() async {
        let session = Session.make(options: ShellOptions(mapPath: "/nonexistent.routeit"), style: .plain)
        var output = await session.execute("avoid")
        XCTAssertTrue(output.text.hasPrefix("Avoiding: none"), output.text)
        output = await session.execute("avoid toll motorway")
        XCTAssertTrue(output.text.hasPrefix("Trip (car, "), output.text)
        XCTAssertTrue(output.text.contains("avoiding toll, motorway)"), output.text)
        _ = await session.execute("avoid ferry,unpaved")
        XCTAssertEqual(session.flow.settings.avoid, [.toll, .motorway, .ferry, .unpaved], "repeated commands add up")
        output = await session.execute("avoid")
        XCTAssertTrue(output.text.hasPrefix("Avoiding: toll, motorway, ferry, unpaved"), output.text)

        let before = session.renderScreen()
        output = await session.execute("avoid tolls")
        XCTAssertEqual(output.text, "error: Unknown road class \"tolls\": avoid takes toll, motorway, ferry, unpaved (or none).")
        XCTAssertEqual(session.renderScreen(), before, "a wrong class changes nothing")
        output = await session.execute("avoid motorway bridges")
        XCTAssertTrue(output.text.hasPrefix("error: "), output.text)
        XCTAssertEqual(session.flow.settings.avoid, [.toll, .motorway, .ferry, .unpaved], "not even the good ones")

        _ = await session.execute("avoid none")
        XCTAssertEqual(session.flow.settings.avoid, [])
        XCTAssertFalse(session.renderScreen().contains("avoiding"))
        XCTAssertEqual(session.completions(before: "avoid ", word: ""), ["toll", "motorway", "ferry", "unpaved", "none"])
    }

    func testTheOptionGoesThroughTheOneParser() throws {
        XCTAssertEqual(try ShellOptions.parse(["route", "a", "b", "--avoid", "toll,motorway"]).avoid, [.toll, .motorway])
        XCTAssertEqual(try ShellOptions.parse(["--avoid=ferry"]).avoid, .ferry)
        XCTAssertEqual(try ShellOptions.parse(["--avoid=none"]).avoid, [])
        XCTAssertThrowsError(try ShellOptions.parse(["route", "a", "b", "--avoid", "toll,boats"])) { error in
            XCTAssertEqual("\(error)", "--avoid: Unknown road class \"boats\": avoid takes toll, motorway, ferry, unpaved (or none).")
        }
        let session = Session.make(options: try ShellOptions.parse(["--avoid", "unpaved"]), style: .plain)
        XCTAssertEqual(session.flow.settings.avoid, .unpaved)
    }

    /// From a point in Monaco's motorway tunnel (where OSRM with exclude=motorway answers
    /// NoRoute) towards La Turbie: with --avoid motorway the route comes all the same, leaving
    /// the motorway, and says it uses one; avoiding tolls or nothing, no such line.
    func testTheRouteToolSaysWhenItMustUseAnAvoidedRoad() throws {
        let directory = try TestFiles.temporaryDirectory(for: self)
        let osm = ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"] ?? RouteItProcess.packageRoot.appendingPathComponent(".data/osm").path
        let map = directory.appendingPathComponent("monaco.routeit").path
        let environment = ["XDG_CACHE_HOME": directory.path, "XDG_DATA_HOME": directory.path, "ROUTEIT_DIRECTIONS": "", "ROUTEIT_GEOCODER": ""]
        let imported = try RouteItProcess.run(["import", osm + "/monaco.osm.pbf", "-o", map], environment: environment, timeout: 300)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let inTheTunnel = "43.744841,7.382791", laTurbie = "43.748136,7.401534"
        let avoided = try RouteItProcess.run(["route", inTheTunnel, laTurbie, "--map", map, "--avoid", "motorway"], environment: environment, timeout: 120)
        XCTAssertEqual(avoided.status, 0, avoided.stderr)
        XCTAssertTrue(avoided.stdout.contains("! This trip uses a motorway: no other way exists."), avoided.stdout)
        for other in [["--avoid", "toll"], []] {
            let plain = try RouteItProcess.run(["route", inTheTunnel, laTurbie, "--map", map] + other, environment: environment, timeout: 120)
            XCTAssertEqual(plain.status, 0, plain.stderr)
            XCTAssertFalse(plain.stdout.contains("! "), plain.stdout)
        }
        let wrong = try RouteItProcess.run(["route", inTheTunnel, laTurbie, "--map", map, "--avoid", "tolls"], environment: environment, timeout: 60)
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertEqual(wrong.stderr.split(separator: "\n").count, 1, wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("toll, motorway, ferry, unpaved"), wrong.stderr)
    }
}
