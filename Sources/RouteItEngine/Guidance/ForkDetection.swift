import RouteItCore

/// Forks, as OSRM's guidance finds them: the road splits into two ways that both carry on
/// roughly ahead and neither is the obvious continuation, so the navigator says which side to
/// keep to ("Keep left", "Keep right"); leaving a main road onto a ramp counts too.
extension ManeuverBuilder {
    /// Both branches of a fork lie within this of straight on.
    static let forkAngle = 45.0

    /// A way leaving a junction that the mode may take, and how far it bends from the heading in.
    struct Branch {
        var edge: Int
        var forward: Bool
        var angle: Double
    }

    /// Every way the mode may leave `node` by, except back the way it came.
    /// `atSplit`: each branch's heading is read where it is 10 m from the junction (a cyclist's
    /// or walker's fork, `BicycleGuidanceClasses.heading(leaving:at:)`), not past its first 20 m.
    func branches(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double, atSplit: Bool = false) -> [Branch] {
        guard !atSplit else { return readBranches(at: node, arrivingBy: prev, inBearing: inBearing, atSplit: true) }
        return memo.branches(at: node, arrivingBy: prev, inBearing: inBearing) {
            readBranches(at: node, arrivingBy: prev, inBearing: inBearing, atSplit: false)
        }
    }

    private func readBranches(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double, atSplit: Bool) -> [Branch] {
        var out: [Branch] = []
        for e in adjacency.edges(of: node) where e != prev.edge || isLoop(e) {
            for forward in ManeuverBuilder.bothWays {
                let leaves = forward ? net.edgeFrom[e] == node : net.edgeTo[e] == node
                // A loop arrived by still goes on round (only its way back is the way in).
                guard leaves, e != prev.edge || forward == prev.forward, net.allows(e, forward: forward, mode) else { continue }
                let heading: Double
                if atSplit {
                    var line = net.points(of: e).map(\.coordinate)
                    if !forward { line.reverse() }
                    guard line.count >= 2 else { continue }
                    heading = BicycleGuidanceClasses.heading(leaving: line, at: BicycleGuidanceClasses.forkHeadingMetres)
                } else {
                    guard let h = junctionHeading(leaving: e, forward: forward, at: node) else { continue }
                    heading = h
                }
                out.append(Branch(edge: e, forward: forward, angle: ManeuverBuilder.turnAngle(from: inBearing, to: heading)))
            }
        }
        return out
    }

    static let bothWays = [true, false]

    /// `heading(leaving:over:)` of edge `e` left by its `forward` end, read straight from the
    /// map's points (every junction of a route asks this of each way there: no copy of the line).
    func heading(leaving e: Int, forward: Bool, over metres: Double) -> Double? {
        let points = net.points(of: e)
        guard points.count >= 2 else { return nil }
        let first = points.startIndex, last = points.endIndex - 1
        func point(_ k: Int) -> Coordinate { points[forward ? first + k : last - k].coordinate }
        let start = point(0), far = DistanceReach(from: start, metres: metres)
        var reach = point(1)
        for k in 1..<points.count {
            reach = point(k)
            if far.isReached(by: reach) { break }
        }
        return Geodesy.bearing(start, reach)
    }

    /// Driveways and parking aisles (service roads) and tracks: beside a road they make no fork
    /// of it, nor take away that it is the obvious way on.
    static func isMinor(_ cls: RoadClass?) -> Bool { cls == .service || cls == .track }

    /// Which side to keep to when `leg` takes one branch of a fork at `node`: exactly two ways
    /// go on ahead (whatever their names, as OSRM reads a fork); nil when the junction is no fork
    /// or the route stays on a main road past a slip road.
    func forkSide(at node: Int32, arrivingBy prev: RouteLeg, leaving leg: RouteLeg, inBearing: Double) -> Maneuver.Direction? {
        fork(at: node, arrivingBy: prev, leaving: leg, inBearing: inBearing)?.side
    }

