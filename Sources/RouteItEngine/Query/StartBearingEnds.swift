import Foundation
import RouteItCore

/// A route that must leave its start a given way (`StartBearing`, OSRM's `bearings` on the first
/// place): of the ways out of the snapped start only those travelling within the range stay;
/// when the nearest road goes no such way, a road near it that does is taken. A re-route from a
/// moving user so goes on, not back with a U-turn.
extension RoutingEngine {
    /// Metres farther than the nearest road a road going the right way may lie and still start the
    /// route: across a wide street or to the other carriageway, not to another street.
    static let startBearingReach = 30.0

    /// `ends` with its sources narrowed to the bearing; unchanged when no road near the start goes
    /// that way (the route then starts as it can: a bearing never costs the user the route).
    func headed(_ ends: SearchEnds, from start: Coordinate, _ bearing: StartBearing, _ mode: TransportType,
                _ router: ModeRouter, _ ws: QueryWorkspace) -> SearchEnds {
        var out = ends
        let kept = ends.sources.filter { goes(bearing, $0.edgeDir, in: ends.sourceCandidates) }
        if !kept.isEmpty {
            out.sources = kept
            out.startDirections = Set(kept.map(\.edgeDir))
            return out
        }
        let filter = HeadingFilter(value: bearing.value, range: bearing.range)
        let components = self.components
        guard let other = Snapper.snap(start, mode: mode, net: net, grid: grid, edgeStamp: ws.edgeStamp, stamp: ws.nextEdgeStamp(),
                                       accept: { components.isOnNetwork($0, mode) }, heading: filter),
              other.offset <= ends.source.offset + Self.startBearingReach else { return ends }
        let candidates = self.ends.candidates(other, mode)
        let sources = candidates.flatMap {
            router.sources($0, weight: net.weight($0.edge, forward: true, mode), backward: net.weight($0.edge, forward: false, mode))
        }.filter { goes(bearing, $0.edgeDir, in: candidates) }
        guard !sources.isEmpty else { return ends }
        out.source = other
        out.sourceCandidates = candidates
        out.sources = sources
        out.startDirections = Set(sources.map(\.edgeDir))
        return out
    }

    /// Whether leaving the candidate on edge direction `edgeDir` travels within the bearing.
    private func goes(_ bearing: StartBearing, _ edgeDir: Int32, in candidates: [PhantomNode]) -> Bool {
        let edge = Int(edgeDir >> 1)
        guard let phantom = candidates.first(where: { $0.edge == edge }),
              let along = travelBearing(edge: edge, at: phantom.fraction, forward: edgeDir & 1 == 0) else { return false }
        return bearing.accepts(along)
    }

    /// The direction of travel along `edge` at `fraction` of its length, one way or the other.
    func travelBearing(edge: Int, at fraction: Double, forward: Bool) -> Double? {
        let points = Array(net.points(of: edge))
        guard points.count >= 2 else { return nil }
        let lengths = net.segmentLengths(edge)
        let total = lengths.reduce(0, +)
        var remaining = min(1, max(0, fraction)) * total
        var segment = lengths.count - 1
        for (i, length) in lengths.enumerated() where length > 0 {
            // At a point between two segments the one it is about to travel counts.
            if forward ? remaining < length : remaining <= length { segment = i; break }
            remaining -= length
        }
        let a = points[segment].coordinate, b = points[segment + 1].coordinate
        let ahead = Geodesy.bearing(a, b)
        return forward ? ahead : (ahead + 180).truncatingRemainder(dividingBy: 360)
    }
}
