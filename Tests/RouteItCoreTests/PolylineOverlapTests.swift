import XCTest
@testable import RouteItCore

/// The overlap share files the other lines' segments in boxes and skips samples a clearance
/// vouches for; its answers must be the ones a check of every segment gives, on lines of any
/// length and shape.
final class PolylineOverlapTests: XCTestCase {
    /// The share as defined, every sample checked against every segment.
    private func referenceShare(of line: [Coordinate], alongsideAny others: [[Coordinate]], tolerance: Double) -> Double {
        let lat0 = line[0].latitude, lon0 = line[0].longitude
        let ky = Geodesy.metresPerDegree, kx = ky * cos(lat0 * .pi / 180)
        func xy(_ c: Coordinate) -> (Double, Double) { ((c.longitude - lon0) * kx, (c.latitude - lat0) * ky) }
        let a = line.map(xy), segments = others.flatMap { o in zip(o.map(xy), o.map(xy).dropFirst()).map { ($0, $1) } }
        var total = 0.0, shared = 0.0
        for (p0, p1) in zip(a, a.dropFirst()) {
            let length = hypot(p1.0 - p0.0, p1.1 - p0.1)
            guard length > 0 else { continue }
            let samples = max(1, Int((length / 4).rounded(.up)))
            for k in 0..<samples {
                let t = (Double(k) + 0.5) / Double(samples)
                let p = (p0.0 + t * (p1.0 - p0.0), p0.1 + t * (p1.1 - p0.1))
                let near = segments.contains { s in
                    let dx = s.1.0 - s.0.0, dy = s.1.1 - s.0.1, len2 = dx * dx + dy * dy
                    let u = len2 > 0 ? min(1, max(0, ((p.0 - s.0.0) * dx + (p.1 - s.0.1) * dy) / len2)) : 0
                    let ex = s.0.0 + u * dx - p.0, ey = s.0.1 + u * dy - p.1
                    return ex * ex + ey * ey <= tolerance * tolerance
                }
                if near { shared += length / Double(samples) }
            }
            total += length
        }
        return total > 0 ? shared / total : 0
    }

    /// A wandering line from `start`: steps of a few metres up to `longest` metres.
    private func walk(_ generator: inout SeededRandom, from start: Coordinate, points: Int, longest: Double) -> [Coordinate] {
        var line = [start]
        for _ in 1..<points {
            let last = line.last!, metres = Double.random(in: 0...longest, using: &generator)
            let bearing = Double.random(in: 0..<(2 * .pi), using: &generator)
            line.append(Coordinate(latitude: last.latitude + metres * cos(bearing) / 111_195,
                                   longitude: last.longitude + metres * sin(bearing) / (111_195 * cos(last.latitude * .pi / 180))))
        }
        return line
    }

    func testSharesEqualACheckOfEverySegment() {
        var generator = SeededRandom(seed: 17)
        let start = Coordinate(latitude: 60.17, longitude: 24.94)
        for round in 0..<40 {
            let longest = [5.0, 40, 300, 2_000][round % 4]
            let other = walk(&generator, from: start, points: 30, longest: longest)
            // Along the other line with a sideways wobble, and off on its own for a while.
            var line = other.map { Coordinate(latitude: $0.latitude + Double.random(in: -20...20, using: &generator) / 111_195,
                                              longitude: $0.longitude) }
            line += walk(&generator, from: line.last!, points: 10, longest: longest)
            let third = walk(&generator, from: line[line.count / 2], points: 8, longest: longest)
            for tolerance in [0.5, 8, 12, 45] {
                let expected = referenceShare(of: line, alongsideAny: [other, third], tolerance: tolerance)
                XCTAssertEqual(PolylineOverlap.share(of: line, alongsideAny: [other, third], tolerance: tolerance), expected,
                               accuracy: 1e-12, "round \(round), tolerance \(tolerance)")
            }
        }
    }

    /// Filed once, the others answer for any number of lines; segments said to be on them count whole.
    func testFiledOnceAndKnownSegments() {
        var generator = SeededRandom(seed: 31)
        let start = Coordinate(latitude: 60.17, longitude: 24.94)
        let other = walk(&generator, from: start, points: 40, longest: 300)
        var overlap = PolylineOverlap(origin: start, tolerance: 12)
        overlap.add(other)
        for _ in 0..<10 {
            let line = walk(&generator, from: other[5], points: 20, longest: 300)
            // Filed once, the lines are projected around `start`, the reference around each line:
            // a sample right at the tolerance may fall either side, so two samples' worth may differ.
            let length = zip(line, line.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
            XCTAssertEqual(overlap.share(of: line), referenceShare(of: line, alongsideAny: [other], tolerance: 12),
                           accuracy: max(1e-3, 2 * 4 / length))
        }
        let a = Coordinate(latitude: 60, longitude: 24), b = Coordinate(latitude: 60.01, longitude: 24)
        let c = Coordinate(latitude: 60.02, longitude: 24)
        var far = PolylineOverlap(origin: a)
        far.add([Coordinate(latitude: 60, longitude: 25), Coordinate(latitude: 60.01, longitude: 25)])
        XCTAssertEqual(far.share(of: [a, b, c]), 0)
        XCTAssertEqual(far.share(of: [a, b, c], known: [true, false]), 0.5, accuracy: 1e-9)
    }

    func testKnownShares() {
        let a = Coordinate(latitude: 60, longitude: 24), b = Coordinate(latitude: 60.01, longitude: 24)
        let c = Coordinate(latitude: 60.02, longitude: 24)
        XCTAssertEqual(PolylineOverlap.share(of: [a, b], alongside: [a, b]), 1, accuracy: 1e-9)
        XCTAssertEqual(PolylineOverlap.share(of: [a, c], alongside: [a, b]), 0.5, accuracy: 0.01)
        XCTAssertEqual(PolylineOverlap.share(of: [a, c], alongside: [Coordinate(latitude: 60, longitude: 24.01), Coordinate(latitude: 60.02, longitude: 24.01)]), 0)
        XCTAssertEqual(PolylineOverlap.share(of: [a, c], alongsideAny: []), 0)
        XCTAssertEqual(PolylineOverlap.share(of: [a], alongside: [a, c]), 0)
    }
}
