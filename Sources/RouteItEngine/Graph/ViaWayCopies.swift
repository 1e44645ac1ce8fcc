/// Copies of car-graph nodes for via-way restrictions. Whether a turn at the end of a via path
/// is allowed depends on how the car entered it, which a node per edge direction cannot tell;
/// so the directions along each path get copies that only the from-way leads into (OSRM does
/// the same). A copy turns like the node it copies, except at the end of the path: after a
/// `no_*` path not onto the to-way, after an `only_*` path onto the to-way only. As in OSRM, an
/// `only_*` rule binds a car that drove the whole via path; it does not force one into it.
/// Paths that start alike (same from-way direction, same first edges) share their copies.
/// A rule with times gets its copies without a ban (`ViaWayPath.timed`).
/// Paths overlap: a car on one rule's path may be driving another's (a rule from the second via
/// way, or one whose from-way is a via way here). As OSRM's restriction graph does with its
/// transfer edges, a copy goes on into the copy of the longest other path its drive so far ends
/// in, and bans what the copies of those paths ban (`linkOverlappingPaths`).
struct ViaWayCopies {
    /// Copy i stands for edge direction `dir[i]`.
    private(set) var dir: [Int32] = []
    /// Copy i: the copy a drive goes on to, by the next edge direction (along its own path, or
    /// into an overlapping one's).
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
        linkOverlappingPaths()
    }

    /// Where a drive stands in the paths, as in an Aho-Corasick automaton: a copy, or the mere
    /// arrival along a from-way direction (`entries` leads on from it), or neither.
    private enum State: Equatable {
        case copy(Int32)
        case from(Int32)
        case none
    }

    /// Gives each copy the onward moves and bans of the longest other path its drive ends in
    /// (its suffix link), copies in order of depth so that a suffix's own links are made first.
    private mutating func linkOverlappingPaths() {
        guard count > 0 else { return }
        var fromDirs: [Int32: [Int32: Int32]] = [:]
        var order: [Int32] = []
        for (key, copy) in entries {
            fromDirs[Int32(truncatingIfNeeded: key >> 32), default: [:]][Int32(truncatingIfNeeded: key)] = copy
            order.append(copy)
        }
        // Breadth first: a copy's parent and its suffix (a shorter drive) come before it.
        var index = 0
        while index < order.count {
            let c = order[index]
            index += 1
            order.append(contentsOf: onwards[Int(c)].values)
        }
        func arrival(_ d: Int32) -> State { fromDirs[d] == nil ? .none : .from(d) }
        var link = [State](repeating: .none, count: count)
        var moves = onwards
        // The state after driving `d` from `state` (whose suffix links are already in `moves`).
        func step(_ state: State, _ d: Int32) -> State {
            switch state {
            case .copy(let c): if let next = moves[Int(c)][d] { return .copy(next) }
            case .from(let k): if let next = fromDirs[k]?[d] { return .copy(next) }
            case .none: break
            }
            return arrival(d)
        }
        var parentOf = [Int32](repeating: -1, count: count)
        for c in order { for (_, next) in onwards[Int(c)] { parentOf[Int(next)] = c } }
        for c in order {
            let d = dir[Int(c)]
            let parent = parentOf[Int(c)]
            // A first copy's drive is its from-way direction then `d`: its longest proper suffix
            // is the arrival along `d`; a deeper copy follows its parent's link by `d`.
            let suffix: State = parent < 0 ? arrival(d) : step(link[Int(parent)], d)
            link[Int(c)] = suffix
            switch suffix {
            case .copy(let s):
                bannedExits[Int(c)].formUnion(bannedExits[Int(s)])
                if let only = onlyExits[Int(s)] { onlyExits[Int(c)] = onlyExits[Int(c)].map { $0.intersection(only) } ?? only }
                for (next, into) in moves[Int(s)] where moves[Int(c)][next] == nil { moves[Int(c)][next] = into }
            case .from(let k):
                for (next, into) in fromDirs[k] ?? [:] where moves[Int(c)][next] == nil { moves[Int(c)][next] = into }
            case .none: break
            }
        }
        onwards = moves
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
