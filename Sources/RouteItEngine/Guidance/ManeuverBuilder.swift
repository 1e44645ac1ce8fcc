import Foundation
import RouteItCore

/// Turns a route's legs into navigator steps the way OSRM's guidance reads: at each junction the
/// mode's handlers (`GuidancePipeline`: U-turn, fork, name change, driveway, ...) are asked in
/// turn whether a step starts there; a roundabout is one step (`Roundabouts`); then
/// `StepCollapsing` folds away what a driver or walker would not want announced (short name
/// changes, turns on tiny connectors). The junction readings the handlers share (forks, obvious
/// ways, through streets, perceived bearings) are this type's extensions in Guidance/.
struct ManeuverBuilder {
    let net: RoadNetwork
    let adjacency: NodeAdjacency
    let mode: TransportType
    /// The mode's guidance settings and the handlers its junctions go through.
    let profile: GuidanceProfile
    let pipeline: GuidancePipeline
    /// The map's maneuver relations (nil: it has none).
    let overrides: ManeuverOverrides?
    /// The current junction's readings, shared by the handlers (`JunctionMemo`).
    let memo = JunctionMemo()
    /// The labels of the streets met, by name (`StreetLabelMemo`).
    let labelMemo = StreetLabelMemo()
    /// The headings of the ways met (`HeadingMemo`).
    let headingMemo = HeadingMemo()
    /// The kinds of the rings met (`RingMemo`).
    let ringMemo = RingMemo()

    /// The car's edge-based graph, whose turns are those the turn restrictions leave
    /// (`allowsTurn`); nil: every turn the ways allow.
    let turns: ModeGraph?

    /// Whether a divided road's carriageways are walked as OSRM's `MergableRoadDetector` walks
    /// them, round a ring of one-ways of one name too (the car graph's turn costs), rather than
    /// as guidance's steps were measured against (`carriagewayHeading`).
    var walksCarriagewaysAsOSRM = false

    init(net: RoadNetwork, adjacency: NodeAdjacency, mode: TransportType, overrides: ManeuverOverrides? = nil, turns: ModeGraph? = nil) {
        self.net = net
        self.adjacency = adjacency
        self.mode = mode
        self.overrides = overrides
        self.turns = turns
        profile = GuidanceProfile.of(mode)
        pipeline = GuidancePipeline.of(mode)
    }

    /// Each leg's street label (each name decoded once per query, `StreetLabelMemo`).
    private func labels(of legs: [RouteLeg]) -> [StreetLabel] {
        legs.map { streetLabel(of: $0.edge) }
    }

    /// Headings are measured over this many metres next to a junction, so a kink in the first
    /// metre of a way does not decide its direction.
    static let headingMetres = 20.0
    /// Within this of straight on, a change of road is a name change, not a turn.
    static let straightAngle = 20.0
    /// Where the road obviously goes on, a bend up to this is still a name change.
    static let obviousBendAngle = 35.0

    /// The legs as the handlers read them: points, which have a direction, street labels.
    func guided(_ legs: [RouteLeg]) -> GuidedLegs {
        let coords = legs.map { net.clip($0.edge, from: $0.from, to: $0.to) }
        // Legs too short to have a direction (a phantom on a junction) only carry their cost.
        let isMeaningful = legs.indices.map { legs[$0].distance >= 0.5 && coords[$0].count >= 2 }
        return GuidedLegs(legs: legs, coords: coords, isMeaningful: isMeaningful, labels: labels(of: legs))
    }

