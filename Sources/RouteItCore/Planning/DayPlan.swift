import Foundation

/// Why a stop is not in the plan (the caller phrases it, e.g. "closed all day Sunday").
public enum DropReason: String, Hashable, Sendable, Codable {
    /// No route to it from the start, or from it to the trip's end.
    case noRoute
    /// Even going there first, no window fits its stay (closed, or closing too soon).
    case noWindowReachable
    /// Even going there first, the trip could not end by `backBy`.
    case pastEndOfDay
    /// It fits alone, but not with the stops kept (higher priority, or cheaper to serve).
    case crowdedOut
    /// It fits alone, but no place in the plan meets its windows and the kept stops' (their
    /// windows or hours clash), however late the trip came back: the end of day is not why.
    case windowsClash
}

public struct DroppedStop: Hashable, Sendable {
    public let stop: Int
    public let reason: DropReason
}

/// One visit of the plan, in seconds on the problem's clock.
public struct PlannedVisit: Hashable, Sendable {
    public let stop: Int
    public let arrival: Double
    /// When the visit starts: the arrival, or the opening of the window waited for.
    public let start: Double
    public var waiting: Double { start - arrival }
    /// The end of the stay.
    public let departure: Double
}

/// The solver's answer: visits in order, what was dropped and why, and the totals.
public struct DayPlan: Hashable, Sendable {
    public let visits: [PlannedVisit]
    /// Matrix indices dropped, by index.
    public let dropped: [DroppedStop]
    /// Seconds driven, the leg to the trip's end included.
    public let travel: Double
    public let waiting: Double
    /// Arrival at the trip's end (the end of the last stay when it ends anywhere).
    public let endTime: Double
    /// Proven optimal (the exact solver ran to completion).
    public let isExact: Bool
    /// The search stopped early (cancelled or out of time); this is the best plan found by then.
    public let stoppedEarly: Bool

    /// Matrix indices in visiting order.
    public var order: [Int] { visits.map(\.stop) }
}
