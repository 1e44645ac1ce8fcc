import RouteItCore

/// Each mode's guidance handlers, in the order they are asked at a junction: the first that
/// recognises its scenario decides. The modes differ by which handlers they have (walkers
/// get no connector U-turns or driveway names, nor roundabouts, ramps or ends of road;
/// cyclists are told when they push) and by how their obvious way is judged (`ObviousWayRule`).
struct GuidancePipeline: Sendable {
    let handlers: [any GuidanceHandler]
    /// Asked only when none of `handlers` started a step at the junction.
    let whenNoStep: [any GuidanceHandler]

    static let car = GuidancePipeline(handlers: [
        FerryCrossingHandler(), StayOnRoundaboutHandler(), SliproadHandler(), ExitRoundaboutHandler(), UTurnHandler(), ConnectorUTurnHandler(), RampHandler(),
        MotorwayPassingHandler(), DrivewayHandler(),
        TurnBesideObviousWayHandler(), ForkHandler(), SlipRoadJoinHandler(),
        EndOfRoadHandler(), StraightOffTurningStreetHandler(), NameChangeHandler(rule: .driver),
        SharpTurnHandler(), NonObviousContinuationHandler(rule: .driver),
    ], whenNoStep: [])

    static let walk = GuidancePipeline(handlers: [
        FerryCrossingHandler(), UTurnHandler(), ForkHandler(), SlipRoadJoinHandler(), NameChangeHandler(rule: .walker),
        DeferredNameHandler(), SharpTurnHandler(), NonObviousContinuationHandler(rule: .walker),
    ], whenNoStep: [])

    static let bike = GuidancePipeline(handlers: [
        FerryCrossingHandler(), StayOnRoundaboutHandler(), ExitRoundaboutHandler(), UTurnHandler(), ConnectorUTurnHandler(), RampHandler(),
        ForkHandler(), SlipRoadJoinHandler(),
        EndOfRoadHandler(), StraightOffTurningStreetHandler(),
        NameChangeHandler(rule: .cyclist), DrivewayHandler(), SharpTurnHandler(), NonObviousContinuationHandler(rule: .cyclist),
    ], whenNoStep: [TravelChangeHandler()])

    static func of(_ mode: TransportType) -> GuidancePipeline { mode.pick(car: .car, walk: .walk, bike: .bike) }

    /// The first decision a handler makes at `junction`, nil when none recognises it.
    static func decide(_ handlers: [any GuidanceHandler], at junction: RouteJunction, building draft: ManeuverBuilder.Draft,
                       with guide: ManeuverBuilder) -> GuidanceDecision? {
        for handler in handlers {
            if let decision = handler.decide(at: junction, building: draft, with: guide) { return decision }
        }
        return nil
    }
}
