import Foundation
import RouteItCore

/// The car turn restrictions that hold only at some times (`TurnRestriction.isTimed`): kept out
/// of the graph and its hierarchy, which stay the same at any hour, in this small side table
/// (via-way ones in `TimedViaWayTurns`);
/// the router checks a found route against them at its time of passage and routes again with
/// the turns they forbid then (`RoutingEngine+TimedTurns`).
struct ConditionalTurns {
    enum Kind: UInt8 {
        /// No turn from the from-way onto the to-way.
        case no = 0
        /// From the from-way, onto the to-way only.
        case only = 1
        /// No U-turn back onto the way the car came by.
        case noUTurn = 2
    }

    /// Per rule: its junction (network node), from- and to-way (OSM ids), kind and condition.
    var via: Column<Int32>
    var fromWay: Column<Int64>
    var toWay: Column<Int64>
    var kind: Column<UInt8>
    var conditions: StringColumn
    /// The via-way rules with times, by edge direction.
    var viaWays: TimedViaWayTurns

    static let prefix = "car.timedTurns"

    var count: Int { via.count }

    /// `net`: the network the via-way rules are laid onto (none without it).
    init(_ restrictions: [TurnRestriction], viaIndex: (Int64) -> Int32?, net: RoadNetwork? = nil) {
        var via: [Int32] = [], from: [Int64] = [], to: [Int64] = [], kind: [UInt8] = [], conditions: [String] = []
        for r in restrictions where r.isTimed {
            guard let node = r.viaNode.flatMap(viaIndex), let condition = r.condition else { continue }
            via.append(node); from.append(r.fromWay); to.append(r.toWay); conditions.append(condition)
            let k: Kind = r.fromWay == r.toWay && r.restriction == "no_u_turn" ? .noUTurn : (r.kind == .no ? .no : .only)
            kind.append(k.rawValue)
        }
        self.via = Column(via); fromWay = Column(from); toWay = Column(to); self.kind = Column(kind)
        self.conditions = StringColumn(conditions)
        viaWays = net.map { TimedViaWayTurns(restrictions, net: $0) } ?? TimedViaWayTurns([])
    }

    func write(to sections: MapSectionWriter) throws {
        try sections.write(via, named: Self.prefix + ".via")
        try sections.write(fromWay, named: Self.prefix + ".from")
        try sections.write(toWay, named: Self.prefix + ".to")
        try sections.write(kind, named: Self.prefix + ".kind")
        try conditions.write(named: Self.prefix + ".condition", to: sections)
        try viaWays.write(to: sections)
    }

    /// The table, checked for damage (every column one entry per rule).
    static func read(from sections: MapSections) throws -> ConditionalTurns {
        var t = ConditionalTurns([], viaIndex: { _ in nil })
        t.via = try sections.column(prefix + ".via")
        t.fromWay = try sections.column(prefix + ".from")
        t.toWay = try sections.column(prefix + ".to")
        t.kind = try sections.column(prefix + ".kind")
        t.conditions = try StringColumn.read(named: prefix + ".condition", from: sections)
        guard t.fromWay.count == t.count, t.toWay.count == t.count, t.kind.count == t.count,
              t.conditions.count == t.count else { throw MapSectionsError.damaged }
        t.viaWays = try TimedViaWayTurns.read(from: sections)
        return t
    }

    /// Whether the turn from `fromWay` onto `toWay` (arriving by edge direction `k`, leaving by
    /// `next`) is one rule `i` forbids when it holds.
    func forbids(_ i: Int, fromWay: Int64, toWay: Int64, k: Int, next: Int) -> Bool {
        guard self.fromWay[i] == fromWay else { return false }
        switch Kind(rawValue: kind[i]) {
        case .no: return toWay == self.toWay[i]
        case .only: return toWay != self.toWay[i]
        case .noUTurn: return next == k ^ 1
        case nil: return false
        }
    }
}
