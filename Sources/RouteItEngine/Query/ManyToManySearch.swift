import Foundation

/// Costs between many sources and many targets in one pass over the hierarchy, as OSRM's
/// `many_to_many_ch` does it: each target's upward search leaves its cost in a bucket at every
/// node it settles, then each source's upward search reads the buckets of the nodes it
/// settles; the cheapest sum at any node is the shortest path (its highest node is settled by
/// both). RouteIt's hierarchy keeps an uncontracted core, where upward searches stop: each
/// target also gets a plain Dijkstra inside the core (backward, from the core nodes its search
/// reached, on a compact copy of the core: `CoreGraph`), so a source that reaches the core at
/// node c adds c's cost to that target. The sources search first, so that each target's core
/// search stops once it has settled the core nodes they reached, and only their costs are kept.
///
/// Costs are weights. A weight may hold charges that are not time (a car entering a road
/// closed to through traffic: `charge` each); each cell also counts the charges of its path,
/// read from the hierarchy arcs its searches took (each unpacked once), so that the caller can
/// take them out of the time, as OSRM keeps a duration beside each weight.
final class ManyToManySearch {
    let router: ModeRouter
    /// `RoadAvoidance` bits: arcs on roads of these classes are not taken.
    let avoid: UInt8
    /// The weight-only charge of one arc (0: none counted).
    let charge: UInt32
    /// Whether entering edge direction `k` by a mode-graph arc of `weight` pays the charge.
    private let isCharged: (_ weight: UInt32, _ k: Int) -> Bool
    /// Charges per hierarchy entry (`forward`: of a `fwd` list), unpacked at most once by the
    /// upward searches.
    private var entryCharges: [Int64: UInt8] = [:]

    /// The core's compact copy, begun on a second thread while this one snaps the places and
    /// runs the upward searches, then shared by both (nil: made when needed, on this thread).
    private let coreInAdvance: (copy: CoreGraphCopy, work: BackgroundWork<Void>)?

    /// `places`: how many targets the table will have, when known: from `twoThreadsFrom` on, with
    /// a second core and a hierarchy core of `coreInAdvanceFrom` nodes or more, the core's copy
    /// is started at once.
    init(router: ModeRouter, avoid: UInt8, charge: UInt32 = 0, places: Int = 0, coreInAdvanceFrom: Int = ManyToManySearch.coreInAdvanceFrom,
         isCharged: @escaping (UInt32, Int) -> Bool = { _, _ in false }) {
        self.router = router
        self.avoid = avoid
        self.charge = charge
        self.isCharged = isCharged
        let ch = router.ch
        let coreSize = ch.nodeCount - Int(min(ch.coreRank, Int32(ch.nodeCount)))
        if places >= Self.twoThreadsFrom && coreSize >= coreInAdvanceFrom && ProcessInfo.processInfo.activeProcessorCount > 1,
           let copy = CoreGraphCopy(ch, forward: false, avoid: avoid) {
            coreInAdvance = (copy, BackgroundWork(name: "table core copy") { copy.work() })
        } else {
            coreInAdvance = nil
        }
    }

    /// Core nodes from which the core's copy is worth a thread of its own (a small core is
    /// copied in less time than a thread takes to start).
    static let coreInAdvanceFrom = 1_000

    /// The core's copy: the one begun in advance (this thread copies what is left of it, then
    /// waits for the other's last chunk), else made now.
    private func coreGraph() -> CoreGraph? {
        if let (copy, work) = coreInAdvance {
            copy.work()
            // The work throws nothing; waiting only lets its writes be seen here.
            _ = try? work.wait()
            return copy.graph
        }
        return CoreGraph(router.ch, forward: false, avoid: avoid)
    }

    /// A cell: the least weight (`UInt32.max` where no path joins them) and its charges.
    struct Cell {
        var cost: UInt32 = .max
        var charges: UInt8 = 0
    }

    /// One bucket entry: target `target` is `cost` (with `charges`) away from `node` going up.
    private struct Bucket {
        var node: Int32
        var target: Int32
        var cost: UInt32
        var charges: UInt8
    }

    /// Where a search reached the core: core index `core` at `cost` (with `charges`), for
    /// `place` (a source's or a target's index).
    private struct CoreEntry {
        var place: Int32
        var core: Int32
        var cost: UInt32
        var charges: UInt8
    }

