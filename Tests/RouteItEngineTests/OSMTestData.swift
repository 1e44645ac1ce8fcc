import Foundation
import XCTest
import RouteItEngine

/// Locates the real OSM extracts and writes throwaway fixture files for the OSM reader tests.
enum OSMTestData {
    /// ROUTEIT_OSM_DIR, else <package root>/.data/osm (where Scripts/fetch-data puts them).
    static var directory: URL {
        if let dir = ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".data/osm")
    }

    /// A real extract; a missing file fails the test (never skips it).
    static func realFile(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            XCTFail("\(url.path) is missing: run Scripts/fetch-data first", file: file, line: line)
            throw OSMReadError("missing test data \(name)")
        }
        return url
    }

    static func write(_ bytes: [UInt8], named name: String, in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    static func write(_ text: String, named name: String, in dir: URL) throws -> URL {
        try write(Array(text.utf8), named: name, in: dir)
    }
}

/// Collects a whole stream, for assertions.
struct OSMCollected {
    var nodes: [OSMNode] = []
    var ways: [OSMWay] = []
    var relations: [OSMRelation] = []

    init(_ reader: OSMReader, _ kinds: OSMEntityKinds = .all) throws {
        try reader.read(kinds) { entity in
            switch entity {
            case .node(let node): nodes.append(node)
            case .way(let way): ways.append(way)
            case .relation(let relation): relations.append(relation)
            }
        }
    }
}
