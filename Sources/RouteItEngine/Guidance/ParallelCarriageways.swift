import Foundation
import RouteItCore

/// The two carriageways of a divided road meeting one junction, as OSRM's
/// `MergableRoadDetector::HaveSameDirection` finds them: two one-ways of one street and class,
/// one out of the junction and one into it, side by side there (nothing between them, no other
/// way of their street beside them), that run on parallel and close for more than 40 m. OSRM
/// merges the two into one road of the junction's view, with the heading between theirs, so
/// the road arrived by and the road left by turn as one road (turning back into the other
/// carriageway is a U-turn). Drivers only: their handlers read the junction's turn angles.
extension ManeuverBuilder {
    /// OSRM's `distance_to_extract` and MINIMUM_LENGTH_FOR_PARALLEL_DETECTION, metres.
    static let carriagewayWalk = 120.0
    static let carriagewayMinimumWalk = 40.0
    /// OSRM's sample interval along the two roads, metres.
    static let carriagewaySample = 5.0
    /// Farthest apart the two may run: OSRM's half of both roads' lanes of 3.25 m, and
    /// MAXIMAL_ALLOWED_SEPARATION_WIDTH. RouteIt's map keeps no lane counts: two a carriageway,
    /// as `PerceivedBearing` assumes (a divided street's carriageways mostly have two or more).
    static let carriagewaySeparation = 0.5 * (PerceivedBearing.assumedLanes * 2) * PerceivedBearing.laneWidth + 12
    /// `areParallel`: the two lines' slopes differ by at most a 20 % incline.
    static let carriagewayParallelAngle = atan(0.2) * 180 / .pi

    /// The heading of `e` leaving `node` (its `forward` end) merged with its other carriageway
    /// there, nil when it has none.
    func carriagewayHeading(leaving e: Int, forward: Bool, at node: Int32) -> Double? {
        // Cheap tests first: a car's one-way of a named street, not on a ring.
        guard mode == .car, net.edgeFlags[e] & EdgeFlags.roundabout == 0, !isLoop(e) else { return nil }
        let out = net.allows(e, forward: forward, mode), back = net.allows(e, forward: !forward, mode)
        guard out != back else { return nil }
        var merged: (other: Int, between: Double)?
        var own: Double??
        for other in adjacency.edges(of: node) where other != e && net.edgeName[other] == net.edgeName[e] && net.allows(other, mode) {
            let otherForward = net.edgeFrom[other] == node
            guard net.allows(other, forward: otherForward, mode) == back, net.allows(other, forward: !otherForward, mode) == out,
                  net.edgeClass[other] == net.edgeClass[e], net.edgeFlags[other] & EdgeFlags.roundabout == 0, !isLoop(other),
                  walksCarriagewaysAsOSRM || !areClearlyOpposite(e, forward, other, otherForward) else { continue }
            // Names are decoded and headings measured only once a partner is found (rare: a
            // one-way street going on through the junction is ruled out above).
            if own == nil {
                own = .some(!isJunction(node) || streetLabel(of: e).isEmpty ? nil : mergingHeading(leaving: e, forward: forward, at: node))
            }
            guard let h = own!, let g = mergingHeading(leaving: other, forward: otherForward, at: node) else { return nil }
            let between = ManeuverBuilder.turnAngle(from: h, to: g)
            // OSRM walks both from the heading of the first of the two clockwise (its `lhs`).
            let first = between > 0 ? h : g
            guard abs(between) <= ManeuverBuilder.mergableAngle, besideEachOther(h, between, e, other, at: node),
                  let line = carriagewayLine(leaving: e, forward: forward, from: node, lhs: first),
                  let otherLine = carriagewayLine(leaving: other, forward: otherForward, from: node, lhs: first),
                  areCloseAndParallel(line, otherLine) else { continue }
            merged = (other, between)
            break
        }
        guard let (other, between) = merged, let h = own ?? nil else { return nil }
        let g = h + between
        // The carriageway out keeps its heading where a road runs straight on from it.
        let entry = out ? h : g
        for x in adjacency.edges(of: node) where x != e && x != other && net.allows(x, mode) {
            guard let hx = mergingHeading(leaving: x, forward: net.edgeFrom[x] == node, at: node) else { continue }
            // `findMergedBearing`: a road straight across from the carriageway out keeps the heading as it is.
            if 180 - abs(ManeuverBuilder.turnAngle(from: hx, to: entry)) < ManeuverBuilder.maximalAllowedNoTurnDeviation { return entry }
        }
        return (h + between / 2 + 360).truncatingRemainder(dividingBy: 360)
    }

