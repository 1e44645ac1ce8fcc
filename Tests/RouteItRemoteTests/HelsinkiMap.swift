import Foundation
import RouteItEngine
import XCTest

/// The Helsinki extract imported once per test run into a temporary .routeit map, for the real
/// embedded engine (OfflineDirections, OfflineGeocoder) on the fallback side of the tests.
enum HelsinkiMap {
    static var pbf: URL {
        let dir = ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"].map { URL(fileURLWithPath: $0) }
            ?? OSRMServer.packageRoot.appendingPathComponent(".data/osm")
        return dir.appendingPathComponent("Helsinki.osm.pbf")
    }

    private static let imported: Result<String, Error> = Result {
        guard FileManager.default.fileExists(atPath: pbf.path) else {
            throw MapImportError("\(pbf.path) missing: run Scripts/fetch-data")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("routeit-remote-tests-\(getpid()).routeit").path
        try MapImporter().importMap(from: try openOSMReader(at: pbf), sourceName: "Helsinki.osm.pbf", to: path)
        atexit { try? FileManager.default.removeItem(atPath: FileManager.default.temporaryDirectory
            .appendingPathComponent("routeit-remote-tests-\(getpid()).routeit").path) }
        return path
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
