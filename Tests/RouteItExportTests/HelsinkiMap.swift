import Foundation
import XCTest
import RouteItCore
import RouteItEngine
import RouteItTestSupport

/// The real Helsinki extract (Scripts/fetch-data) imported once per test run into a temporary
/// map with the road layer, for the optimizer and export tests on real streets.
enum HelsinkiMap {
    struct Missing: Error, CustomStringConvertible { let description: String }

    /// ROUTEIT_OSM_DIR, else <package root>/.data/osm.
    static var osmDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".data/osm")
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cached: Result<OfflineDirections, Error>?

    /// The router on the imported map; a missing extract fails the calling test with how to fix it.
    static func directions(file: StaticString = #filePath, line: UInt = #line) throws -> OfflineDirections {
        let source = osmDirectory.appendingPathComponent("Helsinki.osm.pbf")
        guard FileManager.default.fileExists(atPath: source.path) else {
            XCTFail("\(source.path) is missing: run Scripts/fetch-data first", file: file, line: line)
            throw Missing(description: "missing \(source.path)")
        }
        return try lock.withLock {
            if let cached { return try cached.get() }
            let result = Result { () throws -> OfflineDirections in
                // Imported once per build for every test process (see TestFiles).
                let path = try TestFiles.shared("export-helsinki-roads", builtBy: TestFiles.testBundle) { dir in
                    try MapImporter(layers: [RoadLayerBuilder()]).importMap(from: try openOSMReader(at: source), sourceName: "Helsinki.osm.pbf",
                                                                           to: dir.appendingPathComponent("helsinki.routeit").path)
                }.appendingPathComponent("helsinki.routeit").path
                return try OfflineDirections(path: path)
            }
            cached = result
            return try result.get()
        }
    }

    static func place(_ name: String, _ latitude: Double, _ longitude: Double) -> MapItem {
        MapItem(placemark: Placemark(name: name, city: "Helsinki", coordinate: Coordinate(latitude: latitude, longitude: longitude)))
    }
}
