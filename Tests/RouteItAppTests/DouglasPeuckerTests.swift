import Foundation
import XCTest
import RouteItCore
@testable import routeit

/// `OSRMResponseShape.douglasPeucker` rounds only the points that can be the farthest: it must
/// keep exactly the points that rounding every point keeps (OSRM's overview, byte for byte).
final class DouglasPeuckerTests: XCTestCase {
    /// Lines a few microdegrees off straight (where rounding decides against every threshold
    /// of OSRM's table), grid staircases with equal corners (ties), and random walks.
    func testKeepsWhatRoundingEveryPointKeeps() {
        var random = SeededRandom(seed: 35)
        let thresholds: [Double] = [4, 6, 8, 20, 36, 45, 60, 120, 600, 676, 1_000, 2_809, 7_200, 11_449, 45_796, 184_041, 512_440]
        var lines: [[Coordinate]] = []
        for k in 0..<120 {
            let count = 3 + Int.random(in: 0..<150, using: &random)
            var lat = 60 + Double(Int.random(in: 0..<1_000, using: &random)) * 1e-3, lon = 24 + Double(Int.random(in: 0..<1_000, using: &random)) * 1e-3
            var line: [Coordinate] = []
            for i in 0..<count {
                switch k % 3 {
                case 0:   // nearly straight: whole microdegrees a few off the line
                    line.append(Coordinate(latitude: lat + Double(i) * 1e-5 + Double(Int.random(in: 0..<7, using: &random) - 3) * 1e-6,
                                           longitude: lon + Double(i) * 2e-5 + Double(Int.random(in: 0..<7, using: &random) - 3) * 1e-6))
                case 1:   // a staircase on a grid
                    if (i / 3) % 2 == 0 { lat += 5e-5 } else { lon += 5e-5 }
                    line.append(Coordinate(latitude: lat, longitude: lon))
                default:  // a random walk
                    lat += Double(Int.random(in: 0..<201, using: &random) - 100) * 1e-6
                    lon += Double(Int.random(in: 0..<201, using: &random) - 100) * 1e-6
                    line.append(Coordinate(latitude: lat, longitude: lon))
                }
            }
            lines.append(line)
        }
        for (k, line) in lines.enumerated() {
            for threshold in thresholds {
                XCTAssertEqual(OSRMResponseShape.douglasPeucker(line, threshold: threshold),
                               Self.roundingEveryPoint(line, threshold: threshold), "line \(k), threshold \(threshold)")
            }
        }
    }

    /// OSRM's `overview=simplified` keeps what a map showing the whole route draws: points a
    /// metre or two off a straight kilometre go, a real corner stays. With the thresholds OSRM used
    /// before 5.0 every wobble stayed (56 % of a Helsinki route's points, osrm-routed's 17 %:
    /// round 9a #11).
    func testASimplifiedOverviewDropsWobblesAndKeepsCorners() {
        // North along 24.94° E from 60.16° N, a point every ~11 m, each 1-2 m east or west.
        var line: [Coordinate] = []
        for i in 0...90 {
            let side: Double = i % 2 == 0 ? 1 : -1
            let off = side * Double(1 + i % 3) * 1.5e-5
            line.append(Coordinate(latitude: 60.16 + Double(i) * 1e-4, longitude: 24.94 + off))
        }
        line[0] = Coordinate(latitude: 60.16, longitude: 24.94)
        line[90] = Coordinate(latitude: 60.169, longitude: 24.94)
        XCTAssertEqual(OSRMResponseShape.simplified(legs: [line]), [line[0], line[90]])
        // Then 500 m east: the corner is kept.
        let east = (1...10).map { Coordinate(latitude: 60.169, longitude: 24.94 + Double($0) * 9e-4) }
        XCTAssertEqual(OSRMResponseShape.simplified(legs: [line + east]), [line[0], line[90], east[9]])
    }

    /// The simplification as it was written before: every point's distance rounded.
    private static func roundingEveryPoint(_ line: [Coordinate], threshold: Double) -> [Coordinate] {
        guard line.count > 2 else { return line }
        func mercatorY(_ lat: Double) -> Double {
            let f = sin(max(-85, min(85, lat)) * .pi / 180)
            return 180 / .pi * 0.5 * log((1 + f) / (1 - f))
        }
        let xs = line.map { ($0.longitude * 1e6).rounded() }, ys = line.map { (mercatorY($0.latitude) * 1e6).rounded() }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        var stack = [(0, line.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            var farthest = b, farthestDistance = 0.0
            let dx = xs[b] - xs[a], dy = ys[b] - ys[a], length2 = dx * dx + dy * dy
            for i in (a + 1)..<b {
                let px = xs[i] - xs[a], py = ys[i] - ys[a]
                let t = length2 > 0 ? min(1, max(0, (px * dx + py * dy) / length2)) : 0
                let ex = px - (t * dx).rounded(), ey = py - (t * dy).rounded()
                let d = ex * ex + ey * ey
                if d > threshold && d > farthestDistance { (farthest, farthestDistance) = (i, d) }
            }
            if farthestDistance > threshold {
                keep[farthest] = true
                stack.append((a, farthest))
                stack.append((farthest, b))
            }
        }
        return line.indices.filter { keep[$0] }.map { line[$0] }
    }
}
