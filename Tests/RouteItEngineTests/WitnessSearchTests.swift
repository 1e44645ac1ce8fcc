import XCTest
import RouteItCore
@testable import RouteItEngine

/// `WitnessSearch` stops early (a goal within its cheapest cost needs no more search); the answers
/// the hierarchy's builder reads, "is the goal within this shortcut's cost", must be those of the
/// plain bounded search it replaced, settle limit included, or the hierarchy would change.
final class WitnessSearchTests: XCTestCase {
    func testAnswersAreThoseOfThePlainBoundedSearch() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<3000 {
            let n = 5 + Int(rng.next() % 30)
            let outs = ArcLists(nodeCount: n)
            var plain = [[CHBuilder.DynEdge]](repeating: [], count: n)
            for _ in 0..<(n * (1 + Int(rng.next() % 4))) {
                let u = Int(rng.next() % UInt64(n)), v = Int32(rng.next() % UInt64(n))
                let e = CHBuilder.DynEdge(node: v, weight: UInt32(rng.next() % 12), id: 0, hops: 1, mask: UInt8(rng.next() % 4))
                outs.append(u, e)
                plain[u].append(e)
            }
            let source = Int32(rng.next() % UInt64(n)), avoid = Int32(rng.next() % UInt64(n))
            var goals: [WitnessSearch.Goal] = []
            for _ in 0..<(1 + Int(rng.next() % 5)) {
                let node = Int32(rng.next() % UInt64(n))
                guard node != source, !goals.contains(where: { $0.node == node }) else { continue }
                let cheapest = UInt32(rng.next() % 30)
                goals.append(WitnessSearch.Goal(node: node, cost: cheapest + UInt32(rng.next() % 10), cheapest: cheapest))
            }
            guard !goals.isEmpty else { continue }
            let maxSettled = 1 + Int(rng.next() % 25), within = UInt8(rng.next() % 4)
            let search = WitnessSearch(nodeCount: n)
            goals.withUnsafeBufferPointer { search.run(outs, from: source, avoid: avoid, goals: $0, maxSettled: maxSettled, within: within) }
            let reference = Self.plainSearch(plain, from: source, avoid: avoid, goals: goals, maxSettled: maxSettled, within: within)
            for g in goals {
                for cost in g.cheapest...g.cost {
                    XCTAssertEqual(search.distance(g.node) <= cost, (reference[Int(g.node)] ?? .max) <= cost)
                }
            }
        }
    }

    /// The search as it was: a bounded Dijkstra popping (distance, node) in order, stopping when
    /// every goal is settled, past `maxSettled` settled nodes or past the dearest open goal.
    private static func plainSearch(_ outs: [[CHBuilder.DynEdge]], from source: Int32, avoid: Int32, goals: [WitnessSearch.Goal],
                                    maxSettled: Int, within: UInt8) -> [Int: UInt32] {
        var dist: [Int: UInt32] = [Int(source): 0]
        var open = Set(goals.map { Int($0.node) })
        var bound = goals.map(\.cost).max()!
        var queue: [(UInt32, Int32)] = [(0, source)]
        var settled = 0
        while let i = queue.indices.min(by: { queue[$0] < queue[$1] }) {
            let (d, u) = queue.remove(at: i)
            if d > dist[Int(u)]! { continue }
            if d > bound { break }
            if open.remove(Int(u)) != nil {
                if open.isEmpty { break }
                bound = goals.filter { open.contains(Int($0.node)) }.map(\.cost).max()!
            }
            settled += 1
            if settled > maxSettled { break }
            for e in outs[Int(u)] where e.node != avoid && e.mask & ~within == 0 {
                let nd = d + e.weight
                if nd > bound { continue }
                if nd < dist[Int(e.node)] ?? .max {
                    dist[Int(e.node)] = nd
                    queue.append((nd, e.node))
                }
            }
        }
        return dist
    }
}
