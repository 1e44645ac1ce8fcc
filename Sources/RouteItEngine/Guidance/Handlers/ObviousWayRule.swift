import RouteItCore

/// Which way at a junction a road user takes without being told: a driver's as OSRM's car
/// guidance finds it (`ManeuverBuilder.isObvious`), a walker's as foot.lua's
/// (`ManeuverBuilder.isWalkersObviousWay`). Cyclists' obvious way is a driver's, but OSRM's bike
/// guidance (the car's handlers on bicycle.lua's roads) says a new name onto it at any angle.
enum ObviousWayRule: Sendable {
    case driver, cyclist, walker

    static func of(_ mode: TransportType) -> ObviousWayRule { mode.pick(car: .driver, walk: .walker, bike: .cyclist) }

    func isObvious(_ j: RouteJunction, _ guide: ManeuverBuilder) -> Bool {
        switch self {
        case .driver, .cyclist:
            if guide.isObvious(at: j.node, arrivingBy: j.arriving, leaving: j.leaving, inBearing: j.inBearing) { return true }
            // Cars also take OSRM's own obvious way (`CarObviousTurn`): the road going on in its
            // class past a slip road of another class, where the reading above sees a fork.
            return (guide.mode == .car || self == .cyclist) && guide.isCarsObviousWay(at: j.node, arrivingBy: j.arriving, leaving: j.leaving, inBearing: j.inBearing)
        case .walker: return guide.isWalkersObviousWay(at: j.node, arrivingBy: j.arriving, leaving: j.leaving, inBearing: j.inBearing)
        }
    }
}