    /// `cells[i * targets.count + j]` from source i to target j. `targetCharges[j][k]`: the
    /// charges in target j's endpoint k's own cost (the turn into the place's road).
    func cells(sources: [[SearchEndpoint]], targets: [[SearchEndpoint]], targetCharges: [[UInt8]] = []) -> [Cell] {
        let ch = router.ch
        let coreRank = Int(min(ch.coreRank, Int32(ch.nodeCount)))
        let space = SearchSpace(nodeCount: ch.nodeCount)
        var buckets: [Bucket] = []
        var targetEntries: [[CoreEntry]] = Array(repeating: [], count: targets.count)
        var labels = LabelCharges()
        for (j, endpoints) in targets.enumerated() {
            labels.reset(seeds: endpoints, charges: j < targetCharges.count ? targetCharges[j] : [])
            upward(space, endpoints, forward: false, coreRank: coreRank) { node, cost in
                buckets.append(Bucket(node: node, target: Int32(j), cost: cost, charges: charges(of: node, cost, space, &labels, forward: false)))
            } atCore: { node in
                let cost = space.distance(node)
                targetEntries[j].append(CoreEntry(place: Int32(j), core: ch.rank[Int(node)] - Int32(coreRank), cost: cost,
                                                  charges: charges(of: node, cost, space, &labels, forward: false)))
            }
        }
        buckets.sort { ($0.node, $0.cost) < ($1.node, $1.cost) }
        let bucketNodes = buckets.map(\.node)

        var cells = [Cell](repeating: Cell(), count: sources.count * targets.count)
        var sourceEntries: [CoreEntry] = []
        for (i, endpoints) in sources.enumerated() {
            let row = i * targets.count
            labels.reset(seeds: endpoints, charges: [])
            upward(space, endpoints, forward: true, coreRank: coreRank) { node, cost in
                var k = Self.firstIndex(of: node, in: bucketNodes)
                var own: UInt8?
                while k < buckets.count && buckets[k].node == node {
                    let entry = buckets[k]
                    if let total = ModeRouter.sum(cost, entry.cost), total < cells[row + Int(entry.target)].cost {
                        let mine = own ?? charges(of: node, cost, space, &labels, forward: true)
                        own = mine
                        cells[row + Int(entry.target)] = Cell(cost: total, charges: mine &+ entry.charges)
                    }
                    k += 1
                }
            } atCore: { node in
                let cost = space.distance(node)
                sourceEntries.append(CoreEntry(place: Int32(i), core: ch.rank[Int(node)] - Int32(coreRank), cost: cost,
                                               charges: charges(of: node, cost, space, &labels, forward: true)))
            }
        }
        if !sourceEntries.isEmpty && targetEntries.contains(where: { !$0.isEmpty }) {
            joinInCore(&cells, width: targets.count, sources: sourceEntries, targets: targetEntries)
        } else {
            // No thread outlives the call.
            _ = try? coreInAdvance?.work.wait()
        }
        return cells
    }

    /// From this many targets on, a second thread (when there is a second core) takes every
    /// other target's core search.
    static let twoThreadsFrom = 8

    /// Paths through the core: per target, a Dijkstra in the core (backward, from the core
    /// nodes its upward search reached) until it has settled every core node a source reached;
    /// a source reaching core node c at cost x is then x + c's cost away from that target.
    /// The targets' searches are independent and each writes only its own column of the cells,
    /// so two threads share them out.
    private func joinInCore(_ cells: inout [Cell], width: Int, sources: [CoreEntry], targets: [[CoreEntry]]) {
        guard let core = coreGraph() else { return }
        // A damaged map's ranks may lead past the core: such entries are left out, not read.
        let inCore = { (e: CoreEntry) in e.core >= 0 && Int(e.core) < core.count }
        if !sources.allSatisfy(inCore) || !targets.allSatisfy({ $0.allSatisfy(inCore) }) { MapDamage.report() }
        let sources = sources.filter(inCore), targets = targets.map { $0.filter(inCore) }
        var needed = [Bool](repeating: false, count: core.count), neededCount = 0
        for e in sources where !needed[Int(e.core)] {
            needed[Int(e.core)] = true
            neededCount += 1
        }
        let columns = targets.indices.filter { !targets[$0].isEmpty }
        let join = CoreJoin(core: core, needed: needed, neededCount: neededCount, sources: sources, targets: targets, width: width,
                            reached: SourcesInCore(sources, coreCount: core.count))
        cells.withUnsafeMutableBufferPointer { buffer in
            let cells = buffer
            guard columns.count >= Self.twoThreadsFrom && ProcessInfo.processInfo.activeProcessorCount > 1 else {
                return joinColumns(columns, join, into: cells)
            }
            let odd = stride(from: 1, to: columns.count, by: 2).map { columns[$0] }
            let other = BackgroundWork(name: "table core") { [self] in joinColumns(odd, join, into: cells) }
            joinColumns(stride(from: 0, to: columns.count, by: 2).map { columns[$0] }, join, into: cells)
            // The work throws nothing; waiting only lets its writes be seen here.
            _ = try? other.wait()
        }
    }

