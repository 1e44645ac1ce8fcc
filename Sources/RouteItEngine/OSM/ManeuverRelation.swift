/// A `type=maneuver` (or `manoeuvre`) relation: the mapper's own word on how a turn is to be
/// announced, read as OSRM's maneuver_override_relation_parser reads it: from one way, via one
/// node (the junction whose step it changes) and perhaps via ways, to one way.
struct ManeuverRelation: Equatable {
    /// What the step becomes (`maneuver=*`); nil keeps the guidance's own kind.
    enum Action: UInt8 {
        case turn = 1, `continue` = 2, fork = 3, uTurn = 4, suppress = 5
    }

    /// `direction=*`, in the order of `Maneuver.Direction`'s words.
    enum Direction: UInt8 {
        case sharpLeft = 1, left, slightLeft, straight, slightRight, right, sharpRight, uTurn
    }

    var fromWay: Int64
    var viaNode: Int64
    var viaWays: [Int64]
    var toWay: Int64
    var action: Action?
    var direction: Direction?

    /// nil for another relation, or one without exactly one from way, one via node and one to
    /// way, or one that changes nothing.
    init?(_ relation: OSMRelation) {
        guard let type = relation.tag("type"), type == "maneuver" || type == "manoeuvre" else { return nil }
        // The British key wins where both are there, as in OSRM.
        let maneuver = relation.tag("manoeuvre") ?? relation.tag("maneuver") ?? ""
        let members = TurnRelationMembers(relation)
        guard members.from.count == 1, members.to.count == 1, members.viaNodes.count == 1 else { return nil }
        fromWay = members.from[0]; toWay = members.to[0]; viaNode = members.viaNodes[0]; viaWays = members.viaWays
        (action, direction) = Self.meaning(maneuver: maneuver, direction: relation.tag("direction") ?? "")
        guard action != nil || direction != nil else { return nil }
    }

    init(fromWay: Int64, viaNode: Int64, viaWays: [Int64] = [], toWay: Int64, action: Action?, direction: Direction?) {
        self.fromWay = fromWay; self.viaNode = viaNode; self.viaWays = viaWays; self.toWay = toWay
        self.action = action; self.direction = direction
    }

    /// OSRM's `strings_to_turn_type_and_direction`: `uturn` is a turn whose direction is back.
    static func meaning(maneuver: String, direction: String) -> (Action?, Direction?) {
        let actions: [String: Action] = ["turn": .turn, "continue": .continue, "fork": .fork, "uturn": .uTurn, "suppress": .suppress]
        let directions: [String: Direction] = [
            "sharp_left": .sharpLeft, "left": .left, "slight_left": .slightLeft, "straight": .straight,
            "slight_right": .slightRight, "right": .right, "sharp_right": .sharpRight,
        ]
        let action = actions[maneuver]
        return (action, directions[direction] ?? (action == .uTurn ? .uTurn : nil))
    }
}
