import Foundation
import RouteItCore

/// Turns a route's legs into navigator steps the way OSRM's guidance reads: a step where the
/// route turns off the road it is on, changes to a newly named street, keeps left or right at a
/// fork, or (cars only) goes round a roundabout; then `StepCollapsing` folds away what a driver
/// or walker would not want announced (short name changes, turns on tiny connectors).
struct ManeuverBuilder {
    let net: RoadNetwork
    let adjacency: NodeAdjacency
    let mode: TransportType

    /// A step while it is being put together.
    struct Draft {
        enum Kind { case depart, turn, `continue`, fork, uTurn, roundabout }
        var kind: Kind
        var direction: Maneuver.Direction?
        var name: String
        var exitNumber: Int?
        var bearing: Double?
        var distance = 0.0
        var ms: UInt64 = 0
        var polyline: [Coordinate] = []
        /// The change of heading where the step starts (turns, forks, name changes).
        var turn: Double?
        /// Bicycles: pushed or on a ferry rather than ridden.
        var travel: Maneuver.Travel?
        /// Name and ref of the road the step starts on (compared as OSRM does).
        var label = StreetLabel(name: "", ref: "")
        /// Junctions with other ways passed after the step's own (none: "undisturbed").
        var junctionsPassed = 0
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
            for c in coords where polyline.last != c { polyline.append(c) }
        }

        /// Appends a following step's way (its maneuver is dropped).
        mutating func absorb(_ other: Draft) {
            junctionsPassed += other.junctionsPassed + (other.choices > 1 ? 1 : 0)
            distance += other.distance
            ms += other.ms
            for c in other.polyline where polyline.last != c { polyline.append(c) }
        }

        var maneuver: Maneuver {
            switch kind {
            case .depart: return Maneuver(kind: .depart, streetName: name, bearing: bearing, travel: travel)
            case .turn: return Maneuver(kind: .turn, direction: direction, streetName: name, travel: travel)
            case .continue: return Maneuver(kind: .continue, streetName: name, travel: travel)
            case .fork: return Maneuver(kind: .fork, direction: direction, streetName: name, travel: travel)
            case .uTurn: return Maneuver(kind: .uTurn, direction: .uTurn, streetName: name, travel: travel)
            case .roundabout: return Maneuver(kind: .roundabout, streetName: name, exitNumber: exitNumber, travel: travel)
            }
        }

