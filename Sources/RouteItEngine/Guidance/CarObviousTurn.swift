import RouteItCore

/// The way a car obviously takes at a junction, as OSRM's `findObviousTurn` finds it
/// (`guidance/intersection_handler.hpp`): the street going on under its name, else the
/// straightmost way of its class or better, else the straightmost way at all, each only when no
/// other way looks as obvious (`IsDistinctTurn`). Unlike the walker's reading
/// (`walkerObviousBranch`), ways a car may only arrive by count against a turn of `NARROW_TURN_ANGLE` (40°) or more, as
/// OSRM's intersection lists them ("entry allowed isn't a distinction criterion"): a service road
/// turning right where a one-way comes in straight ahead is a turn. A slip road of another class
/// never looks as obvious as the road going on in its class ("Ramp Off Through Street").
extension ManeuverBuilder {
    /// A way at a junction besides the one arriving, and whether the car may take it.
    struct CarRoad {
        var branch: Branch
        var enterable: Bool
    }

    /// Every way at `node` but the one arriving, each in the direction leaving `node`.
    func carRoads(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double) -> [CarRoad] {
        memo.carRoads(at: node, arrivingBy: prev, inBearing: inBearing) { readCarRoads(at: node, arrivingBy: prev, inBearing: inBearing) }
    }

    private func readCarRoads(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double) -> [CarRoad] {
        var out: [CarRoad] = []
        for e in adjacency.edges(of: node) {
            // A loop leaves the node both ways; arrived by, its way on round is still a way.
            let loop = isLoop(e)
            guard e != prev.edge || loop else { continue }
            func add(_ forward: Bool) {
                guard e != prev.edge || forward == prev.forward,
                      net.allows(e, mode) || net.allows(e, forward: !forward, mode),
                      let heading = junctionHeading(leaving: e, forward: forward, at: node) else { return }
                out.append(CarRoad(branch: Branch(edge: e, forward: forward, angle: ManeuverBuilder.turnAngle(from: inBearing, to: heading)),
                                   enterable: net.allows(e, forward: forward, mode)))
            }
            add(net.edgeFrom[e] == node)
            if loop { add(false) }
        }
        return out
    }

    /// The branch a car arriving by `prev` obviously takes at `node`, if any.
    func carObviousBranch(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double) -> Branch? {
        memo.carObviousBranch(at: node, arrivingBy: prev, inBearing: inBearing) {
            findCarObviousBranch(at: node, arrivingBy: prev, inBearing: inBearing)
        }
    }

    private func findCarObviousBranch(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double) -> Branch? {
        let roads = carRoads(at: node, arrivingBy: prev, inBearing: inBearing)
        let enterable = roads.filter(\.enterable).map(\.branch)
        if roads.count == 1 { return enterable.first }
        let inClass = net.guidanceClass(of: prev.edge)
        let inLabel = streetLabel(of: prev.edge)
        func cls(_ b: Branch) -> GuidanceClass { net.guidanceClass(of: b.edge) }
        func straightmost(_ keep: (Branch) -> Bool) -> Branch? { enterable.filter(keep).min { abs($0.angle) < abs($1.angle) } }
        // A way on or off a roundabout is never the obvious one from a way that is not (`to_index_if_valid`).
        func valid(_ b: Branch) -> Branch? { isRoundabout(b.edge) == isRoundabout(prev.edge) ? b : nil }
        let continuing = straightmost { b in
            let label = streetLabel(of: b.edge), c = cls(b)
            guard !inLabel.isEmpty || inClass.isLowPriority, !label.isEmpty || c.isLowPriority,
                  inLabel.isEmpty == label.isEmpty else { return false }
            return !c.isStrictlyLess(than: inClass) && !c.isLink(to: inClass) && !inLabel.requiresAnnouncement(onto: label)
        }
        if let continuing, isDistinctForCar(continuing, among: roads, inClass: inClass, inLabel: inLabel, at: node, arrivingBy: prev, inBearing: inBearing) { return valid(continuing) }
        let sameOrBetter = straightmost { !cls($0).isStrictlyLess(than: inClass) && !cls($0).isLink(to: inClass) }
        if let sameOrBetter, isDistinctForCar(sameOrBetter, among: roads, inClass: inClass, inLabel: inLabel, at: node, arrivingBy: prev, inBearing: inBearing) { return valid(sameOrBetter) }
        guard let any = straightmost({ _ in true }) else { return nil }
        // Every way counts here, enterable or not (the way back has a deviation of 180°).
        let onlyNonSharp = abs(any.angle) <= 90 && roads.filter { abs($0.branch.angle) <= 90 }.count == 1
        if sameOrBetter?.goesSameWay(as: any) != true,
           abs(any.angle) <= ManeuverBuilder.groupAngle || onlyNonSharp, !cls(any).isLowPriority,
           isDistinctForCar(any, among: roads, inClass: inClass, inLabel: inLabel, at: node, arrivingBy: prev, inBearing: inBearing) {
            return valid(any)
        }
        // Motorways: the one way a car may take, nearly ahead, is obvious.
        if RoadClass(rawValue: net.edgeClass[any.edge])?.isMotorwayClass == true, abs(any.angle) <= ManeuverBuilder.groupAngle,
           enterable.count == 1 {
            return valid(any)
        }
        return nil
    }

