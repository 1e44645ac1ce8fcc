import Foundation

/// The clock times of a routed trip: each leg leaves after the stay at its start and arrives
/// after its travel time; the trip is back at the start after the last leg.
public struct TripSchedule: Equatable, Sendable {
    public struct Leg: Equatable, Sendable {
        public var departure: Date
        public var arrival: Date
    }

    public let departure: Date
    public let legs: [Leg]

    /// `stays[i]` is the stay at place i of the trip (leg i leaves place i); the start's is
    /// ignored: the trip leaves it at `departure`.
    public init(departure: Date, travelTimes: [TimeInterval], stays: [TimeInterval]) {
        self.departure = departure
        var legs: [Leg] = []
        var clock = departure
        for (index, travel) in travelTimes.enumerated() {
            if index > 0 { clock += index < stays.count ? max(0, stays[index]) : 0 }
            let arrival = clock + (travel.isFinite ? max(0, travel) : 0)
            legs.append(Leg(departure: clock, arrival: arrival))
            clock = arrival
        }
        self.legs = legs
    }

    /// Back at the start.
    public var back: Date { legs.last?.arrival ?? departure }
}
