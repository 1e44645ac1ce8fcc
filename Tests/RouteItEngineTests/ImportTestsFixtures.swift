import Foundation
import RouteItCore
import RouteItTestSupport
@testable import RouteItEngine

/// An OSMReader over an in-memory list, in file order (nodes, ways, relations), for fixtures.
/// `failAfter` makes it throw after that many entities of a pass (a truncated file).
final class ArrayOSMReader: OSMReader {
    let entities: [OSMEntity]
    let fileInfo: OSMFileInfo
    var failAfter: Int?
    private(set) var passes = 0

    init(_ entities: [OSMEntity], info: OSMFileInfo = OSMFileInfo(), failAfter: Int? = nil) {
        self.entities = entities
        self.fileInfo = info
        self.failAfter = failAfter
    }

    var info: OSMFileInfo { fileInfo }

    func read(_ kinds: OSMEntityKinds, _ body: (OSMEntity) throws -> Void) throws {
        passes += 1
        var count = 0
        for entity in entities {
            switch entity {
            case .node: if !kinds.contains(.nodes) { continue }
            case .way: if !kinds.contains(.ways) { continue }
            case .relation: if !kinds.contains(.relations) { continue }
            }
            if let failAfter, count >= failAfter { throw OSMReadError("truncated input") }
            try body(entity)
            count += 1
        }
    }
}

/// A few streets of central Helsinki, hand-made: positions are close to the real ones.
enum TownFixture {
    static func node(_ id: Int64, _ lat: Double, _ lon: Double, _ tags: [(String, String)] = []) -> OSMEntity {
        .node(OSMNode(id: id, latitude: lat, longitude: lon, tags: tags))
    }

    static func address(_ street: String, _ number: String, postcode: String? = "00100", city: String? = "Helsinki") -> [(String, String)] {
        var tags = [("addr:street", street), ("addr:housenumber", number)]
        if let postcode { tags.append(("addr:postcode", postcode)) }
        if let city { tags.append(("addr:city", city)) }
        return tags
    }

    static var entities: [OSMEntity] {
        [
            // Annankatu, running north-south.
            node(1, 60.1660, 24.9380), node(2, 60.1670, 24.9385), node(3, 60.1680, 24.9390),
            // Töölönlahdenkatu.
            node(4, 60.1725, 24.9390), node(5, 60.1730, 24.9420),
            // Mannerheimintie.
            node(6, 60.1690, 24.9400), node(7, 60.1710, 24.9390),
            // Annankatu 25 on a node, again on an entrance 8 m away: one address.
            node(10, 60.16705, 24.93820, address("Annankatu", "25")),
            node(11, 60.16710, 24.93830, address("Annankatu", "25", postcode: nil) + [("entrance", "main")]),
            node(12, 60.16650, 24.93790, address("Annankatu", "23")),
            node(13, 60.16990, 24.93960, address("Mannerheimintie", "14-20")),
            node(14, 60.16960, 24.93970, address("Mannerheimintie", "12 B")),
            node(15, 60.16985, 24.93900, [("name", "Stockmann"), ("shop", "department_store"), ("opening_hours", "Mo-Fr 10:00-21:00; Sa 10:00-18:00")]
                 + address("Aleksanterinkatu", "52")),
            node(16, 60.16700, 24.95200, [("name", "Kauppatori"), ("railway", "tram_stop")]),
            // Outline of Töölönlahdenkatu 2 (nodes 20-23).
            node(20, 60.1720, 24.9380), node(21, 60.1720, 24.9386), node(22, 60.1724, 24.9386), node(23, 60.1724, 24.9380),
            // Kauppatori square: multipolygon outer way 40 (nodes 30-33).
            node(30, 60.1672, 24.9520), node(31, 60.1672, 24.9535), node(32, 60.1680, 24.9535), node(33, 60.1680, 24.9520),
            .way(OSMWay(id: 100, nodeRefs: [1, 2, 3], tags: [("highway", "residential"), ("name", "Annankatu"), ("name:sv", "Annegatan")])),
            .way(OSMWay(id: 101, nodeRefs: [4, 5], tags: [("highway", "tertiary"), ("name", "Töölönlahdenkatu")])),
            .way(OSMWay(id: 102, nodeRefs: [6, 7], tags: [("highway", "primary"), ("name", "Mannerheimintie")])),
            .way(OSMWay(id: 103, nodeRefs: [20, 21, 22, 23, 20],
                        tags: [("building", "yes")] + address("Töölönlahdenkatu", "2"))),
            .way(OSMWay(id: 104, nodeRefs: [30, 31, 32, 33, 30])),
            .relation(OSMRelation(id: 200, members: [OSMMember(kind: .way, ref: 104, role: "outer")],
                                  tags: [("type", "multipolygon"), ("place", "square"), ("name", "Kauppatori"),
                                         ("name:sv", "Salutorget"), ("highway", "pedestrian")])),
        ]
    }
}

enum TestPaths {
    /// The real extracts (Scripts/fetch-data): ROUTEIT_OSM_DIR, else <package root>/.data/osm.
    static func osmFile(_ name: String, file: StaticString = #filePath) throws -> String {
        let directory = ProcessInfo.processInfo.environment["ROUTEIT_OSM_DIR"]
            ?? URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".data/osm").path
        let path = (directory as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: path) else {
            throw MapImportError("missing \(path): run Scripts/fetch-data")
        }
        return path
    }
}

/// A geocoder test class's map: `entities` imported once into the class's own directory (the
/// class removes it in its tearDown), and the geocoder on it.
enum GeocoderFixtureMap {
    static func open(_ entities: [OSMEntity], named name: String, in testClass: String) throws -> (directory: URL, geocoder: OfflineGeocoder) {
        let directory = try TestFiles.processDirectory(testClass)
        let path = directory.appendingPathComponent("\(name).routeit").path
        try MapImporter(layers: DefaultLayers.make()).importMap(from: ArrayOSMReader(entities), sourceName: "\(name).osm", to: path)
        return (directory, try OfflineGeocoder(path: path))
    }
}
