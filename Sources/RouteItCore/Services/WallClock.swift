import Foundation

/// The date and time of day (what `depart now` means), injected so every clock rule can be
/// tested at a chosen instant. `TimeSource` is the monotonic clock for the stopwatch; this one
/// follows the wall clock.
public protocol WallClock: AnyObject {
    func currentDate() -> Date
}

/// The real wall clock.
public final class SystemWallClock: WallClock {
    public init() {}
    public func currentDate() -> Date { Date() }
}

/// A wall clock that shows what it is told: the tests' clock.
public final class FixedWallClock: WallClock {
    public var date: Date
    public init(_ date: Date) { self.date = date }
    public func currentDate() -> Date { date }
}
