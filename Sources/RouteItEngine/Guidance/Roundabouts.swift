import RouteItCore

/// Entering a roundabout is one step, "At the roundabout, take the 2nd exit", exits counted as
/// the mode may take them, until the route leaves it; leaving it is a step of its own, as OSRM
/// 26 says it (`ExitRoundaboutHandler`). A rotary is entered by its name; a small ring where a
/// few well spread roads meet is one turn, exit included ("At the roundabout, turn left").
extension ManeuverBuilder {
    /// The step entering the ring at leg `i`, arriving with heading `inBearing`: exits passed
    /// counted until the route leaves it. Returns the step, the last leg in it and the next leg
    /// (the exit's, which a roundabout turn takes with it).
    func roundabout(from i: Int, inBearing: Double, _ legs: [RouteLeg], _ coords: [[Coordinate]],
                    _ isMeaningful: [Bool]) -> (Draft, Int, Int) {
        let entry = legs[i].forward ? net.edgeFrom[legs[i].edge] : net.edgeTo[legs[i].edge]
        var exits = exitsBeforeTheRing(at: entry, onto: legs[i], along: coords[i], inBearing: inBearing)
        var j = i
        var exitLeg: Int?
        var roundaboutLegs: [Int] = []
        while j < legs.count {
            if !isRoundabout(legs[j].edge) && isMeaningful[j] { exitLeg = j; break }
            roundaboutLegs.append(j)
            if j + 1 < legs.count && isRoundabout(legs[j + 1].edge) && legs[j].to == (legs[j].forward ? 1 : 0) {
                exits += exitCount(at: endNode(legs[j]), excluding: legs[j].edge)
            }
            j += 1
        }
        let kind = roundaboutKind(along: legs[i].edge, from: entry)
        let lastOnRing = roundaboutLegs.last { isMeaningful[$0] } ?? i
        guard let exitLeg else {
            // The route ends on the ring: a roundabout (or rotary) entered, no exit to tell.
            var draft = kind == .intersection ? Draft(kind: .roundabout, name: net.name(of: legs[i].edge))
                                              : ringDraft(kind, name: net.name(of: legs[i].edge), exit: nil)
            for r in roundaboutLegs { draft.add(legs[r], coords[r]) }
            return (draft, roundaboutLegs.last ?? i, j)
        }
        var draft = ringDraft(kind, name: net.name(of: legs[exitLeg].edge), exit: exits + 1)
        for r in roundaboutLegs { draft.add(legs[r], coords[r]) }
        guard case .intersection = kind else { return (draft, lastOnRing, exitLeg) }
        // A roundabout turn: from the heading in to the heading out, exit road included, unless
        // the trip travels the exit otherwise (a cyclist pushing): then leaving is its own step,
        // as OSRM keeps a mode change apart (roundabout-turn-bike.feature).
        let out = leavingHeading(legs[exitLeg], at: endNode(legs[lastOnRing]), along: coords[exitLeg])
        draft.direction = ManeuverBuilder.direction(ManeuverBuilder.turnAngle(from: inBearing, to: out))
        if travel(legs[exitLeg]) != travel(legs[lastOnRing]) { return (draft, lastOnRing, exitLeg) }
        draft.add(legs[exitLeg], coords[exitLeg])
        return (draft, exitLeg, exitLeg + 1)
    }

    private func ringDraft(_ kind: RoundaboutKind, name: String, exit: Int?) -> Draft {
        switch kind {
        case .roundabout: return Draft(kind: .roundabout, name: name, exitNumber: exit)
        case .intersection: return Draft(kind: .roundaboutTurn, name: name, exitNumber: exit)
        case .rotary(let rotaryName):
            var draft = Draft(kind: .rotary, name: name, exitNumber: exit)
            draft.rotaryName = rotaryName
            return draft
        }
    }

    /// 1 where a road leaves the entry node further right than the ring (an exit right after the
    /// entry, a oneway pair meeting the ring at one node): OSRM counts it as the first exit
    /// (`EnterRoundaboutAtExit`). 0 otherwise.
    private func exitsBeforeTheRing(at node: Int32, onto ring: RouteLeg, along line: [Coordinate], inBearing: Double) -> Int {
        let ringTurn = ManeuverBuilder.turnAngle(from: inBearing, to: ManeuverBuilder.heading(leaving: line, over: ManeuverBuilder.headingMetres))
        var ring: (in: [Double], out: [Double])?
        let exitsFirst = adjacency.edges(of: node).contains { e in
            guard !isRoundabout(e), net.allows(e, forward: net.edgeFrom[e] == node, mode) else { return false }
            let heading = leavingHeading(e, at: node)
            let turn = ManeuverBuilder.turnAngle(from: inBearing, to: heading)
            // The way back the route came by is no exit, nor a road leaving against the ring's flow.
            guard abs(turn) < 170 && turn > ringTurn else { return false }
            if ring == nil { ring = ringBearings(at: node) }
            return !RoundaboutFlowRule.forbids(fromRoad: inBearing + 180, to: heading, ringIn: ring!.in, ringOut: ring!.out)
        }
        return exitsFirst ? 1 : 0
    }

    /// The travel bearings of the ring directions the mode may take arriving at `node` (and not
    /// on from it) and of those leaving it, as `RoundaboutFlowRule` reads them.
    private func ringBearings(at node: Int32) -> (in: [Double], out: [Double]) {
        var ringIn: [Double] = [], ringOut: [Double] = []
        for e in adjacency.edges(of: node) where isRoundabout(e) {
            let outward = net.edgeFrom[e] == node
            if net.allows(e, forward: outward, mode) {
                ringOut.append(leavingHeading(e, at: node))
            } else if net.allows(e, forward: !outward, mode) {
                ringIn.append(leavingHeading(e, at: node) + 180)
            }
        }
        return (ringIn, ringOut)
    }

    /// Whether the ring node `node` counts as an exit passed (OSRM's `REMAIN_ROUNDABOUT`): a road
    /// the mode may take leaves it, and one of those is no service road or the like, unless the
    /// ring (`edge`) is one itself. A node counts once, however many roads leave it.
    private func exitCount(at node: Int32, excluding edge: Int) -> Int {
        var exits = false, ignorableOnly = true
        for e in adjacency.edges(of: node) where e != edge {
            if isRoundabout(e) { continue }
            let leavesForward = net.edgeFrom[e] == node
            // A cyclist pushing against a one-way is not taking an exit (OSRM counts none there).
            let k = e * 2 + (leavesForward ? 0 : 1)
            let pushedAgainstOneWay = mode == .bike && net.isPushed(direction: k) && !net.isPushed(direction: k ^ 1)
            guard net.allows(e, forward: leavesForward, mode) && !pushedAgainstOneWay else { continue }
            exits = true
            if !net.guidanceClass(of: e).isLowPriority { ignorableOnly = false }
        }
        let ringIsMinor = net.guidanceClass(of: edge).isLowPriority
        return exits && (!ignorableOnly || ringIsMinor) ? 1 : 0
    }
}
