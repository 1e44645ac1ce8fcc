import Foundation
import RouteItCore

/// OSRM's sliproads (`guidance/sliproad_handler.cpp`): at `b` the route leaves the road it is on
/// by a short way `bd` that cuts the corner of the junction `c` just ahead, where the main road
/// meets a crossing road; at `d` the way runs into the crossing road (or a road from `c`).
///
///     a ... b .... c .
///           `      .
///             `    .
///               `  .
///                  d
///
/// The driver hears one turn, at `b`, onto the road taken at `d` (`SliproadHandler`).
extension ManeuverBuilder {
    /// OSRM's MAX_SLIPROAD_THRESHOLD: metres, scaled down by the road's class.
    static let sliproadThreshold = 250.0
    /// Below this distance from `b` to `c` (metres) the mapping is too coarse to read a curve.
    static let sliproadMinimalLength = 3.0
    /// A sliproad's main junction must cross at more than this (unless the sliproad is a link).
    static let sliproadMinimalCrossingAngle = 40.0
    /// A point this close (metres) to a line is on it, but for the rounding of stored points.
    static let collinearOffset = 0.1

    /// The junction `d` where the sliproad that `j.leaving` takes at `j.node` ends, nil when
    /// it is no sliproad.
    func sliproadTarget(at j: RouteJunction) -> Int32? {
        // The cheap tests first: this is asked at every junction of a car route (the turn read
        // along the route's own line, with room for the junction's reading below).
        guard j.isJunction, abs(j.turn) <= 2 * ManeuverBuilder.narrowTurnAngle + 15, !net.guidanceClass(of: j.leaving.edge).isLowPriority,
              !j.arrivingLabel.isEmpty, !isRoundabout(j.arriving.edge), !isRoundabout(j.leaving.edge) else { return nil }
        let b = j.node
        let roads = carRoads(at: b, arrivingBy: j.arriving, inBearing: j.inBearing)
        guard roads.count >= 2,
              let slip = roads.first(where: { $0.branch.goesSameWay(as: j.leaving) })?.branch,
              // The main road is one of `roads` that carries the road arrived on: ruled out first
              // where none does (the main road below is the costly part).
              roads.contains(where: { $0.branch.edge != slip.edge && net.edgeClass[$0.branch.edge] == net.edgeClass[j.arriving.edge]
                  && roadContinues(j.arriving.edge, onto: $0.branch.edge) }),
              let main = mainRoad(at: j, roads: roads), main.edge != slip.edge,
              roadContinues(j.arriving.edge, onto: main.edge) else { return nil }
        // The sliproad is the main road's neighbour, narrow, and of a class that may be one.
        let low = min(slip.angle, main.angle), high = max(slip.angle, main.angle)
        guard !roads.contains(where: { $0.branch.angle > low && $0.branch.angle < high }),
              abs(slip.angle) <= 2 * ManeuverBuilder.narrowTurnAngle, slip.angle != main.angle,
              !net.guidanceClass(of: slip.edge).isLowPriority else { return nil }
        let isRight = slip.angle > main.angle

        // `c`, the junction the main road leads to, close enough and no dead end.
        guard let c = nextJunction(from: b, by: main.edge, forward: main.forward),
              c.length <= sliproadThreshold(of: main.edge), c.node != b else { return nil }
        let cRoads = roadsMet(at: c)
        guard cRoads.count >= 2 else { return nil }
        let byAngle = cRoads.sorted { $0.branch.angle > $1.branch.angle }   // rightmost first
        let crossing = isRight ? byAngle[0] : byAngle[byAngle.count - 1]
        guard crossing.enterable else { return nil }

        // `d`, where the sliproad ends: three or four ways, the turn off it obvious and narrow.
        guard let d = nextJunction(from: b, by: slip.edge, forward: slip.forward), d.node != c.node else { return nil }
        let dRoads = roadsMet(at: d)
        guard dRoads.count == 2 || dRoads.count == 3, !isFerry(j.arriving.edge), !isFerry(slip.edge) else { return nil }
        let dIn = arrivingHeading(at: d)
        guard let onto = carObviousBranch(at: d.node, arrivingBy: d.arrivingLeg, inBearing: dIn),
              abs(onto.angle) <= 2 * ManeuverBuilder.narrowTurnAngle, !isRoundabout(onto.edge), !isFerry(onto.edge) else { return nil }
        let crossingEnd = nextJunction(from: c.node, by: crossing.branch.edge, forward: crossing.branch.forward)
        if dRoads.count == 3 {
            guard isSliproadToFourWays(c: c, cRoads: byAngle, isRight: isRight, crossingEnd: crossingEnd, d: d, dRoads: dRoads)
            else { return nil }
        }

        let bPoint = d.line[0], cPoint = c.line[c.line.count - 1], dPoint = d.line[d.line.count - 1]
        let length = Geodesy.distance(bPoint, cPoint)
        if length >= ManeuverBuilder.sliproadMinimalLength {
            // The sliproad hugs the corner: no point of it bulges away from `c`.
            let interior = d.line.dropFirst().dropLast()
            let hugs = interior.allSatisfy { p in
                // A point on the straight line between (up to the map's rounding) bulges neither way.
                let offset = ManeuverBuilder.leftOffset(of: p, from: bPoint, to: dPoint)
                return isRight ? offset >= -ManeuverBuilder.collinearOffset : offset <= ManeuverBuilder.collinearOffset
            }
            let outermost = abs(isRight ? byAngle[0].branch.angle : byAngle[byAngle.count - 1].branch.angle)
            guard hugs else { return nil }
            if outermost > 180 - ManeuverBuilder.sliproadMinimalCrossingAngle && !net.guidanceClass(of: slip.edge).isLink { return nil }
        }
        // The triangle `bcd` is neither a data error nor too large for the sliproad's class.
        let area = length * Geodesy.distance(cPoint, dPoint) / 2
        let maxArea = sliproadThreshold(of: slip.edge) * sliproadThreshold(of: slip.edge)
        guard area >= 3, area <= maxArea else { return nil }

        // A way at `d` leads back to `c` (or to where the crossing road goes) under a name met at `c`.
        let cLabels = adjacency.edges(of: c.node).filter { net.allows($0, mode) }.map { streetLabel(of: $0) }
        let mainLabel = streetLabel(of: main.edge), slipLabel = streetLabel(of: slip.edge)
        for candidate in dRoads {
            let label = streetLabel(of: candidate.branch.edge)
            if cLabels.allSatisfy({ $0.requiresAnnouncement(onto: label) }) { continue }
            // A named sliproad between two other names is two announcements, not one.
            if !net.guidanceClass(of: slip.edge).isLink, !slipLabel.isEmpty, !mainLabel.isEmpty, !label.isEmpty,
               mainLabel.requiresAnnouncement(onto: slipLabel), slipLabel.requiresAnnouncement(onto: label) { continue }
            // A link sliproad shortcuts roads that are no links.
            if net.guidanceClass(of: slip.edge).isLink && net.guidanceClass(of: candidate.branch.edge).isLink { continue }
            let end = nextJunction(from: d.node, by: candidate.branch.edge, forward: candidate.branch.forward)
            if end?.node == c.node { return d.node }
            if let end, let crossingEnd, end.node == crossingEnd.node, isSharp(candidate.branch.angle),
               let candidateBearing = junctionHeading(leaving: candidate.branch.edge, forward: candidate.branch.forward, at: d.node),
               let crossingBearing = junctionHeading(leaving: crossing.branch.edge, forward: crossing.branch.forward, at: c.node),
               ManeuverBuilder.angleBetween(candidateBearing, crossingBearing) < ManeuverBuilder.fuzzyAngleDifference {
                return d.node
            }
        }
        return nil
    }

