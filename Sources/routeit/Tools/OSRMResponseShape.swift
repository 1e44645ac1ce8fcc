import Foundation
import RouteItCore

/// The parts of a route's OSRM JSON that its options shape: the line in the asked `geometries`
/// (polyline, polyline6, geojson), `overview=simplified`'s line, and a leg's `annotations` (one
/// value per segment of the leg's geometry, from its steps).
enum OSRMResponseShape {
    /// The line as `kind` asks: an encoded polyline's text, or a GeoJSON LineString. A line of
    /// one point (a route of 0 m) is that point twice, as OSRM writes it: a LineString has two.
    static func geometry(_ json: inout JSONStream, _ line: [Coordinate], _ kind: OSRMRouteOptions.Geometries) {
        let points = line.count == 1 ? line + line : line
        switch kind {
        case .polyline: json.string(EncodedPolyline.encode(points, precision: 5))
        case .polyline6: json.string(EncodedPolyline.encode(points, precision: 6))
        case .geojson:
            json.openObject()
            json.key("coordinates")
            json.openArray()
            for point in points { OSRMRouteJSON.point(&json, point) }
            json.closeArray()
            json.key("type")
            json.string("LineString")
            json.closeObject()
        }
    }

    /// OSRM's `overview=simplified`: each leg's line without the points a map at the zoom that
    /// shows the whole route would not draw (Douglas-Peucker on web-mercator microdegrees with
    /// OSRM's threshold for that zoom), the legs joined.
    static func simplified(legs: [[Coordinate]]) -> [Coordinate] {
        let all = legs.joined()
        guard let first = all.first else { return [] }
        var south = first.latitude, north = first.latitude, west = first.longitude, east = first.longitude
        for c in all {
            south = min(south, c.latitude); north = max(north, c.latitude)
            west = min(west, c.longitude); east = max(east, c.longitude)
        }
        let threshold = Double(thresholds[min(18, fittedZoom(south: south, west: west, north: north, east: east))])
        var line: [Coordinate] = []
        for leg in legs {
            for c in douglasPeucker(leg, threshold: threshold) where line.last != c { line.append(c) }
        }
        return line
    }

    /// OSRM's squared-microdegree thresholds per zoom 0-18 (its douglas_peucker table, as
    /// `generateThreshold(5 pixels)` makes it: a point off the line by less than five pixels at
    /// that zoom goes). The table OSRM used before 5.0, 169 times smaller at zoom 18, kept
    /// 56 % of a Helsinki route's points where osrm-routed keeps 17 % (round 9a #11).
    private static let thresholds: [UInt64] = [
        49_438_476_562_500, 12_359_619_140_625, 3_089_903_027_344, 772_475_756_836, 193_118_939_209, 48_279_515_076,
        12_069_878_769, 3_017_414_761, 754_326_225, 188_567_824, 47_141_956, 11_785_489, 2_944_656, 736_164, 184_041,
        45_796, 11_449, 2_809, 676]

    /// The zoom at which the box fills at most a 2048×1280-pixel view (OSRM's getFittedZoom, 1-18).
    static func fittedZoom(south: Double, west: Double, north: Double, east: Double) -> Int {
        func x(_ lon: Double) -> Double { 128 * Double(1 << 18) * (1 + lon / 180) }
        func y(_ lat: Double) -> Double { 128 * Double(1 << 18) * (1 - mercatorY(lat) / 180) }
        let width = (x(east) - x(west)) / 2_048, height = (y(south) - y(north)) / 1_280
        let zoom = 18 - max(log(width), log(height)) / log(2)
        return zoom.isFinite ? max(1, min(18, Int(zoom))) : 1
    }

    /// Web mercator's y in degrees.
    private static func mercatorY(_ lat: Double) -> Double {
        let f = sin(max(-85, min(85, lat)) * .pi / 180)
        return 180 / .pi * 0.5 * log((1 + f) / (1 - f))
    }