    /// What every target's core search reads.
    private struct CoreJoin {
        let core: CoreGraph
        let needed: [Bool]
        let neededCount: Int
        let sources: [CoreEntry]
        let targets: [[CoreEntry]]
        let width: Int
        let reached: SourcesInCore
    }

    /// The sources' core entries by core node, and per source (a slot per source that reached the
    /// core) its cheapest entry: what a target's core search needs to know when it may stop.
    private struct SourcesInCore {
        /// The places of the slots.
        let places: [Int32]
        let cheapest: [UInt32]
        /// Core node c's entries are `slot[start[c]..<start[c + 1]]` and `cost[…]`.
        let start: [Int32]
        let slot: [Int32]
        let cost: [UInt32]

        init(_ entries: [CoreEntry], coreCount: Int) {
            var slotOf: [Int32: Int32] = [:], places: [Int32] = [], cheapest: [UInt32] = []
            var start = [Int32](repeating: 0, count: coreCount + 1)
            for e in entries {
                start[Int(e.core) + 1] += 1
                if let k = slotOf[e.place] {
                    cheapest[Int(k)] = min(cheapest[Int(k)], e.cost)
                } else {
                    slotOf[e.place] = Int32(places.count)
                    places.append(e.place)
                    cheapest.append(e.cost)
                }
            }
            for c in 0..<coreCount { start[c + 1] += start[c] }
            var next = start, slot = [Int32](repeating: 0, count: entries.count), cost = [UInt32](repeating: 0, count: entries.count)
            for e in entries {
                let i = Int(next[Int(e.core)])
                next[Int(e.core)] += 1
                slot[i] = slotOf[e.place] ?? 0
                cost[i] = e.cost
            }
            self.places = places
            self.cheapest = cheapest
            self.start = start
            self.slot = slot
            self.cost = cost
        }
    }

    /// The cells of target columns `columns` through the core, with a search of their own.
    private func joinColumns(_ columns: [Int], _ join: CoreJoin, into cells: UnsafeMutableBufferPointer<Cell>) {
        var search = CoreSearch(count: join.core.count)
        var best = [UInt32](repeating: .max, count: join.reached.places.count)
        for j in columns {
            // What each source has so far (below the core), improved as the search meets its entries.
            for (k, place) in join.reached.places.enumerated() { best[k] = cells[Int(place) * join.width + j].cost }
            search.run(join.core, from: join.targets[j], needed: join.needed, neededCount: join.neededCount,
                       reached: join.reached, best: &best)
            for e in join.sources {
                let rest = search.cost[Int(e.core)]
                let k = Int(e.place) * join.width + j
                guard rest != .max, let total = ModeRouter.sum(e.cost, rest), total < cells[k].cost else { continue }
                cells[k] = Cell(cost: total, charges: e.charges &+ coreCharges(of: e.core, join.core, &search))
            }
        }
    }

    /// One target's Dijkstra in a `CoreGraph`, on arrays of the core's size reused target by target.
    private struct CoreSearch {
        var cost: [UInt32]
        /// The core index each label came from (-1: a root) and the arc's entry there.
        var parent: [Int32]
        var parentEntry: [Int32]
        /// Per root its charges; per node the charges of its label once worked out (-1: not yet).
        var rootCharges: [UInt8]
        var known: [Int16]
        let heap: IndexedMinHeap
        /// Charges per hierarchy entry, unpacked at most once by this search (one per thread).
        var entryCharges: [Int64: UInt8] = [:]

