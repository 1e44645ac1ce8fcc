/// One upward arc of the hierarchy: to a higher-ranked node. `arc` is a mode-graph arc id, or
/// arcCount + v for a shortcut that bypasses node v.
struct CHEdge: Equatable {
    var target: Int32
    var weight: UInt32
    var arc: Int32
}

/// A contraction hierarchy over one mode graph. `fwd` of node u holds real arcs u→x, `bwd` holds
/// real arcs x→u, always with x ranked above u. A shortcut names only the node it bypasses: its
/// two halves are arcs of that node, found again when a route is unpacked (no table of
/// shortcuts, which was the largest part of a map).
struct ContractionHierarchy {
    var arcCount: Int
    var fwdStart: Column<UInt32>
    var fwd: Column<CHEdge>
    var bwdStart: Column<UInt32>
    var bwd: Column<CHEdge>
    var rank: Column<Int32>
    /// Per `fwd`/`bwd` arc, the avoidable classes (`RoadAvoidance` bits) of the roads it covers
    /// (see `CHBuilder`): a query avoiding some classes skips the arcs that have any of them.
    var fwdMask: Column<UInt8>
    var bwdMask: Column<UInt8>
    /// The lowest rank of the uncontracted core (`nodeCount` when everything was contracted, and
    /// for maps written before it was stored: their queries then search the core the slow way).
    /// A core node's lists hold all of its core arcs, to lower ranks too.
    var coreRank: Int32
    /// Landmarks that aim the search in the core (nil: none, or a map written before them).
    var landmarks: CoreLandmarks?

    /// Shortcuts the builder added (0 for a hierarchy read from a map).
    var shortcutCount = 0

    var nodeCount: Int { rank.count }

    /// A CH arc being unpacked: from `u` to `w`, of `weight`; its classes are read from its
    /// entry (`entry` of the `fwd` list when `forward`, else of `bwd`) only when needed.
    private struct Piece {
        var arc: Int32, u: Int32, w: Int32, weight: UInt32, entry: Int, forward: Bool
    }

    /// Appends the mode-graph arcs that entry `i` of node `p`'s `fwd` list (`forward`) or `bwd`
    /// list stands for, in path order. A damaged hierarchy can hold shortcuts that contain
    /// themselves or halves that are not there: unpacking then stops with the damage reported.
    func unpack(entry i: Int, at p: Int32, forward: Bool, into out: inout [Int32]) {
        let e = forward ? fwd[i] : bwd[i]
        var stack = [Piece(arc: e.arc, u: forward ? p : e.target, w: forward ? e.target : p, weight: e.weight,
                           entry: i, forward: forward)]
        var budget = 2 * (arcCount + nodeCount) + 2
        while let piece = stack.popLast() {
            budget -= 1
            guard budget >= 0, piece.arc >= 0 else { MapDamage.report(); return }
            if Int(piece.arc) < arcCount {
                out.append(piece.arc)
                continue
            }
            guard let (first, second) = halves(of: piece) else { MapDamage.report(); return }
            stack.append(second)
            stack.append(first)
        }
    }

    /// The shortcut's two halves at the node it bypasses: the first arc into it from `u` (in
    /// stored order) and arc out of it to `w` whose weights and classes add up to the
    /// shortcut's, as the contraction made it. The classes only tell apart parallel pairs of
    /// equal weight: where ends and weights leave one pair, it is taken without reading them
    /// (a cold query then maps no page of the class lists).
    private func halves(of s: Piece) -> (Piece, Piece)? {
        let v = Int(s.arc) - arcCount
        guard v >= 0 && v < nodeCount else { return nil }
        let ins = MapDamage.range(bwdStart[v], bwdStart[v + 1], count: bwd.count)
        let outs = MapDamage.range(fwdStart[v], fwdStart[v + 1], count: fwd.count)
        /// The one pair with the shortcut's ends and weight (nil: none, or several); with
        /// `classes`, the first pair of those classes too.
        func pair(classes: UInt8?) -> (Int, Int)? {
            var found: (Int, Int)?
            for i in ins where bwd[i].target == s.u {
                let rest = s.weight &- bwd[i].weight
                for j in outs where fwd[j].target == s.w && fwd[j].weight == rest {
                    guard let classes else {
                        if found != nil { return nil }
                        found = (i, j)
                        continue
                    }
                    if bwdMask[i] | fwdMask[j] == classes { return (i, j) }
                }
            }
            return found
        }
        guard let (i, j) = pair(classes: nil) ?? pair(classes: s.forward ? fwdMask[s.entry] : bwdMask[s.entry]) else {
            return nil
        }
        return (Piece(arc: bwd[i].arc, u: s.u, w: Int32(v), weight: bwd[i].weight, entry: i, forward: false),
                Piece(arc: fwd[j].arc, u: Int32(v), w: s.w, weight: fwd[j].weight, entry: j, forward: true))
    }

    func write(to sections: MapSectionWriter, prefix: String) throws {
        try sections.write([Int64(arcCount)], named: "\(prefix).ch.arcCount")
        try sections.write(fwdStart, named: "\(prefix).ch.fwdStart")
        try sections.write(fwd, named: "\(prefix).ch.fwd")
        try sections.write(bwdStart, named: "\(prefix).ch.bwdStart")
        try sections.write(bwd, named: "\(prefix).ch.bwd")
        try sections.write(rank, named: "\(prefix).ch.rank")
        try sections.write(fwdMask, named: "\(prefix).ch.fwdMask")
        try sections.write(bwdMask, named: "\(prefix).ch.bwdMask")
        try sections.write([Int64(coreRank)], named: "\(prefix).ch.coreRank")
        try landmarks?.write(to: sections, prefix: prefix)
    }

    /// Maps the hierarchy; counts are checked here, values on use.
    static func read(from sections: MapSections, prefix: String) throws -> ContractionHierarchy {
        let a: Column<Int64> = try sections.column("\(prefix).ch.arcCount")
        var ch = ContractionHierarchy(
            arcCount: Int(a.first ?? 0),
            fwdStart: try sections.column("\(prefix).ch.fwdStart"),
            fwd: try sections.column("\(prefix).ch.fwd"),
            bwdStart: try sections.column("\(prefix).ch.bwdStart"),
            bwd: try sections.column("\(prefix).ch.bwd"),
            rank: try sections.column("\(prefix).ch.rank"),
            fwdMask: try sections.column("\(prefix).ch.fwdMask"),
            bwdMask: try sections.column("\(prefix).ch.bwdMask"),
            coreRank: 0)
        let n = ch.nodeCount
        var core = Int64(n)
        if sections.has("\(prefix).ch.coreRank") {
            let c: Column<Int64> = try sections.column("\(prefix).ch.coreRank")
            guard c.count == 1, c[0] >= 0, c[0] <= Int64(n) else { throw MapSectionsError.damaged }
            core = c[0]
        }
        ch.coreRank = Int32(core)
        guard a.count == 1, ch.arcCount >= 0, ch.arcCount + n < Int32.max, ch.fwdStart.count == n + 1,
              ch.bwdStart.count == n + 1, Int(ch.fwdStart[n]) == ch.fwd.count, Int(ch.bwdStart[n]) == ch.bwd.count,
              ch.fwdMask.count == ch.fwd.count, ch.bwdMask.count == ch.bwd.count else {
            throw MapSectionsError.damaged
        }
        ch.landmarks = try CoreLandmarks.read(from: sections, prefix: prefix, coreSize: n - Int(core))
        return ch
    }
}
