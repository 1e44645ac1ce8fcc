/// What happens at one step of a route, independent of who computed it (the embedded router or
/// an OSRM server), so both speak the same sentences.
public struct Maneuver: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case depart, turn, newName, `continue`, roundabout, uTurn, fork, merge, arrive
        /// OSRM's ramps, the end of a road, rotaries (large named roundabouts), leaving a
        /// roundabout or rotary, and a small roundabout driven as one turn (`roundabout turn`).
        case onRamp, offRamp, endOfRoad, rotary, exitRoundabout, exitRotary, roundaboutTurn
        /// OSRM's `notification`: the road goes on as it obviously would, but the way of
        /// travelling changes there (boarding or leaving a ferry).
        case notification
    }

    /// Which way the maneuver bends (OSRM's `modifier`).
    public enum Direction: String, Hashable, Sendable {
        case sharpLeft, left, slightLeft, straight, slightRight, right, sharpRight, uTurn
    }

    public var kind: Kind
    public var direction: Direction?
    /// The street the step continues on; nil or empty for unnamed ways.
    public var streetName: String?
    /// Roundabouts: which exit to take (1-based).
    public var exitNumber: Int?
    /// Rotaries: the rotary's own name (nil when it has none).
    public var rotaryName: String?
    /// Depart: compass bearing of the first segment in degrees (0 = north, clockwise).
    public var bearing: Double?
    /// How a trip travels the step when it does not go on its own (OSRM's `pushing bike`, `ferry`,
    /// and `train`: a bicycle taken on a train).
    public var travel: Travel?

    public enum Travel: String, Hashable, Sendable {
        case pushing, ferry, train

        /// What carries the traveller ("Take the ferry"); nil when nothing does.
        var vehicle: String? {
            switch self {
            case .pushing: return nil
            case .ferry: return "ferry"
            case .train: return "train"
            }
        }
    }

    public init(kind: Kind, direction: Direction? = nil, streetName: String? = nil,
                exitNumber: Int? = nil, bearing: Double? = nil, travel: Travel? = nil, rotaryName: String? = nil) {
        self.kind = kind
        self.direction = direction
        self.streetName = streetName
        self.exitNumber = exitNumber
        self.bearing = bearing
        self.travel = travel
        self.rotaryName = rotaryName
    }
}

/// The navigator's sentence for a maneuver: "Head north on Kaivokatu", "Turn slight right onto
/// Mannerheimintie", "At the roundabout, take the 2nd exit onto X", "Arrive at your destination".
/// A pure function so the embedded router and the OSRM backend cannot drift apart.
public enum InstructionText {
    public static func sentence(for maneuver: Maneuver) -> String {
        switch maneuver.travel {
        case .pushing?:
            return movement(maneuver) + pushingSuffix
        case let travel? where travel.vehicle != nil && maneuver.kind != .arrive:
            return aboard(maneuver, travel.vehicle ?? "")
        default:
            return movement(maneuver)
        }
    }

    /// Said after a step where the cyclist walks the bicycle (footways, steps, against a oneway).
    static let pushingSuffix = " (push your bike)"
    static func takeSentence(_ vehicle: String) -> String { "Take the \(vehicle)" }
    /// Boarding where the road obviously goes on (OSRM's `notification`).
    static func boardSentence(_ vehicle: String) -> String { "Board the \(vehicle)" }
    /// Driving, riding or walking off a ferry where the road obviously goes on.
    static let leaveSentence = "Leave the ferry"
    /// Joins a maneuver to what it boards: "Turn right and take the ferry (Suomenlinna)".
    static func andTake(_ vehicle: String) -> String { " and take the \(vehicle)" }

    /// A step on a ferry or train: its name in brackets, after the maneuver that boards it unless
    /// the road just goes on ("Take the ferry").
    private static func aboard(_ maneuver: Maneuver, _ vehicle: String) -> String {
        let named = maneuver.streetName.flatMap { $0.isEmpty ? nil : " (\($0))" } ?? ""
        if maneuver.kind == .notification { return withAdverb(boardSentence(vehicle), bent(maneuver.direction)) + named }
        var bare = maneuver
        bare.streetName = nil
        bare.travel = nil
        let boarding = movement(bare)
        return boarding == "Continue" ? takeSentence(vehicle) + named : boarding + andTake(vehicle) + named
    }

