/// The map's maneuver relations (`ManeuverRelation`), by the junction whose step they change,
/// each with its chain of OSM ways (from, via..., to) that a route must follow for it to hold,
/// as OSRM's `ManeuverOverride` keeps its node sequence. A handful in a city: guidance looks a
/// junction up only when the map has any.
struct ManeuverOverrides {
    /// Per override: its junction (network node), action and direction (0: none; else the raw
    /// values of `ManeuverRelation.Action` and `Direction`).
    var node: Column<Int32>
    var action: Column<UInt8>
    var direction: Column<UInt8>
    /// Override i's ways, in driving order: `ways[wayStart[i]..<wayStart[i + 1]]`.
    var wayStart: Column<UInt32>
    var ways: Column<Int64>
    /// Overrides by junction, made when the table is read.
    private(set) var atJunction: [Int32: [Int]] = [:]

    static let prefix = "maneuvers"

    var count: Int { node.count }
    var isEmpty: Bool { node.isEmpty }

    /// The relations whose via node is a junction of the network (`junction`); others can never
    /// be met by a route and are left out.
    init(_ relations: [ManeuverRelation], junction: (Int64) -> Int32?) {
        var node: [Int32] = [], action: [UInt8] = [], direction: [UInt8] = [], wayStart: [UInt32] = [0], ways: [Int64] = []
        for r in relations {
            guard let at = junction(r.viaNode) else { continue }
            node.append(at)
            action.append(r.action?.rawValue ?? 0)
            direction.append(r.direction?.rawValue ?? 0)
            ways += [r.fromWay] + r.viaWays + [r.toWay]
            wayStart.append(UInt32(ways.count))
        }
        self.node = Column(node); self.action = Column(action); self.direction = Column(direction)
        self.wayStart = Column(wayStart); self.ways = Column(ways)
        indexJunctions()
    }

    private mutating func indexJunctions() {
        var at: [Int32: [Int]] = [:]
        for i in 0..<count { at[node[i], default: []].append(i) }
        atJunction = at
    }

    func write(to sections: MapSectionWriter) throws {
        try sections.write(node, named: Self.prefix + ".node")
        try sections.write(action, named: Self.prefix + ".action")
        try sections.write(direction, named: Self.prefix + ".direction")
        try sections.write(wayStart, named: Self.prefix + ".wayStart")
        try sections.write(ways, named: Self.prefix + ".ways")
    }

    /// The table, checked for damage (one entry per override in each column, way ranges in
    /// order and inside `ways`, junctions inside the network).
    static func read(from sections: MapSections, nodeCount: Int) throws -> ManeuverOverrides {
        var t = ManeuverOverrides([], junction: { _ in nil })
        t.node = try sections.column(prefix + ".node")
        t.action = try sections.column(prefix + ".action")
        t.direction = try sections.column(prefix + ".direction")
        t.wayStart = try sections.column(prefix + ".wayStart")
        t.ways = try sections.column(prefix + ".ways")
        guard t.action.count == t.count, t.direction.count == t.count, t.wayStart.count == t.count + 1,
              t.wayStart[0] == 0, Int(t.wayStart[t.count]) == t.ways.count else { throw MapSectionsError.damaged }
        for i in 0..<t.count {
            guard t.node[i] >= 0, Int(t.node[i]) < nodeCount, t.wayStart[i + 1] >= t.wayStart[i] + 2 else {
                throw MapSectionsError.damaged
            }
        }
        t.indexJunctions()
        return t
    }

    /// Override i's ways, from way first.
    func chain(_ i: Int) -> Column<Int64> { ways[Int(wayStart[i])..<Int(wayStart[i + 1])] }
    func actionOf(_ i: Int) -> ManeuverRelation.Action? { ManeuverRelation.Action(rawValue: action[i]) }
    func directionOf(_ i: Int) -> ManeuverRelation.Direction? { ManeuverRelation.Direction(rawValue: direction[i]) }
}
