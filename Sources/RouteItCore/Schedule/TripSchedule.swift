import Foundation

/// The clock times of a routed trip: each leg leaves after the stay at its start and arrives
/// after its travel time; when the trip waits for windows, a visit starts when its place's span
/// opens (the same rule as the day planner's), so the times match the optimized plan.
public struct TripSchedule: Equatable, Sendable {
    public struct Leg: Equatable, Sendable {
        public var departure: Date
        public var arrival: Date
        /// When the visit at the leg's destination starts: the arrival, or the opening waited for.
        public var visitStart: Date

        public init(departure: Date, arrival: Date, visitStart: Date? = nil) {
            self.departure = departure
            self.arrival = arrival
            self.visitStart = visitStart ?? arrival
        }

        public var waiting: TimeInterval { visitStart.timeIntervalSince(arrival) }
    }

    public let departure: Date
    public let legs: [Leg]

    /// `stays[i]` is the stay at place i of the trip (leg i leaves place i); the start's is
    /// ignored: the trip leaves it at `departure`. `spans[i]` (nil or missing: any time) are
    /// when a visit to place i may be; with `waits`, arriving before one that still fits the
    /// stay waits for it.
    public init(departure: Date, travelTimes: [TimeInterval], stays: [TimeInterval],
                spans: [[ClosedRange<Date>]?] = [], waits: Bool = false) {
        self.departure = departure
        var legs: [Leg] = []
        var clock = departure
        for (index, travel) in travelTimes.enumerated() {
            if index > 0 { clock = legs[index - 1].visitStart + (index < stays.count ? max(0, stays[index]) : 0) }
            let arrival = clock + (travel.isFinite ? max(0, travel) : 0)
            let place = index + 1
            let stay = place < stays.count ? max(0, stays[place]) : 0
            let opening = waits && place < spans.count ? spans[place].flatMap { Self.opening(in: $0, arrival: arrival, stay: stay) } : nil
            legs.append(Leg(departure: clock, arrival: arrival, visitStart: opening.map { max($0, arrival) }))
            clock = arrival
        }
        self.legs = legs
    }

    /// The start of the first span the visit still fits in (the stay before its end).
    private static func opening(in spans: [ClosedRange<Date>], arrival: Date, stay: TimeInterval) -> Date? {
        spans.sorted { $0.lowerBound < $1.lowerBound }
            .first { $0.upperBound.timeIntervalSince($0.lowerBound) >= stay && arrival + stay <= $0.upperBound }?.lowerBound
    }

    /// Back at the start, or at the trip's end.
    public var back: Date { legs.last?.arrival ?? departure }

    /// Seconds spent waiting for windows to open.
    public var waiting: TimeInterval { legs.reduce(0) { $0 + $1.waiting } }
}