    func steps(for legs: [RouteLeg]) -> [RouteStep] {
        let route = guided(legs)
        let coords = route.coords, isMeaningful = route.isMeaningful, labels = route.labels
        guard let first = isMeaningful.firstIndex(of: true) else {
            // A trip that goes nowhere still starts on its road, named as OSRM names it.
            var draft = Draft(kind: .depart, name: labels.first?.shown ?? "")
            if !legs.isEmpty { draft.travel = travel(legs[0]) }
            for (i, leg) in legs.enumerated() { draft.add(leg, coords[i]) }
            // An edge with no points is damage `points(of:)` has reported; the query fails on it.
            let end = draft.polyline.last ?? net.clip(legs[0].edge, from: legs[0].from, to: legs[0].from).first
            return [draft.step, arrive(at: end ?? Coordinate(latitude: 0, longitude: 0), on: labels.last)]
        }
        var steps: [Draft] = []
        var draft = Draft(kind: .depart, name: labels[first].shown,
                          bearing: ManeuverBuilder.heading(leaving: coords[first], over: ManeuverBuilder.headingMetres))
        draft.label = labels[first]
        for i in 0...first { draft.add(legs[i], coords[i]) }
        draft.travel = travel(legs[first])
        var last = first          // the last meaningful leg already in a step
        var i = first + 1
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
            let junction = RouteJunction(route, at: i, after: last, guide: self)
            memo.start(at: junction)
            if junction.entersAnnouncedRoundabout {
                steps.append(draft)
                (draft, last, i) = roundabout(from: i, inBearing: junction.inBearing, legs, coords, isMeaningful)
                draft.label = labels[last]
                continue
            }
            let stepsBefore = steps.count
            func apply(_ decision: GuidanceDecision?) {
                switch decision {
                case .step(let next)?:
                    steps.append(draft)
                    draft = next
                case .uTurn(let next, let through)?:
                    steps.append(draft)
                    draft = next
                    uTurnEnd = through
                case .adoptName?:
                    draft.name = junction.name
                    draft.label = junction.label
                case .silent?, nil:
                    break
                }
            }
            // OSRM has a step to override only where the route has a choice.
            let override = overrides == nil || !junction.isJunction ? nil : maneuverOverride(at: junction)
            if let override, let action = override.action, action != .suppress {
                apply(.step(overriddenDraft(override, at: junction)))
            } else {
                apply(ModeChangeNotification.applied(to: GuidancePipeline.decide(pipeline.handlers, at: junction, building: draft, with: self),
                                                     at: junction, with: self))
                if steps.count == stepsBefore {
                    apply(GuidancePipeline.decide(pipeline.whenNoStep, at: junction, building: draft, with: self))
                }
                // A relation that suppresses a step, or names only a direction, changes a step the
                // guidance makes, none other (the direction a suppressed step keeps is the one
                // it would have been told with).
                if let override, steps.count > stepsBefore { draft.override = override }
            }
            // Whether the way taken is a piece inside a divided junction, read once here.
            var leavesSegregated: Bool?
            if steps.count == stepsBefore, junction.isJunction, !junction.isOnAnnouncedRoundabout,
               draft.isSegregated || leavesOnSegregatedPiece(at: junction, known: &leavesSegregated) {
                // OSRM keeps a silent step where a piece inside a divided junction starts or ends.
                // It keeps the name announced so far: the handlers at the next junctions compare
                // with that (its own street is its `label`).
                var silent = Draft(kind: .continue, name: draft.name, turn: junction.turn)
                silent.isSuppressed = true
                apply(.step(silent))
            }
            if steps.count > stepsBefore {
                // Turns beside each other on one side read apart (OSRM's turn assignment).
                if draft.kind == .turn, !draft.keptAsTurn, junction.isJunction, let direction = assignedDirection(at: junction),
                   direction != .straight { draft.direction = direction }
                draft.travel = travel(junction.leaving)
                draft.label = junction.label
                let ways = junction.isJunction ? branches(at: junction.node, arrivingBy: junction.arriving, inBearing: junction.inBearing) : []
                draft.choices = junction.isJunction ? ways.count : 1
                // A U-turn already takes its connector with it (`ConnectorUTurn`), unless it is
                // itself inside the junction the step before entered.
                draft.isSegregated = (draft.kind != .uTurn || steps.last?.isSegregated == true)
                    && leavesOnSegregatedPiece(at: junction, known: &leavesSegregated)
                // Read by `collapseSegregated`, on a segregated step and the step after it, and by
                // `combineConnectedTurns` on two turns it may fold into one.
                let afterSegregated = steps.last?.isSegregated == true
                let mayFold = readsBearingsToFold(after: steps.last, next: draft)
                draft.arrival = (junction.node, junction.arriving)
                if draft.isSegregated {
                    draft.closeInBearing = closeInBearing(arrivingBy: junction.arriving, at: junction.node)
                    draft.keptInBearing = draft.closeInBearing.map { keptBearing($0, at: junction.node) }
                }
                if mayFold, steps[steps.count - 1].closeInBearing == nil, let arrival = steps[steps.count - 1].arrival {
                    steps[steps.count - 1].closeInBearing = closeInBearing(arrivingBy: arrival.leg, at: arrival.node)
                }
                if afterSegregated || mayFold {
                    draft.outBearing = perceivedHeading(leaving: junction.leaving.edge, forward: junction.leaving.forward, at: junction.node)
                    if afterSegregated { draft.keptOutBearing = draft.outBearing.map { keptBearing($0, at: junction.node) } }
                }
                if draft.isSegregated || afterSegregated {
                    draft.isStraightest = StepCollapsing.isStraightest(junction.turn, among: ways.filter { $0.edge != junction.leaving.edge }.map(\.angle))
                }
                draft.waysMet = junction.isJunction && profile.countsWaysMet
                    ? waysMet(at: junction.node, arrivingBy: junction.arriving, inBearing: junction.inBearing) : 1
                draft.inBearing = junction.inBearing
                draft.arrivesOnTurnLanes = net.edgeSecondFlags[junction.arriving.edge]
                    & (junction.arriving.forward ? SecondEdgeFlags.turnLanesForward : SecondEdgeFlags.turnLanesBackward) != 0
                // A U-turn through a connector is on the road it comes back by.
                if uTurnEnd >= i { draft.label = labels[uTurnEnd] }
                draft.applyOverride()
            } else if junction.isJunction && !FerryCrossingHandler.onlyFerriesMeet(at: junction, self) {
                // Only driveways joining: osrm-routed lists no intersection there to turn at.
                if !isDrivewayJunction(at: junction.node, arrivingBy: junction.arriving, leaving: junction.leaving) {
                    // The first one only: the junctions after it leave it as it is.
                    if draft.lastJunctionAt == nil { draft.silentBend = silentBend(at: junction, in: draft) }
                    draft.lastJunctionAt = draft.distance
                } else if draft.nameEndsAt == nil && junction.label.isEmpty && !junction.arrivingLabel.isEmpty {
                    // OSRM's `DrivewayHandler` makes the way on a new name unless both names are the
                    // same (`isSameName`), so onto an unnamed way its name ends here.
                    draft.nameEndsAt = draft.distance
                }
                draft.junctionsPassed += 1
                draft.lastJunctionTurn = junction.turn
            } else if !junction.isJunction && classesChange(from: junction.arriving.edge, to: junction.leaving.edge) {
                draft.classChangesPassed += 1
            }
            draft.add(junction.leaving, coords[i])
            last = i
            i += 1
        }
        steps.append(draft)
        let lastRoad = isMeaningful.lastIndex(of: true).map { labels[$0] }
        return StepCollapsing(rules: profile.collapsing).collapse(steps).map(\.step) + [arrive(at: draft.polyline.last!, on: lastRoad)]
    }

    /// Whether the way taken at `junction` is a piece inside a divided junction, kept in `known`
    /// once read. A method, not a function nested in `steps(for:)`, so that nothing in the
    /// junction loop captures the builder (a copy retains every column it reads).
    private func leavesOnSegregatedPiece(at junction: RouteJunction, known: inout Bool?) -> Bool {
        if let known { return known }
        let piece = isSegregated(leaving: junction.node, by: junction.leaving.edge, forward: junction.leaving.forward)
        known = piece
        return piece
    }

    /// The heading into `node` by `leg` as OSRM perceives it.
    func closeInBearing(arrivingBy leg: RouteLeg, at node: Int32) -> Double? {
        perceivedHeading(leaving: leg.edge, forward: !leg.forward, at: node).map { $0 + 180 }
    }

    /// Whether `combineConnectedTurns` may fold the step before into `next` and read their
    /// headings: a step shorter than a connector, or one into a name change.
    func readsBearingsToFold(after last: Draft?, next: Draft) -> Bool {
        guard let last, last.kind != .depart else { return false }
        return last.distance < profile.collapsing.connectorLength || next.kind == .continue || next.direction == .straight
    }

    /// How the trip travels the leg when it does not go on its own: a ferry for every mode
    /// (OSRM's mode `ferry`), a train or pushed for bicycles (other modes are not told).
    func travel(_ leg: RouteLeg) -> Maneuver.Travel? {
        if net.isFerry(leg.edge) { return .ferry }
        if net.isTrain(leg.edge) { return .train }
        guard profile.toldHowItTravels else { return nil }
        return net.isPushed(direction: leg.edge * 2 + (leg.forward ? 0 : 1)) ? .pushing : nil
    }

    /// The mode's OSRM classes differ between the two ways (car.lua: toll, motorway, ferry,
    /// tunnel, restricted; bicycle.lua: ferry, tunnel): where only two ways meet, OSRM's turn
    /// there is then `Suppressed`, not `NoTurn` (`getInstructionForObvious`), and counts as an
    /// intersection passed.
    func classesChange(from a: Int, to b: Int) -> Bool {
        let classes: UInt8 = mode.pick(car: RoadAvoidance.toll.rawValue | RoadAvoidance.motorway.rawValue | RoadAvoidance.ferry.rawValue
                                            | RoadAvoidance.tunnel.rawValue,
                                       walk: 0, bike: RoadAvoidance.ferry.rawValue | RoadAvoidance.tunnel.rawValue)
        guard classes != 0 else { return false }
        if (net.edgeAvoid[a] ^ net.edgeAvoid[b]) & classes != 0 { return true }
        return mode == .car && (net.edgeFlags[a] ^ net.edgeFlags[b]) & EdgeFlags.carRestricted != 0
    }

    /// Whether a car arriving by `leg` may drive on along edge `e` (`forward`): the edge-based
    /// graph has that turn (a turn restriction leaves none; OSRM's `entry_allowed`).
    func allowsTurn(from leg: RouteLeg, onto e: Int, forward: Bool) -> Bool {
        guard let turns else { return true }
        let from = turns.edgeDirNode[leg.edge * 2 + (leg.forward ? 0 : 1)]
        guard from >= 0 else { return true }
        return turns.arcs(ofEdge: e, forward: forward).contains { turns.arcFrom($0) == from }
    }

    /// The turn step at `j`; a car turning back on itself at a hairpin junction makes a U-turn.
    func turnDraft(at j: RouteJunction) -> Draft {
        if isHairpin(j) { return Draft(kind: .uTurn, name: j.name) }
        return Draft(kind: .turn, direction: ManeuverBuilder.direction(modifierTurn(j)), name: j.name, turn: j.turn)
    }

    /// The angle a car turn's modifier is read from: OSRM's (`getTurnDirection` of its
    /// intersection's angle, between perceived bearings), where the headings over 20 m that
    /// decide the guidance's other questions can read a turn as sharp that OSRM calls a plain
    /// one (Monaco's curving streets) or slight that it calls plain.
    func modifierTurn(_ j: RouteJunction) -> Double {
        guard mode == .car, let into = closeInBearing(arrivingBy: j.arriving, at: j.node),
              let out = perceivedHeading(leaving: j.leaving.edge, forward: j.leaving.forward, at: j.node) else { return j.turn }
        return ManeuverBuilder.turnAngle(from: into, to: out)
    }

    /// A car turn this sharp heads back the way it came.
    static let hairpinAngle = 170.0

    /// The arrival, on the road the place lies on (OSRM names it after the target's way, not
    /// after the last street a step named: a route may go on past a name change it does not say).
    private func arrive(at point: Coordinate, on road: StreetLabel?) -> RouteStep {
        var step = RouteStep(instruction: "Arrive at your destination", distance: 0, expectedTravelTime: 0, polyline: [point])
        if let road {
            step.streetName = road.name
            step.ref = road.ref.isEmpty ? nil : road.ref
        }
        return step
    }

    /// The node a leg arrives at, whichever way it drives its edge.
    func endNode(_ leg: RouteLeg) -> Int32 { leg.forward ? net.edgeTo[leg.edge] : net.edgeFrom[leg.edge] }
}
