import Foundation
import RouteItCore

/// The direction in which a road leaves a junction as OSRM's guidance perceives it
/// (`CoordinateExtractor::ExtractRepresentativeCoordinate`): not its first metre, which mapping
/// puts anywhere, nor a fixed distance along it, but a point read from the shape of its first
/// 40–60 m. A footway or service road is read 10 m on; a straight road at its lookahead's end; a
/// road that starts with a short offset (a carriageway joining sideways) past the offset; a
/// curve by its first metres. OSRM's turn angles, forks and obvious ways all start from these
/// bearings, so answers that read like OSRM's need the same ones.
///
/// Lengths are OSRM's: a lane is 3.25 m wide and a road without lane tags has two (RouteIt's
/// map keeps no lane counts). Where OSRM's code reads oddly it is followed as it is (trimming
/// with its length cache compares single segments, not running totals), since the point is
/// to perceive what OSRM perceives. A fitted line is read away from the junction, from where
/// the road's first point projects onto it to where its last one does (OSRM's `RegressionLine`;
/// read west to east, as the fit itself runs, a road leaving south-west would leave north-east).
/// Points are projected onto lines in degrees, as OSRM projects them (`projectPointOnSegment`),
/// and their distances from the lines measured in metres.
enum PerceivedBearing {
    /// What the reading needs to know of the road.
    struct Road {
        /// OSRM's `IsLowPriorityRoadClass`: footways, paths, service roads and the like.
        var isLowPriority: Bool
        var isRoundabout: Bool
        /// `GetOffsetCorrectionFactor`: how many assumed lane widths a road of its class may
        /// join sideways by (motorways, trunks and their ramps 2.5, primary 1.5, others 1: OSRM
        /// counts a trunk as motorway class, so its trunk case of 2 is never reached).
        var offsetFactor: Double

        init(_ cls: RoadClass?, isRoundabout: Bool) {
            let c = cls ?? .road
            isLowPriority = ManeuverBuilder.GuidanceClass(c).isLowPriority
            self.isRoundabout = isRoundabout
            switch c {
            case .motorway, .motorwayLink, .trunk, .trunkLink: offsetFactor = 2.5
            case .primary: offsetFactor = 1.5
            default: offsetFactor = 1
            }
        }
    }

    static let laneWidth = 3.25
    static let assumedLanes = 2.0
    static let lookaheadWithoutLanes = 10.0
    static let farLookahead = 40.0
    static let skippingInaccuracies = 2.0
    static let desiredCoordinateDifference = 2.0
    /// The farthest the reading ever looks along a road (a motorway's lookahead).
    static let longestLookahead = farLookahead + 2.5 * assumedLanes * laneWidth

    /// A point in metres east (`x`) and north (`y`) of the junction.
    struct Point: Equatable {
        var x: Double, y: Double
        static let origin = Point(x: 0, y: 0)
    }

