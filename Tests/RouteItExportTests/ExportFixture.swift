import Foundation
import XCTest
import RouteItCore
@testable import RouteItExport
import RouteItTestSupport

/// A three-stop round trip around central Helsinki with addresses that need escaping.
enum ExportFixture {
    static let stops: [MapItem] = [
        MapItem(placemark: Placemark(houseNumber: "1", street: "Mannerheimintie", postalCode: "00100", city: "Helsinki",
                                     coordinate: Coordinate(latitude: 60.1699123, longitude: 24.9384567))),
        MapItem(placemark: Placemark(name: "Café \"Kappeli\" & <Bar> 'Ö'", street: "Eteläesplanadi", postalCode: "00130",
                                     city: "Helsinki", coordinate: Coordinate(latitude: 60.1675, longitude: 24.9525))),
        MapItem(placemark: Placemark(name: "Back\\slash\ttab\u{1}ctl", city: "Helsinki",
                                     coordinate: Coordinate(latitude: 60.1686, longitude: 24.9316))),
    ]

    /// One leg per stop (round trip), each a bent polyline; leg 3 only has step geometry, as
    /// some backends deliver it.
    static var legs: [Route] {
        let pairs = Array(zip(stops, stops.dropFirst() + [stops[0]]))
        return pairs.enumerated().map { index, pair in
            let (a, b) = (pair.0.coordinate, pair.1.coordinate)
            let path = [a, Coordinate(latitude: (a.latitude + b.latitude) / 2 + 0.0007, longitude: (a.longitude + b.longitude) / 2), b]
            if index == 2 {
                return Route(distance: 1234.5, expectedTravelTime: 321, transportType: .walk, polyline: [],
                             steps: [RouteStep(instruction: "Head west", distance: 600, expectedTravelTime: 150, polyline: Array(path[0...1])),
                                     RouteStep(instruction: "Arrive", distance: 634.5, expectedTravelTime: 171, polyline: Array(path[1...2]))])
            }
            return Route(distance: 800 + Double(index) * 100, expectedTravelTime: 200 + Double(index) * 10,
                         transportType: .walk, polyline: path, steps: [])
        }
    }

    static var roads: [[Coordinate]] {
        [[Coordinate(latitude: 60.168, longitude: 24.92), Coordinate(latitude: 60.168, longitude: 24.96)],
         [Coordinate(latitude: 60.160, longitude: 24.94), Coordinate(latitude: 60.175, longitude: 24.94), Coordinate(latitude: 60.175, longitude: 24.95)]]
    }

    /// What a file carries of an address: cleaned as the screen shows it (a TAB is a space,
    /// other control characters are dropped), which XML 1.0 can always hold.
    static func asWritten(_ text: String) -> String { TerminalSafeText.clean(text) }

    /// `text` written to a scratch file called `name`, opened as `open FILE` opens it.
    static func openTrip(_ name: String, _ text: String) throws -> ImportedTrip {
        try TripFileReader.read(path: temporaryFile(name, contents: text).path)
    }

    /// The one line `open FILE` refuses `text` with (a test failure when it opens).
    static func tripRefusal(_ name: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        do {
            _ = try openTrip(name, text)
            XCTFail("\(name) opened", file: file, line: line)
            return ""
        } catch let failure as TripFileReader.Failure {
            return failure.description
        }
    }

    static func temporaryFile(_ name: String, contents: String) throws -> URL {
        let dir = ExportScratch.directory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

/// One scratch directory per test process, removed when the process exits.
enum ExportScratch {
    static let directory: URL = {
        do { return try TestFiles.processDirectory("export-tests") }
        catch { fatalError("cannot make a scratch directory under \(NSTemporaryDirectory()): \(error)") }
    }()
}
