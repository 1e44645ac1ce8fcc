/// Edges numbered along a Hilbert curve of their middle points, so that the edges a route
/// drives, snaps to or turns past lie on few pages of every per-edge array and of the geometry;
/// junctions numbered in the order those edges first reach them, so that the junctions along a
/// route lie on few pages of the adjacency too. A map's sections are mapped page by page: edges
/// in way order and junctions in OSM id order scatter a route over the whole file, curve order
/// keeps it to a strip.
extension RoadNetwork {
    /// The network renumbered, and the new number of each old junction.
    func spatiallyOrdered() -> (network: RoadNetwork, newNode: [Int32]) {
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
        let newNode = junctionsInOrderReached(edges: order)
        func permuted<T>(_ c: Column<T>) -> Column<T> { Column(order.map { c[$0] }) }
        func renumbered(_ c: Column<Int32>) -> Column<Int32> { Column(order.map { newNode[Int(c[$0])] }) }
        var out = RoadNetwork(nodeCount: nodeCount, edgeFrom: renumbered(edgeFrom), edgeTo: renumbered(edgeTo),
                              edgeLength: permuted(edgeLength), edgeClass: permuted(edgeClass),
                              edgeFlags: permuted(edgeFlags), edgeCarMs: permuted(edgeCarMs),
                              edgeFootMs: permuted(edgeFootMs), edgeName: permuted(edgeName),
                              edgeWay: permuted(edgeWay), edgeAvoid: permuted(edgeAvoid), geometryStart: [], geometry: [],
                              nodeIds: GeometryNodeIds(bytes: [], blockStart: []), names: names, refs: refs)
        if edgeCarBackwardMs.count == edgeCount { out.edgeCarBackwardMs = permuted(edgeCarBackwardMs) }
        if edgeLanes.count == edgeCount { out.edgeLanes = permuted(edgeLanes) }
        if !turnLanes.edges.isEmpty {
            var newEdge = [Int32](repeating: 0, count: edgeCount)
            for (k, e) in order.enumerated() { newEdge[e] = Int32(k) }
            out.turnLanes = turnLanes.renumbered(newEdge)
        }
        if edgeBikeForwardMs.count == edgeCount {
            out.edgeBikeForwardMs = permuted(edgeBikeForwardMs)
            out.edgeBikeBackwardMs = permuted(edgeBikeBackwardMs)
            out.edgeSecondFlags = permuted(edgeSecondFlags)
        }
        var starts: [UInt32] = []
        var points: [GeoPoint] = []
        var pointIds: [Int64] = []
        starts.reserveCapacity(edgeCount + 1)
        points.reserveCapacity(geometry.count)
        pointIds.reserveCapacity(geometry.count)
        let ids = nodeIds.all(geometryStart: geometryStart)
        for e in order {
            starts.append(UInt32(points.count))
            points.append(contentsOf: self.points(of: e))
            pointIds.append(contentsOf: ids[Int(geometryStart[e])..<Int(geometryStart[e + 1])])
        }
        starts.append(UInt32(points.count))
        out.geometryStart = Column(starts)
        out.geometry = Column(points)
        out.nodeIds = GeometryNodeIds(pointIds, geometryStart: out.geometryStart)
        return (out, newNode)
    }

    /// New junction numbers in the order `edges` reach them; junctions no edge reaches go last.
    private func junctionsInOrderReached(edges: [Int]) -> [Int32] {
        var newNode = [Int32](repeating: -1, count: nodeCount)
        var next: Int32 = 0
        func reach(_ node: Int32) {
            if newNode[Int(node)] < 0 { newNode[Int(node)] = next; next += 1 }
        }
        for e in edges {
            reach(edgeFrom[e])
            reach(edgeTo[e])
        }
        for v in 0..<nodeCount { reach(Int32(v)) }
        return newNode
    }
}
