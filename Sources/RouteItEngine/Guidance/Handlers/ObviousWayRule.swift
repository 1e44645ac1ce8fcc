/// Which way at a junction a road user takes without being told: a driver's as OSRM's car
/// guidance finds it (`ManeuverBuilder.isObvious`), a walker's as foot.lua's
/// (`ManeuverBuilder.isWalkersObviousWay`). Cyclists are judged as drivers.
enum ObviousWayRule: Sendable {
    case driver, walker

    func isObvious(_ j: RouteJunction, _ guide: ManeuverBuilder) -> Bool {
        switch self {
        case .driver: return guide.isObvious(at: j.node, arrivingBy: j.arriving, leaving: j.leaving, inBearing: j.inBearing)
        case .walker: return guide.isWalkersObviousWay(at: j.node, arrivingBy: j.arriving, leaving: j.leaving, inBearing: j.inBearing)
        }
    }
}