    /// The heading two carriageways are merged by: OSRM's perceived bearing for the car graph's
    /// costs, guidance's own reading for its steps.
    private func mergingHeading(leaving e: Int, forward: Bool, at node: Int32) -> Double? {
        walksCarriagewaysAsOSRM ? perceivedHeading(leaving: e, forward: forward, at: node) : junctionHeading(leaving: e, forward: forward, at: node)
    }

    /// A cheap rule-out before any heading is measured: the two edges' first pieces leave the
    /// junction more than 150° apart (one one-way street going straight on through it).
    private func areClearlyOpposite(_ e: Int, _ forward: Bool, _ other: Int, _ otherForward: Bool) -> Bool {
        func firstPiece(_ x: Int, _ ahead: Bool) -> (Double, Double)? {
            let points = net.points(of: x)
            guard points.count >= 2 else { return nil }
            let a = points[ahead ? points.startIndex : points.endIndex - 1].coordinate
            let b = points[ahead ? points.startIndex + 1 : points.endIndex - 2].coordinate
            return ((b.longitude - a.longitude) * cos(a.latitude * .pi / 180), b.latitude - a.latitude)
        }
        guard let u = firstPiece(e, forward), let v = firstPiece(other, otherForward) else { return false }
        let dot = u.0 * v.0 + u.1 * v.1, lengths = (u.0 * u.0 + u.1 * u.1).squareRoot() * (v.0 * v.0 + v.1 * v.1).squareRoot()
        return lengths > 0 && dot < ManeuverBuilder.clearlyOppositeCosine * lengths
    }

    /// cos 150°.
    static let clearlyOppositeCosine = -0.866

    /// OSRM merges only neighbours in its junction's order of headings, each distinct from the
    /// road on its other side (another heading or another street): no way of the junction lies
    /// between the two, and none of their street within the mergable angle of either.
    private func besideEachOther(_ h: Double, _ between: Double, _ e: Int, _ other: Int, at node: Int32) -> Bool {
        for x in adjacency.edges(of: node) where x != e && x != other && net.allows(x, mode) {
            guard let hx = mergingHeading(leaving: x, forward: net.edgeFrom[x] == node, at: node) else { continue }
            let fromH = ManeuverBuilder.turnAngle(from: h, to: hx)
            if (between > 0 && fromH > 0 && fromH < between) || (between < 0 && fromH < 0 && fromH > between) { return false }
            if net.edgeName[x] == net.edgeName[e]
                && (abs(fromH) <= ManeuverBuilder.mergableAngle || abs(ManeuverBuilder.turnAngle(from: h + between, to: hx)) <= ManeuverBuilder.mergableAngle) {
                return false
            }
        }
        return true
    }