    /// Bearing (degrees clockwise from north) of the road whose points from the junction on
    /// are `line` (the junction first; at least the points up to `longestLookahead`).
    static func bearing(of line: [Coordinate], road: Road) -> Double {
        guard line.count >= 2 else { return 0 }
        let origin = line[0]
        // OSRM's EARTH_RADIUS (util/coordinate_calculation.hpp), not `Geodesy`'s mean sphere:
        // the representative point is found on OSRM's own projection, metre for metre.
        let ky = 6_372_797.560856 * Double.pi / 180, kx = ky * cos(origin.latitude * .pi / 180)
        var points: [Point] = []
        points.reserveCapacity(line.count)
        for c in line {
            let p = Point(x: (c.longitude - origin.longitude) * kx, y: (c.latitude - origin.latitude) * ky)
            if points.last != p { points.append(p) }
        }
        guard points.count >= 2 else { return 0 }
        var p = representative(points, road: road, degreeScale: (kx, ky))
        if p == .origin { p = points.first { $0 != .origin } ?? points[1] }
        let degrees = atan2(p.x, p.y) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// OSRM's representative coordinate of the road `c` (junction first, no repeated points).
    static func representative(_ c: [Point], road: Road, degreeScale: (Double, Double)) -> Point {
        var c = c
        let stretch = (degreeScale.1 / degreeScale.0) * (degreeScale.1 / degreeScale.0)
        if c.count <= 2 { return c[c.count - 1] }
        if road.isRoundabout { return point(at: skippingInaccuracies, along: c) }
        if road.isLowPriority {
            // Footways and service roads are mapped too oddly near a junction for more than a
            // short look ahead.
            return trimmed(c, to: lookaheadWithoutLanes).last!
        }
        let lanes = road.offsetFactor * assumedLanes
        if distance(c[0], c[1]) > lanes * laneWidth + lookaheadWithoutLanes { return c[1] }

        let lookahead = farLookahead + lanes * laneWidth
        var segments = lengthCache(c, limit: lookahead)
        c = trimmed(c, to: lookahead, cache: segments)
        segments[segments.count - 1] = min(segments[segments.count - 1], lookahead)
        let total = segments.reduce(0, +)
        if c.count == 2 || total <= skippingInaccuracies { return c[c.count - 1] }

        if maxDeviation(c[...], from: c[0], to: c[c.count - 1], stretch: stretch) < 0.5 * laneWidth {
            return c[0] == c[c.count - 1] ? point(at: skippingInaccuracies, along: c) : c[c.count - 1]
        }

        // How far the road runs straight from the junction before it bends.
        var straightDistance = segments[1]
        var index = 2
        while index < c.count, maxDeviation(c[..<index], from: c[0], to: c[index], stretch: stretch) < 0.25 * laneWidth {
            straightDistance += segments[index]
            index += 1
        }
        let straightIndex = index - 1
        if straightDistance >= lanes * laneWidth + lookaheadWithoutLanes {
            return point(at: 5, along: c, cache: segments)
        }

        let line = regressionLine(c[...], degreeScale: degreeScale)
        if maxDeviation(c[...], from: line.0, to: line.1, stretch: stretch) < 0.35 * laneWidth {
            return corrected(base: projection(of: c[0], onto: line, stretch: stretch),
                             head: projection(of: c[c.count - 1], onto: line, stretch: stretch))
        }
        if isDirectOffset(c, straightIndex: straightIndex, straightDistance: straightDistance, total: total,
                          segments: segments, lanes: Double(Int(lanes)), stretch: stretch) {
            let k = max(1, straightIndex)
            return corrected(base: c[k], head: c[k + 1])
        }
        if isCurve(c, segments: segments, total: total, laneWidths: lanes * laneWidth, stretch: stretch) {
            // The first metres of a curve say where it turns.
            var curve = trimmed(c, to: 3 * skippingInaccuracies, cache: segments)
            var cache = Array(segments.prefix(curve.count))
            cache[cache.count - 1] = distance(curve[curve.count - 2], curve[curve.count - 1])
            let head = curve[curve.count - 1]
            curve = trimmed(curve, to: 2 * skippingInaccuracies, cache: cache)
            return corrected(base: curve[curve.count - 1], head: head)
        }
        // Past the road's assumed width, a line fitted to the rest.
        let trimming = 0.8 * lanes * laneWidth
        let rest = trimmedFront(c, by: 0.8 * trimming)
        if rest.count >= 2 && total >= trimming + 2 {
            let fit = regressionLine(rest[...], degreeScale: degreeScale)
            if maxDeviation(rest[...], from: fit.0, to: fit.1, stretch: stretch) < 0.5 * laneWidth {
                return corrected(base: fit.0, head: fit.1)
            }
        }
        let ahead = point(at: lookaheadWithoutLanes, along: c, cache: segments)
        return ahead != .origin ? ahead : (c.first { $0 != .origin } ?? ahead)
    }

    /// OSRM's bearing class (`BearingClass::getDiscreteBearing` of the whole-degree bearing): a
    /// junction's bearings as its steps keep them, to the nearest 15°. OSRM's collapsing reads a
    /// step's first junction through these (`findTotalTurnAngle`, `isUTurn`): a turn round a
    /// loop from 90° to 233° reads 90° to 240°, a U-turn. (OSRM keeps whole degrees where two of
    /// a junction's roads share a class, which is not told apart here.)
    static func discrete(_ bearing: Double) -> Double {
        var shifted = bearing.rounded() + 0.5 * bearingClassStep
        if shifted >= 360 { shifted -= 360 }
        if shifted < 0 { shifted += 360 }
        return (shifted / bearingClassStep).rounded(.down) * bearingClassStep
    }

    static let bearingClassStep = 360.0 / 24

    // MARK: OSRM's helpers

    static func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    static func interpolate(_ a: Point, _ b: Point, _ t: Double) -> Point {
        let t = min(1, max(0, t.isFinite ? t : 1))
        return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// `GetCorrectedCoordinate`: the vector base→head moved back towards the junction by 90 %
    /// of the base's offset from it.
    static func corrected(base: Point, head: Point) -> Point {
        guard distance(base, head) >= desiredCoordinateDifference else { return head }
        return Point(x: head.x - 0.9 * base.x, y: head.y - 0.9 * base.y)
    }

    /// `PrepareLengthCache`: each segment's length (0 first), up to the one reaching `limit`.
    static func lengthCache(_ c: [Point], limit: Double) -> [Double] {
        var out = [0.0]
        var total = 0.0
        for k in 1..<c.count {
            let d = distance(c[k - 1], c[k])
            total += d
            out.append(d)
            if total >= limit { break }
        }
        return out
    }

    /// `TrimCoordinatesToLength` without a cache: the line cut `length` along it.
    static func trimmed(_ c: [Point], to length: Double) -> [Point] {
        var travelled = 0.0
        for k in 1..<c.count {
            let next = travelled + distance(c[k - 1], c[k])
            if next >= length {
                var out = Array(c[...k])
                out[k] = interpolate(c[k - 1], c[k], (length - travelled) / (next - travelled))
                return out
            }
            travelled = next
        }
        return c
    }

    /// `TrimCoordinatesToLength` with OSRM's length cache, which holds single segments: the line
    /// is cut inside the first segment longer than `length`, else after the cached ones.
    static func trimmed(_ c: [Point], to length: Double, cache: [Double]) -> [Point] {
        if cache[cache.count - 1] < length { return Array(c.prefix(cache.count)) }
        var current = 0.0
        for k in 1..<min(c.count, cache.count) {
            let next = cache[k]
            if next >= length {
                var out = Array(c[...k])
                out[k] = interpolate(c[k - 1], c[k], (length - current) / (next - current))
                return out
            }
            current = next
        }
        return c
    }

    /// `TrimCoordinatesByLengthFront`: the line less its first `length` metres.
    static func trimmedFront(_ c: [Point], by length: Double) -> [Point] {
        var travelled = 0.0
        for k in 1..<c.count {
            let d = distance(c[k - 1], c[k])
            if travelled + d >= length {
                return [interpolate(c[k - 1], c[k], d > 0 ? (length - travelled) / d : 1)] + c[k...]
            }
            travelled += d
        }
        return [c[c.count - 1]]
    }

    /// `ExtractCoordinateAtLength`: the point `length` along the line (or its end).
    static func point(at length: Double, along c: [Point]) -> Point {
        point(at: length, along: c, cache: lengthCache(c, limit: length))
    }

    /// The same, reading segment lengths from the cache.
    static func point(at length: Double, along c: [Point], cache: [Double]) -> Point {
        var travelled = 0.0
        for k in 1..<min(c.count, cache.count) {
            if travelled + cache[k] >= length {
                return interpolate(c[k - 1], c[k], cache[k] > 0 ? (length - travelled) / cache[k] : 1)
            }
            travelled += cache[k]
        }
        return c[c.count - 1]
    }

    /// The point of segment a–b nearest to `p` in degrees (`projectPointOnSegment`): `stretch` is
    /// how many times longer a metre east is than a metre north in degrees, squared (1/cos² of
    /// the latitude; 1 projects in metres).
    static func projection(of p: Point, onto line: (Point, Point), stretch: Double = 1) -> Point {
        let (a, b) = line
        let sx = b.x - a.x, sy = b.y - a.y
        let len2 = sx * sx * stretch + sy * sy
        guard len2 > 1e-12 else { return a }
        return interpolate(a, b, ((p.x - a.x) * sx * stretch + (p.y - a.y) * sy) / len2)
    }

    /// `GetMaxDeviation`: the farthest any of `points` lies from segment a–b.
    static func maxDeviation(_ points: ArraySlice<Point>, from a: Point, to b: Point, stretch: Double = 1) -> Double {
        var most = 0.0
        for p in points { most = max(most, distance(p, projection(of: p, onto: (a, b), stretch: stretch))) }
        return most
    }

    /// `RegressionLine`: a line fitted to the road's points sampled every metre over its first
    /// 40 m (so a long segment weighs by its length, not by its two ends), from where the road's
    /// first point to where its last point project onto it (away from the junction).
    static func regressionLine(_ points: ArraySlice<Point>, degreeScale: (Double, Double)) -> (Point, Point) {
        let samples = sampled(points, upTo: farLookahead)
        guard samples.count >= 2 else { return (points.first!, points.last!) }
        let fit = leastSquares(samples, degreeScale: degreeScale)
        let stretch = (degreeScale.1 / degreeScale.0) * (degreeScale.1 / degreeScale.0)
        return (projection(of: points.first!, onto: fit, stretch: stretch), projection(of: points.last!, onto: fit, stretch: stretch))
    }

    /// `SampleCoordinates` at a metre's rate: the first point, then one a metre apart along the
    /// line until `limit` metres are passed.
    static func sampled(_ c: ArraySlice<Point>, upTo limit: Double) -> [Point] {
        var out = [c.first!]
        var carry = 0.0, total = 0.0
        var previous = c.first!
        for current in c.dropFirst() {
            if total > limit { break }
            let d = distance(previous, current)
            if carry + d >= 1 {
                let base = 1 - carry
                let count = Int(((min(limit - total, d) + carry)).rounded(.down))
                for k in 0..<count { out.append(interpolate(previous, current, d > 0 ? (base + Double(k)) / d : 1)) }
                carry = d + carry - Double(count)
            } else {
                carry += d
            }
            total += d
            previous = current
        }
        return out
    }

    /// `leastSquareRegression`, in degrees as OSRM fits it: the line runs from just west of the
    /// westmost point to just east of the eastmost one (south to north where the points spread
    /// more than twice as far north–south as east–west, fitted on their quarter-turned copies).
    static func leastSquares(_ points: [Point], degreeScale: (Double, Double)) -> (Point, Point) {
        let (kx, ky) = degreeScale
        var xs = points.map { $0.x / kx }, ys = points.map { $0.y / ky }
        let steep = (ys.max()! - ys.min()!) > 2 * (xs.max()! - xs.min()!)
        // Rotating by -90°: (x, y) → (y, -x); back by +90°: (u, v) → (-v, u).
        if steep { (xs, ys) = (ys, xs.map { -$0 }) }
        let n = Double(xs.count)
        let meanX = xs.reduce(0, +) / n, meanY = ys.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0
        for (x, y) in zip(xs, ys) { sxy += x * y; sxx += x * x }
        let denominator = sxx - n * meanX * meanX
        let slope = abs(denominator) > 1e-30 ? (sxy - n * meanX * meanY) / denominator : 0
        let intercept = meanY - slope * meanX
        let offset = 0.00001
        let lo = xs.min()! - offset, hi = xs.max()! + offset
        func back(_ u: Double, _ v: Double) -> Point {
            steep ? Point(x: -v * kx, y: u * ky) : Point(x: u * kx, y: v * ky)
        }
        return (back(lo, intercept + slope * lo), back(hi, intercept + slope * hi))
    }

    /// `IsDirectOffset`: the road starts with a short sideways offset (about half its assumed
    /// width) and runs straight after it.
    static func isDirectOffset(_ c: [Point], straightIndex: Int, straightDistance: Double, total: Double,
                               segments: [Double], lanes: Double, stretch: Double = 1) -> Bool {
        let k = max(1, straightIndex)
        guard k + 1 < c.count else { return false }
        let offsetLength = segments[...k].reduce(0, +)
        guard offsetLength - 0.5 * lanes * laneWidth < laneWidth else { return false }
        guard total >= 0.4 * farLookahead else { return false }
        if total - max(straightDistance, segments[1]) < 0.1 * total { return false }
        let pastThirty = segments[k...].firstIndex { $0 >= 30 } ?? segments.count
        let end = min(c.count, pastThirty + 1)
        return 0.5 * laneWidth > maxDeviation(c[k..<end], from: c[k], to: c[end - 1], stretch: stretch)
    }

    /// `computeAngle`: the angle at `b` from the way back to `a` round to the way on to `c`,
    /// 180 straight on, under 180 a right turn.
    static func angle(_ a: Point, _ b: Point, _ c: Point) -> Double {
        var d = (atan2(c.y - b.y, c.x - b.x) - atan2(a.y - b.y, a.x - b.x)) * 180 / .pi
        while d < 0 { d += 360 }
        while d >= 360 { d -= 360 }
        return d
    }

    static func deviationFromStraight(_ angle: Double) -> Double { abs(angle - 180) }

    static func bearing(_ a: Point, _ b: Point) -> Double {
        let d = atan2(b.x - a.x, b.y - a.y) * 180 / .pi
        return d < 0 ? d + 360 : d
    }

    /// `IsCurve`: the road bends steadily to one side, most where it is farthest from its chord,
    /// with no long straight stretch in it.
    static func isCurve(_ c: [Point], segments: [Double], total: Double, laneWidths: Double, stretch: Double = 1) -> Bool {
        let n = c.count
        let first = bearing(c[0], c[1]), last = bearing(c[n - 2], c[n - 1])
        var turned = abs(first - last)
        if turned > 180 { turned = 360 - turned }
        guard turned > 0.5 * 40 else { return false }

        let front = c[0], back = c[n - 1]
        func side(_ p: Point) -> Bool { (back.x - front.x) * (p.y - front.y) - (back.y - front.y) * (p.x - front.x) > 0 }
        if n > 3 {
            let s = side(c[1])
            for p in c[2..<(n - 1)] where side(p) != s { return false }
        }
        func deviation(_ p: Point) -> Double { distance(p, projection(of: p, onto: (front, back), stretch: stretch)) }
        var maxIndex = 0, maxDeviation = 0.0
        if n == 3 {
            maxIndex = 1
            maxDeviation = deviation(c[1])
        } else {
            var k = 2
            while k < n, !(deviation(c[k]) < deviation(c[k - 1])) { k += 1 }
            if k == n {
                maxIndex = n - 1
            } else {
                for j in (k + 1)..<max(k + 1, n) where deviation(c[j]) > deviation(c[j - 1]) { return false }
                maxIndex = k - 1
                maxDeviation = deviation(c[k - 1])
            }
        }
        let toMax = segments[...min(maxIndex, segments.count - 1)].reduce(0, +)
        if (toMax <= 0.35 * total || maxDeviation < max(0.3 * laneWidths, 0.5 * laneWidth)) && total > lookaheadWithoutLanes {
            return false
        }
        var angles: [Double] = []
        for k in 0..<(n - 2) { angles.append(angle(c[k], c[k + 1], c[k + 2])) }
        var lastWasStraight = false
        var straight = max(0, segments[1] - laneWidths)
        var s = 1
        if angles.count >= 2 {
            for k in 1..<angles.count {
                let previous = angles[k - 1], current = angles[k]
                let bothTurn = deviationFromStraight(previous) > ManeuverBuilder.fuzzyAngleDifference
                    && deviationFromStraight(current) > ManeuverBuilder.fuzzyAngleDifference
                if bothTurn && (previous > 180) == (current < 180) { return false }
                let isStraight = deviationFromStraight(current) < 5
                s += 1
                let segment = s < segments.count ? segments[s] : 0
                if isStraight {
                    straight += segment
                    if lastWasStraight && straight > 0.3 * total { return false }
                } else if straight > 0.3 * total {
                    return false
                } else {
                    straight = segment
                }
                lastWasStraight = isStraight
            }
        }
        return total > 2 * laneWidths
    }
}
