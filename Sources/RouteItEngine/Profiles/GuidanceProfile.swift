import RouteItCore

/// How each mode's steps are told, one value per mode where the rules differ (OSRM's car.lua,
/// foot.lua and bicycle.lua guidance settings, and what RouteIt measured against them). The
/// handlers a mode's steps go through are listed in `GuidancePipeline`.
struct GuidanceProfile: Sendable {
    /// Roundabouts are announced with their exit; walkers just walk round.
    let announcesRoundabouts: Bool
    /// A turn of `ManeuverBuilder.hairpinAngle` or more at a junction is a U-turn (a car heading
    /// back on itself at a hairpin); walkers and cyclists just turn sharply.
    let hairpinIsUTurn: Bool
    /// Steps count the ways a driver meets at their junction (`Draft.waysMet`), which only the
    /// car's name-change folding reads.
    let countsWaysMet: Bool
    /// Pushing a bicycle, or taking a ferry, is a step of its own (`Maneuver.Travel`).
    let toldHowItTravels: Bool
    /// Junctions are where the mode's graph meets other ways the mode may use, as OSRM's car
    /// graph has them (a footpath crossing is none to a driver), and a change of street where
    /// none meets is a name change however the road bends (`isJunction`, `isThroughNode`).
    /// Walkers and cyclists count every way.
    let junctionsOfItsOwnWays: Bool
    /// Headings at junctions are OSRM's perceived bearings (`PerceivedBearing`); drivers and
    /// cyclists keep the 20 m heading their rules were measured on.
    let perceivesBearings: Bool
    /// Drivers perceive the bearings of motorways, trunks and their ramps all the same: OSRM
    /// reads them past the widest offsets (2.5 lane counts), where a ramp's first metres
    /// bend off more than the exit does ("off ramp slight right", not "right"). On other
    /// roads drivers keep the 20 m heading (perceived everywhere, Monaco car names fell 237 →
    /// 213 of 288).
    let perceivesFastRoadBearings: Bool
    /// How short steps fold into their neighbours (`StepCollapsing`).
    let collapsing: Collapsing
    /// Compass words whose change alone does not rename a street (the profile's `suffix_list`).
    var nameSuffixes: StreetLabel.CompassSuffixes { collapsing.nameSuffixes }

    /// The mode's rules for folding steps away.
    struct Collapsing: Sendable {
        /// Longest connector between two turns read as one maneuver, metres: the link between
        /// the carriageways of a divided road, a kerb-to-kerb crossing.
        let connectorLength: Double
        /// OSRM's car guidance: a short name change before a maneuver folds into the step
        /// before, turning loops become U-turns, and two turns back onto the same road across a
        /// connector are a U-turn.
        let likeACar: Bool
        /// Walkers: a short step between two stretches of the same street folds away only when
        /// it starts as a name change (`crossingFolds`), not as a turn of its own.
        let keepsShortCrossingTurns: Bool
        /// Compass words whose change alone does not rename a street (the profile's `suffix_list`).
        var nameSuffixes: StreetLabel.CompassSuffixes = .car
        /// Cyclists: a fork onto a piece too short to be told that runs straight into a name
        /// change is one turn onto the named street (OSRM's `maneuverSucceededByNameChange`
        /// takes any maneuver as the turn in, a fork too).
        var forkFoldsIntoNameChange = false
        /// A staggered crossing's two turns are read between bearings rounded to OSRM's 15°
        /// classes (`StepCollapsing.isStaggered`): walkers, whose headings are OSRM's own
        /// perceived bearings.
        var roundsStaggeredBearings = false
        /// Two turns a few metres either side of a junction the route goes straight through
        /// are one (`foldTurnsAcrossAStraightJunction`, OSRM's `suppressedStraightBetweenTurns`).
        var foldsTurnsAcrossAStraightJunction = false
    }

    static let car = GuidanceProfile(announcesRoundabouts: true, hairpinIsUTurn: true, countsWaysMet: true, toldHowItTravels: false,
                                     junctionsOfItsOwnWays: true, perceivesBearings: false, perceivesFastRoadBearings: true,
                                     collapsing: Collapsing(connectorLength: 30, likeACar: true, keepsShortCrossingTurns: false))
    /// foot.lua's `max_collapse_distance` is 10 m ("preserve short road crossings"), a third of
    /// the 30 m cars get. A walker turning onto a side street and off it again a few metres on
    /// ("Turn right onto Kaivokatu (9 m) | Turn left onto Mikonkatu") hears both turns, as OSRM
    /// says them; only a crossing entered straight on, a name change (OSRM's
    /// `maneuverPreceededByNameChange` / name oscillation), folds into the turn after it.
    static let walk = GuidanceProfile(announcesRoundabouts: false, hairpinIsUTurn: false, countsWaysMet: false, toldHowItTravels: false,
                                      junctionsOfItsOwnWays: false, perceivesBearings: true, perceivesFastRoadBearings: true,
                                      collapsing: Collapsing(connectorLength: walkingMaxCollapseDistance.nextUp, likeACar: false,
                                                             keepsShortCrossingTurns: true, roundsStaggeredBearings: true,
                                                             foldsTurnsAcrossAStraightJunction: true))
    /// bicycle.lua keeps OSRM's default `max_collapse_distance`, 30 m, as cars have it.
    static let bike = GuidanceProfile(announcesRoundabouts: true, hairpinIsUTurn: false, countsWaysMet: false, toldHowItTravels: true,
                                      junctionsOfItsOwnWays: false, perceivesBearings: false, perceivesFastRoadBearings: false,
                                      collapsing: Collapsing(connectorLength: 30, likeACar: false, keepsShortCrossingTurns: false,
                                                             nameSuffixes: .none, forkFoldsIntoNameChange: true))

    static func of(_ mode: TransportType) -> GuidanceProfile { mode.pick(car: .car, walk: .walk, bike: .bike) }

    /// foot.lua's `max_collapse_distance`, metres (a connector up to this long may fold).
    static let walkingMaxCollapseDistance = 10.0

    /// Whether a walker's short step between two stretches of the same street folds away:
    /// only when it starts as a name change, not as a turn of its own.
    static func crossingFolds(_ step: ManeuverBuilder.Draft) -> Bool {
        step.kind == .continue
    }
}