    /// `forkSide`, and the fork's other branch.
    func fork(at node: Int32, arrivingBy prev: RouteLeg, leaving leg: RouteLeg, inBearing: Double) -> (side: Maneuver.Direction, other: Branch)? {
        guard let reading = forkReading(at: node, arrivingBy: prev, leaving: leg, inBearing: inBearing), !reading.hasObviousOfTwo else { return nil }
        return (reading.side, reading.other)
    }

    /// Two ways going on ahead as a fork would (`fork`'s tests of shape, rank and angle all met),
    /// the way taken and the other; `hasObviousOfTwo`: one of them is obvious by its class or by
    /// going on perfectly straight under its name, so OSRM makes no fork of them
    /// (`hasObviousOfTwo`, cars only).
    struct ForkReading {
        var chosen: Branch
        var other: Branch
        var side: Maneuver.Direction
        var hasObviousOfTwo: Bool
    }

    func forkReading(at node: Int32, arrivingBy prev: RouteLeg, leaving leg: RouteLeg, inBearing: Double) -> ForkReading? {
        // Cyclists and walkers: each way's heading where it leaves, as OSRM's intersection
        // bearings are taken. A footway leaving 30° off and curving away past its first 10 m is
        // one side of a fork to OSRM (Helsinki walks: OSRM's forks met 50 → 56 of 63).
        let all = branches(at: node, arrivingBy: prev, inBearing: inBearing, atSplit: mode != .car)
        guard let chosen = all.first(where: { $0.goesSameWay(as: leg) }) else { return nil }
        let incoming = RoadClass(rawValue: net.edgeClass[prev.edge])
        let chosenClass = RoadClass(rawValue: net.edgeClass[chosen.edge])
        let ahead = all.filter { b in
            guard abs(b.angle) <= ManeuverBuilder.forkAngle else { return false }
            if b.edge == chosen.edge { return true }
            let cls = RoadClass(rawValue: net.edgeClass[b.edge]) ?? .service
            switch mode {
            case .walk: return true
            case .bike: return !isIgnorableForBicycle(cls, incoming: incoming, chosen: chosenClass)
            case .car: return !ManeuverBuilder.isMinor(cls) || ManeuverBuilder.isMinor(incoming ?? .service)
            }
        }
        guard ahead.count == 2, ahead.contains(where: { $0.edge == chosen.edge }),
              let other = ahead.first(where: { $0.edge != chosen.edge }) else { return nil }
        let otherClass = RoadClass(rawValue: net.edgeClass[other.edge])
        // A cyclist's fork is between ways of like rank: a street and a footway beside it are none.
        if mode == .bike, let chosenClass, let otherClass,
           !BicycleGuidanceClasses.isForkPair(chosenClass, otherClass) { return nil }
        // Staying on the main road past a slip road is no fork (OSRM says nothing there); taking
        // the slip road is.
        // Onto a greater road (a trunk going on as a motorway) it is none either.
        if otherClass?.isLink == true && chosenClass?.isLink != true, let chosenClass, let incoming,
           chosenClass == incoming || GuidanceClass(chosenClass).priority < GuidanceClass(incoming).priority { return nil }
        // Going on dead ahead on the same road while a branch bends away is no fork either.
        let sameRoad = net.name(of: chosen.edge) == net.name(of: prev.edge) && !net.name(of: prev.edge).isEmpty
            || chosenClass == incoming && otherClass != incoming
        if sameRoad && abs(chosen.angle) < 10 && ManeuverBuilder.bendsAwayDistinctly(other.angle, from: chosen.angle, mode: mode) { return nil }
        if continuesStreetDistinctly(arrivingBy: prev, chosen: chosen, others: [other]) { return nil }
        if mode == .car && (ManeuverBuilder.isMuchNarrower(chosen.angle, than: other.angle)
                            || ManeuverBuilder.isMuchNarrower(other.angle, than: chosen.angle)
                            || !isSetApart(chosen, other, at: node, arrivingBy: prev, inBearing: inBearing)) { return nil }
        return ForkReading(chosen: chosen, other: other, side: sideKeepingInitialOrder(chosen, of: other, at: node, inBearing: inBearing),
                           hasObviousOfTwo: mode == .car && hasObviousOfTwo(chosen, other, arrivingBy: prev))
    }

