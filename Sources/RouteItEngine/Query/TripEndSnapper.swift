import RouteItCore

/// Where a trip's ends land on the road graph, as OSRM picks them: the nearest road a mode may
/// use, moved to the connected network when an end lies on a piece cut off from it, and, for an
/// end on a junction, every road there the trip may leave or arrive by.
struct TripEndSnapper {
    let net: RoadNetwork
    let grid: EdgeGrid
    let adjacency: NodeAdjacency
    let components: EdgeComponents

    /// Metres from a junction within which a snapped point counts as on it.
    static let junctionTolerance = 1.0

    func snap(_ c: Coordinate, _ mode: TransportType, _ ws: QueryWorkspace, onNetworkOnly: Bool = false) -> PhantomNode? {
        let stamp = ws.nextEdgeStamp()
        let components = self.components
        return Snapper.snap(c, mode: mode, net: net, grid: grid, edgeStamp: ws.edgeStamp, stamp: stamp,
                            accept: { !onNetworkOnly || components.isOnNetwork($0, mode) })
    }

    /// The nearest roads when both ends lie on the connected network or on small pieces cut off
    /// from it (`piece`: the start's piece's number, else 0); otherwise an end on a piece cut off (a
    /// fragment clipped by the extract's edge, an island of paths) moves to the nearest road of
    /// the network. `onNetwork`: both ends on the network (`snapAlone`), for a trip the piece
    /// they share cannot carry (a one-way stub driven against its way).
    func snapEnds(_ a: Coordinate, _ b: Coordinate, _ mode: TransportType, _ ws: QueryWorkspace,
                  onNetwork: Bool = false) -> (source: PhantomNode, target: PhantomNode, piece: Int32)? {
        if onNetwork {
            guard let s = snapAlone(a, mode, ws), let t = snapAlone(b, mode, ws) else { return nil }
            return (s.phantom, t.phantom, 0)
        }
        guard var s = snap(a, mode, ws), var t = snap(b, mode, ws) else { return nil }
        let cs = components.component(of: s.edge, mode), ct = components.component(of: t.edge, mode)
        // No piece is big: the nearest roads, as OSRM takes them; a trip their pieces cannot
        // carry is tried again from the network (the biggest piece), as for one small piece.
        if components.isSmallOnly(mode) { return (s, t, cs != 0 ? cs : ct) }
        // Both ends on small pieces, one or two: their nearest roads first, as for one piece. A
        // one-way road is a piece per stretch (no stretch leads back to another), so two places
        // on a motorway that leaves the extract at both ends lie on two pieces that do connect.
        if cs != 0 && ct != 0 { return (s, t, cs) }
        if cs != 0 && cs != ct, let onNetwork = snap(a, mode, ws, onNetworkOnly: true) { s = onNetwork }
        if ct != 0 && ct != cs, let onNetwork = snap(b, mode, ws, onNetworkOnly: true) { t = onNetwork }
        return (s, t, cs == ct ? cs : 0)
    }

    /// A place with no other end to go by (a table's source or target): the nearest road,
    /// moved to the connected network when it lies on a piece cut off from it; and that piece's
    /// number (0: the nearest road is on the network). Two places on one piece are a pair whose
    /// route `snapEnds` tries on the piece first.
    func snapAlone(_ c: Coordinate, _ mode: TransportType, _ ws: QueryWorkspace) -> (phantom: PhantomNode, piece: Int32)? {
        guard let p = snap(c, mode, ws) else { return nil }
        let piece = components.component(of: p.edge, mode)
        guard piece != 0 else { return (p, 0) }
        return (snap(c, mode, ws, onNetworkOnly: true) ?? p, piece)
    }

    /// A table's place: as `snapAlone`, but where no piece is big it keeps its nearest road, as
    /// a route's end does there (`snapEnds`), so that a table's cell is the route's answer.
    /// `keepingPieces`: the nearest road wherever it lies (a table of places on small pieces,
    /// whose routes between them take their nearest roads first).
    func snapTablePlace(_ c: Coordinate, _ mode: TransportType, _ ws: QueryWorkspace,
                        keepingPieces: Bool = false) -> (phantom: PhantomNode, piece: Int32)? {
        guard keepingPieces || components.isSmallOnly(mode) else { return snapAlone(c, mode, ws) }
        guard let p = snap(c, mode, ws) else { return nil }
        return (p, components.component(of: p.edge, mode))
    }

    /// The phantom and, when it sits on a junction, the same point on every other road there
    /// the mode may use: a trip from or to a junction may leave or arrive by any of them.
    func candidates(_ p: PhantomNode, _ mode: TransportType) -> [PhantomNode] {
        let length = Double(net.edgeLength[p.edge])
        let node: Int32
        if p.fraction * length <= Self.junctionTolerance {
            node = net.edgeFrom[p.edge]
        } else if (1 - p.fraction) * length <= Self.junctionTolerance {
            node = net.edgeTo[p.edge]
        } else {
            return [p]
        }
        var out = [p]
        for e in adjacency.edges(of: node) where e != p.edge && net.isEndpoint(e, mode) && net.edgeFrom[e] != net.edgeTo[e] {
            let atStart = net.edgeFrom[e] == node
            out.append(PhantomNode(edge: e, fraction: atStart ? 0 : 1, segment: atStart ? 0 : max(0, net.points(of: e).count - 2),
                                   point: p.point, offset: p.offset))
        }
        return out
    }
}
