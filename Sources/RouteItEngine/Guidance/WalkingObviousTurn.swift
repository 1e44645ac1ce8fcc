import RouteItCore

/// Where a walker's way obviously goes on, as OSRM (foot.lua) decides it
/// (`IntersectionHandler::findObviousTurn` with `IsDistinctNarrowTurn` / `IsDistinctWideTurn`):
/// first the street that keeps its name, then the straightmost way of the incoming way's class
/// or better, then the straightmost way of all, each only when every other way bends off
/// distinctly more. A change of name onto the obvious way is a name change at any angle
/// (OSRM's `NewName`: "Continue onto ..." and folded when short), not a turn.
extension ManeuverBuilder {
    /// The branch a walker arriving by `prev` obviously takes at `node`, if any.
    func walkerObviousBranch(at node: Int32, arrivingBy prev: RouteLeg, inBearing: Double) -> Branch? {
        let roads = branches(at: node, arrivingBy: prev, inBearing: inBearing)
        if roads.count <= 1 { return roads.first }
        let inClass = net.guidanceClass(of: prev.edge)
        let inLabel = streetLabel(of: prev.edge)
        func cls(_ b: Branch) -> GuidanceClass { net.guidanceClass(of: b.edge) }
        func straightmost(_ keep: (Branch) -> Bool) -> Branch? {
            roads.filter(keep).min { abs($0.angle) < abs($1.angle) }
        }
        // The street going on under its own name, of its class or better.
        let continuing = straightmost { b in
            let label = streetLabel(of: b.edge), c = cls(b)
            guard !inLabel.isEmpty || inClass.isLowPriority, !label.isEmpty || c.isLowPriority,
                  inLabel.isEmpty == label.isEmpty else { return false }
            return !c.isStrictlyLess(than: inClass) && !c.isLink(to: inClass) && !inLabel.requiresAnnouncement(onto: label)
        }
        if let continuing, isDistinct(continuing, among: roads, inClass: inClass, inLabel: inLabel) { return continuing }
        let sameOrBetter = straightmost { !cls($0).isStrictlyLess(than: inClass) && !cls($0).isLink(to: inClass) }
        if let sameOrBetter, isDistinct(sameOrBetter, among: roads, inClass: inClass, inLabel: inLabel) { return sameOrBetter }
        guard let any = straightmost({ _ in true }) else { return nil }
        let onlyNonSharp = abs(any.angle) <= 90 && roads.filter { abs($0.angle) <= 90 }.count == 1
        if sameOrBetter?.goesSameWay(as: any) != true,
           abs(any.angle) <= ManeuverBuilder.groupAngle || onlyNonSharp, !cls(any).isLowPriority,
           isDistinct(any, among: roads, inClass: inClass, inLabel: inLabel) {
            return any
        }
        return nil
    }

    /// Whether `leg` leaves `node` by the way a walker arriving by `prev` obviously takes.
    func isWalkersObviousWay(at node: Int32, arrivingBy prev: RouteLeg, leaving leg: RouteLeg, inBearing: Double) -> Bool {
        walkerObviousBranch(at: node, arrivingBy: prev, inBearing: inBearing)
            .map { $0.goesSameWay(as: leg) } ?? false
    }

    /// A way the obvious one is looked for among, as `IsDistinctTurn` reads it against the others.
    struct ObviousCandidate {
        var branch: Branch
        /// Degrees off straight on.
        var deviation: Double
        var inClass: GuidanceClass
        var inLabel: StreetLabel
        var roadClass: GuidanceClass
        var label: StreetLabel
        /// The way in goes on under the same name.
        var keepsName: Bool

        /// `net` borrowed: an initializer takes its arguments owned, and the network was copied (a
        /// retain of every column) for each candidate.
        init(_ branch: Branch, inClass: GuidanceClass, inLabel: StreetLabel, net: borrowing RoadNetwork) {
            self.branch = branch
            deviation = abs(branch.angle)
            self.inClass = inClass
            self.inLabel = inLabel
            roadClass = net.guidanceClass(of: branch.edge)
            label = net.label(of: branch.edge)
            keepsName = !inLabel.requiresAnnouncement(onto: label)
        }

