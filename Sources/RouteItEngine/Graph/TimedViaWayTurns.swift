import Foundation
import RouteItCore

/// The car's via-way turn restrictions with times (a U-turn through the gap of a dual
/// carriageway banned on weekday mornings, say), each laid onto the road network
/// (`ViaWayPath`). The car graph has copies of the nodes along their paths as for any via-way
/// rule, but not their ban: the router bans the turn at the path's end when the rule holds at
/// the time the car gets there (`RoutingEngine+TimedTurns`). Stored by edge direction, one row
/// per path (a rule whose from-way arrives both ways has two).
struct TimedViaWayTurns {
    /// Per path: the from-way's direction arriving at the via ways, and the rule's kind
    /// (`TurnRestriction.Kind`) and condition.
    var fromDir: Column<Int32>
    var kind: Column<UInt8>
    var conditions: StringColumn
    /// Path i's via directions, in driving order: `dirs[dirStart[i]..<dirStart[i + 1]]`.
    var dirStart: Column<UInt32>
    var dirs: Column<Int32>
    /// Path i's to-way directions leaving its end: `exits[exitStart[i]..<exitStart[i + 1]]`.
    var exitStart: Column<UInt32>
    var exits: Column<Int32>

    static let prefix = "car.timedViaWays"

    var count: Int { fromDir.count }

    /// The timed paths among `paths`, with their rules' conditions.
    init(_ paths: [(path: ViaWayPath, condition: String)]) {
        var from: [Int32] = [], kind: [UInt8] = [], conditions: [String] = []
        var dirStart: [UInt32] = [0], dirs: [Int32] = [], exitStart: [UInt32] = [0], exits: [Int32] = []
        for (p, condition) in paths where p.timed && !p.path.isEmpty {
            from.append(p.fromDir); kind.append(p.kind.rawValue); conditions.append(condition)
            dirs.append(contentsOf: p.path); dirStart.append(UInt32(dirs.count))
            exits.append(contentsOf: p.toDirs); exitStart.append(UInt32(exits.count))
        }
        fromDir = Column(from); self.kind = Column(kind); self.conditions = StringColumn(conditions)
        self.dirStart = Column(dirStart); self.dirs = Column(dirs)
        self.exitStart = Column(exitStart); self.exits = Column(exits)
    }

    /// The timed via-way rules among `restrictions`, laid onto `net` (those that do not
    /// connect are skipped, as the graph skips them).
    init(_ restrictions: [TurnRestriction], net: RoadNetwork) {
        var paths: [(path: ViaWayPath, condition: String)] = []
        for r in restrictions where r.isTimed && !r.viaWays.isEmpty {
            guard let condition = r.condition else { continue }
            paths += EdgeBasedGraphBuilder.viaWayPaths(net, [r]).map { ($0, condition) }
        }
        self.init(paths)
    }

    /// Nothing when there are no such rules: a map without the table reads as empty, and each
    /// section takes a 4 KB page (12 KB of a 0.8 MB town's map).
    func write(to sections: MapSectionWriter) throws {
        guard count > 0 else { return }
        try sections.write(fromDir, named: Self.prefix + ".from")
        try sections.write(kind, named: Self.prefix + ".kind")
        try conditions.write(named: Self.prefix + ".condition", to: sections)
        try sections.write(dirStart, named: Self.prefix + ".dirStart")
        try sections.write(dirs, named: Self.prefix + ".dirs")
        try sections.write(exitStart, named: Self.prefix + ".exitStart")
        try sections.write(exits, named: Self.prefix + ".exits")
    }

    /// The table (empty in a map written before it), checked for damage.
    static func read(from sections: MapSections) throws -> TimedViaWayTurns {
        var t = TimedViaWayTurns([])
        guard sections.has(prefix + ".from") else { return t }
        t.fromDir = try sections.column(prefix + ".from")
        t.kind = try sections.column(prefix + ".kind")
        t.conditions = try StringColumn.read(named: prefix + ".condition", from: sections)
        t.dirStart = try sections.column(prefix + ".dirStart")
        t.dirs = try sections.column(prefix + ".dirs")
        t.exitStart = try sections.column(prefix + ".exitStart")
        t.exits = try sections.column(prefix + ".exits")
        guard t.kind.count == t.count, t.conditions.count == t.count, t.dirStart.count == t.count + 1,
              t.exitStart.count == t.count + 1 else { throw MapSectionsError.damaged }
        return t
    }

    /// The rules, decoded once when the map opens (a handful on any map), every direction
    /// checked against the network's `directionCount`.
    func rules(directionCount: Int) throws -> [TimedViaWayRule] {
        func list(_ start: Column<UInt32>, _ values: Column<Int32>, _ i: Int) throws -> [Int] {
            let a = Int(start[i]), b = Int(start[i + 1])
            guard a <= b, b <= values.count else { throw MapSectionsError.damaged }
            let out = values[a..<b].map(Int.init)
            guard out.allSatisfy({ $0 >= 0 && $0 < directionCount }) else { throw MapSectionsError.damaged }
            return out
        }
        return try (0..<count).map { i in
            let path = try list(dirStart, dirs, i), exits = try list(exitStart, self.exits, i)
            guard !path.isEmpty, fromDir[i] >= 0, Int(fromDir[i]) < directionCount,
                  let kind = TurnRestriction.Kind(rawValue: kind[i]) else { throw MapSectionsError.damaged }
            return TimedViaWayRule(fromDir: Int(fromDir[i]), path: path, exits: Set(exits), kind: kind,
                                   hours: OpeningHours(conditions[i]))
        }
    }
}

/// One timed via-way path as the router checks it: a car that drives `fromDir`, then `path`,
/// and turns where `kind` forbids (onto `exits` for `no`, elsewhere for `only`) breaks it while
/// `hours` are open.
struct TimedViaWayRule {
    let fromDir: Int
    let path: [Int]
    let exits: Set<Int>
    let kind: TurnRestriction.Kind
    let hours: OpeningHours

    /// Whether `dirs` drive the rule's from-way and via path up to `dirs[j]` and then turn from
    /// `dirs[j]` onto `dirs[j + 1]` where the rule forbids it.
    func forbids(_ dirs: [Int], turn j: Int) -> Bool {
        let first = j - path.count
        guard first >= 0, j + 1 < dirs.count, dirs[first] == fromDir,
              dirs[(first + 1)...j].elementsEqual(path) else { return false }
        switch kind {
        case .no: return exits.contains(dirs[j + 1])
        case .only: return !exits.contains(dirs[j + 1])
        }
    }
}
