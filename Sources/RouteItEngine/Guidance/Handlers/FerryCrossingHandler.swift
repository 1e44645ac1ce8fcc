/// On a ferry, where only ferry routes meet (a harbour the boats share, a ferry that forks out
/// at sea), nothing is announced: OSRM's `SuppressModeHandler`, which comes before every other
/// handler. Where a road meets the ferry the other handlers decide, and a change of travel is a
/// step of its own (`ModeChangeNotification`).
struct FerryCrossingHandler: GuidanceHandler {
    func decide(at j: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision? {
        Self.onlyFerriesMeet(at: j, guide) ? .silent : nil
    }

    /// Only ferries meet at `j`, the route on one of them: OSRM does not even count the junction
    /// as one the step passes (its `NoTurn`).
    static func onlyFerriesMeet(at j: RouteJunction, _ guide: ManeuverBuilder) -> Bool {
        // The cheap test first: most junctions are not on a ferry.
        guard guide.net.isFerry(j.arriving.edge), guide.net.isFerry(j.leaving.edge) else { return false }
        return guide.adjacency.edges(of: j.node).allSatisfy { edge in guide.net.isFerry(edge) || !guide.net.allows(edge, guide.mode) }
    }
}