    /// Which side of the fork `chosen` is: OSRM orders a junction's ways by their first 2 m and
    /// nudges the perceived bearings to keep that order (`intersection_analysis.cpp`), so a way
    /// that starts left of the other is the left branch even where it swings round further right.
    private func sideKeepingInitialOrder(_ chosen: Branch, of other: Branch, at node: Int32, inBearing: Double) -> Maneuver.Direction {
        let perceived: Maneuver.Direction = chosen.angle < other.angle ? .slightLeft : .slightRight
        guard let chosenStart = heading(leaving: chosen.edge, forward: chosen.forward, over: 2),
              let otherStart = heading(leaving: other.edge, forward: other.forward, over: 2) else { return perceived }
        let chosenInitial = ManeuverBuilder.turnAngle(from: inBearing, to: chosenStart)
        let otherInitial = ManeuverBuilder.turnAngle(from: inBearing, to: otherStart)
        guard chosenInitial != otherInitial else { return perceived }
        return chosenInitial < otherInitial ? .slightLeft : .slightRight
    }
}

extension ManeuverBuilder {
    /// OSRM's `hasObvious` (turn_handler.cpp `isObviousOfTwo`, either way round), its road-class and
    /// name halves: one of the two is obvious by class (`obviousByRoadClass`: it carries the class
    /// arrived on and ranks far above the other, a primary beside a tertiary), or goes on perfectly
    /// straight under the name arrived on. Either way the pair is no fork.
    func hasObviousOfTwo(_ a: Branch, _ b: Branch, arrivingBy prev: RouteLeg) -> Bool {
        isObviousOfTwo(a, over: b, arrivingBy: prev) || isObviousOfTwo(b, over: a, arrivingBy: prev)
    }

    /// `a` is the obvious one of the two by class or by going on perfectly straight under its name.
    func isObviousOfTwo(_ a: Branch, over b: Branch, arrivingBy prev: RouteLeg) -> Bool {
        let inClass = net.guidanceClass(of: prev.edge)
        let aClass = net.guidanceClass(of: a.edge)
        let bClass = net.guidanceClass(of: b.edge)
        if inClass.makesObvious(aClass, over: bClass) { return true }
        if inClass.makesObvious(bClass, over: aClass) { return false }
        let inLabel = streetLabel(of: prev.edge)
        return !inLabel.isEmpty && abs(a.angle) < ManeuverBuilder.perfectlyStraight && !inLabel.requiresAnnouncement(onto: streetLabel(of: a.edge))
    }

    /// Under this many degrees off straight a way goes on perfectly straight (OSRM compares with
    /// machine epsilon; headings read from the map's points carry rounding).
    static let perfectlyStraight = 0.01

    /// OSRM's fork stands apart from the junction's other ways: the nearest way on either side of
    /// the pair (the way back included, and ways a car may only leave by) is at least
    /// `GROUP_ANGLE` (60°) further round.
    func isSetApart(_ a: Branch, _ b: Branch, at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double) -> Bool {
        let left = min(a.angle, b.angle), right = max(a.angle, b.angle)
        var nearestLeft = -180.0, nearestRight = 180.0
        for e in adjacency.edges(of: node) where e != prev.edge && e != a.edge && e != b.edge && net.allows(e, mode) {
            let angle = ManeuverBuilder.turnAngle(from: inBearing, to: leavingHeading(e, at: node))
            if angle < left { nearestLeft = max(nearestLeft, angle) }
            if angle > right { nearestRight = min(nearestRight, angle) }
        }
        return left - nearestLeft >= ManeuverBuilder.groupAngle && nearestRight - right >= ManeuverBuilder.groupAngle
    }

