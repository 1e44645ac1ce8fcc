/// The members of a relation about a turn (a restriction, a maneuver) by role: its from and to
/// ways and the nodes and ways it turns via.
struct TurnRelationMembers {
    var from: [Int64] = [], to: [Int64] = [], viaNodes: [Int64] = [], viaWays: [Int64] = []
    /// A `via` member that is neither a node nor a way (a relation).
    var hasOtherVia = false

    init(_ relation: OSMRelation) {
        for m in relation.members {
            switch (m.role, m.kind) {
            case ("from", .way): from.append(m.ref)
            case ("to", .way): to.append(m.ref)
            case ("via", .node): viaNodes.append(m.ref)
            case ("via", .way): viaWays.append(m.ref)
            case ("via", _): hasOtherVia = true
            default: break
            }
        }
    }
}
