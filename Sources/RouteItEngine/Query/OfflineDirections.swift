import Foundation
import RouteItCore
import Synchronization

/// The embedded router behind the `Directions` protocol: routes on a RouteIt map with no
/// network. Opening is cheap; the road graph loads on the first query (or backdrop request)
/// and each mode's hierarchy on its first route.
public final class OfflineDirections: Directions, MapBackdropProviding, Sendable {
    private let sections: MapSections
    /// The road graph, loaded on first use.
    private let engine = Mutex<RoutingEngine?>(nil)

    /// Maps the road graph stored in the map file at `path` (its fixed-layout sections).
    public convenience init(path: String) throws {
        try self.init(opening: { try MapSections(path: path) })
    }

    /// The road graph of an opened map, from the same open file as its SQLite part.
    public convenience init(map: RouteItMap) throws {
        try self.init(opening: { try map.sections() })
    }

    private init(opening: () throws -> MapSections) throws {
        do {
            sections = try opening()
        } catch let error as MapSectionsError {
            throw DirectionsError.unavailable(error.description)
        }
        guard sections.has("net.from") else {
            throw DirectionsError.unavailable("The map has no road graph; import it again.")
        }
    }

    func loadedEngine() throws -> RoutingEngine {
        try engine.withLock { engine in
            if let engine { return engine }
            do {
                let e = try RoutingEngine(sections: sections)
                engine = e
                return e
            } catch {
                throw OfflineDirections.userError(error)
            }
        }
    }

    /// One line for the user, whatever went wrong inside the engine.
    static func userError(_ error: Error) -> Error {
        switch error {
        case let e as DirectionsError: return e
        case let e as MapSectionsError: return DirectionsError.unavailable(e.description)
        case is MapDamageError: return DirectionsError.unavailable(MapDamage.message)
        default: return DirectionsError.unavailable(MapDamage.message)
        }
    }

    public func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        try routes(from: request.source.coordinate, to: request.destination.coordinate,
                   mode: request.transportType, alternatives: request.requestsAlternateRoutes,
                   quickestOnly: request.wantsQuickestOnly, avoid: request.avoid)
    }

    /// Synchronous form of `calculate`, for tools and benchmarks.
    public func routes(from source: Coordinate, to destination: Coordinate, mode: TransportType,
                       alternatives: Bool = false, quickestOnly: Bool = false, avoid: RoadAvoidance = []) throws -> [Route] {
        guard source.isValid else { throw DirectionsError.invalidRequest("The start is not a valid coordinate.") }
        guard destination.isValid else { throw DirectionsError.invalidRequest("The destination is not a valid coordinate.") }
        let engine = try loadedEngine()
        do {
            return try MapDamage.checking {
                try engine.routes(from: source, to: destination, mode: mode, alternatives: alternatives,
                                  quickestOnly: quickestOnly, avoid: avoid)
            }
        } catch {
            throw OfflineDirections.userError(error)
        }
    }

    /// Maps every mode's hierarchy now (benchmarks time queries, not opening).
    public func preload() throws {
        let engine = try loadedEngine()
        do {
            for mode in TransportType.allCases { _ = try engine.router(mode) }
        } catch {
            throw OfflineDirections.userError(error)
        }
    }

    /// Checks every stored checksum of the road graph (reads all of it); the damaged sections.
    public func damagedSections() -> [String] { sections.verify() }

    public func roads(in box: BoundingBox) -> [[Coordinate]] {
        guard let engine = try? loadedEngine() else { return [] }
        return (try? MapDamage.checking { engine.roads(in: box) }) ?? []
    }
}
