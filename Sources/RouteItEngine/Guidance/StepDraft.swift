import RouteItCore

extension ManeuverBuilder {
    /// A step while it is being put together.
    struct Draft {
        enum Kind {
            case depart, turn, `continue`, fork, uTurn, roundabout, rotary, roundaboutTurn, exitRoundabout, exitRotary
            case endOfRoad, onRamp, offRamp, merge
            /// The road goes on, but the travel changes (boarding or leaving a ferry).
            case notification
        }
        var kind: Kind
        /// A roundabout or rotary being entered (its exit is a step of its own), or a roundabout turn.
        var entersRing: Bool { [.roundabout, .rotary, .roundaboutTurn].contains(kind) }
        var direction: Maneuver.Direction?
        var name: String
        var exitNumber: Int?
        /// Rotaries: the rotary's own name.
        var rotaryName: String?
        var bearing: Double?
        var distance = 0.0
        var ms: UInt64 = 0
        /// `ms` on the roads alone, the turns and signals left out (`RouteLeg.roadMs`).
        var roadMs: UInt64 = 0
        var polyline: [Coordinate] = []
        /// The change of heading where the step starts (turns, forks, name changes).
        var turn: Double?
        /// Bicycles: pushed or on a ferry rather than ridden.
        var travel: Maneuver.Travel?
        /// Name and ref of the road the step starts on (compared as OSRM does).
        var label = StreetLabel(name: "", ref: "")
        /// Junctions with other ways passed after the step's own (none: "undisturbed").
        var junctionsPassed = 0
        /// How far into the step it passed its last such junction, while it is being built (read
        /// by `NameChangeHandler` for OSRM's `nameChangeImmediatelyAfterSuppressed`).
        var lastJunctionAt: Double?
        /// How far into the step the road went on unnamed past driveways. OSRM makes a new-name
        /// step there (`DrivewayHandler`), so its `suppressShortNameSegments` measures the name
        /// announced only up to it (`nameSegmentLength`).
        var nameEndsAt: Double?
        /// The change of heading at the last junction passed (read by `foldTurnsAcrossAStraightJunction`).
        var lastJunctionTurn: Double?
        /// The first junction the step passes silently (`SuppressedDirection.swift`).
        var silentBend: SilentBend?
        /// Nodes passed where no other way meets but the way's classes change (a street into a
        /// tunnel): OSRM keeps a suppressed turn there, an intersection the step passes, which
        /// its end-of-road rule counts (`ManeuverBuilder.classesChange`).
        var classChangesPassed = 0
        /// Ways the mode may take at the step's junction, the way back excluded.
        var choices = 0
        /// Ways a driver meets at the step's junction besides the one arriving (`waysMet`).
        var waysMet = 0
        /// Heading arriving at the step's junction (nil for the first step).
        var inBearing: Double?
        /// A turn at a junction where the street goes on but not obviously (OSRM's "Continue
        /// left"): no turnaround of its own (`markTurnarounds`), though it may start a U-turn
        /// with the turn after it back onto the street.
        var staysOnStreet = false
        /// A name change OSRM announces as a turn, not a "new name" (onto a through street, or for
        /// walkers onto a way that is not the obvious one): kept however short.
        var keptAsTurn = false
        /// A turn onto a sliproad (OSRM's `TurnType::Sliproad`): the junction where it ends, whose
        /// step folds into this one (`StepCollapsing.combineSliproads`).
        var sliproadEnd: Int32?
        /// The step starts on a piece inside a junction of divided roads (`isSegregated`): it
        /// and the step after it are one maneuver (`StepCollapsing.collapseSegregated`).
        var isSegregated = false
        /// A step OSRM keeps but never announces (the road goes on under its name): it is only
        /// there to be read with a segregated step, and otherwise folds into the step before.
        var isSuppressed = false
        /// Headings into and out of the step's junction as OSRM perceives them (its turn
        /// bearings, which its segregated collapse and its turn combining compare): set only
        /// where those read them, on a segregated step and the step after one, and on two
        /// steps that may be combined into one (`ManeuverBuilder.readsBearingsToFold`).
        var closeInBearing: Double?
        var outBearing: Double?
        /// The same two as OSRM's steps keep them (`ManeuverBuilder.keptBearing`: 15° classes,
        /// else whole degrees), which its segregated collapse reads: set on a segregated step
        /// (in) and the step after one (out).
        var keptInBearing: Double?
        var keptOutBearing: Double?
        /// The junction the step starts at and the way it arrives by there, for its heading in
        /// when it is read later.
        var arrival: (node: Int32, leg: RouteLeg)?
        /// The step's way is the straightest on at its junction (OSRM's `hasStraightestTurn`);
        /// set only on a segregated step and the step after one, where it is read.
        var isStraightest = false
        /// What a maneuver relation says of the step (`ManeuverOverrideMatch`), kept through collapsing.
        var override: ManeuverOverrideInstruction?
        /// The road arriving at the step's junction has turn lanes: OSRM never drops a name change
        /// with lanes for being short (`suppressShortNameSegments`).
        var arrivesOnTurnLanes = false

