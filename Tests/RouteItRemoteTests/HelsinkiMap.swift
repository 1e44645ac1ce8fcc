import Foundation
import RouteItEngine
import XCTest
import RouteItTestSupport

/// The Helsinki extract imported once per test run into a temporary .routeit map, for the real
/// embedded engine (OfflineDirections, OfflineGeocoder) on the fallback side of the tests.
enum HelsinkiMap {
    static var pbf: URL {
        let dir = ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"].map { URL(fileURLWithPath: $0) }
            ?? OSRMServer.packageRoot.appendingPathComponent(".data/osm")
        return dir.appendingPathComponent("Helsinki.osm.pbf")
    }

    /// Imported once per build for every test process (see TestFiles).
    private static let imported: Result<String, Error> = Result {
        guard FileManager.default.fileExists(atPath: pbf.path) else {
            throw MapImportError("\(pbf.path) missing: run Scripts/fetch-data")
        }
        return try TestFiles.shared("remote-helsinki", builtBy: TestFiles.testBundle) { directory in
            try MapImporter().importMap(from: try openOSMReader(at: pbf), sourceName: "Helsinki.osm.pbf",
                                        to: directory.appendingPathComponent("helsinki.routeit").path)
        }.appendingPathComponent("helsinki.routeit").path
    }

    /// The map's path; a missing extract fails the calling test with how to fix it.
    static func path(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        do {
            return try imported.get()
        } catch {
            XCTFail("cannot import the Helsinki extract: \(error)", file: file, line: line)
            throw error
        }
    }
}