        init(count: Int) {
            heap = IndexedMinHeap(capacity: count)
            cost = [UInt32](repeating: .max, count: count)
            parent = [Int32](repeating: -1, count: count)
            parentEntry = parent
            rootCharges = [UInt8](repeating: 0, count: count)
            known = [Int16](repeating: -1, count: count)
        }

        /// Settles the core from the target's `entries` until every source's cell is known: each
        /// needed node settled, or the search past `best[k]` less source k's cheapest entry for
        /// every source (any entry still to settle would cost it more; every entry that could
        /// tie is settled, so the cells are those of the whole search).
        mutating func run(_ core: CoreGraph, from entries: [CoreEntry], needed: [Bool], neededCount: Int,
                          reached: SourcesInCore, best: inout [UInt32]) {
            for i in cost.indices { cost[i] = .max; known[i] = -1 }
            heap.removeAll()
            for e in entries where e.cost < cost[Int(e.core)] {
                cost[Int(e.core)] = e.cost
                parent[Int(e.core)] = -1
                rootCharges[Int(e.core)] = e.charges
                heap.push(e.cost, e.core)
            }
            var left = neededCount
            /// The distance past which no source's cell can change.
            func limit(_ best: [UInt32]) -> UInt32 {
                var most: UInt32 = 0
                for k in best.indices {
                    if best[k] == .max { return .max }
                    most = max(most, best[k] &- min(best[k], reached.cheapest[k]))
                }
                return most
            }
            var bound = limit(best)
            // Worked on as locals (swapped out and back, not copied), through pointers, so that
            // the loop neither captures all of `self` nor checks each array on every write.
            var cost: [UInt32] = [], parent: [Int32] = [], parentEntry: [Int32] = []
            swap(&cost, &self.cost)
            swap(&parent, &self.parent)
            swap(&parentEntry, &self.parentEntry)
            let heap = self.heap
            let arcs = core.arcs, start = core.start, end = core.end
            cost.withUnsafeMutableBufferPointer { cost in
                parent.withUnsafeMutableBufferPointer { parent in
                    parentEntry.withUnsafeMutableBufferPointer { parentEntry in
                        while !heap.isEmpty {
                            let (d, u) = heap.pop()
                            let ui = Int(u)
                            if d > bound { break }
                            if needed[ui] {
                                left -= 1
                                if left == 0 { break }
                                var better = false
                                for i in Int(reached.start[ui])..<Int(reached.start[ui + 1]) {
                                    let k = Int(reached.slot[i])
                                    let total = UInt64(d) + UInt64(reached.cost[i])
                                    if total < UInt64(best[k]) { best[k] = UInt32(truncatingIfNeeded: total); better = true }
                                }
                                if better { bound = limit(best) }
                            }
                            // A while loop: `for k in start..<end` checked the end twice per
                            // arc, and the arcs are most of the search's work (a core node
                            // has dozens, and every target's search settles nearly all the core).
                            var k = Int(start[ui])
                            let stop = Int(end[ui])
                            while k < stop {
                                let a = arcs[k], v = Int(a.to)
                                // In 64 bits no sum wraps, and one below a cost (at most
                                // UInt32.max) fits in 32.
                                let nd = UInt64(d) &+ UInt64(a.weight)
                                if nd < UInt64(cost[v]) {
                                    cost[v] = UInt32(truncatingIfNeeded: nd)
                                    parent[v] = u
                                    parentEntry[v] = Int32(truncatingIfNeeded: k)
                                    heap.push(UInt32(truncatingIfNeeded: nd), a.to)
                                }
                                k &+= 1
                            }
                        }
                    }
                }
            }
            swap(&cost, &self.cost)
            swap(&parent, &self.parent)
            swap(&parentEntry, &self.parentEntry)
            heap.removeAll()
        }
    }

