import RouteItCore

/// What differs by mode when the importer builds a mode's graph and hierarchy, one value per
/// mode (the ways each mode may use and how fast are `RoadProfile` and `BicycleProfile`; how its
/// steps are told, `GuidanceProfile`).
struct RoutingProfile: Sendable {
    /// Turn restriction relations apply (car.lua's to cars; bicycle.lua's, through a node, to bicycles).
    let obeysTurnRestrictions: Bool
    /// The hierarchy leaves nodes uncontracted once contracting one would add more than this many
    /// shortcuts (in × out arcs): the dense core left is searched with landmarks. Contracting a
    /// graph to its end adds shortcuts fast for little query gain. Walking and cycling weights are
    /// uniform-ish (paths, sidewalks, crossings) and leave early: on Helsinki the bicycle
    /// hierarchy then takes 29,580 shortcuts instead of 39,893 and half the time. Cars leave at
    /// 40 × 40: on the 10M grid that core (23,443 nodes) makes a map with 11 % fewer hierarchy
    /// arcs, imported in two thirds of the time, answering a cold route in 4 % fewer instructions
    /// than one left at 80 × 80 (12,357 nodes); at 20 × 20 queries got dearer.
    let coreLimit: Int
    /// Waiting at a node tagged `highway=traffic_signals` on the junction graph, ms: foot.lua's
    /// `traffic_signal_penalty`, 2 s on average in any direction (a signal's `direction` only
    /// applies to vehicles). It is why OSRM walks the sidewalk beside a signalled street rather
    /// than the street itself. (Cars and bicycles wait in their turn costs instead.)
    let signalWaitMs: UInt32

    static let car = RoutingProfile(obeysTurnRestrictions: true, coreLimit: 40 * 40, signalWaitMs: 0)
    static let walk = RoutingProfile(obeysTurnRestrictions: false, coreLimit: 12 * 12, signalWaitMs: 2_000)
    static let bike = RoutingProfile(obeysTurnRestrictions: true, coreLimit: 12 * 12, signalWaitMs: 0)

    static func of(_ mode: TransportType) -> RoutingProfile { mode.pick(car: .car, walk: .walk, bike: .bike) }
}