    /// OSRM's `isObviousOfTwo` by angle: a way bending off more than 1.4 times as much as another,
    /// and by more than `FUZZY_ANGLE_DIFFERENCE` (25°), leaves that other one obvious; no fork.
    static func isMuchNarrower(_ road: Double, than other: Double) -> Bool {
        abs(other) > 1.4 * abs(road) && abs(abs(other) - abs(road)) > ManeuverBuilder.fuzzyAngleDifference
    }

    /// Whether a branch at `other` bends away from the way on at `chosen` clearly enough that
    /// the way on is no fork. Walkers get OSRM's test (`IsDistinctNarrowTurn`): the branch
    /// deviates more than twice as much from straight and by more than half of
    /// `FUZZY_ANGLE_DIFFERENCE` (12.5°), so a path 12° off a street dead ahead still makes a fork.
    static func bendsAwayDistinctly(_ other: Double, from chosen: Double, mode: TransportType) -> Bool {
        guard mode == .walk else { return abs(other) >= 2 * abs(chosen) + 10 }
        return abs(other) > 2 * abs(chosen) && abs(other) - abs(chosen) > ManeuverBuilder.distinctAngleDifference
    }

    /// The way the route takes is where the road obviously goes (OSRM announces no turn there):
    /// the only way on, the one way on of the road's own class, or straight on where every other
    /// way bends off sharply. Minor ways (driveways, tracks) do not count against it.
    func isObvious(at node: Int32, arrivingBy prev: RouteLeg, leaving leg: RouteLeg, inBearing: Double) -> Bool {
        let all = branches(at: node, arrivingBy: prev, inBearing: inBearing)
        guard let chosen = all.first(where: { $0.goesSameWay(as: leg) }) else { return false }
        let incoming = net.edgeClass[prev.edge]
        let others = all.filter { b in
            guard !b.goesSameWay(as: chosen) else { return false }
            let cls = RoadClass(rawValue: net.edgeClass[b.edge]) ?? .service
            switch mode {
            case .walk: return true
            case .bike: return !isIgnorableForBicycle(cls, incoming: RoadClass(rawValue: incoming),
                                                      chosen: RoadClass(rawValue: net.edgeClass[chosen.edge]))
            case .car: return !ManeuverBuilder.isMinor(cls) || ManeuverBuilder.isMinor(RoadClass(rawValue: incoming) ?? .service)
            }
        }
        // A car bending off where a way it may not enter goes on straighter ahead (a one-way
        // street arriving): OSRM counts that way, so the bend is no obvious one ("Continue right").
        if mode == .car && abs(chosen.angle) >= ManeuverBuilder.groupAngle
            && hasStraighterWayIn(at: node, arrivingBy: prev, besides: chosen, inBearing: inBearing) { return false }
        if others.isEmpty {
            // The only way on is obvious where it is the only other way there (OSRM's
            // intersection of two) or where it goes on under the street's name. A bend sharper
            // than a right angle where a one-way also arrives and no name goes on is left to
            // OSRM's `findObviousTurn` (`isCarsObviousWay`), whose intersection has three ways
            // there: from one unnamed service road onto another it is a turn ("Turn sharp
            // left"). Milder bends stay obvious: by their first metres ours can read wider than
            // OSRM's perceived bearings, which find them obvious.
            if mode == .car && abs(chosen.angle) > 90 && !continuesName(from: prev, onto: chosen)
                && hasWayIn(at: node, arrivingBy: prev, besides: chosen) { return false }
            // A car off a street that ends in driveways only: none is obvious (OSRM's
            // `findObviousTurn` never picks a low-priority road it did not continue on).
            return mode != .car || all.count < 2 || !ManeuverBuilder.isMinor(RoadClass(rawValue: net.edgeClass[chosen.edge]))
                || ManeuverBuilder.isMinor(RoadClass(rawValue: incoming))
        }
        if continuesStreetDistinctly(arrivingBy: prev, chosen: chosen, others: others) { return true }
        let chosenClass = net.edgeClass[chosen.edge]
        if chosenClass <= incoming && abs(chosen.angle) < 60 && others.allSatisfy({ Int(net.edgeClass[$0.edge]) > Int(incoming) + 1 }),
           mode != .car || !others.contains(where: { perceivedUndoesBend(of: $0, beside: chosen, at: node, arrivingBy: prev) }) {
            return true
        }
        // Straight on while every other way bends off: obvious on a road of the same class (onto
        // a lesser or greater road only when dead ahead).
        let straightEnough = abs(chosen.angle) < (chosenClass == incoming ? 35 : ManeuverBuilder.straightAngle)
        return straightEnough && others.allSatisfy { abs($0.angle) >= 60 && abs($0.angle) >= abs(chosen.angle) + 30 }
    }
}

