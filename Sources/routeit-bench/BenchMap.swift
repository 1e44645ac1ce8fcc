import RouteItCore
import RouteItEngine

/// The map a benchmark routes on: its bounding box (where random points are drawn) and its
/// offline router, preloaded unless the measure should include loading. Exits with one line when
/// the map cannot be used.
enum BenchMap {
    static func open(_ path: String, preload: Bool = true) -> (box: BoundingBox, directions: OfflineDirections) {
        do {
            guard let box = try RouteItMap(path: path).boundingBox else { fail("\(path) has no bounding box") }
            let directions = try OfflineDirections(path: path)
            if preload { try directions.preload() }
            return (box, directions)
        } catch {
            fail("\(path): \(error)")
        }
    }
}
