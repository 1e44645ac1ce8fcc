import Foundation
import RouteItCore

/// Routes as straight lines at 10 m/s, answered at once, and tables worked out from the same
/// lines; it counts what it is asked, so a test can tell that nothing was asked at all.
final class StraightLineDirections: Directions, @unchecked Sendable {
    private let lock = NSLock()
    private var _routeRequests = 0
    private var _tableRequests = 0
    private var _lastRequest: DirectionsRequest?

    var routeRequests: Int { lock.withLock { _routeRequests } }
    var tableRequests: Int { lock.withLock { _tableRequests } }
    /// The last route asked for (what a re-route passed on: its start bearing, say).
    var lastRequest: DirectionsRequest? { lock.withLock { _lastRequest } }

    static func seconds(_ a: Coordinate, _ b: Coordinate) -> Double { (a.distance(to: b) / 10).rounded() }

    func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        lock.withLock {
            _routeRequests += 1
            _lastRequest = request
        }
        let a = request.source.coordinate, b = request.destination.coordinate
        let metres = a.distance(to: b), seconds = Self.seconds(a, b)
        let name = request.destination.shortName
        return [Route(name: name, distance: metres, expectedTravelTime: seconds, transportType: request.transportType,
                      polyline: [a, b], steps: [RouteStep(instruction: "Drive to \(name)", distance: metres,
                                                          expectedTravelTime: seconds, polyline: [a, b])])]
    }

    func table(_ request: TravelTableRequest) async throws -> TravelTable {
        lock.withLock { _tableRequests += 1 }
        let durations = request.sources.map { s in request.destinations.map { d -> Double? in Self.seconds(s.coordinate, d.coordinate) } }
        return TravelTable(durations: durations, distances: nil)
    }
}
