import Foundation
import RouteItCore
import RouteItEngine

/// Opening a map: an input is a whole `.routeit` file, opened and queried as the shell does
/// (route by car and on foot, geocode, reverse geocode, the roads drawn under the trip map).
enum FuzzTarget {
    static func setUp() {
        makeSeedIfAsked { osmFile, output in
            _ = try MapImporter().importMap(osmFile: osmFile, to: output)
        }
    }

    static let queries = ["Mannerheimintie 1", "Aleksanterinkatu", "Boulevard", "1", "katu 3 Helsinki", ""]

    static func run(_ data: Data) {
        let path = FuzzScratch.write(data, named: "input.routeit")
        guard let map = try? RouteItMap(path: path) else { return }
        let box = map.boundingBox ?? BoundingBox(minLatitude: 60.16, minLongitude: 24.93, maxLatitude: 60.18, maxLongitude: 24.96)
        let a = point(in: box, 0.3, 0.4), b = point(in: box, 0.7, 0.6)
        if let directions = try? OfflineDirections(path: path) {
            for mode in TransportType.allCases {
                _ = try? directions.routes(from: a, to: b, mode: mode, alternatives: true)
            }
            _ = directions.roads(in: box)
        }
        if let geocoder = try? OfflineGeocoder(map: map) {
            for query in queries { _ = try? geocoder.search(query) }
            _ = try? geocoder.reverse(a)
        }
    }

    static func point(in box: BoundingBox, _ x: Double, _ y: Double) -> Coordinate {
        Coordinate(latitude: box.minLatitude + (box.maxLatitude - box.minLatitude) * y,
                   longitude: box.minLongitude + (box.maxLongitude - box.minLongitude) * x)
    }
}
