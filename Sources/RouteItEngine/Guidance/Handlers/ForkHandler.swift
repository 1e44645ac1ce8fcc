import RouteItCore

/// The road splits into two ways that both carry on ahead: "Keep left/right at the fork"
/// (`ManeuverBuilder.forkSide`, OSRM's fork handling).
struct ForkHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction else { return nil }
        if let side = guide.tripleForkSide(at: j) {
            return .step(ManeuverBuilder.Draft(kind: .fork, direction: side, name: j.name, turn: j.turn))
        }
        guard let reading = guide.forkReading(at: j.node, arrivingBy: j.arriving, leaving: j.leaving, inBearing: j.inBearing),
              Self.sameTravel(j.arriving.edge, j.leaving.edge, reading.other.edge, guide) else { return nil }
        if reading.hasObviousOfTwo { return guide.obviousOfTwoTurn(j, reading) }
        let (side, other) = (reading.side, reading.other)
        if guide.mode == .car, Self.isBesideObviousWay(j, guide) { return nil }
        if guide.mode == .bike, let obvious = guide.carObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing),
           Self.standsApart(obvious, in: reading) {
            return Self.besideObviousWay(j, obvious: obvious)
        }
        if guide.mode == .car, Self.isUnequalPair(j, other: other, guide) { return Self.turnOffTheGreaterRoad(j, other: other, guide) }
        return .step(ManeuverBuilder.Draft(kind: .fork, direction: side, name: j.name, turn: j.turn))
    }

    /// OSRM forks only between ways travelled as the way in is (`has_compatible_modes`): off a
    /// ferry onto two roads each is a turn (collapse-ferry.feature).
    static func sameTravel(_ arriving: Int, _ a: Int, _ b: Int, _ guide: ManeuverBuilder) -> Bool {
        let ferry = guide.net.isFerry(arriving), train = guide.net.isTrain(arriving)
        return [a, b].allSatisfy { guide.net.isFerry($0) == ferry && guide.net.isTrain($0) == train }
    }

    /// A cyclist forks only where no way is obvious (OSRM's `fork && !obvious_index`, the
    /// obvious way as `findObviousTurn` reads it): the obvious way is left to the next handlers,
    /// the other is a plain turn its angle's way (`assignTrivialTurns`).
    static func besideObviousWay(_ j: RouteJunction, obvious: ManeuverBuilder.Branch) -> GuidanceDecision? {
        guard !obvious.goesSameWay(as: j.leaving) else { return nil }
        return .step(ManeuverBuilder.Draft(kind: .turn, direction: ManeuverBuilder.direction(j.turn), name: j.name, turn: j.turn))
    }

    /// The obvious way still looks so where the two ways split (a cyclist's fork is read there):
    /// the other bends off at least twice as far and by more than half OSRM's fuzzy angle
    /// (`IsDistinctNarrowTurn`). A way obvious only past a bend of the other is no reason not
    /// to fork. An obvious way outside the pair leaves both ways of it turns.
    static func standsApart(_ obvious: ManeuverBuilder.Branch, in reading: ManeuverBuilder.ForkReading) -> Bool {
        let pair = [reading.chosen, reading.other]
        guard let way = pair.first(where: { $0.goesSameWay(as: obvious) }),
              let other = pair.first(where: { !$0.goesSameWay(as: obvious) }) else { return true }
        let (o, x) = (abs(way.angle), abs(other.angle))
        return x > 2 * o && x - o > ManeuverBuilder.distinctAngleDifference
    }

    /// A car forks only where no way is obvious, or where every road there is a slip road
    /// (OSRM's `handleThreeWayTurn`/`handleComplexTurn`: `fork && (all_links || !obvious)`).
    /// Read only where the way taken is a lesser road than both the way in and the obvious way
    /// (a residential street bearing off a secondary one): elsewhere this reading of obviousness
    /// (no lane counts) finds an obvious way where OSRM forks (Monaco by car: 42 of OSRM's 191
    /// forks lost when read everywhere, 23 when read also where the obvious way keeps the name).
    static func isBesideObviousWay(_ j: RouteJunction, _ guide: ManeuverBuilder) -> Bool {
        guard !allLinks(at: j, guide),
              let obvious = guide.carObviousBranch(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing),
              !obvious.goesSameWay(as: j.leaving) else { return false }
        func cls(_ e: Int) -> ManeuverBuilder.GuidanceClass { guide.net.guidanceClass(of: e) }
        return cls(j.leaving.edge).isStrictlyLess(than: cls(obvious.edge)) && cls(j.leaving.edge).isStrictlyLess(than: cls(j.arriving.edge))
    }

    /// At a junction of four roads or more, OSRM forks only between roads of like rank
    /// (`canBeSeenAsFork`: priorities at most one apart).
    static func isUnequalPair(_ j: RouteJunction, other: ManeuverBuilder.Branch, _ guide: ManeuverBuilder) -> Bool {
        let roads = guide.carRoads(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing).count + 1
        return roads >= 4 && abs(priority(j.leaving.edge, guide) - priority(other.edge, guide)) > 1
    }

    /// Of an unequal pair the greater road goes on as the obvious way (no step here: nil, and the
    /// next handlers judge it) and the lesser is a slight turn away from it.
    static func turnOffTheGreaterRoad(_ j: RouteJunction, other: ManeuverBuilder.Branch, _ guide: ManeuverBuilder) -> GuidanceDecision? {
        guard priority(j.leaving.edge, guide) > priority(other.edge, guide) else { return nil }
        let direction: Maneuver.Direction = j.turn < other.angle ? .slightLeft : .slightRight
        return .step(ManeuverBuilder.Draft(kind: .turn, direction: direction, name: j.name, turn: j.turn))
    }

    static func priority(_ e: Int, _ guide: ManeuverBuilder) -> Int {
        guide.net.guidanceClass(of: e).priority
    }

    /// Every road at the junction, the one arriving included, is a `*_link`.
    static func allLinks(at j: RouteJunction, _ guide: ManeuverBuilder) -> Bool {
        guide.adjacency.edges(of: j.node).allSatisfy { e in
            !guide.net.allows(e, guide.mode) || RoadClass(rawValue: guide.net.edgeClass[e])?.isLink == true
        }
    }
}
