import Foundation
import RouteItCore

/// The embedded router behind the `Directions` protocol: routes on a RouteIt map with no
/// network. Opening is cheap; the road graph loads on the first query (or backdrop request)
/// and each mode's hierarchy on its first route.
public final class OfflineDirections: Directions, MapBackdropProviding, @unchecked Sendable {
    private let database: SQLiteDatabase
    private let lock = NSLock()
    private var engine: RoutingEngine?

    /// Uses its own read-only connection when the map is a file, so routing on another thread
    /// never shares a SQLite handle with the geocoder.
    public init(database: SQLiteDatabase) throws {
        let hasRoads = try database.scalarInt(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'road_blobs'") ?? 0
        guard hasRoads > 0 else {
            throw DirectionsError.unavailable("The map has no road graph; re-import it.")
        }
        if FileManager.default.fileExists(atPath: database.path), let own = try? SQLiteDatabase(path: database.path) {
            self.database = own
        } else {
            self.database = database
        }
    }

    public convenience init(path: String) throws {
        try self.init(database: try SQLiteDatabase(path: path))
    }

    func loadedEngine() throws -> RoutingEngine {
        lock.lock()
        defer { lock.unlock() }
        if let engine { return engine }
        do {
            let e = try RoutingEngine(db: database)
            engine = e
            return e
        } catch let e as DirectionsErrorMessage {
            throw DirectionsError.unavailable(e.description)
        } catch {
            throw DirectionsError.unavailable("The map's road graph cannot be read: \(error)")
        }
    }

    public func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        try routes(from: request.source.coordinate, to: request.destination.coordinate,
                   mode: request.transportType, alternatives: request.requestsAlternateRoutes)
    }

    /// Synchronous form of `calculate`, for tools and benchmarks.
    public func routes(from source: Coordinate, to destination: Coordinate, mode: TransportType,
                       alternatives: Bool = false) throws -> [Route] {
        guard source.isValid else { throw DirectionsError.invalidRequest("The start is not a valid coordinate.") }
        guard destination.isValid else { throw DirectionsError.invalidRequest("The destination is not a valid coordinate.") }
        let engine = try loadedEngine()
        do {
            return try engine.routes(from: source, to: destination, mode: mode, alternatives: alternatives)
        } catch let e as DirectionsErrorMessage {
            throw DirectionsError.unavailable(e.description)
        }
    }

    /// Loads the graph and both hierarchies now (benchmarks time queries, not loading).
    public func preload() throws {
        let engine = try loadedEngine()
        do {
            for mode in TransportType.allCases { _ = try engine.router(mode) }
        } catch let e as DirectionsErrorMessage {
            throw DirectionsError.unavailable(e.description)
        }
    }

    public func roads(in box: BoundingBox) -> [[Coordinate]] {
        guard let engine = try? loadedEngine() else { return [] }
        return engine.roads(in: box)
    }
}