        var step: RouteStep {
            RouteStep(instruction: InstructionText.sentence(for: maneuver), distance: distance,
                      expectedTravelTime: Double(ms) / 1000, polyline: polyline)
        }
    }

    /// Each leg's street label: consecutive legs mostly run along one street, whose name and ref
    /// are then decoded once.
    private func labels(of legs: [RouteLeg]) -> [StreetLabel] {
        var labels: [StreetLabel] = []
        labels.reserveCapacity(legs.count)
        for (k, leg) in legs.enumerated() {
            let sameStreet = k > 0 && net.edgeName[leg.edge] == net.edgeName[legs[k - 1].edge]
            labels.append(sameStreet ? labels[k - 1] : net.label(of: leg.edge))
        }
        return labels
    }

    /// Headings are measured over this many metres next to a junction, so a kink in the first
    /// metre of a way does not decide its direction.
    static let headingMetres = 20.0
    /// Within this of straight on, a change of road is a name change, not a turn.
    static let straightAngle = 20.0
    /// Where the road obviously goes on, a bend up to this is still a name change.
    static let obviousBendAngle = 35.0

    func steps(for legs: [RouteLeg]) -> [RouteStep] {
        let coords = legs.map { net.clip($0.edge, from: $0.from, to: $0.to) }
        // Legs too short to have a direction (a phantom on a junction) only carry their cost.
        let isMeaningful = legs.indices.map { legs[$0].distance >= 0.5 && coords[$0].count >= 2 }
        guard let first = isMeaningful.firstIndex(of: true) else {
            var draft = Draft(kind: .depart, name: "")
            for (i, leg) in legs.enumerated() { draft.add(leg, coords[i]) }
            return [draft.step, arrive(at: draft.polyline.last ?? net.clip(legs[0].edge, from: legs[0].from, to: legs[0].from)[0])]
        }
        var steps: [Draft] = []
        let labels = labels(of: legs)
        let firstName = labels[first].shown
        var draft = Draft(kind: .depart, name: firstName,
                          bearing: ManeuverBuilder.heading(leaving: coords[first], over: ManeuverBuilder.headingMetres))
        draft.label = labels[first]
        for i in 0...first { draft.add(legs[i], coords[i]) }
        draft.travel = travel(legs[first])
        var last = first          // the last meaningful leg already in a step
        var i = first + 1
        let roundabouts = mode != .walk      // walkers just walk round
        var uTurnEnd = -1         // legs up to this one belong to a U-turn step already made
        while i < legs.count {
            guard isMeaningful[i] else { draft.add(legs[i], coords[i]); i += 1; continue }
            if i <= uTurnEnd {
                // The connector passes no junction; the one it ends at is part of the U-turn.
                draft.add(legs[i], coords[i])
                last = i
                i += 1
                continue
            }
            let stepsBefore = steps.count
            let leg = legs[i], prev = legs[last]
            let node = endNode(prev)
            let inBearing = arrivingHeading(prev, at: node, along: coords[last])
            let turn = ManeuverBuilder.turnAngle(from: inBearing, to: leavingHeading(leg, at: node, along: coords[i]))
            let label = labels[i], name = label.shown
            let isRoundabout = net.edgeFlags[leg.edge] & EdgeFlags.roundabout != 0
            let wasRoundabout = net.edgeFlags[prev.edge] & EdgeFlags.roundabout != 0

            if roundabouts && isRoundabout && !wasRoundabout {
                steps.append(draft)
                (draft, last, i) = roundabout(from: i, legs, coords, isMeaningful)
                draft.label = labels[last]
                continue
            }
            // OSRM compares the roads on either side of the junction, not the step's first road
            // (one name index is one name and ref).
            let renamed = net.edgeName[prev.edge] != net.edgeName[leg.edge] && labels[last].requiresAnnouncement(onto: label)
            let turnsBack = leg.edge == prev.edge && leg.forward != prev.forward
            let junction = isJunction(node)
            if turnsBack {
                steps.append(draft)
                draft = Draft(kind: .uTurn, name: name)
            } else if junction, let exit = connectorUTurn(from: i, arrivingBy: prev, legs: legs, coords: coords,
                                                          isMeaningful: isMeaningful, inBearing: inBearing, turn: turn) {
                steps.append(draft)
                draft = Draft(kind: .uTurn, name: net.name(of: legs[exit].edge))
                uTurnEnd = exit
            } else if junction, let side = forkSide(at: node, arrivingBy: prev, leaving: leg, inBearing: inBearing) {
                steps.append(draft)
                draft = Draft(kind: .fork, direction: side, name: name, turn: turn)
            } else if renamed && junction && isRampOntoThroughRamp(at: node, arrivingBy: prev, leaving: leg) {
                // Two slip roads joining: OSRM says nothing, whatever the joined one is called.
            } else if renamed && name != draft.name && !(roundabouts && isRoundabout) {
                let bearsOn: Bool
                var obviousForWalker = true
                if mode == .walk {
                    // OSRM's foot guidance: from a named way or an unnamed street onto the obvious way,
                    // a new name is a name change at any angle (folded when short: Chemin de
                    // Fontvieille in Monaco); off an unnamed footway or path onto a street it is a turn.
                    let obvious = !junction || isWalkersObviousWay(at: node, arrivingBy: prev, leaving: leg, inBearing: inBearing)
                    let offUnnamedPath = labels[last].isEmpty && GuidanceClass(RoadClass(rawValue: net.edgeClass[prev.edge])).isLowPriority
                    bearsOn = abs(turn) < ManeuverBuilder.straightAngle || obvious && !offUnnamedPath
                    obviousForWalker = obvious
                } else {
                    let obvious = !junction || isObvious(at: node, arrivingBy: prev, leaving: leg, inBearing: inBearing)
                    bearsOn = abs(turn) < ManeuverBuilder.straightAngle || obvious && abs(turn) < ManeuverBuilder.obviousBendAngle
                }
                let straight = bearsOn || isThroughNode(node, arriving: prev.edge, leaving: leg.edge)
                if straight && name.isEmpty {
                    // Straight on where the name ends (a bridge, a crossing): nothing to announce.
                } else if bearsOn && draft.name.isEmpty && draft.kind != .depart
                            && draft.distance < StepCollapsing.nameAdoptLength {
                    // A turn onto a short unnamed piece that runs into a named street names that street.
                    draft.name = name
                    draft.label = label
                } else {
                    steps.append(draft)
                    draft = straight ? Draft(kind: .continue, name: name, turn: turn) : turnDraft(turn, name)
                    draft.keptAsTurn = straight && junction
                        && (mode == .walk && !obviousForWalker || isThroughStreet(at: node, leaving: leg, besides: prev.edge))
                }
            } else if mode == .walk && junction && abs(turn) < ManeuverBuilder.straightAngle && !name.isEmpty && name != draft.name
                        && !draft.label.isEmpty && draft.label.requiresAnnouncement(onto: label) {
                // A new name taken on where no way joins (a ref changing, then the name ending) is
                // told at the next junction, measured against the street the step announced.
                steps.append(draft)
                draft = Draft(kind: .continue, name: name, turn: turn)
            } else if mode == .car && junction && !name.isEmpty && !labels[last].isSameNamedStreet(as: label)
                        && !draft.label.isSameStreet(as: label) && isDrivewayJunction(at: node, arrivingBy: prev, leaving: leg) {
                // Past driveways only, a road without a name of its own (a bare ref) is told as a
                // new name when the step announced another street (OSRM's DrivewayHandler): "Avenue
                // Des Diables Bleus (M 2564)" turning into plain "D 2564" is said at the first
                // driveway, and never on the way back, where the step already says "D 2564".
                steps.append(draft)
                draft = Draft(kind: .continue, name: name, turn: turn)
            } else if junction && abs(turn) >= 50 && (name.isEmpty || abs(turn) >= 120) && !(roundabouts && isRoundabout)
                        && !isObvious(at: node, arrivingBy: prev, leaving: leg, inBearing: inBearing) {
                // Off one unnamed way onto another, or a sharp turn where a street bends back on itself.
                steps.append(draft)
                draft = turnDraft(turn, name)
            } else if junction && abs(turn) >= ManeuverBuilder.straightAngle && !(roundabouts && isRoundabout)
                        && (mode == .car && !isObvious(at: node, arrivingBy: prev, leaving: leg, inBearing: inBearing)
                            || mode == .walk && !name.isEmpty && !isWalkersObviousWay(at: node, arrivingBy: prev, leaving: leg, inBearing: inBearing)) {
                // The street goes on, but not where it obviously would (OSRM's "Continue left"): a
                // turn, which also names the street when a name change just before it folded away.
                // Walkers too (judged by foot.lua's obvious way), on named ways: a walker at a split
                // of Bretelle Vistaero hears "Turn slight left onto Bretelle Vistaero" as from OSRM.
                steps.append(draft)
                draft = Draft(kind: .turn, direction: ManeuverBuilder.direction(turn), name: name, turn: turn)
                draft.staysOnStreet = true
            }
            // A bicycle getting off to push, onto a ferry, or back on: a step of its own.
            let legTravel = travel(leg)
            if steps.count == stepsBefore && legTravel != draft.travel {
                steps.append(draft)
                draft = abs(turn) < ManeuverBuilder.straightAngle ? Draft(kind: .continue, name: name, turn: turn) : turnDraft(turn, name)
            }
            if steps.count != stepsBefore { draft.travel = legTravel }
            if steps.count > stepsBefore {
                draft.label = label
                draft.choices = junction ? branches(at: node, arrivingBy: prev, inBearing: inBearing).count : 1
                draft.waysMet = junction && mode == .car ? waysMet(at: node, arrivingBy: prev, inBearing: inBearing) : 1
                draft.inBearing = inBearing
                // A U-turn through a connector is on the road it comes back by.
                if uTurnEnd >= i { draft.label = labels[uTurnEnd] }
            } else if junction {
                draft.junctionsPassed += 1
            }
            draft.add(leg, coords[i])
            last = i
            i += 1
        }
        steps.append(draft)
        return StepCollapsing(mode: mode).collapse(steps).map(\.step) + [arrive(at: draft.polyline.last!)]
    }

    /// How a bicycle travels the leg when it does not ride it.
    private func travel(_ leg: RouteLeg) -> Maneuver.Travel? {
        guard mode == .bike else { return nil }
        if net.isFerry(leg.edge) { return .ferry }
        return net.isPushed(direction: leg.edge * 2 + (leg.forward ? 0 : 1)) ? .pushing : nil
    }

    /// A turn step; a car turning back on itself at a hairpin junction makes a U-turn.
    private func turnDraft(_ turn: Double, _ name: String) -> Draft {
        if mode == .car && abs(turn) >= ManeuverBuilder.hairpinAngle { return Draft(kind: .uTurn, name: name) }
        return Draft(kind: .turn, direction: ManeuverBuilder.direction(turn), name: name, turn: turn)
    }

    /// A car turn this sharp heads back the way it came.
    static let hairpinAngle = 170.0

    /// The roundabout step starting at leg `i`: exits passed counted until the route leaves it.
    /// Returns the step (with the exit road's first leg), the last leg in it and the next leg.
    private func roundabout(from i: Int, _ legs: [RouteLeg], _ coords: [[Coordinate]],
                            _ isMeaningful: [Bool]) -> (Draft, Int, Int) {
        var exits = 0
        var j = i
        var exitLeg: Int?
        var roundaboutLegs: [Int] = []
        while j < legs.count {
            if net.edgeFlags[legs[j].edge] & EdgeFlags.roundabout == 0 && isMeaningful[j] { exitLeg = j; break }
            roundaboutLegs.append(j)
            if j + 1 < legs.count && net.edgeFlags[legs[j + 1].edge] & EdgeFlags.roundabout != 0 && legs[j].to == (legs[j].forward ? 1 : 0) {
                exits += exitCount(at: endNode(legs[j]), excluding: legs[j].edge)
            }
            j += 1
        }
        if let exitLeg {
            let exitName = net.name(of: legs[exitLeg].edge)
            var draft = Draft(kind: .roundabout, name: exitName, exitNumber: exits + 1)
            for r in roundaboutLegs { draft.add(legs[r], coords[r]) }
            draft.add(legs[exitLeg], coords[exitLeg])
            return (draft, exitLeg, exitLeg + 1)
        }
        var draft = Draft(kind: .roundabout, name: net.name(of: legs[i].edge))
        for r in roundaboutLegs { draft.add(legs[r], coords[r]) }
        return (draft, roundaboutLegs.last ?? i, j)
    }

    private func arrive(at point: Coordinate) -> RouteStep {
        RouteStep(instruction: "Arrive at your destination", distance: 0, expectedTravelTime: 0, polyline: [point])
    }

    /// The node a leg arrives at, whichever way it drives its edge.
    func endNode(_ leg: RouteLeg) -> Int32 { leg.forward ? net.edgeTo[leg.edge] : net.edgeFrom[leg.edge] }

    /// Roads leaving a roundabout node that the mode may take (the roundabout itself excluded).
    private func exitCount(at node: Int32, excluding edge: Int) -> Int {
        var count = 0
        for e in adjacency.edges(of: node) where e != edge {
            if net.edgeFlags[e] & EdgeFlags.roundabout != 0 { continue }
            let leavesForward = net.edgeFrom[e] == node
            if net.allows(e, forward: leavesForward, mode) { count += 1 }
        }
        return count
    }

    /// Straight under 20°, slight under 50°, plain under 120°, sharp beyond.
    static func direction(_ turn: Double) -> Maneuver.Direction {
        let a = abs(turn), right = turn > 0
        if a < 20 { return .straight }
        if a < 50 { return right ? .slightRight : .slightLeft }
        if a < 120 { return right ? .right : .left }
        return right ? .sharpRight : .sharpLeft
    }

    /// Initial great-circle bearing in degrees, 0 = north, clockwise.
    static func bearing(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let Δλ = (b.longitude - a.longitude) * .pi / 180
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        let θ = atan2(y, x) * 180 / .pi
        return θ < 0 ? θ + 360 : θ
    }

    /// Signed change of heading in (-180, 180]; positive turns right.
    static func turnAngle(from a: Double, to b: Double) -> Double {
        var d = b - a
        while d > 180 { d -= 360 }
        while d <= -180 { d += 360 }
        return d
    }

    /// Bearing from a line's first point to its point `metres` along (or its end).
    static func heading(leaving line: [Coordinate], over metres: Double) -> Double {
        let start = line[0], far = DistanceReach(from: start, metres: metres)
        var reach = line[1]
        for p in line.dropFirst() {
            reach = p
            if far.isReached(by: p) { break }
        }
        return bearing(start, reach)
    }

    /// Bearing into a line's last point from its point `metres` before it (or its start).
    static func heading(arriving line: [Coordinate], over metres: Double) -> Double {
        let end = line[line.count - 1], far = DistanceReach(from: end, metres: metres)
        var from = line[line.count - 2]
        for p in line.reversed().dropFirst() {
            from = p
            if far.isReached(by: p) { break }
        }
        return bearing(from, end)
    }
}