    /// Whether `leg` leaves `node` by the way a car arriving by `prev` obviously takes, on a road
    /// of the class arrived on or better (onto a lesser road, `isObvious` alone decides: a primary
    /// ending where a residential street bears off 30° is still a turn onto it).
    func isCarsObviousWay(at node: Int32, arrivingBy prev: RouteLeg, leaving leg: RouteLeg, inBearing: Double) -> Bool {
        let inClass = net.guidanceClass(of: prev.edge)
        let legClass = net.guidanceClass(of: leg.edge)
        guard !legClass.isStrictlyLess(than: inClass), !legClass.isLink(to: inClass),
              let obvious = carObviousBranch(at: node, arrivingBy: prev, inBearing: inBearing) else { return false }
        return obvious.goesSameWay(as: leg)
    }

    /// OSRM's `IsDistinctTurn` for a car: no other way looks as obvious as `candidate`.
    private func isDistinctForCar(_ candidate: Branch, among roads: [CarRoad], inClass: GuidanceClass, inLabel: StreetLabel,
                                  at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double) -> Bool {
        let c = ObviousCandidate(candidate, inClass: inClass, inLabel: inLabel, net: net)
        // A loop, not `roads.contains { }`, and no closure below: capturing the builder copied it
        // (a retain of every column it reads) at each call.
        for car in roads where looksAsObvious(car, as: c, candidate: candidate, among: roads, inClass: inClass,
                                              at: node, arrivingBy: prev, inBearing: inBearing) {
            return false
        }
        return true
    }

    /// Whether `car`, another way at the junction, looks as obvious as the candidate `c`.
    private func looksAsObvious(_ car: CarRoad, as c: ObviousCandidate, candidate: Branch, among roads: [CarRoad],
                                inClass: GuidanceClass, at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double) -> Bool {
        let road = car.branch
        guard !c.isItself(road) else { return false }
        let other = abs(road.angle)
        let roadClass = net.guidanceClass(of: road.edge)
        let lanes = laneCounts(arriving: prev.edge, candidate: candidate.edge, other: road.edge)
        if c.deviation >= ManeuverBuilder.groupAngle {
            // `IsDistinctWideTurn`: a non-straight way of a lesser class, or one bending more
            // than twice as much, never looks as obvious.
            if other >= ManeuverBuilder.straightAngle
                && (c.isLinkOfSameClass(roadClass) || lanes.narrowsOntoLesser(roadClass, inClass: inClass, candidateClass: c.roadClass)) {
                return false
            }
            if other > 2 * c.deviation { return false }
            return !bendsDistinctlyAtTheNode(road, from: candidate, at: node, arrivingBy: prev, inBearing: inBearing)
        }
        // A way a car may only arrive by never looks as obvious as a narrow candidate.
        if c.deviation < ManeuverBuilder.narrowTurnAngle && !car.enterable { return false }
        if crossesOver(road, among: roads, as: c) { return false }
        let distinct = other > 2 * c.deviation && other - c.deviation > ManeuverBuilder.distinctAngleDifference
        if distinct && lanes.candidateKeepsLanes && c.deviation < ManeuverBuilder.fuzzyAngleDifference { return false }
        if lanes.narrowsOntoLesser(roadClass, inClass: inClass, candidateClass: c.roadClass) { return false }
        return looksAsObviousNarrow(road, roadClass: roadClass, as: c,
                                    laneFork: lanes.isLaneFork(candidateAngle: candidate.angle, otherAngle: road.angle),
                                    perceivedAt: (node, prev, candidate))
    }

