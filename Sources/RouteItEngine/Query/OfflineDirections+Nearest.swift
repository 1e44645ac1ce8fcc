import RouteItCore

/// The road a trip in a mode would start on from a point (OSRM's `/nearest`).
public struct NearestRoad: Equatable, Sendable {
    /// The point on the road nearest the one asked.
    public var location: Coordinate
    /// Metres from the point asked to `location`.
    public var distance: Double
    /// The road's name, "" when it has none.
    public var name: String
    /// The OSM ids of the two nodes the road's piece runs between, in the way's direction
    /// (OSRM's `nodes`); empty on a damaged map.
    public var nodes: [Int64]
}

extension OfflineDirections {
    /// The road the mode may use nearest `coordinate` (OSRM's `/nearest`); nil when none is within
    /// reach. A trip starts there unless that road is a piece cut off from the network.
    public func nearest(_ coordinate: Coordinate, mode: TransportType) throws -> NearestRoad? {
        try nearest(coordinate, mode: mode, count: 1, heading: nil).first
    }

    /// Up to `count` roads nearest the point, nearest first, one point on each (OSRM's
    /// `/nearest?number=N`: by distance alone, pieces cut off from the network included, as
    /// OSRM's own), only the ones the mode may travel within `heading` when given (`bearings`).
    public func nearest(_ coordinate: Coordinate, mode: TransportType, count: Int, heading: HeadingFilter?) throws -> [NearestRoad] {
        guard coordinate.isValid else { throw DirectionsError.invalidRequest("Not a valid coordinate.") }
        let engine = try loadedEngine()
        do {
            return try MapDamage.checking { try engine.nearest(coordinate, mode: mode, count: count, heading: heading) }
        } catch {
            throw OfflineDirections.userError(error)
        }
    }
}

extension RoutingEngine {
    func nearest(_ c: Coordinate, mode: TransportType, count: Int, heading: HeadingFilter?) throws -> [NearestRoad] {
        let router = try self.router(mode)
        let ws = borrow(mode, nodeCount: router.graph.nodeCount)
        defer { giveBack(ws, mode) }
        func road(_ p: PhantomNode) -> NearestRoad {
            let ids = net.nodeIds.ids(ofEdge: p.edge, geometryStart: net.geometryStart) ?? []
            let nodes = p.segment + 1 < ids.count ? [ids[p.segment], ids[p.segment + 1]] : []
            if nodes.isEmpty { MapDamage.report() }
            return NearestRoad(location: p.point, distance: p.offset, name: net.name(of: p.edge), nodes: nodes)
        }
        var found: [PhantomNode] = []
        // The next nearest road each time, on an edge not listed yet.
        while found.count < count {
            let taken = Set(found.map(\.edge))
            guard let next = Snapper.snap(c, mode: mode, net: net, grid: ends.grid, edgeStamp: ws.edgeStamp, stamp: ws.nextEdgeStamp(),
                                          accept: { !taken.contains($0) }, heading: heading) else { break }
            found.append(next)
        }
        return found.prefix(count).map(road)
    }
}
