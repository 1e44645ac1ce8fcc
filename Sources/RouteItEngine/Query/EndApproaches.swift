import RouteItCore

/// The sides of the road a trip must leave its start and reach its end by (OSRM's
/// `approaches`), and the edge directions that rules out at each end.
struct EndApproaches: Equatable {
    var source: RoadSideApproach
    var target: RoadSideApproach

    static let unrestricted = EndApproaches(source: .unrestricted, target: .unrestricted)

    /// Traffic drives on the right in every region RouteIt maps (Finland, Monaco); OSRM reads
    /// the side from its profile, and so does `TurnCostModel`.
    static let drivesOnTheRight = true

    /// The edge directions (edge × 2, +1 against the edge's drawing) a trip may not use at
    /// `candidates` with `approach` for the place at `place`. As OSRM (`CheckApproach`): on a
    /// road the mode may travel both ways, `curb` keeps the one direction with the place on the
    /// curb side of the segment it lands on, `opposite` the other; a one-way road is left alone.
    static func bannedDirections(_ candidates: [PhantomNode], place: Coordinate, approach: RoadSideApproach,
                                 mode: TransportType, net: RoadNetwork) -> Set<Int32> {
        guard approach != .unrestricted else { return [] }
        var banned: Set<Int32> = []
        for p in candidates where net.allows(p.edge, forward: true, mode) && net.allows(p.edge, forward: false, mode) {
            let onCurbSide = isOnRight(place, of: p, net: net) == drivesOnTheRight
            let keepsForward = onCurbSide == (approach == .curb)
            banned.insert(Int32(p.edge * 2 + (keepsForward ? 1 : 0)))
        }
        return banned
    }

    /// Whether `place` lies right of the edge's segment under `p`, looking along the edge's
    /// drawing (a point on the line counts as right, as OSRM's `!isCCW`).
    static func isOnRight(_ place: Coordinate, of p: PhantomNode, net: RoadNetwork) -> Bool {
        let pts = net.points(of: p.edge)
        guard pts.count >= 2 else { return true }
        let lengths = net.segmentLengths(p.edge)
        var remaining = p.fraction * lengths.reduce(0, +)
        var segment = 0
        while segment < lengths.count - 1 && remaining > lengths[segment] {
            remaining -= lengths[segment]
            segment += 1
        }
        let a = pts[pts.startIndex + segment], b = pts[pts.startIndex + segment + 1]
        let projection = LocalProjection(a.latitude, a.longitude)
        let (bx, by) = projection.xy(b)
        let (qx, qy) = projection.xy(GeoPoint(place))
        return bx * qy - by * qx <= 0
    }
}