    /// The road's points from `node` on for up to `carriagewayWalk` metres, following at each
    /// junction the straightest way of its street, or the only way on (OSRM's
    /// `SelectStraightmostRoadByNameAndOnlyChoice`); nil when it ends within 40 m or loops back.
    /// With `walksCarriagewaysAsOSRM` it goes on as OSRM's walker does (`osrmWalkStep`), from the
    /// pair's `lhs` heading.
    private func carriagewayLine(leaving e: Int, forward: Bool, from node: Int32, lhs: Double) -> [Coordinate]? {
        var by = e, ahead = forward, length = 0.0
        guard let initial = heading(leaving: e, forward: forward, over: 1) else { return nil }
        var line: [Coordinate] = []
        line.reserveCapacity(16)
        // Lengths on the junction's local plane (OSRM's radius): a few metres' error over 120 m.
        var kx = 0.0
        let ky = 6_372_797.560856 * Double.pi / 180
        for _ in 0..<ManeuverBuilder.roadAheadEdges {
            let points = net.points(of: by)
            let count = points.count, first = points.startIndex
            for k in 0..<count {
                let p = points[ahead ? first + k : first + count - 1 - k].coordinate
                guard line.last != p else { continue }
                if let last = line.last {
                    let dx = (p.longitude - last.longitude) * kx, dy = (p.latitude - last.latitude) * ky
                    let step = (dx * dx + dy * dy).squareRoot()
                    if length + step >= ManeuverBuilder.carriagewayWalk {
                        let f = (ManeuverBuilder.carriagewayWalk - length) / step
                        line.append(Coordinate(latitude: last.latitude + f * (p.latitude - last.latitude),
                                               longitude: last.longitude + f * (p.longitude - last.longitude)))
                        return line
                    }
                    length += step
                } else {
                    kx = ky * cos(p.latitude * .pi / 180)
                }
                line.append(p)
            }
            let end = ahead ? net.edgeTo[by] : net.edgeFrom[by]
            guard end != node, line.count >= 2 else { break }
            let arrival = ManeuverBuilder.heading(arriving: line, over: 1)
            if walksCarriagewaysAsOSRM {
                guard let step = osrmWalkStep(at: end, arrivingBy: by, heading: arrival, name: net.edgeName[e], lhs: lhs) else { break }
                by = step.edge
                ahead = step.forward
                continue
            }
            var straightest: (edge: Int, forward: Bool, turn: Double)?
            var only: (edge: Int, forward: Bool)?
            var ways = 0
            for x in adjacency.edges(of: end) where x != by && net.allows(x, mode) && !isLoop(x) {
                let xForward = net.edgeFrom[x] == end
                ways += 1
                only = (x, xForward)
                guard net.edgeName[x] == net.edgeName[by], let hx = heading(leaving: x, forward: xForward, over: 1) else { continue }
                let turn = abs(ManeuverBuilder.turnAngle(from: arrival, to: hx))
                if turn < straightest?.turn ?? .infinity { straightest = (x, xForward, turn) }
            }
            guard let step = straightest.map({ (edge: $0.edge, forward: $0.forward) }) ?? (ways == 1 ? only : nil) else { break }
            // Through a junction or onto another name, only a way near straight on that still
            // heads as the road set out (OSRM's NARROW_TURN_ANGLE): never round a ring.
            if ways > 1 || net.edgeName[step.edge] != net.edgeName[by] {
                guard let on = heading(leaving: step.edge, forward: step.forward, over: 1),
                      abs(ManeuverBuilder.turnAngle(from: arrival, to: on)) < ManeuverBuilder.narrowTurnAngle,
                      abs(ManeuverBuilder.turnAngle(from: initial, to: on)) < ManeuverBuilder.narrowTurnAngle else { break }
            }
            by = step.edge
            ahead = step.forward
        }
        return length > ManeuverBuilder.carriagewayMinimumWalk ? line : nil
    }

    /// The way OSRM's `SelectStraightmostRoadByNameAndOnlyChoice` (stopping on ambiguous turns)
    /// walks on at `node`, arriving by `by` with `heading`, along the street `name`: the
    /// straightest way, of the street before any other, if it is within 40° of straight on and of
    /// `lhs`; else the street's way within 100° of straight on, unless its turn is a wide one that
    /// a way opposite it or a way straight on makes ambiguous. It rounds a ring of one-ways of one
    /// name, where guidance's walk stops.
    private func osrmWalkStep(at node: Int32, arrivingBy by: Int, heading: Double, name: Int32, lhs: Double) -> (edge: Int, forward: Bool)? {
        var roads: [(edge: Int, forward: Bool, heading: Double, deviation: Double)] = []
        var named = net.edgeName[by] == name ? 1 : 0
        for x in adjacency.edges(of: node) where x != by && net.allows(x, mode) && !isLoop(x) {
            let xForward = net.edgeFrom[x] == node
            if net.edgeName[x] == name { named += 1 }
            guard let hx = self.heading(leaving: x, forward: xForward, over: 1) else { continue }
            roads.append((x, xForward, hx, abs(ManeuverBuilder.turnAngle(from: heading, to: hx))))
        }
        guard named <= 2, !roads.isEmpty else { return nil }
        func score(_ r: (edge: Int, forward: Bool, heading: Double, deviation: Double)) -> Double {
            (net.edgeName[r.edge] == name ? 0 : 180) + r.deviation
        }
        let best = roads.min { score($0) < score($1) }!
        let straightest = roads.min { $0.deviation < $1.deviation }!
        if (roads.count == 1 || straightest.edge == best.edge) && best.deviation < ManeuverBuilder.narrowTurnAngle
            && abs(ManeuverBuilder.turnAngle(from: lhs, to: best.heading)) < ManeuverBuilder.narrowTurnAngle {
            return (best.edge, best.forward)
        }
        guard net.edgeName[best.edge] == name, best.deviation < ManeuverBuilder.osrmOnlyChoiceDeviation else { return nil }
        if best.deviation > ManeuverBuilder.groupAngle {
            // The way back counts too: OSRM's junction view holds the U-turn.
            let headings = roads.map(\.heading) + [(heading + 180).truncatingRemainder(dividingBy: 360)]
            let opposite = headings.filter { $0 != best.heading }.map { abs(ManeuverBuilder.turnAngle(from: best.heading, to: $0)) }.max() ?? 0
            if opposite > 180 - ManeuverBuilder.fuzzyAngleDifference { return nil }
            if straightest.deviation < ManeuverBuilder.fuzzyAngleDifference { return nil }
        }
        return (best.edge, best.forward)
    }

