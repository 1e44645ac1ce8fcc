/// Whether a trip may turn round at a stop between two legs, and the legs of a trip that may
/// not. As OSRM's profiles (`continue_straight_at_waypoint`): a car leaves a stop the way it
/// arrived (it stands on its side of the street, and turns round only where a leg may, at a
/// dead end or for a U-turn's time); on foot or by bike a stop is a place to turn round. OSRM's
/// `continue_straight` asks either for one route.
///
/// Leaving the way it arrived is reaching and leaving the stop by the same side of the road
/// (`RoadSideApproach`: the curb side is the stop on the right, both ways in and out), so the
/// trip is the cheapest choice of a side per stop, as OSRM chooses a direction per via point:
/// a leg may arrive the dearer way when that saves the next leg more.
public enum StopTurnaround {
    /// The profile's rule: true when the trip must leave each stop the way it arrived.
    public static func continuesStraight(_ mode: TransportType) -> Bool { mode == .car }

    /// The sides each place may be reached and left by: its own when it has one, either side at
    /// a stop between two legs, none asked at the trip's ends.
    public static func sides(_ places: [MapItem]) -> [[RoadSideApproach?]] {
        places.indices.map { i in
            if let own = places[i].approach, own != .unrestricted { return [own] }
            return i == 0 || i == places.count - 1 ? [nil] : [.curb, .opposite]
        }
    }

    /// The places as a planner's travel table asks for them: when the trip must leave each stop
    /// the way it arrived (a car, unless asked otherwise), every stop without a side of its own is reached and left by its curb
    /// side, one way through it that any order of the stops can chain, so the planned times are
    /// a trip the car can drive (the route then takes each stop's quicker side: never slower).
    /// A table that lets the car turn round at its stops planned city trips a quarter short.
    public static func planningPlaces(_ places: [MapItem], continuesStraight: Bool) -> [MapItem] {
        guard continuesStraight else { return places }
        return places.enumerated().map { i, place in
            guard i > 0, place.approach == nil else { return place }
            var curb = place
            curb.approach = .curb
            return curb
        }
    }

    /// One leg asked with a side at each end.
    public struct LegChoice: Hashable, Sendable {
        public var leg: Int
        public var from: RoadSideApproach?
        public var to: RoadSideApproach?
    }

    /// Every leg and sides `cheapest` may ask for.
    public static func choices(_ sides: [[RoadSideApproach?]]) -> [LegChoice] {
        guard sides.count >= 2 else { return [] }
        return (0..<sides.count - 1).flatMap { leg in
            sides[leg].flatMap { from in sides[leg + 1].map { to in LegChoice(leg: leg, from: from, to: to) } }
        }
    }

    /// The legs with the least travel time in all, each stop reached and left by one side
    /// (`route`: a leg's route so, nil when there is none); nil when no choice has a route for
    /// every leg. Also the side chosen at each place.
    public static func cheapest(_ sides: [[RoadSideApproach?]], route: (LegChoice) -> Route?)
        -> (routes: [Route], sides: [RoadSideApproach?])? {
        guard sides.count >= 2 else { return nil }
        // best[s]: the least time to reach the current place by its side s, and how.
        var best: [(time: Double, routes: [Route], sides: [RoadSideApproach?])?] = sides[0].map { (0, [], [$0]) }
        for leg in 0..<sides.count - 1 {
            best = sides[leg + 1].map { to in
                var found: (time: Double, routes: [Route], sides: [RoadSideApproach?])?
                for (i, from) in sides[leg].enumerated() {
                    guard let before = best[i], let r = route(LegChoice(leg: leg, from: from, to: to)) else { continue }
                    let time = before.time + r.expectedTravelTime
                    if found == nil || time < found!.time { found = (time, before.routes + [r], before.sides + [to]) }
                }
                return found
            }
        }
        guard let end = best.compactMap({ $0 }).min(by: { $0.time < $1.time }) else { return nil }
        return (end.routes, end.sides)
    }

    /// The words a leg's first step starts with when the leg leaves its stop back the way the
    /// leg before arrived: the traveller faces the other way, and "Head west" alone would not
    /// say so.
    public static let turnAroundPrefix = "Turn around and head "

    /// `routes` (a trip's legs in order) with the first step of each leg that turns round at
    /// its stop saying so: `Turn around and head west on ...`.
    public static func sayingTurnarounds(_ routes: [Route]) -> [Route] {
        var out = routes
        for i in out.indices.dropFirst() {
            guard let first = out[i].steps.first, first.instruction.hasPrefix("Head "),
                  let arrival = arrivalHeading(out[i - 1]), let departure = departureHeading(out[i]),
                  turnsRound(arrival: arrival, departure: departure) else { continue }
            out[i].steps[0].instruction = turnAroundPrefix + first.instruction.dropFirst("Head ".count)
        }
        return out
    }

    /// The heading (degrees clockwise from north) a route reaches its end at (nil: no line with
    /// a length).
    public static func arrivalHeading(_ route: Route) -> Double? {
        guard let end = route.polyline.last,
              let before = route.polyline.dropLast().last(where: { $0.distance(to: end) >= 0.5 }) else { return nil }
        return Geodesy.bearing(before, end)
    }

    /// The heading a route leaves its start at.
    public static func departureHeading(_ route: Route) -> Double? {
        guard let start = route.polyline.first,
              let after = route.polyline.dropFirst().first(where: { $0.distance(to: start) >= 0.5 }) else { return nil }
        return Geodesy.bearing(start, after)
    }

    /// Whether a leg leaving at `departure` turns round on a stop reached at `arrival` (more
    /// than 150° apart: back the way it came).
    public static func turnsRound(arrival: Double, departure: Double) -> Bool {
        let difference = abs(departure - arrival).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference) > 150
    }
}

/// A trip's legs routed straight on through its stops, and the side of the road each place is
/// reached and left by (nil: either).
public struct StraightOnLegs: Sendable {
    public var routes: [Route]
    public var sides: [RoadSideApproach?]

    public init(routes: [Route], sides: [RoadSideApproach?]) {
        self.routes = routes
        self.sides = sides
    }
}
