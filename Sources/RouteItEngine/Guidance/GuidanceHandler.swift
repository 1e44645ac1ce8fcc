import RouteItCore

/// One scenario of the guidance, as OSRM's `src/guidance/*_handler.cpp` each handle one
/// (a U-turn, a fork, a name change, a driveway...): asked at every junction of a route, in the
/// order `GuidancePipeline` lists them for the mode, until one recognises its scenario.
protocol GuidanceHandler: Sendable {
    /// What the scenario makes of `junction` while `draft` is the step being built, or nil when
    /// the junction is not this handler's (the next one is asked).
    func decide(at junction: RouteJunction, building draft: ManeuverBuilder.Draft, with guide: ManeuverBuilder) -> GuidanceDecision?
}

/// A handler's verdict on a junction.
enum GuidanceDecision {
    /// A new step starts here with this maneuver; the step being built ends.
    case step(ManeuverBuilder.Draft)
    /// A U-turn through a connector: a new step that takes the legs up to `through` with it.
    case uTurn(ManeuverBuilder.Draft, through: Int)
    /// Nothing announced, but the step being built takes the street's name (a turn onto a short
    /// unnamed piece that runs into a named street).
    case adoptName
    /// The handler's scenario, with nothing to announce; no other handler is asked.
    case silent
}
