/// Past driveways only (OSRM's DrivewayHandler, every profile's: for a cyclist a footway or
/// cycleway joining is one too): where the only other ways are low-priority ones (service roads,
/// driveways), the road on is no turn. Under the same name nothing is said; under another name it
/// is a new name in the direction it bends ("Asema-aukio" into "Postikatu", left), not a turn:
/// OSRM asks this before its turn handler, so before forks, ends of road and name changes here.
/// A road without a name of its own (a bare ref) is told as a new name when the step announced
/// another street: "Avenue Des Diables Bleus (M 2564)" turning into plain "D 2564" is said at
/// the first driveway, and never on the way back, where the step already says "D 2564".
struct DrivewayHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction && !j.isOnAnnouncedRoundabout
                && guide.isDrivewayJunction(at: j.node, arrivingBy: j.arriving, leaving: j.leaving) else { return nil }
        // OSRM's `isSameName`: both named, and no news going from one to the other.
        if j.arrivingLabel.isSameNamedStreet(as: j.label) || draft.label.isSameStreet(as: j.label) { return .silent }
        // Onto an unnamed way the other handlers decide, as they did before this one came first.
        guard !j.name.isEmpty else { return nil }
        return .step(ManeuverBuilder.Draft(kind: .continue, name: j.name, turn: j.turn))
    }
}
