import RouteItCore

/// A motorway going on past ways off it (OSRM's `MotorwayHandler::fromMotorway`, "normal
/// motorway passing some ramps"): a link of any class leaving it is "off ramp", another motorway
/// leaving it a "turn", slight unless it bends off more than 35°, on the side of the motorway going
/// on that it lies. OSRM's motorway handler takes a junction only when every way the car may
/// enter leaves within 60° of straight on and every way there is a motorway or a link. Motorway
/// and trunk ramps are `RampHandler`'s; this takes the other links and the motorways.
struct MotorwayPassingHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction, !j.isOnAnnouncedRoundabout,
              let from = RoadClass(rawValue: guide.net.edgeClass[j.arriving.edge]), from.isMotorwayClass,
              let to = RoadClass(rawValue: guide.net.edgeClass[j.leaving.edge]), !to.isRamp,
              to.isLink || to.isMotorwayClass else { return nil }
        let roads = guide.carRoads(at: j.node, arrivingBy: j.arriving, inBearing: j.inBearing)
        func roadClass(_ road: ManeuverBuilder.CarRoad) -> RoadClass? { RoadClass(rawValue: guide.net.edgeClass[road.branch.edge]) }
        let handled = roads.allSatisfy { road in
            guard let c = roadClass(road), c.isMotorwayClass || c.isLink else { return false }
            return !road.enterable || abs(road.branch.angle) <= Self.motorwayJunctionAngle
        }
        let exits = roads.filter(\.enterable)
        let motorways = exits.filter { roadClass($0)?.isMotorwayClass == true }
        // One exit is the motorway going on; several motorways and nothing else is a fork.
        guard handled, exits.count >= 2, !motorways.isEmpty, motorways.count == 1 || motorways.count != exits.count,
              let goingOn = continuing(motorways, arrivingBy: j.arriving, guide), goingOn.branch.edge != j.leaving.edge
        else { return nil }
        let right = j.turn > goingOn.branch.angle, wide = abs(j.turn) > RampHandler.wideExitAngle
        let direction: Maneuver.Direction = right ? (wide ? .right : .slightRight) : (wide ? .left : .slightLeft)
        return .step(ManeuverBuilder.Draft(kind: to.isLink ? .offRamp : .turn, direction: direction, name: j.name, turn: j.turn))
    }

    /// OSRM's motorway handler leaves a junction to others where a way the car may enter bends
    /// off more than this.
    static let motorwayJunctionAngle = 60.0

    /// The motorway going on (OSRM's `findBestContinue`): the one of the name arrived on, else
    /// the straightest.
    private func continuing(_ motorways: [ManeuverBuilder.CarRoad], arrivingBy arriving: RouteLeg,
                            _ guide: ManeuverBuilder) -> ManeuverBuilder.CarRoad? {
        let name = guide.net.name(of: arriving.edge)
        if !name.isEmpty, let same = motorways.first(where: { guide.net.name(of: $0.branch.edge) == name }) { return same }
        return motorways.min { abs($0.branch.angle) < abs($1.branch.angle) }
    }
}
