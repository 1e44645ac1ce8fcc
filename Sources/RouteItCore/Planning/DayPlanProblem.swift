import Foundation

/// Where the day's trip ends.
public enum TripEnd: Hashable, Sendable {
    /// Back at the start (index 0): a round trip.
    case start
    /// At this matrix index, on arrival (its stay and windows are not planned: it is where the
    /// trip goes, not a visit); it is never dropped.
    case stop(Int)
    /// Wherever the last visit is (an open path: no leg after it).
    case anywhere
}

/// One day of visits to plan: travel times, what each stop needs and when the day starts and
/// must end. Times are absolute seconds on one clock (any epoch: the departure's and windows').
public struct DayPlanProblem: Sendable {
    /// Travel seconds between matrix indices; index 0 is the start; `.infinity` = no route.
    public var matrix: DurationMatrix
    /// Seconds spent at each matrix index (the start's is ignored).
    public var stays: [Double]
    /// Per matrix index: the spans a visit (arrival or end of waiting, to the end of the stay)
    /// must fit in. Empty = any time. The start's is ignored.
    public var windows: [[ClosedRange<Double>]]
    public var priorities: [StopPriority]
    /// When the trip leaves the start.
    public var departure: Double
    /// The latest the trip may end (arrival at its end, or the end of the last stay when it
    /// ends anywhere); nil = no limit.
    public var backBy: Double?
    public var end: TripEnd
    /// Arriving before a window opens waits for it (the waiting is reported). When false a
    /// visit must start on arrival (`wait off`).
    public var allowsWaiting: Bool

    /// Some stop has a window or the day an end: not every order is a plan.
    var isTimed: Bool { backBy != nil || windows.contains { !$0.isEmpty } }

    /// A problem with no stays, no windows, normal priorities, a round trip and waiting
    /// allowed; set the rest as needed.
    public init(matrix: DurationMatrix, departure: Double = 0, stays: [Double]? = nil,
                windows: [[ClosedRange<Double>]]? = nil, priorities: [StopPriority]? = nil,
                backBy: Double? = nil, end: TripEnd = .start, allowsWaiting: Bool = true) {
        self.matrix = matrix
        self.departure = departure
        self.stays = stays ?? Array(repeating: 0, count: matrix.size)
        self.windows = windows ?? Array(repeating: [], count: matrix.size)
        self.priorities = priorities ?? Array(repeating: .normal, count: matrix.size)
        self.backBy = backBy
        self.end = end
        self.allowsWaiting = allowsWaiting
    }

    /// The stops to visit (every index but the start and a `.stop` end).
    public var visitableStops: [Int] {
        let endStop: Int? = if case .stop(let k) = end { k } else { nil }
        return (0..<matrix.size).filter { $0 != 0 && $0 != endStop }
    }
}
