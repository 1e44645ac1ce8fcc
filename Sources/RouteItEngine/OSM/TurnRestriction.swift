/// A car turn restriction relation as OSM tags it: from a way, via a node or via one or more
/// ways (a U-turn through the gap of a dual carriageway, say), to a way.
struct TurnRestriction: Equatable {
    enum Kind: UInt8 { case no = 0, only = 1 }
    var relationId: Int64
    var kind: Kind
    /// "no_left_turn", "only_straight_on", ...
    var restriction: String
    var fromWay: Int64
    /// The via node, or nil when the via members are ways (`viaWays`, in order).
    var viaNode: Int64?
    var viaWays: [Int64]
    var toWay: Int64

    /// nil for relations that are not a car restriction of one of those two shapes.
    init?(_ relation: OSMRelation) {
        var tags: [String: String] = [:]
        for (k, v) in relation.tags { tags[k] = v }
        guard tags["type"] == "restriction" else { return nil }
        guard let value = tags["restriction:motorcar"] ?? tags["restriction"] else { return nil }
        if let except = tags["except"], except.split(separator: ";").contains(where: { $0 == "motorcar" || $0 == "motor_vehicle" }) {
            return nil
        }
        if value.hasPrefix("no_") { kind = .no } else if value.hasPrefix("only_") { kind = .only } else { return nil }
        var from: [Int64] = [], viaNodes: [Int64] = [], viaWays: [Int64] = [], to: [Int64] = []
        for m in relation.members {
            switch (m.role, m.kind) {
            case ("from", .way): from.append(m.ref)
            case ("to", .way): to.append(m.ref)
            case ("via", .node): viaNodes.append(m.ref)
            case ("via", .way): viaWays.append(m.ref)
            case ("via", _): return nil
            default: break
            }
        }
        guard from.count == 1, to.count == 1,
              (viaNodes.count == 1 && viaWays.isEmpty) || (viaNodes.isEmpty && !viaWays.isEmpty) else { return nil }
        relationId = relation.id
        restriction = value
        fromWay = from[0]; viaNode = viaNodes.first; self.viaWays = viaWays; toWay = to[0]
    }

    init(relationId: Int64, kind: Kind, restriction: String, fromWay: Int64, viaNode: Int64?,
         viaWays: [Int64] = [], toWay: Int64) {
        self.relationId = relationId; self.kind = kind; self.restriction = restriction
        self.fromWay = fromWay; self.viaNode = viaNode; self.viaWays = viaWays; self.toWay = toWay
    }
}
