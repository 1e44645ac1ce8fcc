import RouteItCore

/// OSRM's maneuver vocabulary (type + modifier + exit) → Core's `Maneuver`, so OSRM steps read
/// exactly like the embedded router's.
enum OSRMManeuverMapping {
    static func maneuver(for step: OSRMStep) -> Maneuver {
        let m = step.maneuver
        let direction = m.modifier.flatMap(direction(forModifier:))
        let name = [step.name, step.ref].compactMap { $0 }.first { !$0.isEmpty }
        let kind: Maneuver.Kind
        switch m.type {
        case "depart": kind = .depart
        case "arrive": kind = .arrive
        case "turn": kind = .turn
        case "end of road": kind = .endOfRoad
        case "on ramp": kind = .onRamp
        case "off ramp": kind = .offRamp
        case "new name": kind = .newName
        case "continue": kind = direction == .uTurn ? .uTurn : .continue
        case "roundabout": kind = .roundabout
        case "rotary": kind = .rotary
        case "roundabout turn": kind = .roundaboutTurn
        case "exit roundabout": kind = .exitRoundabout
        case "exit rotary": kind = .exitRotary
        case "fork": kind = .fork
        case "merge": kind = .merge
        // Boarding a ferry; other notifications (leaving it, starting to push), "use lane" and
        // future types: keep going.
        case "notification" where step.mode == "ferry": kind = .notification
        default: kind = direction == .uTurn ? .uTurn : .continue
        }
        return Maneuver(kind: kind, direction: direction, streetName: name,
                        exitNumber: [.roundabout, .rotary, .roundaboutTurn].contains(kind) ? PlausibleRoute.exit(m.exit) : nil,
                        bearing: kind == .depart ? PlausibleRoute.bearing(m.bearingAfter) : nil,
                        travel: kind == .arrive ? nil : travel(forMode: step.mode),
                        rotaryName: kind == .rotary ? step.rotaryName : nil)
    }

    /// OSRM's step modes a trip reads differently: pushed, on a ferry or on a train.
    static func travel(forMode mode: String?) -> Maneuver.Travel? {
        switch mode {
        case "pushing bike"?: return .pushing
        case "ferry"?: return .ferry
        case "train"?: return .train
        default: return nil
        }
    }

    static func direction(forModifier modifier: String) -> Maneuver.Direction? {
        switch modifier {
        case "uturn": return .uTurn
        case "sharp right": return .sharpRight
        case "right": return .right
        case "slight right": return .slightRight
        case "straight": return .straight
        case "slight left": return .slightLeft
        case "left": return .left
        case "sharp left": return .sharpLeft
        default: return nil
        }
    }
}
