import RouteItCore

/// How far foot.lua lets OSRM fold two turns into one: its `max_collapse_distance` is 10 m
/// ("preserve short road crossings"), a third of the 30 m cars get. A walker turning onto a side
/// street and off it again a few metres on ("Turn right onto Kaivokatu (9 m) | Turn left onto
/// Mikonkatu") hears both turns, as OSRM says them; only a crossing entered straight on, a name
/// change (OSRM's `maneuverPreceededByNameChange` / name oscillation), folds into the turn after it.
enum WalkingCollapseLimits {
    /// foot.lua's `max_collapse_distance`, metres (a connector up to this long may fold).
    static let maxCollapseDistance = 10.0

    /// Whether a walker's short step between two stretches of the same street folds away:
    /// only when it starts as a name change, not as a turn of its own.
    static func crossingFolds(_ step: ManeuverBuilder.Draft) -> Bool {
        step.kind == .continue
    }
}
