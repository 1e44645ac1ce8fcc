/// Past driveways only (OSRM's DrivewayHandler, every profile's: for a cyclist a footway or
/// cycleway joining is one too): a road without a name of its own (a bare ref) is told as a new
/// name when the step announced another street. "Avenue Des Diables Bleus
/// (M 2564)" turning into plain "D 2564" is said at the first driveway, and never on the way
/// back, where the step already says "D 2564".
struct DrivewayHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        guard j.isJunction && !j.name.isEmpty && !j.arrivingLabel.isSameNamedStreet(as: j.label)
                && !draft.label.isSameStreet(as: j.label)
                && guide.isDrivewayJunction(at: j.node, arrivingBy: j.arriving, leaving: j.leaving) else { return nil }
        return .step(ManeuverBuilder.Draft(kind: .continue, name: j.name, turn: j.turn))
    }
}
