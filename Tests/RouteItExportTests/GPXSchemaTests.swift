import XCTest
import RouteItCore
@testable import RouteItExport

/// Validates the GPX export against the official GPX 1.1 XML Schema with xmllint
/// (Scripts/fetch-gpx-schema fetches the schema, Scripts/install-deps installs libxml2-utils).
final class GPXSchemaTests: XCTestCase {
    private var schema: URL {
        if let dir = ProcessInfo.processInfo.environment["ROUTEIT_SCHEMA_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir).appendingPathComponent("gpx-1.1.xsd")
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".data/schema/gpx-1.1.xsd")
    }

    /// xmllint's exit status and messages for `document` against the GPX schema.
    func validateForTimes(_ document: String) throws -> (status: Int32, messages: String) { try validate(document) }

    private func validate(_ document: String) throws -> (status: Int32, messages: String) {
        guard FileManager.default.fileExists(atPath: schema.path) else {
            XCTFail("\(schema.path) is missing: run Scripts/fetch-gpx-schema")
            throw CocoaError(.fileNoSuchFile)
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") else {
            XCTFail("xmllint is not installed: run Scripts/install-deps (apt package libxml2-utils)")
            throw CocoaError(.fileNoSuchFile)
        }
        let file = try ExportFixture.temporaryFile("trip.gpx", contents: document)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--nonet", "--schema", schema.path, file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, messages)
    }

    func testExportValidatesAgainstTheGPX11Schema() throws {
        let result = try validate(GPXExport.gpx(stops: ExportFixture.stops, legs: ExportFixture.legs))
        XCTAssertEqual(result.status, 0, result.messages)
        XCTAssertTrue(result.messages.contains("validates"), result.messages)
    }

    func testTheValidatorRejectsOutOfOrderElements() throws {
        // The check can fail: a route placed before a waypoint breaks the schema's sequence.
        let gpx = GPXExport.gpx(stops: ExportFixture.stops, legs: ExportFixture.legs)
        let broken = gpx.replacingOccurrences(of: "  </metadata>\n", with: "  </metadata>\n  <rte><name>early</name></rte>\n")
        XCTAssertNotEqual(broken, gpx)
        XCTAssertNotEqual(try validate(broken).status, 0)
    }

    func testEmptyTripIsStillValid() throws {
        XCTAssertEqual(try validate(GPXExport.gpx(stops: [], legs: [])).status, 0)
    }
}

extension GPXSchemaTests {
    func testExportWithTimesAndExtensionsValidates() throws {
        let places = ExportFixture.stops.map { TripPlace(item: $0, stay: 600, label: "x") }
        let schedule = TripSchedule(departure: Date(timeIntervalSince1970: 1_796_284_800), travelTimes: ExportFixture.legs.map(\.expectedTravelTime), stays: places.map(\.stay))
        let plan = TripExportPlan(places: places, legDepartures: schedule.legs.map(\.departure), legArrivals: schedule.legs.map(\.arrival),
                                  departure: .now, transportType: .car, distanceUnit: .miles, timeZone: TimeZone(identifier: "UTC")!)
        let result = try validateForTimes(GPXExport.gpx(stops: ExportFixture.stops, legs: ExportFixture.legs, plan: plan))
        XCTAssertEqual(result.status, 0, result.messages)
    }
}

extension GPXSchemaTests {
    /// `export track` after `go`: the planned legs as routes, the drive as a track of timed points.
    func testTheDrivenTrackValidatesWithThePlanBesideIt() throws {
        let start = Date(timeIntervalSince1970: 1_796_464_800)
        let drive = ExportFixture.legs[0].polyline.enumerated().map {
            GuidanceFix(coordinate: $1, time: start.addingTimeInterval(Double($0)), speed: 10, accuracy: 5)
        }
        let gpx = TrackExport.gpx(track: drive, planned: ExportFixture.legs)
        let result = try validateForTimes(gpx)
        XCTAssertEqual(result.status, 0, result.messages)
        XCTAssertEqual(gpx.components(separatedBy: "<rte>").count - 1, ExportFixture.legs.count)
        XCTAssertEqual(gpx.components(separatedBy: "<trkpt ").count - 1, drive.count)
        XCTAssertTrue(gpx.contains("<time>2026-12-05T10:00:01Z</time></trkpt>"), gpx)
        XCTAssertTrue(gpx.contains("<text>© OpenStreetMap contributors</text>"))
    }
}
