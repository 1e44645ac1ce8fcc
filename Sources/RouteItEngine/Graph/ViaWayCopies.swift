/// Copies of car-graph nodes for via-way restrictions. Whether a turn at the end of a via path
/// is allowed depends on how the car entered it, which a node per edge direction cannot tell;
/// so the directions along each path get copies that only the from-way leads into (OSRM does
/// the same). A copy turns like the node it copies, except at the end of the path: after a
/// `no_*` path not onto the to-way, after an `only_*` path onto the to-way only. As in OSRM, an
/// `only_*` rule binds a car that drove the whole via path; it does not force one into it.
/// Paths that start alike (same from-way direction, same first edges) share their copies.
/// A rule with times gets its copies without a ban (`ViaWayPath.timed`).
struct ViaWayCopies {
    /// Copy i stands for edge direction `dir[i]`.
    private(set) var dir: [Int32] = []
    /// Copy i: the copy its path goes on to, by the next edge direction.
    private(set) var onwards: [[Int32: Int32]] = []
    /// Copy i: the only edge directions it may turn onto (`only_*`), nil for any.
    private(set) var onlyExits: [Set<Int32>?] = []
    /// Copy i: the edge directions it may not turn onto (`no_*` ending there).
    private(set) var bannedExits: [Set<Int32>] = []
    /// The turn from-way direction → first path direction leads into this copy.
    private var entries: [Int64: Int32] = [:]

    var count: Int { dir.count }

    init(_ paths: [ViaWayPath]) {
        for p in paths where !p.path.isEmpty {
            var copy = entries[Self.key(p.fromDir, p.path[0])] ?? add(p.path[0])
            entries[Self.key(p.fromDir, p.path[0])] = copy
            for d in p.path.dropFirst() {
                let next = onwards[Int(copy)][d] ?? add(d)
                onwards[Int(copy)][d] = next
                copy = next
            }
            // A rule with times bans nothing here: its last copy is where the router bans
            // the turn when the rule holds.
            guard !p.timed else { continue }
            switch p.kind {
            case .no: bannedExits[Int(copy)].formUnion(p.toDirs)
            case .only: onlyExits[Int(copy)] = (onlyExits[Int(copy)] ?? []).union(p.toDirs)
            }
        }
    }

    /// The copy the turn `from` → `next` leads into, if it starts a via path.
    func entry(from: Int32, to next: Int32) -> Int32? { entries[Self.key(from, next)] }

    /// Whether copy `c` may turn onto `next` (the plain turn rules apply as well).
    func allows(_ c: Int32, _ next: Int32) -> Bool {
        if let only = onlyExits[Int(c)], !only.contains(next) { return false }
        return !bannedExits[Int(c)].contains(next)
    }

    private mutating func add(_ d: Int32) -> Int32 {
        dir.append(d)
        onwards.append([:])
        onlyExits.append(nil)
        bannedExits.append([])
        return Int32(dir.count - 1)
    }

    private static func key(_ from: Int32, _ to: Int32) -> Int64 { Int64(from) << 32 | Int64(UInt32(bitPattern: to)) }
}
