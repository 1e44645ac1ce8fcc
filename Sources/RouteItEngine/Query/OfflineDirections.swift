import Foundation
import RouteItCore
import RouteItSQLite
import Synchronization

/// The embedded router behind the `Directions` protocol: routes on a RouteIt map with no
/// network. Opening is cheap; the road graph loads on the first query (or backdrop request)
/// and each mode's hierarchy on its first route. It knows its map's area: a place off the map
/// (outside it, with no road within the area's margin) is `… is outside the Helsinki map (…)`,
/// not a route to a road kilometres away nor "no route".
public final class OfflineDirections: Directions, MapBackdropProviding, Sendable {
    private let sections: MapSections
    /// The road graph, loaded on first use.
    private let engine = Mutex<RoutingEngine?>(nil)
    /// The map's area; nil when the map does not say (then nothing is called outside).
    public let area: MapArea?

    /// Maps the road graph stored in the map file at `path` (its fixed-layout sections).
    public convenience init(path: String, area: MapArea? = nil) throws {
        try self.init(opening: { try MapSections(path: path) }, area: area)
    }

    /// The road graph of an opened map, from the same open file as its SQLite part, knowing
    /// its area.
    public convenience init(map: RouteItMap) throws {
        try self.init(opening: { try map.sections() }, area: map.area)
    }