        func isItself(_ road: Branch) -> Bool { road.goesSameWay(as: branch) }

        /// A slip road of the class both the way in and the candidate are on.
        func isLinkOfSameClass(_ roadClass: GuidanceClass) -> Bool {
            roadClass.isLink(to: inClass) && roadClass.isLink(to: self.roadClass)
        }
    }

    /// OSRM's `IsDistinctTurn`: no other way looks as obvious as `candidate`.
    private func isDistinct(_ candidate: Branch, among roads: [Branch], inClass: GuidanceClass, inLabel: StreetLabel) -> Bool {
        let c = ObviousCandidate(candidate, inClass: inClass, inLabel: inLabel, net: net)
        return !roads.contains { road in
            guard !c.isItself(road) else { return false }
            let other = abs(road.angle)
            let roadClass = net.guidanceClass(of: road.edge)
            if c.deviation >= ManeuverBuilder.groupAngle {
                // A wide turn is obvious only against ways bending more than twice as much, and
                // ways of a far lesser category never look as obvious (`IsDistinctWideTurn`).
                if roadClass.isStrictlyLess(than: c.roadClass) { return false }
                return !(other > 2 * c.deviation || other > ManeuverBuilder.straightAngle && c.isLinkOfSameClass(roadClass))
            }
            return looksAsObviousNarrow(road, roadClass: roadClass, as: c)
        }
    }

    /// OSRM's `IsDistinctNarrowTurn` for a candidate less than a wide turn off straight: whether
    /// `road` looks as obvious as it (walkers and cars read it alike). In a lane fork (`laneFork`,
    /// `LaneCounts.isLaneFork`) neither name nor angle tells the two ways apart. A car's rule 9
    /// also asks the same test by OSRM's perceived bearings at its junction (`perceivedAt`: the
    /// candidate's junction and the way in; a junction, not a closure, whose capture would copy
    /// the builder at each call).
    func looksAsObviousNarrow(_ road: Branch, roadClass: GuidanceClass, as c: ObviousCandidate, laneFork: Bool = false,
                              perceivedAt: (node: Int32, arrivingBy: RouteLeg, candidate: Branch)? = nil) -> Bool {
        let other = abs(road.angle), deviation = c.deviation, inClass = c.inClass, candidateClass = c.roadClass
        // A footway or driveway beside a street going on from a street never looks as obvious
        // (`obviousByRoadClass`). For a car only that half: OSRM's `IsDistinctNarrowTurn` does not
        // rank real roads by class alone (a tertiary 21° off beside a primary 31° off looks as
        // obvious, "Turning Road category"); its fork test does (`hasObviousOfTwo`).
        if inClass.makesObvious(candidateClass, over: roadClass) && (mode != .car || roadClass.isLowPriority) { return false }
        let distinct = other > 2 * deviation && other - deviation > ManeuverBuilder.distinctAngleDifference
        let slightlyDistinct = other > 0.7 * 2 * deviation
        let roadLabel = streetLabel(of: road.edge)
        let renamesOther = c.inLabel.requiresAnnouncement(onto: roadLabel)
        if (c.keepsName || renamesOther) && distinct && !laneFork { return false }
        // Off a minor road (below secondary), every distinctly bending way is a side way.
        if inClass.priority > 6 && distinct { return false }
        let samePriority = inClass.priority == candidateClass.priority
        if samePriority && c.keepsName && slightlyDistinct
            && (candidateClass.priority < roadClass.priority || candidateClass.priority > roadClass.priority + 4)
            && perceivedAt.map({ perceivedBendsFurther(road, than: $0.candidate, at: $0.node, arrivingBy: $0.arrivingBy) }) ?? true {
            return false
        }
        // A slip road of the class both ways are on is never as obvious.
        if c.isLinkOfSameClass(roadClass) { return false }
        if samePriority && inClass.group < roadClass.group
            && c.label.requiresAnnouncement(onto: roadLabel) && renamesOther { return false }
        if samePriority && roadClass.isLink { return false }
        return true
    }
}
