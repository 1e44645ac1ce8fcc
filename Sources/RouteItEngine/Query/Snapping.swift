import Foundation
import RouteItCore

/// Where a query point lands on the road graph: a point part-way along one edge, with the
/// fraction measured along the edge's geometry (0 at edgeFrom, 1 at edgeTo).
struct PhantomNode: Equatable {
    var edge: Int
    var fraction: Double
    /// The segment of the edge's points the phantom lies on (0 = between its first two).
    var segment: Int
    var point: Coordinate
    /// Metres from the query point to the road.
    var offset: Double
}

/// Local flat-earth metres around a reference latitude: exact enough for projections within a
/// few kilometres, and much cheaper than great circles.
struct LocalProjection {
    let lat0: Double
    let lon0: Double
    let kx: Double
    let ky: Double
    init(_ lat: Double, _ lon: Double) {
        lat0 = lat; lon0 = lon
        ky = Geodesy.metresPerDegree
        kx = ky * cos(lat * .pi / 180)
    }
    func xy(_ p: GeoPoint) -> (Double, Double) { ((p.longitude - lon0) * kx, (p.latitude - lat0) * ky) }
}

extension RoadNetwork {
    /// Planar lengths of each segment of an edge (for fractions along it).
    func segmentLengths(_ edge: Int) -> [Double] { Self.segmentLengths(Array(points(of: edge))) }

    /// The same for points already read. The map's bytes can change under a running process
    /// (a map overwritten in place), so an edge's points are read once and every index into
    /// them is found on that one read: a second read may be shorter.
    static func segmentLengths(_ pts: [GeoPoint]) -> [Double] {
        guard let first = pts.first else { return [] }
        let proj = LocalProjection(first.latitude, first.longitude)
        var out: [Double] = []
        var prev = proj.xy(first)
        for p in pts.dropFirst() {
            let q = proj.xy(p)
            out.append(hypot(q.0 - prev.0, q.1 - prev.1))
            prev = q
        }
        return out
    }

    /// The edge's geometry between two fractions, in the order given (reversed when from > to).
    func clip(_ edge: Int, from: Double, to: Double) -> [Coordinate] {
        let column = points(of: edge)
        if min(from, to) <= 0 && max(from, to) >= 1 || column.count < 2 {
            // Most legs drive a whole edge: its points read once, straight into the answer.
            var whole: [Coordinate] = []
            whole.reserveCapacity(column.count)
            if from > to {
                for p in column.reversed() { whole.append(p.coordinate) }
            } else {
                for p in column { whole.append(p.coordinate) }
            }
            return whole
        }
        let pts = Array(column)
        let lens = Self.segmentLengths(pts)
        let a = Self.point(along: pts, lengths: lens, at: min(from, to)), b = Self.point(along: pts, lengths: lens, at: max(from, to))
        var out = [a.c]
        if b.index > a.index { for i in (a.index + 1)...b.index { out.append(pts[i].coordinate) } }
        if out.last != b.c { out.append(b.c) }
        return from > to ? out.reversed() : out
    }

    /// The point a fraction `f` of the way along `pts` (by their planar `lengths`), and the
    /// segment it lies on (the last when at the end).
    static func point(along pts: [GeoPoint], lengths lens: [Double], at f: Double) -> (index: Int, c: Coordinate) {
        let total = lens.reduce(0, +)
        if total <= 0 { return (0, pts[0].coordinate) }
        var remaining = f * total
        for (i, l) in lens.enumerated() {
            if remaining <= l || i == lens.count - 1 {
                let t = l > 0 ? min(1, max(0, remaining / l)) : 0
                let a = pts[i], b = pts[i + 1]
                return (i, Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t,
                                      longitude: a.longitude + (b.longitude - a.longitude) * t))
            }
            remaining -= l
        }
        return (lens.count - 1, pts.last!.coordinate)
    }
}

/// Finds the nearest point on an edge where a trip in the mode may start or end, searching grid
/// rings outwards.
struct Snapper {
    static let maxDistance = 5_000.0

