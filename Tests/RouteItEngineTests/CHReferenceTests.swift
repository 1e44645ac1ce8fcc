import XCTest
import RouteItCore
@testable import RouteItEngine

/// A synthetic town: a grid of blocks with mixed road classes, oneways, missing blocks, a few
/// footpaths and turn restrictions. Every block is its own way so restrictions are exact.
enum GridTown {
    static let spacing = 120.0

    static func make(size: Int, seed: UInt64) -> RoadFixture {
        var rng = SeededRandom(seed: seed)
        var f = RoadFixture()
        for r in 0..<size {
            for c in 0..<size {
                // A little jitter so bearings and lengths differ.
                f.node("\(r):\(c)", Double(c) * spacing + Double.random(in: -15...15, using: &rng),
                       Double(r) * spacing + Double.random(in: -15...15, using: &rng))
            }
        }
        let classes = ["primary", "secondary", "tertiary", "residential", "residential", "service", "footway"]
        var wayId: Int64 = 1
        var blocksAt: [String: [(Int64, String)]] = [:]    // junction → (way, other end)
        for r in 0..<size {
            for c in 0..<size {
                for (dr, dc) in [(0, 1), (1, 0)] {
                    let r2 = r + dr, c2 = c + dc
                    guard r2 < size, c2 < size, Double.random(in: 0..<1, using: &rng) > 0.07 else { continue }
                    let highway = classes[Int.random(in: 0..<classes.count, using: &rng)]
                    var tags: [(String, String)] = [("highway", highway), ("name", dr == 0 ? "Katu \(r)" : "Tie \(c)")]
                    let roll = Double.random(in: 0..<1, using: &rng)
                    if roll < 0.12 { tags.append(("oneway", "yes")) } else if roll < 0.16 { tags.append(("oneway", "-1")) }
                    if Double.random(in: 0..<1, using: &rng) < 0.2 { tags.append(("maxspeed", ["30", "40", "60", "FI:urban"].randomElement(using: &rng)!)) }
                    let a = "\(r):\(c)", b = "\(r2):\(c2)"
                    f.way(wayId, [a, b], tags)
                    blocksAt[a, default: []].append((wayId, b))
                    blocksAt[b, default: []].append((wayId, a))
                    wayId += 1
                }
            }
        }
        var relation: Int64 = 1
        for key in blocksAt.keys.sorted() {
            let blocks = blocksAt[key]!
            guard blocks.count >= 3, Double.random(in: 0..<1, using: &rng) < 0.15 else { continue }
            let from = blocks[Int.random(in: 0..<blocks.count, using: &rng)].0
            var to = blocks[Int.random(in: 0..<blocks.count, using: &rng)].0
            if to == from { to = blocks.first { $0.0 != from }!.0 }
            let kind = ["no_left_turn", "no_right_turn", "no_straight_on", "only_straight_on", "only_left_turn"]
                .randomElement(using: &rng)!
            f.restriction(relation, kind, from: from, via: key, to: to)
            relation += 1
        }
        return f
    }
}

/// The contraction hierarchy must give exactly the reference search's costs.
final class CHReferenceTests: XCTestCase {
    func testCHEqualsReferenceOnRandomPairsInAGridTown() throws {
        let size = 24
        let d = try GridTown.make(size: size, seed: 42).build()
        var rng = SeededRandom(seed: 7)
        let extent = Double(size - 1) * GridTown.spacing
        var routed = 0, unreachable = 0
        for mode in [TransportType.car, .walk] {
            for _ in 0..<150 {
                let a = RoadFixture.coordinate(Double.random(in: 0...extent, using: &rng), Double.random(in: 0...extent, using: &rng))
                let b = RoadFixture.coordinate(Double.random(in: 0...extent, using: &rng), Double.random(in: 0...extent, using: &rng))
                let c = try d.costs(a, b, mode)
                XCTAssertEqual(c.ch, c.reference, "\(mode) \(a) → \(b)")
                if c.ch == nil { unreachable += 1 } else { routed += 1 }
            }
        }
        XCTAssertGreaterThan(routed, 250, "most random pairs in the town are connected")
        _ = unreachable
    }

    func testRouteDurationIsTheSearchCost() throws {
        let d = try GridTown.make(size: 12, seed: 3).build()
        var rng = SeededRandom(seed: 11)
        var checked = 0
        for _ in 0..<40 {
            let a = RoadFixture.coordinate(Double.random(in: 0...1300, using: &rng), Double.random(in: 0...1300, using: &rng))
            let b = RoadFixture.coordinate(Double.random(in: 0...1300, using: &rng), Double.random(in: 0...1300, using: &rng))
            guard let route = try? d.routes(from: a, to: b, mode: .car).first,
                  let cost = try d.costs(a, b, .car).reference else { continue }
            XCTAssertEqual(route.expectedTravelTime, Double(cost) / 1000, accuracy: 1e-9)
            XCTAssertEqual(route.steps.reduce(0) { $0 + $1.distance }, route.distance, accuracy: 1e-6)
            XCTAssertEqual(route.steps.reduce(0) { $0 + $1.expectedTravelTime }, route.expectedTravelTime, accuracy: 1e-6)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 20)
    }
}