    /// The charges of core index `c`'s label in the last `CoreSearch`: its root's, plus those of
    /// the arcs down its label tree (each path worked out once per target).
    private func coreCharges(of c: Int32, _ core: CoreGraph, _ search: inout CoreSearch) -> UInt8 {
        // Each charge weighs `charge` at least: a cheaper path has none.
        if charge == 0 || search.cost[Int(c)] < charge { return 0 }
        var chain: [Int32] = []
        var x = c
        while search.known[Int(x)] < 0 && search.parent[Int(x)] >= 0 && chain.count <= core.count {
            chain.append(x)
            x = search.parent[Int(x)]
        }
        var value = search.known[Int(x)] >= 0 ? UInt8(search.known[Int(x)]) : search.rootCharges[Int(x)]
        search.known[Int(x)] = Int16(value)
        for y in chain.reversed() {
            let p = search.parent[Int(y)], k = Int(search.parentEntry[Int(y)])
            value &+= chargesOf(entry: Int(core.entry[k]), at: core.node[Int(p)], forward: false, known: &search.entryCharges)
            search.known[Int(y)] = Int16(value)
        }
        return value
    }

    /// The charges along a search's label tree, per settled node (a root's from its endpoint).
    private struct LabelCharges {
        var byNode: [Int32: UInt8] = [:]
        var seeds: [SearchEndpoint] = []
        var seedCharges: [UInt8] = []

        mutating func reset(seeds: [SearchEndpoint], charges: [UInt8]) {
            byNode.removeAll(keepingCapacity: true)
            self.seeds = seeds
            seedCharges = charges
        }
    }

    /// The charges of `node`'s label (`cost`), from its parent's (worked out first when not
    /// known yet) and the arc between.
    private func charges(of node: Int32, _ cost: UInt32, _ space: SearchSpace, _ labels: inout LabelCharges,
                         forward: Bool) -> UInt8 {
        // Each charge weighs `charge` at least: a cheaper label has none.
        if charge == 0 || cost < charge { return 0 }
        if let known = labels.byNode[node] { return known }
        let (parent, arc) = space.parent(node)
        let found: UInt8
        if parent < 0 {
            let seed = labels.seeds.firstIndex { $0.node == node && $0.cost == cost }
            found = seed.flatMap { $0 < labels.seedCharges.count ? labels.seedCharges[$0] : nil } ?? 0
        } else {
            let before = labels.byNode[parent] ?? charges(of: parent, space.distance(parent), space, &labels, forward: forward)
            found = before &+ chargesOf(entry: Int(-1 - arc), at: parent, forward: forward, known: &entryCharges)
        }
        labels.byNode[node] = found
        return found
    }

    /// The charges of the mode-graph arcs a hierarchy entry stands for (`known`: those worked
    /// out so far, by entry).
    private func chargesOf(entry i: Int, at parent: Int32, forward: Bool, known: inout [Int64: UInt8]) -> UInt8 {
        if (forward ? router.ch.fwd[i] : router.ch.bwd[i]).weight < charge { return 0 }
        let key = Int64(i) << 1 | (forward ? 1 : 0)
        if let count = known[key] { return count }
        var arcs: [Int32] = []
        router.ch.unpack(entry: i, at: parent, forward: forward, into: &arcs)
        let graph = router.graph
        var count: UInt8 = 0
        for a in arcs where Int(a) < graph.arcCount && isCharged(graph.arcWeight[Int(a)], Int(graph.arcEdgeDir[Int(a)])) {
            count &+= 1
        }
        known[key] = count
        return count
    }

    /// An upward search from `endpoints` (forward: along `fwd` arcs; else along `bwd`), to the
    /// end of the hierarchy below the core: `settled` for every node it settles below the core,
    /// `atCore` for every core node it reaches (not searched on).
    private func upward(_ space: SearchSpace, _ endpoints: [SearchEndpoint], forward: Bool, coreRank: Int,
                        settled: (Int32, UInt32) -> Void, atCore: (Int32) -> Void) {
        space.reset()
        for e in endpoints where e.cost < space.distance(e.node) { space.update(e.node, e.cost, parent: -1, arc: -1) }
        let rank = router.ch.rank
        while !space.heap.isEmpty {
            let (d, u) = space.heap.pop()
            if d > space.distance(u) { continue }
            if Int(rank[Int(u)]) >= coreRank {
                atCore(u)
                continue
            }
            settled(u, d)
            router.climb(from: u, at: d, space, forward: forward, avoid: avoid)
        }
    }

    /// The first index whose node is not below `node` in the sorted nodes.
    private static func firstIndex(of node: Int32, in nodes: [Int32]) -> Int {
        var low = 0, high = nodes.count
        while low < high {
            let middle = (low + high) / 2
            if nodes[middle] < node { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