    /// `accept` narrows the edges further (to the connected network, say); `heading` keeps only
    /// the segments the mode may travel in a direction within its range (OSRM's `bearings`).
    static func snap(_ c: Coordinate, mode: TransportType, net: RoadNetwork, grid: EdgeGrid,
                     edgeStamp: ScratchArray<UInt32>, stamp: UInt32, accept: (Int) -> Bool = { _ in true },
                     heading: HeadingFilter? = nil) -> PhantomNode? {
        guard c.isValid, net.edgeCount > 0 else { return nil }
        let proj = LocalProjection(c.latitude, c.longitude)
        // OSRM reads a query point in whole micro-degrees (`toFixed`): of two roads at different
        // places nearly as near, the one nearer that rounded point wins. Roads meeting where the
        // nearest point is (a junction) stay as found; the point on the road is the given one's.
        let (ox, oy) = proj.xy(GeoPoint(Coordinate(latitude: (c.latitude * 1e6).rounded() / 1e6,
                                                   longitude: (c.longitude * 1e6).rounded() / 1e6)))
        var bestX = 0.0, bestY = 0.0, bestRounded2 = Double.infinity, bestGate = Double.infinity, bestAtNode = false
        let (r0, c0) = grid.cell(lat: c.latitude, lon: c.longitude)
        // How far outside the grid the point is: rings must first cover that gap.
        let latOutside = max(0, grid.minLat - c.latitude, c.latitude - (grid.minLat + grid.cellLat * Double(grid.rows)))
        let lonOutside = max(0, grid.minLon - c.longitude, c.longitude - (grid.minLon + grid.cellLon * Double(grid.cols)))
        let gap = hypot(latOutside * proj.ky, lonOutside * proj.kx)
        if gap > maxDistance { return nil }
        let ringMetres = max(1, min(grid.cellLat * proj.ky, grid.cellLon * proj.kx))
        var best2 = Double.infinity, bestEdge = -1, bestSeg = 0, bestT = 0.0
        var ring = 0
        let maxRing = Int((maxDistance + gap) / ringMetres) + 1
        while ring <= maxRing {
            var r = r0 - ring
            while r <= r0 + ring {
                defer { r += 1 }
                guard r >= 0 && r < grid.rows else { continue }
                let onEdgeRow = r == r0 - ring || r == r0 + ring
                // How far the point is from the row's band (0 inside it).
                let south = grid.minLat + Double(r) * grid.cellLat
                let rowGap = max(0, south - c.latitude, c.latitude - (south + grid.cellLat)) * proj.ky
                var col = c0 - ring
                while col <= c0 + ring {
                    defer { col += onEdgeRow ? 1 : 2 * ring }
                    if col < 0 || col >= grid.cols { if ring == 0 { break } else { continue } }
                    // A cell farther than the nearest road found holds no nearer one: every part
                    // of a segment lies in a cell that lists it. Most of a ring's cells are so.
                    if bestEdge >= 0 {
                        let west = grid.minLon + Double(col) * grid.cellLon
                        let colGap = max(0, west - c.longitude, c.longitude - (west + grid.cellLon)) * proj.kx
                        if rowGap * rowGap + colGap * colGap > best2 { continue }
                    }
                    for e32 in grid.edges(inCell: r, col) {
                        let e = Int(e32)
                        if edgeStamp[e] == stamp { continue }
                        edgeStamp[e] = stamp
                        guard net.isEndpoint(e, mode), accept(e) else { continue }
                        let pts = net.points(of: e)
                        var i = 0
                        var prev = proj.xy(pts[pts.startIndex])
                        var k = pts.startIndex + 1
                        while k < pts.endIndex {
                            let q = proj.xy(pts[k])
                            k += 1
                            let dx = q.0 - prev.0, dy = q.1 - prev.1
                            if let heading, !heading.accepts(dx: dx, dy: dy, forward: net.allows(e, forward: true, mode),
                                                             backward: net.allows(e, forward: false, mode)) {
                                prev = q
                                i += 1
                                continue
                            }
                            let len2 = dx * dx + dy * dy
                            let t = len2 > 0 ? min(1, max(0, -(prev.0 * dx + prev.1 * dy) / len2)) : 0
                            let px = prev.0 + t * dx, py = prev.1 + t * dy
                            let d2 = px * px + py * py
                            if d2 < bestGate {
                                // Within 15 cm of the nearest: a road whose nearest point is the
                                // best's (under 1 cm off: a map point's precision, 1e-7°) is the
                                // same place; else rounding decides.
                                let tr = len2 > 0 ? min(1, max(0, ((ox - prev.0) * dx + (oy - prev.1) * dy) / len2)) : 0
                                let rx = prev.0 + tr * dx - ox, ry = prev.1 + tr * dy - oy
                                let rounded2 = rx * rx + ry * ry
                                let samePlace = abs(px - bestX) < 0.01 && abs(py - bestY) < 0.01
                                // At one place, a road ending there (a junction or a way's end) wins
                                // over one passing over it unjoined (a bridge, another layer): the
                                // trip can leave or join only the first there (OSRM takes both and
                                // routes from the better; foot/intersection.feature).
                                let segment = len2.squareRoot()
                                let atNode = (i == 0 && t * segment < 0.001) || (k == pts.endIndex && (1 - t) * segment < 0.001)
                                let better = samePlace ? (atNode != bestAtNode ? atNode : d2 < best2) : rounded2 < bestRounded2
                                if better {
                                    best2 = d2; bestRounded2 = rounded2; bestX = px; bestY = py; bestAtNode = atNode
                                    bestGate = (d2.squareRoot() + 0.15) * (d2.squareRoot() + 0.15)
                                    bestEdge = e; bestSeg = i; bestT = t
                                }
                            }
                            prev = q
                            i += 1
                        }
                    }
                    if ring == 0 { break }
                }
            }
            // Every unvisited cell is at least `ring * ringMetres` (minus the gap) away; for a
            // point inside the grid, at least its distance to the visited square's nearest side
            // (most points are snapped after the first cell: the road is nearer than its sides).
            var reach = max(0, Double(ring) * ringMetres - gap)
            if gap == 0 {
                let south = (c.latitude - (grid.minLat + Double(r0 - ring) * grid.cellLat)) * proj.ky
                let north = (grid.minLat + Double(r0 + ring + 1) * grid.cellLat - c.latitude) * proj.ky
                let west = (c.longitude - (grid.minLon + Double(c0 - ring) * grid.cellLon)) * proj.kx
                let east = (grid.minLon + Double(c0 + ring + 1) * grid.cellLon - c.longitude) * proj.kx
                reach = max(reach, min(south, north, west, east))
            }
            if bestEdge >= 0 && best2 <= reach * reach { break }
            ring += 1
        }
        let best = best2.squareRoot()
        guard bestEdge >= 0, best <= maxDistance else { return nil }
        // `bestSeg` indexes the points as the search read them; read again, they may have
        // changed under the process (a map overwritten in place): damaged, never a trap.
        let pts = Array(net.points(of: bestEdge))
        guard bestSeg + 1 < pts.count else { MapDamage.report(); return nil }
        let lens = RoadNetwork.segmentLengths(pts)
        let total = lens.reduce(0, +)
        let along = lens[0..<bestSeg].reduce(0, +) + lens[bestSeg] * bestT
        let fraction = total > 0 ? min(1, max(0, along / total)) : 0
        let a = pts[bestSeg], b = pts[bestSeg + 1]
        let point = Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * bestT,
                               longitude: a.longitude + (b.longitude - a.longitude) * bestT)
        return PhantomNode(edge: bestEdge, fraction: fraction, segment: bestSeg, point: point, offset: best)
    }
}

/// OSRM's `bearings=VALUE,RANGE` for one place: only roads the trip may travel in a direction
/// within RANGE degrees of VALUE (clockwise from north) are snapped to.
public struct HeadingFilter: Equatable, Sendable {
    public var value: Double
    public var range: Double

    public init(value: Double, range: Double) {
        self.value = value
        self.range = range
    }

    /// Whether a segment going `dx`, `dy` (metres east and north) may be travelled within range,
    /// along it (`forward`) or against it (`backward`) where the mode may.
    func accepts(dx: Double, dy: Double, forward: Bool, backward: Bool) -> Bool {
        guard dx != 0 || dy != 0 else { return false }
        let along = (atan2(dx, dy) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        return (forward && within(along)) || (backward && within((along + 180).truncatingRemainder(dividingBy: 360)))
    }

    func within(_ bearing: Double) -> Bool {
        let difference = abs(bearing - value).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference) <= range
    }
}