extension ManeuverBuilder {
    /// Whether `road` bends slightly distinctly further than `chosen` by their first 20 m but
    /// not by OSRM's perceived bearings (rule 9 of `IsDistinctNarrowTurn`): there a car's road
    /// going on in its class past lesser roads is obvious only where `findObviousTurn` finds it
    /// (`isCarsObviousWay`). Pont Sainte-Dévote bends off 7 m past Avenue d'Alsace: 30° and 45°
    /// over 20 m, 45° and 45° perceived, "Turn left" in OSRM.
    func perceivedUndoesBend(of road: Branch, beside chosen: Branch, at node: Int32, arrivingBy prev: RouteLeg) -> Bool {
        abs(road.angle) > 0.7 * 2 * abs(chosen.angle) && !perceivedBendsFurther(road, than: chosen, at: node, arrivingBy: prev)
    }

    /// A cyclist on a street going on along a street: footways, paths and driveways beside it
    /// neither make a fork nor take away that the street is the obvious way on.
    func isIgnorableForBicycle(_ other: RoadClass, incoming: RoadClass?, chosen: RoadClass?) -> Bool {
        guard let incoming, let chosen else { return false }
        return BicycleGuidanceClasses.isIgnorable(other, incoming: incoming, chosen: chosen)
    }
}

extension RoadClass {
    /// Slip roads and ramps (`*_link`).
    var isLink: Bool {
        switch self {
        case .motorwayLink, .trunkLink, .primaryLink, .secondaryLink, .tertiaryLink: return true
        default: return false
        }
    }
}

extension ManeuverBuilder {
    /// Whether a way the mode may only arrive by (not leave by) meets `node` nearer to straight
    /// ahead than `chosen`.
    func hasStraighterWayIn(at node: Int32, arrivingBy prev: RouteLeg, besides chosen: Branch, inBearing: Double) -> Bool {
        adjacency.edges(of: node).contains { e in
            isWayIn(e, at: node, arrivingBy: prev, besides: chosen)
                && abs(ManeuverBuilder.turnAngle(from: inBearing, to: leavingHeading(e, at: node))) < abs(chosen.angle)
        }
    }

    /// Whether `chosen` goes on under the name of the street arriving (which has one).
    func continuesName(from prev: RouteLeg, onto chosen: Branch) -> Bool {
        let inLabel = streetLabel(of: prev.edge)
        return !inLabel.isEmpty && !inLabel.requiresAnnouncement(onto: streetLabel(of: chosen.edge))
    }

    /// Whether any way the mode may only arrive by meets `node`.
    func hasWayIn(at node: Int32, arrivingBy prev: RouteLeg, besides chosen: Branch) -> Bool {
        adjacency.edges(of: node).contains { isWayIn($0, at: node, arrivingBy: prev, besides: chosen) }
    }

    /// Whether edge `e` at `node` is a way the mode may only arrive by, other than the route's two.
    private func isWayIn(_ e: Int, at node: Int32, arrivingBy prev: RouteLeg, besides chosen: Branch) -> Bool {
        guard e != prev.edge, e != chosen.edge else { return false }
        let leavesForward = net.edgeFrom[e] == node
        return !net.allows(e, forward: leavesForward, mode) && net.allows(e, forward: !leavesForward, mode)
    }
}
