import XCTest
import RouteItTestSupport

/// In a `.flow`, every file a command names is found beside the flow file, as `location replay`
/// always was: `stops`, `open`, `use` and `export` went by the current directory, so a flow kept
/// with its list and its track worked only when run from its own folder. And `open` takes a
/// `.json` file (Google Takeout's Saved Places) or a path with `/` as a file, never a saved
/// trip's name; an export of one leg says "1 leg".
final class FlowFilePathsTests: XCTestCase {
    func testAFlowsFilesAreBesideIt() throws {
        let root = try TestFiles.temporaryDirectory(for: self)
        let folder = root.appendingPathComponent("trip")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try write("day.csv", "60.172,24.948\n")
        let point = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[%@]},"properties":{"location":{"name":"%@"}}}"#
        let places = #"{"type":"FeatureCollection","features":["# + String(format: point, "24.941,60.17", "Home place") + ","
            + String(format: point, "24.948,60.172", "Work place") + "]}"
        try write("Saved Places.json", places)
        try write("sub/places", places)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("beside.routeit").path,
                                                   withDestinationPath: try HelsinkiFlowTests.importedMap())
        try write("t.flow", """
            type 1 60.170000,24.941000
            stops day.csv
            expect Stop 1: 60.172000,24.948000
            end 2
            route
            export gpx out.gpx
            expect Exported GPX (1 leg, 2 stops) to out.gpx
            open out.gpx
            expect Opened out.gpx (1 stop).
            open Saved Places.json
            expect From:   Home place
            expect Stop 1: Work place
            open ./sub/places
            expect error: ./sub/places is not a .gpx, .geojson or .json file
            open sub/nothere
            expect error: Cannot read sub/nothere: no such file; open NAME opens a saved trip (trips lists them).
            use ./beside.routeit
            expect-not error
            location replay nothere.nmea
            expect error: Cannot read the track trip/nothere.nmea: no such file.
            """)
        // Run from the folder above, with the map as a path there: the flow's names are its own.
        let result = try RouteItProcess.run(["--map", try HelsinkiFlowTests.importedMap(), "run", "--keep-going", "trip/t.flow"],
                                            environment: HelsinkiFlowTests.environment, currentDirectory: root)
        XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.gpx").path), "written beside the flow")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out.gpx").path))
    }
}