    private init(opening: () throws -> MapSections, area: MapArea?) throws {
        self.area = area
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
                let e = try RoutingEngine(sections: sections, calendar: .forMap(area))
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
        case let e as SQLiteError where e.isOutOfMemory: return DirectionsError.unavailable(MapSectionsError.noMemoryMessage)
        default: return DirectionsError.unavailable(MapDamage.message)
        }
    }

    /// The routes for `request`; an end off the map is the outside alert (even when a road far
    /// away was found for it).
    public func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        let routes: [Route]
        do {
            routes = try self.routes(from: request.source.coordinate, to: request.destination.coordinate,
                                     mode: request.transportType, alternatives: request.requestsAlternateRoutes,
                                     quickestOnly: request.wantsQuickestOnly, avoid: request.avoid,
                                     departure: request.departureDate,
                                     sourceApproach: request.source.approach ?? .unrestricted,
                                     targetApproach: request.destination.approach ?? .unrestricted,
                                     startBearing: request.startBearing, steps: request.wantsSteps,
                                     osmNodes: request.detail.contains(.osmNodes),
                                     intersections: request.detail.contains(.intersections))
        } catch let error as DirectionsError {
            switch error {
            case .noRoute, .invalidRequest: throw offMapAlert(request, routes: []) ?? error
            case .unavailable: throw error
            }
        }
        if let outside = offMapAlert(request, routes: routes) { throw outside }
        return routes
    }

    /// Travel times by the map's many-to-many search; distances, when asked, from each pair's
    /// route (the search keeps costs, not lengths). A place off the map is the outside alert.
    public func table(_ request: TravelTableRequest) async throws -> TravelTable {
        let engine = try loadedEngine()
        var table: TravelTable
        do {
            try MapDamage.checking { try checkTablePlaces(request, on: engine) }
            table = try MapDamage.checking {
                let found = try engine.travelTable(
                    from: request.sources.map(\.coordinate), to: request.destinations.map(\.coordinate),
                    mode: request.transportType, avoid: request.avoid, departure: request.departureDate,
                    approaches: (request.sources.map { $0.approach ?? .unrestricted }, request.destinations.map { $0.approach ?? .unrestricted }))
                return TravelTable(durations: found.durations, distances: nil, sourceRoads: request.wantsRoads ? found.sourceRoads : nil,
                                   destinationRoads: request.wantsRoads ? found.targetRoads : nil)
            }
        } catch let alert as Alert {
            throw alert
        } catch {
            throw OfflineDirections.userError(error)
        }
        guard request.wantsDistances else { return table }
        table.distances = try await OneToOneTable.table(request, using: self).distances
        return table
    }

    /// The alert for the first end of `request` off the map: one outside the area whose route
    /// (the first of `routes`; none: no route) starts or ends beyond the margin from it.
    private func offMapAlert(_ request: DirectionsRequest, routes: [Route]) -> Alert? {
        guard let area else { return nil }
        let line = routes.first?.polyline
        if area.isOff(request.source.coordinate, nearestFound: line?.first) { return area.outsideAlert(Self.name(request.source), at: request.source.coordinate) }
        if area.isOff(request.destination.coordinate, nearestFound: line?.last) { return area.outsideAlert(Self.name(request.destination), at: request.destination.coordinate) }
        return nil
    }

    /// Throws the outside alert naming every one of a table's places off the map (outside the
    /// area and no road of the mode within its margin), each once; places inside are not looked at.
    private func checkTablePlaces(_ request: TravelTableRequest, on engine: RoutingEngine) throws {
        guard let area else { return }
        var off: [(what: String, at: Coordinate)] = [], seen = Set<Coordinate>()
        for item in request.sources + request.destinations where !area.contains(item.coordinate) && seen.insert(item.coordinate).inserted {
            let road = try engine.nearestRoad(to: item.coordinate, mode: request.transportType)
            if area.isOff(item.coordinate, nearestFound: road) { off.append((Self.name(item), item.coordinate)) }
        }
        if !off.isEmpty { throw area.outsideAlert(off) }
    }

    /// The place's address, else its coordinate.
    /// A place by its address; a place that has only a name (a stop list's `A,"24.94,60.17"`)
    /// with its coordinates too, so the outside alert can say which was meant (`MapArea`).
    private static func name(_ item: MapItem) -> String {
        let p = item.placemark
        guard p.street == nil, p.city == nil, let name = p.name, !name.isEmpty, !name.hasSuffix(p.coordinate.description) else {
            return p.formattedAddress.isEmpty ? "\(item.coordinate)" : p.formattedAddress
        }
        return "\(name) (\(p.coordinate))"
    }

    /// Synchronous form of `calculate`, for tools and benchmarks (`departure` nil: now); the
    /// approaches are the sides of the road the trip leaves and arrives by.
    public func routes(from source: Coordinate, to destination: Coordinate, mode: TransportType,
                       alternatives: Bool = false, quickestOnly: Bool = false, avoid: RoadAvoidance = [],
                       departure: Date? = nil, sourceApproach: RoadSideApproach = .unrestricted,
                       targetApproach: RoadSideApproach = .unrestricted, startBearing: StartBearing? = nil,
                       steps: Bool = true, osmNodes: Bool = false, intersections: Bool = false) throws -> [Route] {
        guard source.isValid else { throw DirectionsError.invalidRequest("The start is not a valid coordinate.") }
        guard destination.isValid else { throw DirectionsError.invalidRequest("The destination is not a valid coordinate.") }
        let engine = try loadedEngine()
        do {
            return try MapDamage.checking {
                try engine.routes(from: source, to: destination, mode: mode, alternatives: alternatives,
                                  quickestOnly: quickestOnly, avoid: avoid, departure: departure,
                                  approaches: EndApproaches(source: sourceApproach, target: targetApproach),
                                  startBearing: startBearing, steps: steps, osmNodes: osmNodes, intersections: intersections)
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

    /// A number that differs between maps and imports (the sections' directory checksum): what
    /// a hint names its map by, so a hint from another map is not taken.
    public var mapFingerprint: UInt32 { sections.directoryCRC }

    /// Whether the map file is still as it was mapped: a server checks it around each request
    /// (one fstat(2)) and answers that the map is unavailable once it is not, rather than from
    /// a mix of the old map and the bytes written over it.
    public var mapFileHealth: MapFileHealth { sections.fileHealth }

    /// Checks every stored checksum of the road graph (reads all of it); the damaged sections.
    public func damagedSections() -> [String] { sections.verify() }

    public func roads(in box: BoundingBox) -> [[Coordinate]] {
        guard let engine = try? loadedEngine() else { return [] }
        return (try? MapDamage.checking { engine.roads(in: box) }) ?? []
    }
}
