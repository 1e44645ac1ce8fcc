import RouteItCore

/// The OSM node of each point of a route's line (OSRM's `annotations=nodes`), read from the
/// legs the line was drawn from, in the same order and with the same repeated points dropped.
extension RoadNetwork {
    /// One id per point of `line`; nil when the legs do not draw that line (it came from
    /// elsewhere) or the map's ids are damaged. A point where the route starts or ends between
    /// two nodes is given, as OSRM gives it, the node behind the start and the node ahead of the end.
    func osmNodes(along legs: [RouteLeg], line: [Coordinate]) -> [Int64]? {
        var points: [Coordinate] = []
        var ids: [Int64] = []
        points.reserveCapacity(line.count)
        ids.reserveCapacity(line.count)
        for leg in legs {
            guard let clipped = clipNodes(leg.edge, from: leg.from, to: leg.to) else { return nil }
            for (c, id) in clipped where points.last != c {
                points.append(c)
                ids.append(id)
            }
        }
        return points == line ? ids : nil
    }

    /// `clip`'s points with their nodes. An end inside a segment: at the lower fraction the
    /// segment's first node, at the higher its second (behind a start and ahead of an end in
    /// either direction of travel).
    private func clipNodes(_ edge: Int, from: Double, to: Double) -> [(Coordinate, Int64)]? {
        let column = points(of: edge)
        guard let ids = nodeIds.ids(ofEdge: edge, geometryStart: geometryStart), ids.count == column.count else { return nil }
        let pts = Array(column)
        var out: [(Coordinate, Int64)]
        if min(from, to) <= 0 && max(from, to) >= 1 || pts.count < 2 {
            out = zip(pts, ids).map { ($0.coordinate, $1) }
        } else {
            let lens = Self.segmentLengths(pts)
            let a = Self.point(along: pts, lengths: lens, at: min(from, to)), b = Self.point(along: pts, lengths: lens, at: max(from, to))
            func node(_ c: Coordinate, segment: Int, between: Int) -> Int64 {
                c == pts[segment].coordinate ? ids[segment] : c == pts[segment + 1].coordinate ? ids[segment + 1] : ids[between]
            }
            out = [(a.c, node(a.c, segment: a.index, between: a.index))]
            if b.index > a.index { for i in (a.index + 1)...b.index { out.append((pts[i].coordinate, ids[i])) } }
            if out.last?.0 != b.c { out.append((b.c, node(b.c, segment: b.index, between: b.index + 1))) }
        }
        return from > to ? out.reversed() : out
    }
}
