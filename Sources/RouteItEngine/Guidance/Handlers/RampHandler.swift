import RouteItCore

/// Slip roads of motorways and trunk roads, as OSRM's motorway handling says them: onto a ramp
/// off the motorway is "Take the exit" (`off ramp`), onto a ramp from any other road "Take the
/// ramp" (`on ramp`, even where it is the obvious way on), and off a ramp where it joins a
/// motorway carrying on "Merge" (`merge slight left` from the right), as off a motorway onto
/// another that goes on through the junction under another name.
struct RampHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction, !j.isOnAnnouncedRoundabout,
              let from = RoadClass(rawValue: guide.net.edgeClass[j.arriving.edge]),
              let to = RoadClass(rawValue: guide.net.edgeClass[j.leaving.edge]) else { return nil }
        // Only onto a ramp, off one, or from a motorway onto a motorway is anything said (the
        // sliproad test below reads the nodes around: not at every junction).
        guard to.isRamp || from.isRamp || from.isMotorwayClass && to.isMotorwayClass else { return nil }
        // A slip road cutting the corner of a junction is a turn (OSRM's sliproad handling).
        if isSliproad(to.isRamp ? j.leaving.edge : j.arriving.edge, guide) { return nil }
        if to.isRamp && !from.isRamp {
            // Off a motorway that splits into ramps only, it is a fork (ForkHandler's).
            if from.isMotorwayClass && !motorwayGoesOn(j, guide) { return nil }
            let kind: ManeuverBuilder.Draft.Kind = from.isMotorwayClass ? .offRamp : .onRamp
            var direction = ManeuverBuilder.direction(j.turn)
            if kind == .offRamp, let motorway = continuingMotorwayTurn(j, guide) {
                // OSRM's `MotorwayHandler::fromMotorway`: an exit leaves on the side of the
                // motorway going on that it lies, slightly unless it bends off more than 35° to
                // that side of straight on (a ramp straight ahead, or bearing left less than the
                // motorway curves left, is "slight right").
                let right = j.turn > motorway
                let wide = right ? j.turn > Self.wideExitAngle : j.turn < -Self.wideExitAngle
                direction = right ? (wide ? .right : .slightRight) : (wide ? .left : .slightLeft)
            } else if kind == .offRamp && direction == .straight {
                direction = j.turn < 0 ? .slightLeft : .slightRight
            }
            return .step(ManeuverBuilder.Draft(kind: kind, direction: direction, name: j.name, turn: j.turn))
        }
        if from.isRamp && to.isRamp && passesAMotorwayOnly(j, guide) {
            // OSRM's `fromRamp` at four ways: a ramp crossing a motorway's on-ramp end onto its
            // off-ramp is an exit, bent as the ramp bends ("On And Off Ramp Right").
            return .step(ManeuverBuilder.Draft(kind: .offRamp, direction: ManeuverBuilder.direction(j.turn), name: j.name, turn: j.turn))
        }
        if from.isMotorwayClass && to.isMotorwayClass && j.renamed
            && guide.isThroughStreet(at: j.node, leaving: j.leaving, besides: j.arriving.edge)
            && ObviousWayRule.driver.isObvious(j, guide) {
            // A motorway running into another that goes on through the junction, under another
            // name (OSRM's `getInstructionForObvious`): bearing right onto it merges left.
            return .step(ManeuverBuilder.Draft(kind: .merge, direction: j.turn > 0 ? .slightLeft : .slightRight,
                                               name: j.name, turn: j.turn))
        }
        guard from.isRamp && to.isMotorwayClass && joinsAMotorway(j, guide) else { return nil }
        // Joining from the right (the ramp behind lies right of the road ahead) merges left.
        let fromTheRight = ManeuverBuilder.turnAngle(from: j.inBearing + j.turn, to: j.inBearing + 180) > 0
        let side: Maneuver.Direction = fromTheRight ? .slightLeft : .slightRight
        return .step(ManeuverBuilder.Draft(kind: .merge, direction: side, name: j.name, turn: j.turn))
    }

    /// Both ends of the ramp meet one other node: it cuts the corner of a junction there
    /// (dedicated-turn-roads.feature's "Inner city expressway with on road"). A ramp onto a ring
    /// is none: OSRM's sliproads never end on one ("Throughabout-Sliproad": `off ramp`).
    private func isSliproad(_ ramp: Int, _ guide: ManeuverBuilder) -> Bool {
        let a = guide.net.edgeFrom[ramp], b = guide.net.edgeTo[ramp]
        if guide.adjacency.edges(of: a).contains(where: { guide.isRoundabout($0) })
            || guide.adjacency.edges(of: b).contains(where: { guide.isRoundabout($0) }) {
            return false
        }
        // Nor onto a ferry (OSRM's sliproads keep one travel mode: `SliproadDetection`).
        if guide.adjacency.edges(of: a).contains(where: { guide.net.isFerry($0) }) || guide.adjacency.edges(of: b).contains(where: { guide.net.isFerry($0) }) {
            return false
        }
        func neighbours(_ node: Int32) -> Set<Int32> {
            Set(guide.adjacency.edges(of: node).filter { $0 != ramp }.map { guide.net.edgeFrom[$0] == node ? guide.net.edgeTo[$0] : guide.net.edgeFrom[$0] })
        }
        return !neighbours(a).intersection(neighbours(b)).subtracting([a, b]).isEmpty
    }

    /// An exit bending off more than this from straight on is a plain right or left (OSRM's 145°
    /// and 215° in `fromMotorway`).
    static let wideExitAngle = 35.0

    /// The turn onto the motorway going on past the exit: the motorway of the name arrived on,
    /// else the straightest motorway-class road the car may take (`findBestContinue`).
    private func continuingMotorwayTurn(_ j: RouteJunction, _ guide: ManeuverBuilder) -> Double? {
        let roads = guide.branches(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing).filter {
            $0.edge != j.leaving.edge && RoadClass(rawValue: guide.net.edgeClass[$0.edge])?.isMotorwayClass == true
        }
        let name = guide.net.name(of: j.arriving.edge)
        if !name.isEmpty, let same = roads.first(where: { guide.net.name(of: $0.edge) == name }) { return same.angle }
        return roads.min { abs($0.angle) < abs($1.angle) }?.angle
    }

    /// A motorway-class road leaves the junction besides the ramp taken.
    private func motorwayGoesOn(_ j: RouteJunction, _ guide: ManeuverBuilder) -> Bool {
        guide.adjacency.edges(of: j.node).contains { e in
            e != j.arriving.edge && e != j.leaving.edge
                && RoadClass(rawValue: guide.net.edgeClass[e])?.isMotorwayClass == true
                && guide.net.allows(e, forward: guide.net.edgeFrom[e] == j.node, guide.mode)
        }
    }

    /// Besides the ramps in and out, the junction has exactly a motorway-class road arriving and
    /// one leaving (OSRM's four-way `fromRamp`: the ramps meet where a motorway passes).
    private func passesAMotorwayOnly(_ j: RouteJunction, _ guide: ManeuverBuilder) -> Bool {
        let edges = guide.adjacency.edges(of: j.node)
        guard edges.count == 4 else { return false }
        var arriving = 0, leaving = 0, others = 0
        for e in edges where e != j.arriving.edge && e != j.leaving.edge {
            guard RoadClass(rawValue: guide.net.edgeClass[e])?.isMotorwayClass == true else { others += 1; continue }
            let out = guide.net.edgeFrom[e] == j.node
            if guide.net.allows(e, forward: out, guide.mode) { leaving += 1 }
            if guide.net.allows(e, forward: !out, guide.mode) { arriving += 1 }
        }
        return others == 0 && arriving >= 1 && leaving >= 1
    }

    /// Another motorway-class road arrives where the ramp meets the one it goes on by.
    private func joinsAMotorway(_ j: RouteJunction, _ guide: ManeuverBuilder) -> Bool {
        guide.adjacency.edges(of: j.node).contains { e in
            e != j.arriving.edge && e != j.leaving.edge
                && RoadClass(rawValue: guide.net.edgeClass[e])?.isMotorwayClass == true
                && guide.net.allows(e, forward: guide.net.edgeTo[e] == j.node, guide.mode)
        }
    }
}

extension RoadClass {
    /// OSRM's motorway class (`IsMotorwayClass`): a motorway or a trunk road, not their ramps.
    var isMotorwayClass: Bool { self == .motorway || self == .trunk }
}
