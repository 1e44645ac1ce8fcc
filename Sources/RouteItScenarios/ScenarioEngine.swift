import Foundation
import RouteItCore
import RouteItEngine

/// What a scenario is routed with: RouteIt's engine in process, or OSRM itself (the peer that
/// says which scenarios can pass at all).
public protocol ScenarioEngine: Sendable {
    /// Builds a routable graph of the scenario's data for `profile` (car, foot, bicycle) in `directory`.
    func open(_ map: ScenarioMap, profile: String, directory: URL) throws -> ScenarioRouter
    /// True when the engine's steps cannot say everything OSRM's can: expected cells needing
    /// what it lacks are then `unsupported`, not failures.
    var isRouteIt: Bool { get }
}

public protocol ScenarioRouter {
    /// The route through the points, each pair a leg; nil when there is none.
    func route(_ points: [Coordinate]) throws -> OSRMStepStrings?
    func close()
}

/// RouteIt's importer and router: the scenario's data imported into a map file, then routed.
public struct RouteItScenarioEngine: ScenarioEngine {
    public init() {}

    public var isRouteIt: Bool { true }

    public func open(_ map: ScenarioMap, profile: String, directory: URL) throws -> ScenarioRouter {
        guard let mode = Self.mode(profile: profile) else { throw ScenarioError.unsupported("profile \(profile)") }
        let path = directory.appendingPathComponent("\(UUID().uuidString).routeit").path
        do {
            try MapImporter(layers: [RoadLayerBuilder()]).importMap(from: ScenarioOSMReader(map.entities),
                                                                     sourceName: "scenario.osm", to: path)
            return Router(directions: try OfflineDirections(path: path), mode: mode, path: path)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// The profiles of OSRM's features RouteIt has.
    static func mode(profile: String) -> TransportType? {
        switch profile {
        case "car": return .car
        // foot_area.lua is foot.lua with area meshing switched on and nothing else (its own header):
        // its scenarios pin that the two walk the same ways.
        case "foot", "foot_area": return .walk
        case "bicycle": return .bike
        default: return nil
        }
    }

    struct Router: ScenarioRouter {
        let directions: OfflineDirections
        let mode: TransportType
        let path: String

        /// Each leg after the first leaves its via point as the profile says (`StopTurnaround`:
        /// a car the way the leg before arrived), as osrm-routed's default `continue_straight`.
        func route(_ points: [Coordinate]) throws -> OSRMStepStrings? {
            let places = points.map { MapItem(placemark: Placemark(coordinate: $0)) }
            if points.count > 2 && StopTurnaround.continuesStraight(mode) {
                var failure: Error?
                let found = StopTurnaround.cheapest(StopTurnaround.sides(places)) { choice in
                    do {
                        return try directions.routes(from: points[choice.leg], to: points[choice.leg + 1], mode: mode,
                                                     sourceApproach: choice.from ?? .unrestricted,
                                                     targetApproach: choice.to ?? .unrestricted).first
                    } catch is DirectionsError {
                        return nil
                    } catch {
                        failure = error
                        return nil
                    }
                }
                if let failure { throw failure }
                if let found { return OSRMStepStrings(legs: found.routes, mode: mode) }
            }
            var legs: [Route] = []
            for (a, b) in zip(points, points.dropFirst()) {
                do {
                    guard let leg = try directions.routes(from: a, to: b, mode: mode).first else { return nil }
                    legs.append(leg)
                } catch is DirectionsError {
                    // No route, no road near a point: OSRM's NoRoute and NoSegment.
                    return nil
                }
            }
            return OSRMStepStrings(legs: legs, mode: mode)
        }

        func close() { try? FileManager.default.removeItem(atPath: path) }
    }
}
