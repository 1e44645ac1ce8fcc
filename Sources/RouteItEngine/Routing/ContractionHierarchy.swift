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
    var fwdStart: [UInt32]
    var fwd: [CHEdge]
    var bwdStart: [UInt32]
    var bwd: [CHEdge]
    /// Two arc ids per shortcut, in path order (u→v then v→w).
    var shortcutChildren: [Int32]
    var rank: [Int32]

    var nodeCount: Int { rank.count }
    var shortcutCount: Int { shortcutChildren.count / 2 }

    /// Appends the mode-graph arcs a CH arc stands for, in path order.
    func unpack(_ arc: Int32, into out: inout [Int32]) {
        var stack: [Int32] = [arc]
        while let a = stack.popLast() {
            if Int(a) < arcCount {
                out.append(a)
            } else {
                let s = (Int(a) - arcCount) * 2
                stack.append(shortcutChildren[s + 1])
                stack.append(shortcutChildren[s])
            }
        }
    }

    func write(to db: SQLiteDatabase, prefix: String) throws {
        try BlobStore.write([Int64(arcCount)], named: "\(prefix).ch.arcCount", to: db)
        try BlobStore.write(fwdStart, named: "\(prefix).ch.fwdStart", to: db)
        try BlobStore.write(fwd, named: "\(prefix).ch.fwd", to: db)
        try BlobStore.write(bwdStart, named: "\(prefix).ch.bwdStart", to: db)
        try BlobStore.write(bwd, named: "\(prefix).ch.bwd", to: db)
        try BlobStore.write(shortcutChildren, named: "\(prefix).ch.shortcuts", to: db)
        try BlobStore.write(rank, named: "\(prefix).ch.rank", to: db)
    }

    static func read(from db: SQLiteDatabase, prefix: String) throws -> ContractionHierarchy {
        let a = try BlobStore.require(Int64.self, named: "\(prefix).ch.arcCount", from: db)
        let ch = ContractionHierarchy(
            arcCount: Int(a.first ?? 0),
            fwdStart: try BlobStore.require(UInt32.self, named: "\(prefix).ch.fwdStart", from: db),
            fwd: try BlobStore.require(CHEdge.self, named: "\(prefix).ch.fwd", from: db),
            bwdStart: try BlobStore.require(UInt32.self, named: "\(prefix).ch.bwdStart", from: db),
            bwd: try BlobStore.require(CHEdge.self, named: "\(prefix).ch.bwd", from: db),
            shortcutChildren: try BlobStore.require(Int32.self, named: "\(prefix).ch.shortcuts", from: db),
            rank: try BlobStore.require(Int32.self, named: "\(prefix).ch.rank", from: db))
        let n = ch.rank.count
        guard ch.fwdStart.count == n + 1, ch.bwdStart.count == n + 1,
              Int(ch.fwdStart[n]) == ch.fwd.count, Int(ch.bwdStart[n]) == ch.bwd.count else {
            throw DirectionsErrorMessage("the map's \(prefix) hierarchy is inconsistent; re-import it")
        }
        return ch
    }
}