    private static func movement(_ maneuver: Maneuver) -> String {
        let name = maneuver.streetName.flatMap { $0.isEmpty ? nil : $0 }
        func onto(_ base: String) -> String { name.map { "\(base) onto \($0)" } ?? base }

        switch maneuver.kind {
        case .depart:
            let heading = maneuver.bearing.map { "Head \(compassWord(forBearing: $0))" } ?? "Head out"
            return name.map { "\(heading) on \($0)" } ?? heading
        case .arrive:
            return "Arrive at your destination"
        case .uTurn:
            // The road it comes back on, as osrm-text-instructions' `uturn` "name" sentence.
            return onto("Make a U-turn")
        case .turn:
            switch maneuver.direction {
            // OSRM's `turn uturn` (a maneuver relation's `uturn`), not a `continue uturn`.
            case .uTurn?: return onto("Turn around")
            // OSRM's `turn straight` (onto a through street under another name) is no name change.
            case .straight?: return onto("Go straight")
            case nil: return onto("Continue")
            case let direction?: return onto("Turn \(turnWords(direction))")
            }
        case .newName, .continue:
            switch (maneuver.kind, maneuver.direction) {
            case (_, .uTurn?): return onto("Make a U-turn")
            case (_, .straight?), (_, nil): return onto("Continue")
            // OSRM's `continue left`: the street goes on by turning.
            case (.continue, let direction?): return "Turn \(turnWords(direction)) to stay on \(name ?? "the road")"
            // OSRM's `new name left`: the name changes where the road bends.
            case (_, let direction?): return onto("Continue \(adverb(direction))")
            }
        case .roundabout:
            guard let exit = maneuver.exitNumber, exit > 0 else { return onto("Enter the roundabout") }
            return onto("At the roundabout, take the \(ordinal(exit)) exit")
        case .rotary:
            let rotary = maneuver.rotaryName.flatMap { $0.isEmpty ? nil : $0 } ?? unnamedRotary
            guard let exit = maneuver.exitNumber, exit > 0 else { return onto("Enter \(rotary)") }
            return onto("Enter \(rotary) and take the \(ordinal(exit)) exit")
        case .roundaboutTurn:
            let turn = "At the roundabout, turn \(turnWords(maneuver.direction ?? .straight))"
            guard let exit = maneuver.exitNumber, exit > 0 else { return onto(turn) }
            return onto("\(turn) at the \(ordinal(exit)) exit")
        case .exitRoundabout:
            return onto(withAdverb("Exit the roundabout", maneuver.direction))
        case .exitRotary:
            return onto(withAdverb("Exit \(unnamedRotary)", maneuver.direction))
        case .onRamp:
            return onto(withAdverb("Take the ramp", maneuver.direction))
        case .offRamp:
            return onto(withAdverb("Take the exit", maneuver.direction))
        case .endOfRoad:
            return onto("At the end of the road, turn \(turnWords(maneuver.direction ?? .straight))")
        case .fork:
            return onto("Keep \(sideWord(maneuver.direction)) at the fork")
        case .merge:
            return onto(withAdverb("Merge", maneuver.direction))
        case .notification:
            return onto(withAdverb(leaveSentence, bent(maneuver.direction)))
        }
    }

    /// A notification says which way the road bends, and nothing where it goes straight on.
    private static func bent(_ direction: Maneuver.Direction?) -> Maneuver.Direction? { direction == .straight ? nil : direction }

    /// A rotary without a name of its own.
    static let unnamedRotary = "the traffic circle"

    private static func withAdverb(_ base: String, _ direction: Maneuver.Direction?) -> String {
        direction.map { "\(base) \(adverb($0))" } ?? base
    }

    /// How a maneuver bends, said after its verb ("Merge slightly left", "Exit the roundabout right").
    static func adverb(_ direction: Maneuver.Direction) -> String {
        switch direction {
        case .sharpLeft: return "sharp left"
        case .left: return "left"
        case .slightLeft: return "slightly left"
        case .straight: return "straight ahead"
        case .slightRight: return "slightly right"
        case .right: return "right"
        case .sharpRight: return "sharp right"
        case .uTurn: return "back"
        }
    }

    /// 0° → "north", 90° → "east": the eight compass points.
    public static func compassWord(forBearing bearing: Double) -> String {
        let words = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        guard bearing.isFinite else { return words[0] }
        let normalized = (bearing.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return words[Int(saturating: (normalized + 22.5) / 45, rounding: .down) % 8]
    }

    /// 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd".
    public static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    static func turnWords(_ direction: Maneuver.Direction) -> String {
        switch direction {
        case .sharpLeft: return "sharp left"
        case .left: return "left"
        case .slightLeft: return "slight left"
        case .straight: return "straight"
        case .slightRight: return "slight right"
        case .right: return "right"
        case .sharpRight: return "sharp right"
        case .uTurn: return "around"
        }
    }

    /// Forks only say which side to keep to.
    private static func sideWord(_ direction: Maneuver.Direction?) -> String {
        switch direction {
        case .sharpLeft?, .left?, .slightLeft?: return "left"
        case .sharpRight?, .right?, .slightRight?: return "right"
        default: return "straight"
        }
    }
}
