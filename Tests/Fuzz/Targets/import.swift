import Foundation
import RouteItCore
import RouteItEngine

/// The importer: an input is a whole OSM file (PBF or XML, told apart by content), imported into
/// a map as `routeit import` does; a map that imports is opened and queried like the map target.
enum FuzzTarget {
    static func setUp() {}

    static func run(_ data: Data) {
        let input = FuzzScratch.write(data, named: "input.osm")
        let output = FuzzScratch.path("imported.routeit")
        try? FileManager.default.removeItem(atPath: output)
        guard (try? MapImporter().importMap(osmFile: input, to: output)) != nil,
              let map = try? RouteItMap(path: output) else { return }
        let box = map.boundingBox ?? BoundingBox(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.18, maxLongitude: 24.96)
        let a = Coordinate(latitude: (box.minLatitude * 2 + box.maxLatitude) / 3, longitude: (box.minLongitude * 2 + box.maxLongitude) / 3)
        let b = Coordinate(latitude: (box.minLatitude + box.maxLatitude * 2) / 3, longitude: (box.minLongitude + box.maxLongitude * 2) / 3)
        if let directions = try? OfflineDirections(path: output) {
            for mode in TransportType.allCases { _ = try? directions.routes(from: a, to: b, mode: mode, alternatives: true) }
        }
        if let geocoder = try? OfflineGeocoder(map: map) {
            _ = try? geocoder.search("Aleksanterinkatu 52")
            _ = try? geocoder.reverse(a)
        }
    }
}