    static func douglasPeucker(_ line: [Coordinate], threshold: Double) -> [Coordinate] {
        guard line.count > 2 else { return line }
        // Projected, in whole microdegrees as OSRM's fixed-point coordinates.
        let xs = line.map { ($0.longitude * 1e6).rounded() }, ys = line.map { (mercatorY($0.latitude) * 1e6).rounded() }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        var stack = [(0, line.count - 1)]
        var unrounded = [Double](repeating: 0, count: line.count)
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                unrounded.withUnsafeMutableBufferPointer { unrounded in
                    while let (a, b) = stack.popLast() {
                        guard b > a + 1 else { continue }
                        let farthest = farthestBeyond(threshold, from: a, to: b, xs: xs.baseAddress!, ys: ys.baseAddress!,
                                                      unrounded: unrounded.baseAddress!)
                        if farthest != b {
                            keep[farthest] = true
                            stack.append((a, farthest))
                            stack.append((farthest, b))
                        }
                    }
                }
            }
        }
        return line.indices.filter { keep[$0] }.map { line[$0] }
    }

    /// The point strictly between `a` and `b` farthest from the segment a-b as OSRM measures it
    /// (the squared distance to the point on the segment rounded to whole microdegrees), the
    /// first of equals; `b` when none is farther than `threshold`.
    ///
    /// The rounding made each point cost 70 instructions (a seventh of a cold `route --json` on
    /// the 1M grid), so it is done only where it can matter. Rounding moves the point on the
    /// segment by at most half a unit on each axis, so a point's rounded distance lies within
    /// `slack` (more than √0.5) of its unrounded one. First every point's unrounded distance
    /// (same `t`, no rounding); then the rounded one only for the points within 2 × `slack` of
    /// the largest: any other is nearer than the largest's rounded distance can be, so it is
    /// neither the farthest nor the first of equals.
    @inline(__always)
    private static func farthestBeyond(_ threshold: Double, from a: Int, to b: Int, xs: UnsafePointer<Double>,
                                       ys: UnsafePointer<Double>, unrounded: UnsafeMutablePointer<Double>) -> Int {
        let slack = 0.75
        let ax = xs[a], ay = ys[a]
        let dx = xs[b] - ax, dy = ys[b] - ay, length2 = dx * dx + dy * dy
        var largest = 0.0
        for i in (a + 1)..<b {
            let px = xs[i] - ax, py = ys[i] - ay
            let t = length2 > 0 ? min(1, max(0, (px * dx + py * dy) / length2)) : 0
            let ux = px - t * dx, uy = py - t * dy
            let d = ux * ux + uy * uy
            unrounded[i] = d
            largest = max(largest, d)
        }
        let reach = largest.squareRoot()
        guard (reach + slack) * (reach + slack) > threshold else { return b }
        let near = max(0, reach - 2 * slack)
        let candidate = near * near
        var farthest = b, farthestDistance = 0.0
        for i in (a + 1)..<b where unrounded[i] >= candidate {
            let px = xs[i] - ax, py = ys[i] - ay
            let t = length2 > 0 ? min(1, max(0, (px * dx + py * dy) / length2)) : 0
            let ex = px - roundedHalfAway(t * dx), ey = py - roundedHalfAway(t * dy)
            let d = ex * ex + ey * ey
            if d > threshold && d > farthestDistance { (farthest, farthestDistance) = (i, d) }
        }
        return farthest
    }

    /// `x.rounded()` (half away from zero) through a truncating integer conversion: the same
    /// value (the fraction `x - trunc(x)` is exact), without the call into libm's `round` that
    /// took 40 % of a route's simplification (a 1,556-point line made 44,682 of them).
    @inline(__always)
    private static func roundedHalfAway(_ x: Double) -> Double {
        guard abs(x) < 4_503_599_627_370_496 else { return x.rounded() }   // 2^52: already whole
        let whole = Double(Int64(x)), fraction = x - whole
        return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
    }

    /// Per segment of the leg's geometry (its steps' lines joined): the step's distance and
    /// duration shared by length (the router keeps both per step, measured as OSRM measures, not
    /// per segment). The durations are the road's alone (`RouteStep.roadTime`), as OSRM's leave
    /// out the turns and traffic signals, which the leg's duration keeps; a backend that does
    /// not say the road's time shares the step's whole time.
    static func annotation(_ json: inout JSONStream, _ steps: [RouteStep], nodes: [Int64]?, _ asked: Set<String>) {
        var distances: [Double] = [], durations: [Double] = []
        for step in steps {
            let line = step.polyline
            var segments: [Double] = []
            for i in line.indices.dropFirst() where line[i] != line[i - 1] { segments.append(line[i - 1].distance(to: line[i])) }
            let length = segments.reduce(0, +)
            for d in segments {
                distances.append(OSRMRouteJSON.round1(length > 0 ? step.distance * d / length : 0))
                durations.append(OSRMRouteJSON.round1(length > 0 ? (step.roadTime ?? step.expectedTravelTime) * d / length : 0))
            }
        }
        func numbers(_ key: String, _ values: [Double]) {
            guard asked.contains(key) else { return }
            json.key(key)
            json.openArray()
            for value in values { json.number(value) }
            json.closeArray()
        }
        json.openObject()
        if asked.contains("datasources") {
            json.key("datasources")
            json.openArray()
            for _ in distances { json.integer(0) }
            json.closeArray()
        }
        numbers("distance", distances)
        numbers("duration", durations)
        if asked.contains("nodes") {
            if let nodes, nodes.count == distances.count + 1 {
                json.key("nodes")
                json.openArray()
                for node in nodes { json.integer(Int(node)) }
                json.closeArray()
            } else {
                // A backend that does not give them (an OSRM server's route is not asked for
                // them): say so where a client looks for them.
                json.key("routeit")
                json.openObject()
                json.key("nodes")
                json.string("OSM node ids are not given for this route")
                json.closeObject()
            }
        }
        if asked.contains("speed") {
            numbers("speed", zip(distances, durations).map { $1 > 0 ? OSRMRouteJSON.round1($0 / $1) : 0 })
        }
        numbers("weight", durations)
        json.closeObject()
    }
}
