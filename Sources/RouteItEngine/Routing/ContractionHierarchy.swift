/// One upward arc of the hierarchy: to a higher-ranked node. `arc` is a mode-graph arc id, or
/// arcCount + i for shortcut i.
struct CHEdge: Equatable {
    var target: Int32
    var weight: UInt32
    var arc: Int32
}

/// A contraction hierarchy over one mode graph. `fwd` of node u holds real arcs u→x, `bwd` holds
/// real arcs x→u, always with x ranked above u; shortcuts unpack through `shortcutChildren`.
struct ContractionHierarchy {
    var arcCount: Int
    var fwdStart: Column<UInt32>
    var fwd: Column<CHEdge>
    var bwdStart: Column<UInt32>
    var bwd: Column<CHEdge>
    /// Two arc ids per shortcut, in path order (u→v then v→w).
    var shortcutChildren: Column<Int32>
    var rank: Column<Int32>
    /// Per `fwd`/`bwd` arc, the avoidable classes (`RoadAvoidance` bits) of the roads it covers
    /// (see `CHBuilder`): a query avoiding some classes skips the arcs that have any of them.
    var fwdMask: Column<UInt8>
    var bwdMask: Column<UInt8>

    var nodeCount: Int { rank.count }
    var shortcutCount: Int { shortcutChildren.count / 2 }

    /// Appends the mode-graph arcs a CH arc stands for, in path order. A damaged hierarchy can
    /// hold shortcuts that contain themselves: unpacking stops (damage reported) past every arc.
    func unpack(_ arc: Int32, into out: inout [Int32]) {
        var stack: [Int32] = [arc]
        var budget = arcCount + shortcutChildren.count + 1
        while let a = stack.popLast() {
            budget -= 1
            guard budget >= 0, a >= 0 else { MapDamage.report(); return }
            if Int(a) < arcCount {
                out.append(a)
            } else {
                let s = (Int(a) - arcCount) * 2
                stack.append(shortcutChildren[s + 1])
                stack.append(shortcutChildren[s])
            }
        }
    }

    func write(to sections: MapSectionWriter, prefix: String) throws {
        try sections.write([Int64(arcCount)], named: "\(prefix).ch.arcCount")
        try sections.write(fwdStart, named: "\(prefix).ch.fwdStart")
        try sections.write(fwd, named: "\(prefix).ch.fwd")
        try sections.write(bwdStart, named: "\(prefix).ch.bwdStart")
        try sections.write(bwd, named: "\(prefix).ch.bwd")
        try sections.write(shortcutChildren, named: "\(prefix).ch.shortcuts")
        try sections.write(rank, named: "\(prefix).ch.rank")
        try sections.write(fwdMask, named: "\(prefix).ch.fwdMask")
        try sections.write(bwdMask, named: "\(prefix).ch.bwdMask")
    }

    /// Maps the hierarchy; counts are checked here, values on use.
    static func read(from sections: MapSections, prefix: String) throws -> ContractionHierarchy {
        let a: Column<Int64> = try sections.column("\(prefix).ch.arcCount")
        let ch = ContractionHierarchy(
            arcCount: Int(a.first ?? 0),
            fwdStart: try sections.column("\(prefix).ch.fwdStart"),
            fwd: try sections.column("\(prefix).ch.fwd"),
            bwdStart: try sections.column("\(prefix).ch.bwdStart"),
            bwd: try sections.column("\(prefix).ch.bwd"),
            shortcutChildren: try sections.column("\(prefix).ch.shortcuts"),
            rank: try sections.column("\(prefix).ch.rank"),
            fwdMask: try sections.column("\(prefix).ch.fwdMask"),
            bwdMask: try sections.column("\(prefix).ch.bwdMask"))
        let n = ch.rank.count
        guard a.count == 1, ch.arcCount >= 0, ch.arcCount < Int32.max, ch.fwdStart.count == n + 1, ch.bwdStart.count == n + 1,
              Int(ch.fwdStart[n]) == ch.fwd.count, Int(ch.bwdStart[n]) == ch.bwd.count,
              ch.fwdMask.count == ch.fwd.count, ch.bwdMask.count == ch.bwd.count else {
            throw MapSectionsError.damaged
        }
        return ch
    }
}
