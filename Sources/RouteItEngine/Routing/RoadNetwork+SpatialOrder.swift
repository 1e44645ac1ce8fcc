/// Edges numbered along a Hilbert curve of their middle points, so that the edges a route
/// drives, snaps to or turns past lie on few pages of every per-edge array and of the geometry.
/// A map's sections are mapped, and the kernel maps 64 KB around every page read: edges in way
/// order scatter a route over the whole file, edges in curve order keep it to a strip.
extension RoadNetwork {
    func spatiallyOrdered() -> RoadNetwork {
        let curve = HilbertCurve(covering: geometry)
        var keyed: [(key: UInt64, edge: Int)] = []
        keyed.reserveCapacity(edgeCount)
        for e in 0..<edgeCount {
            let pts = points(of: e)
            let middle = pts.isEmpty ? GeoPoint(lat: 0, lon: 0) : pts[pts.startIndex + pts.count / 2]
            keyed.append((curve.position(of: middle), e))
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.edge < $1.edge }
        let order = keyed.map(\.edge)
        func permuted<T>(_ c: Column<T>) -> Column<T> { Column(order.map { c[$0] }) }
        var out = RoadNetwork(nodeCount: nodeCount, edgeFrom: permuted(edgeFrom), edgeTo: permuted(edgeTo),
                              edgeLength: permuted(edgeLength), edgeClass: permuted(edgeClass),
                              edgeFlags: permuted(edgeFlags), edgeCarMs: permuted(edgeCarMs),
                              edgeFootMs: permuted(edgeFootMs), edgeName: permuted(edgeName),
                              edgeWay: permuted(edgeWay), edgeAvoid: permuted(edgeAvoid), geometryStart: [], geometry: [], names: names, refs: refs)
        if edgeBikeForwardMs.count == edgeCount {
            out.edgeBikeForwardMs = permuted(edgeBikeForwardMs)
            out.edgeBikeBackwardMs = permuted(edgeBikeBackwardMs)
            out.edgeBikeFlags = permuted(edgeBikeFlags)
        }
        var starts: [UInt32] = []
        var points: [GeoPoint] = []
        starts.reserveCapacity(edgeCount + 1)
        points.reserveCapacity(geometry.count)
        for e in order {
            starts.append(UInt32(points.count))
            points.append(contentsOf: self.points(of: e))
        }
        starts.append(UInt32(points.count))
        out.geometryStart = Column(starts)
        out.geometry = Column(points)
        return out
    }
}