    /// `IsDistinctWideTurn` rule 4: where the way in bends just before the junction (its first
    /// metre's heading is more than `fuzzyAngleDifference` off its perceived one), `road` does
    /// not look as obvious as `candidate` when, by the first metre of each way, it bends more than
    /// twice as much and does not lead straight on into `candidate`.
    private func bendsDistinctlyAtTheNode(_ road: Branch, from candidate: Branch, at node: Int32,
                                          arrivingBy prev: RouteLeg, inBearing: Double) -> Bool {
        func initial(_ e: Int, _ forward: Bool) -> Double? { heading(leaving: e, forward: forward, over: ManeuverBuilder.initialHeadingMetres) }
        guard let back = initial(prev.edge, !prev.forward) else { return false }
        let inInitial = (back + 180).truncatingRemainder(dividingBy: 360)
        guard abs(ManeuverBuilder.turnAngle(from: inBearing, to: inInitial)) > ManeuverBuilder.fuzzyAngleDifference,
              let candidateInitial = initial(candidate.edge, candidate.forward),
              let roadInitial = initial(road.edge, road.forward) else { return false }
        let roadToCandidate = ManeuverBuilder.turnAngle(from: (roadInitial + 180).truncatingRemainder(dividingBy: 360), to: candidateInitial)
        let candidateDeviation = abs(ManeuverBuilder.turnAngle(from: inInitial, to: candidateInitial))
        let roadDeviation = abs(ManeuverBuilder.turnAngle(from: inInitial, to: roadInitial))
        return abs(roadToCandidate) > ManeuverBuilder.straightAngle && roadDeviation > 2 * candidateDeviation
    }

    /// Rule 9's `compare_road_deviation_is_slightly_distinct` read as OSRM reads it, by the
    /// perceived bearings of the way in, `candidate` and `road` (a way bending off 7 m past the
    /// junction reads straighter over its first 20 m than OSRM perceives it).
    func perceivedBendsFurther(_ road: Branch, than candidate: Branch, at node: Int32, arrivingBy prev: RouteLeg) -> Bool {
        guard let back = perceivedHeading(leaving: prev.edge, forward: !prev.forward, at: node),
              let cand = perceivedHeading(leaving: candidate.edge, forward: candidate.forward, at: node),
              let other = perceivedHeading(leaving: road.edge, forward: road.forward, at: node) else { return true }
        let inBearing = (back + 180).truncatingRemainder(dividingBy: 360)
        return abs(ManeuverBuilder.turnAngle(from: inBearing, to: other)) > 0.7 * 2 * abs(ManeuverBuilder.turnAngle(from: inBearing, to: cand))
    }

    /// OSRM's initial bearing: a way's heading over its first segment.
    static let initialHeadingMetres = 0.5

    /// OSRM's `IsDistinctNarrowTurn` rule 6: at a junction of four ways or more, a way bending
    /// distinctly off that goes on across the junction (the way opposite it keeps its name, or
    /// lies nearly straight across) is a crossing street, never as obvious as a narrow candidate.
    private func crossesOver(_ road: Branch, among roads: [CarRoad], as c: ObviousCandidate) -> Bool {
        guard roads.count >= 3 else { return false }
        let other = abs(road.angle)
        guard other > 2 * c.deviation && other - c.deviation > ManeuverBuilder.distinctAngleDifference else { return false }
        func apart(_ a: Double, _ b: Double) -> Double { let d = abs(a - b).truncatingRemainder(dividingBy: 360); return min(d, 360 - d) }
        // The way back counts: it lies at 180° (OSRM's intersection[0]).
        var opposite: (angle: Double, label: StreetLabel) = (180, c.inLabel)
        for car in roads where !car.branch.goesSameWay(as: road)
            && apart(car.branch.angle, road.angle + 180) < apart(opposite.angle, road.angle + 180) {
            opposite = (car.branch.angle, streetLabel(of: car.branch.edge))
        }
        return !opposite.label.requiresAnnouncement(onto: streetLabel(of: road.edge))
            || apart(road.angle, opposite.angle) > 180 - ManeuverBuilder.narrowTurnAngle
    }
}