    /// The main road at `b`: the obvious way, else (a fork) the branch whose partner runs into a
    /// junction a sliproad can end at (`getObviousIndexWithSliproads`).
    private func mainRoad(at j: RouteJunction, roads: [CarRoad]) -> Branch? {
        if let obvious = carObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing) { return obvious }
        guard roads.count == 2, roads.allSatisfy(\.enterable),
              forkSide(at: j.node, arrivingBy: j.arriving, leaving: j.leaving, inBearing: j.inBearing) != nil else { return nil }
        let rightmost = roads.max { $0.branch.angle < $1.branch.angle }!.branch
        let leftmost = roads.min { $0.branch.angle < $1.branch.angle }!.branch
        guard let first = nextJunction(from: j.node, by: rightmost.edge, forward: rightmost.forward),
              let second = nextJunction(from: j.node, by: leftmost.edge, forward: leftmost.forward) else { return nil }
        if canEndSliproad(first), j.node != second.node { return leftmost }
        if canEndSliproad(second), j.node != first.node { return rightmost }
        return nil
    }

    /// A junction a sliproad can run into: two more ways, only one of them enterable, and no way back.
    private func canEndSliproad(_ end: RoadEnd) -> Bool {
        let others = roadsMet(at: end)
        return others.count == 2 && !net.allows(end.edge, forward: !end.forward, mode) && others.filter(\.enterable).count == 1
    }

    /// Four ways at `d`: the crossing road from `c` runs to `d` too, and the road next to it at
    /// `c` meets a road leaving `d` sharply at one node.
    private func isSliproadToFourWays(c: RoadEnd, cRoads: [CarRoad], isRight: Bool, crossingEnd: RoadEnd?,
                                      d: RoadEnd, dRoads: [CarRoad]) -> Bool {
        guard cRoads.count >= 2, crossingEnd?.node == d.node else { return false }
        let nextToCrossing = isRight ? cRoads[1] : cRoads[cRoads.count - 2]
        guard let shared = nextJunction(from: c.node, by: nextToCrossing.branch.edge, forward: nextToCrossing.branch.forward)
        else { return false }
        return dRoads.contains { road in
            isSharp(road.branch.angle) && nextJunction(from: d.node, by: road.branch.edge, forward: road.branch.forward)?.node == shared.node
        }
    }

    /// Whether the sliproad road continues the road arrived on: same class, named alike.
    private func roadContinues(_ current: Int, onto next: Int) -> Bool {
        let a = streetLabel(of: current), b = streetLabel(of: next)
        return net.edgeClass[current] == net.edgeClass[next] && !a.isEmpty && !b.isEmpty && !a.requiresAnnouncement(onto: b)
    }

    /// OSRM's `scaledThresholdByRoadClass` of MAX_SLIPROAD_THRESHOLD for the road `edge`.
    private func sliproadThreshold(of edge: Int) -> Double {
        let factor: Double
        switch net.guidanceClass(of: edge).priority {
        case 0: factor = 1
        case 2, 4: factor = 0.8
        case 6: factor = 0.6
        case 8: factor = 0.5
        case 10: factor = 0.4
        case 11: factor = 0.3
        case 1, 3, 5, 7, 9, 14: factor = 0.3
        default: factor = 0.1
        }
        return ManeuverBuilder.sliproadThreshold * factor
    }

    private func isFerry(_ edge: Int) -> Bool { net.isFerry(edge) }

    /// OSRM's sharp turns: 120° or more off straight.
    private func isSharp(_ angle: Double) -> Bool { abs(angle) >= 120 }

    /// How far (metres) `p` lies left of the line from `a` to `c` (right: negative); OSRM's
    /// `isCCW(a, p, c)` is a point right of it.
    static func leftOffset(of p: Coordinate, from a: Coordinate, to c: Coordinate) -> Double {
        let ky = Geodesy.metresPerDegree, kx = ky * cos(a.latitude * .pi / 180)
        let cx = (c.longitude - a.longitude) * kx, cy = (c.latitude - a.latitude) * ky
        let px = (p.longitude - a.longitude) * kx, py = (p.latitude - a.latitude) * ky
        let chord = (cx * cx + cy * cy).squareRoot()
        return chord > 0 ? (cx * py - cy * px) / chord : 0
    }

    /// OSRM's `bearing::angleBetween`: 180 where the two bearings are the same.
    static func angleBetween(_ entry: Double, _ exit: Double) -> Double {
        (entry - exit + 540).truncatingRemainder(dividingBy: 360)
    }
}