    /// OSRM's walker takes a turn of its street up to this far from straight on ("don't do
    /// crazy turns").
    static let osrmOnlyChoiceDeviation = 100.0

    /// OSRM's parallel test on the two walked roads: sampled every 5 m, their first third left
    /// out unless they meet again, their fitted lines within `carriagewayParallelAngle`, and
    /// the middle of either within `carriagewaySeparation` of the other.
    private func areCloseAndParallel(_ a: [Coordinate], _ b: [Coordinate]) -> Bool {
        let origin = a[0]
        let ky = 6_372_797.560856 * Double.pi / 180, kx = ky * cos(origin.latitude * .pi / 180)
        func plane(_ c: Coordinate) -> PerceivedBearing.Point {
            PerceivedBearing.Point(x: (c.longitude - origin.longitude) * kx, y: (c.latitude - origin.latitude) * ky)
        }
        let meet = a.last == b.last
        func sampled(_ line: [Coordinate]) -> [PerceivedBearing.Point] {
            var out = [plane(line[0])], carried = 0.0
            for k in 1..<line.count {
                let p = plane(line[k - 1]), q = plane(line[k])
                let length = hypot(q.x - p.x, q.y - p.y)
                var at = ManeuverBuilder.carriagewaySample - carried
                while at <= length {
                    out.append(PerceivedBearing.Point(x: p.x + (q.x - p.x) * at / length, y: p.y + (q.y - p.y) * at / length))
                    at += ManeuverBuilder.carriagewaySample
                }
                carried = length - (at - ManeuverBuilder.carriagewaySample)
            }
            if let last = line.last.map(plane), out.last != last { out.append(last) }
            return meet || out.count < 3 ? out : Array(out.dropFirst(out.count / 3))
        }
        let left = sampled(a), right = sampled(b)
        guard left.count >= 2, right.count >= 2 else { return false }
        var turned = abs(direction(left) - direction(right)).truncatingRemainder(dividingBy: 180)
        if turned > 90 { turned = 180 - turned }
        guard turned < ManeuverBuilder.carriagewayParallelAngle else { return false }
        let apart = min(closest(left[left.count / 2], right), closest(right[right.count / 2], left))
        return apart <= ManeuverBuilder.carriagewaySeparation
    }

    /// The direction (degrees, modulo 180) of the line fitted through `points`.
    private func direction(_ points: [PerceivedBearing.Point]) -> Double {
        let n = Double(points.count)
        let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points {
            sxx += (p.x - mx) * (p.x - mx)
            syy += (p.y - my) * (p.y - my)
            sxy += (p.x - mx) * (p.y - my)
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy) * 180 / .pi
        return angle < 0 ? angle + 180 : angle
    }

    /// The distance from `p` to the nearest point of the line through `points`.
    private func closest(_ p: PerceivedBearing.Point, _ points: [PerceivedBearing.Point]) -> Double {
        var best = Double.infinity
        for k in 1..<points.count {
            let a = points[k - 1], b = points[k]
            let dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy
            let t = length2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
            best = min(best, hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)))
        }
        return best
    }
}
