/// RouteIt's maneuvers in OSRM's words (a step's `maneuver.type`, `maneuver.modifier` and
/// `mode`): the one place `routeit route --json` and the OSRM scenario runner read them from.
public enum OSRMManeuverNames {
    /// OSRM's maneuver `type` for a RouteIt maneuver.
    public static func type(_ m: Maneuver) -> String {
        switch m.kind {
        case .depart: return "depart"
        case .arrive: return "arrive"
        case .turn: return "turn"
        case .newName: return "new name"
        case .continue, .uTurn: return "continue"
        case .roundabout: return "roundabout"
        case .fork: return "fork"
        case .merge: return "merge"
        case .onRamp: return "on ramp"
        case .offRamp: return "off ramp"
        case .endOfRoad: return "end of road"
        case .rotary: return "rotary"
        case .exitRoundabout: return "exit roundabout"
        case .exitRotary: return "exit rotary"
        case .roundaboutTurn: return "roundabout turn"
        case .notification: return "notification"
        }
    }

    /// The maneuvers whose `exit` OSRM writes: entering a roundabout or rotary, a roundabout turn.
    public static func hasExit(_ m: Maneuver) -> Bool { [.roundabout, .rotary, .roundaboutTurn].contains(m.kind) }

    /// OSRM's `modifier`; nil when RouteIt's maneuver has no direction (a merge, a roundabout).
    public static func modifier(_ m: Maneuver) -> String? {
        if m.kind == .uTurn { return "uturn" }
        switch m.direction {
        case .sharpLeft?: return "sharp left"
        case .left?: return "left"
        case .slightLeft?: return "slight left"
        case .straight?: return "straight"
        case .slightRight?: return "slight right"
        case .right?: return "right"
        case .sharpRight?: return "sharp right"
        case .uTurn?: return "uturn"
        case nil: return nil
        }
    }

    /// OSRM's step `mode`: how the trip travels the step.
    public static func mode(_ m: Maneuver, _ mode: TransportType) -> String {
        switch (m.travel, mode) {
        case (.ferry?, _): return "ferry"
        case (.train?, _): return "train"
        case (.pushing?, _): return "pushing bike"
        case (nil, .car): return "driving"
        case (nil, .walk): return "walking"
        case (nil, .bike): return "cycling"
        }
    }

    /// The OSRM types some RouteIt maneuver maps to. OSRM's others (`use lane`, ...) RouteIt's
    /// steps cannot say yet.
    public static let expressibleTypes: Set<String> = [
        "depart", "arrive", "turn", "new name", "continue", "roundabout", "fork", "merge",
        "on ramp", "off ramp", "end of road", "rotary", "exit roundabout", "exit rotary", "roundabout turn", "notification",
    ]
}

extension OSRMManeuverNames {
    /// The step modes `mode(_:_:)` gives; OSRM's others RouteIt cannot say yet.
    public static let expressibleModes: Set<String> = ["driving", "walking", "cycling", "pushing bike", "ferry", "train"]
}
