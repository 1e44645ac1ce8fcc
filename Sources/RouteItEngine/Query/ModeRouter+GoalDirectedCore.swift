/// The core phase of `ModeRouter.coreQuery`, aimed by the core's landmarks: the same
/// bidirectional search from the core nodes either side entered by, but each queue ordered by
/// cost plus potential (`CorePotential`, kept consistent by averaging, so both searches run on
/// one reduced graph and the plain stopping rule holds there: stop once the two queues' keys
/// add up to twice the best cost). Only the order in which core nodes are settled changes:
/// labels, parents and meetings are the plain search's, so paths unpack the same way.
extension ModeRouter {
    func goalDirectedCore(_ ws: QueryWorkspace, sources: [Int32], targets: [Int32], best: UInt32, meet: Int32,
                          landmarks: CoreLandmarks, avoid: UInt8) -> (cost: UInt32, meet: Int32) {
        var best = best, meet = meet
        let f = ws.forward, b = ws.backward
        let potential = CorePotential(landmarks, ch, sources: sources.map { ($0, f.distance($0)) },
                                      targets: targets.map { ($0, b.distance($0)) })
        // A node is reached again and again in a dense core: its potential is computed once.
        let cache = ws.potentials, stamp = ws.nextPotentialStamp()
        @inline(__always) func key(_ d: UInt32, _ x: Int32, forward: Bool) -> UInt64 {
            var p: Int64
            let cached = cache[Int(x)]
            if cached.stamp == stamp {
                p = cached.doubled
            } else {
                p = potential.doubled(x)
                cache[Int(x)] = QueryWorkspace.CachedPotential(stamp: stamp, doubled: p)
            }
            return UInt64(max(0, 2 * Int64(d) + (forward ? p : -p)))
        }
        var fQueue = KeyedMinHeap(), bQueue = KeyedMinHeap()
        for u in sources { fQueue.push(key(f.distance(u), u, forward: true), distance: f.distance(u), u) }
        for v in targets { bQueue.push(key(b.distance(v), v, forward: false), distance: b.distance(v), v) }
        while true {
            let fk = fQueue.minKey, bk = bQueue.minKey
            // An exhausted side has settled, and met the other at, every core node it can reach.
            if fk == .max || bk == .max || fk + bk >= 2 * UInt64(best) { break }
            let forwardTurn = fk <= bk
            let (side, other) = forwardTurn ? (f, b) : (b, f)
            let (arcs, start, masks) = forwardTurn ? (ch.fwd, ch.fwdStart, ch.fwdMask) : (ch.bwd, ch.bwdStart, ch.bwdMask)
            let (d, u) = forwardTurn ? fQueue.pop() : bQueue.pop()
            if d != side.distance(u) { continue }
            let od = other.distance(u)
            if od != .max, let total = ModeRouter.sum(d, od), total < best { best = total; meet = u }
            for i in ModeRouter.range(start, Int(u)) {
                if avoid != 0 && masks[i] & avoid != 0 { continue }
                let e = arcs[i]
                guard let nd = ModeRouter.sum(d, e.weight), nd < side.distance(e.target),
                      side.label(e.target, nd, parent: u, arc: ModeRouter.entryTag(i)) else { continue }
                let ot = other.distance(e.target)
                if ot != .max, let total = ModeRouter.sum(nd, ot), total < best { best = total; meet = e.target }
                // Keys only grow (the potential is consistent) and `best` only falls: a node whose
                // key meets the other queue's least at twice the best cost would never be settled.
                let k = key(nd, e.target, forward: forwardTurn)
                let bound = 2 * UInt64(best), otherLeast = forwardTurn ? bQueue.minKey : fQueue.minKey
                if best != .max && (otherLeast >= bound || k >= bound - otherLeast) { continue }
                if forwardTurn { fQueue.push(k, distance: nd, e.target) } else { bQueue.push(k, distance: nd, e.target) }
            }
        }
        return (best, meet)
    }
}
