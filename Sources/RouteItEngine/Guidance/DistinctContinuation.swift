import RouteItCore

/// A car going on along the street it is on, the way OSRM's `findObviousTurn` first looks for it:
/// the way keeps the street's name or ref (both named), is no lesser road and no slip road of
/// it, bends less than `GROUP_ANGLE`, and every other way bends away distinctly more
/// (`IsDistinctNarrowTurn`: more than twice as much and by more than 12.5°). Such a bend is
/// no turn ("Turn slight right onto D 2564" where the street just bends past a side road) and
/// no fork ("Keep right" where a side road leaves 24° off a street going on 10° off).
extension ManeuverBuilder {
    /// Whether the branch `chosen` is the car's street going on, distinct from `others`.
    func continuesStreetDistinctly(arrivingBy prev: RouteLeg, chosen: Branch, others: [Branch]) -> Bool {
        let from = streetLabel(of: prev.edge), onto = streetLabel(of: chosen.edge)
        guard mode == .car, !from.isEmpty, !onto.isEmpty, !from.requiresAnnouncement(onto: onto),
              abs(chosen.angle) < ManeuverBuilder.groupAngle else { return false }
        let inClass = net.guidanceClass(of: prev.edge)
        let chosenClass = net.guidanceClass(of: chosen.edge)
        guard !chosenClass.isStrictlyLess(than: inClass), !chosenClass.isLink(to: inClass) else { return false }
        return others.allSatisfy { ManeuverBuilder.isDistinctlyWider(abs($0.angle), than: abs(chosen.angle)) }
    }

    /// OSRM's `DISTINCTION_RATIO` and half its `FUZZY_ANGLE_DIFFERENCE`.
    static func isDistinctlyWider(_ other: Double, than chosen: Double) -> Bool {
        other > 2 * chosen && other - chosen > ManeuverBuilder.distinctAngleDifference
    }
}
