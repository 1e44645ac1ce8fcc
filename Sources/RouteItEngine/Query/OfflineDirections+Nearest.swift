import RouteItCore

/// The road a trip in a mode would start on from a point (OSRM's `/nearest`).
public struct NearestRoad: Equatable, Sendable {
    /// The point on the road nearest the one asked.
    public var location: Coordinate
    /// Metres from the point asked to `location`.
    public var distance: Double
    /// The road's name, "" when it has none.
    public var name: String
}

extension OfflineDirections {
    /// Where a trip in `mode` from `coordinate` would join the roads, snapped as a route's end
    /// is (`TripEndSnapper.snapAlone`); nil when no road the mode may use is within reach.
    public func nearest(_ coordinate: Coordinate, mode: TransportType) throws -> NearestRoad? {
        guard coordinate.isValid else { throw DirectionsError.invalidRequest("Not a valid coordinate.") }
        let engine = try loadedEngine()
        do {
            return try MapDamage.checking { try engine.nearest(coordinate, mode: mode) }
        } catch {
            throw OfflineDirections.userError(error)
        }
    }
}

extension RoutingEngine {
    func nearest(_ c: Coordinate, mode: TransportType) throws -> NearestRoad? {
        let router = try self.router(mode)
        let ws = borrow(mode, nodeCount: router.graph.nodeCount)
        defer { giveBack(ws, mode) }
        guard let p = ends.snapAlone(c, mode, ws)?.phantom else { return nil }
        return NearestRoad(location: p.point, distance: p.offset, name: net.name(of: p.edge))
    }
}