        init(kind: Kind, direction: Maneuver.Direction? = nil, name: String, exitNumber: Int? = nil,
             bearing: Double? = nil, turn: Double? = nil) {
            self.kind = kind
            self.direction = direction
            self.name = name
            self.exitNumber = exitNumber
            self.bearing = bearing
            self.turn = turn
        }

        mutating func add(_ leg: RouteLeg, _ coords: [Coordinate]) {
            distance += leg.distance
            ms += UInt64(leg.ms)
            roadMs += UInt64(leg.roadMs)
            for c in coords where polyline.last != c { polyline.append(c) }
        }

        /// The length OSRM's `suppressShortNameSegments` compares with `NAME_SEGMENT_CUTOFF_LENGTH`:
        /// the step's, or only up to where its name ended at a junction.
        var nameSegmentLength: Double { nameEndsAt ?? distance }

        /// Appends a following step's way (its maneuver is dropped).
        mutating func absorb(_ other: Draft) {
            if nameEndsAt == nil, let end = other.nameEndsAt { nameEndsAt = distance + end }
            junctionsPassed += other.junctionsPassed + (other.choices > 1 ? 1 : 0)
            classChangesPassed += other.classChangesPassed
            distance += other.distance
            ms += other.ms
            roadMs += other.roadMs
            for c in other.polyline where polyline.last != c { polyline.append(c) }
        }

        /// Absorbs the following step and ends on its street: the turn now leads onto `next`'s
        /// name, travel and street, not onto the one this step stayed on.
        mutating func absorbEndingOnStreet(of next: Draft) {
            absorb(next)
            name = next.name
            label = next.label
            travel = next.travel
            staysOnStreet = next.staysOnStreet
        }

        var maneuver: Maneuver {
            switch kind {
            case .depart: return Maneuver(kind: .depart, streetName: name, bearing: bearing, travel: travel)
            // On a street that goes on by turning, OSRM says "continue left".
            case .turn: return Maneuver(kind: staysOnStreet ? .continue : .turn, direction: direction, streetName: name, travel: travel)
            case .continue:
                // A name change where the road bends says which way (OSRM's `new name slight right`).
                if let turn, ManeuverBuilder.direction(turn) != .straight {
                    return Maneuver(kind: .newName, direction: ManeuverBuilder.direction(turn), streetName: name, travel: travel)
                }
                return Maneuver(kind: .continue, streetName: name, travel: travel)
            case .fork: return Maneuver(kind: .fork, direction: direction, streetName: name, travel: travel)
            case .uTurn: return Maneuver(kind: .uTurn, direction: .uTurn, streetName: name, travel: travel)
            case .roundabout: return Maneuver(kind: .roundabout, streetName: name, exitNumber: exitNumber, travel: travel)
            case .rotary:
                return Maneuver(kind: .rotary, streetName: name, exitNumber: exitNumber, travel: travel, rotaryName: rotaryName)
            case .roundaboutTurn:
                return Maneuver(kind: .roundaboutTurn, direction: direction, streetName: name, exitNumber: exitNumber, travel: travel)
            case .exitRoundabout: return Maneuver(kind: .exitRoundabout, direction: direction, streetName: name, travel: travel)
            case .exitRotary: return Maneuver(kind: .exitRotary, direction: direction, streetName: name, travel: travel)
            case .endOfRoad: return Maneuver(kind: .endOfRoad, direction: direction, streetName: name, travel: travel)
            case .onRamp: return Maneuver(kind: .onRamp, direction: direction, streetName: name, travel: travel)
            case .offRamp: return Maneuver(kind: .offRamp, direction: direction, streetName: name, travel: travel)
            case .merge: return Maneuver(kind: .merge, direction: direction, streetName: name, travel: travel)
            case .notification: return Maneuver(kind: .notification, direction: direction, streetName: name, travel: travel)
            }
        }

        var step: RouteStep {
            var step = RouteStep(instruction: InstructionText.sentence(for: maneuver), distance: distance,
                                 expectedTravelTime: Double(ms) / 1000, polyline: polyline)
            // A road known only by its ref has no name of its own (OSRM's `name` is empty).
            step.streetName = label.name.isEmpty && name == label.ref ? "" : name
            step.ref = label.ref.isEmpty ? nil : label.ref
            step.roadTime = Double(roadMs) / 1000
            return step
        }
    }
}
