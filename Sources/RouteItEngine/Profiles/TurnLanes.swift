/// Whether a way has turn lanes each way, as OSRM's profiles read them (`get_turn_lanes`):
/// `turn:lanes:forward` (`:backward`), else `turn:lanes`. The guidance keeps a name change
/// announced where the road arriving has them, however short (OSRM's lane data on the step).
enum TurnLanes {
    static func flags(_ way: OSMWay) -> UInt8 {
        func has(_ key: String) -> Bool { way.tag(key).map { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false }
        let both = has("turn:lanes")
        return (both || has("turn:lanes:forward") ? SecondEdgeFlags.turnLanesForward : 0)
            | (both || has("turn:lanes:backward") ? SecondEdgeFlags.turnLanesBackward : 0)
    }
}
