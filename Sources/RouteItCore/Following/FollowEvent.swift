import Foundation

/// Something that happened while following a trip, at a fix's time: what `go` says, one per line
/// (and as JSON with `--events`).
public struct FollowEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Leaving for the trip's place `stop` (1-based, the start is 0).
        case depart(stop: Int, etaNext: Date, etaHome: Date)
        /// The next maneuver and the metres to it.
        case instruction(text: String, distance: Double)
        /// Off the route by `distance` metres (after the fixes that confirm it).
        case offRoute(distance: Double)
        /// A new route to `stop`; `latencyMilliseconds` is filled in by whoever writes it (wall
        /// time from reading the fix to writing the new instruction).
        case reroute(stop: Int, duration: Double, latencyMilliseconds: Double?)
        case arrive(stop: Int, name: String)
        case stay(stop: Int, name: String, secondsLeft: Int)
        case skip(stop: Int, name: String)
        /// No fix for `seconds`: progress is guessed at the last speed.
        case fixLost(seconds: Int)
        case finish(FollowSummary)
    }

    public var time: Date
    public var kind: Kind

    public init(time: Date, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// Its name in the JSON lines.
    public var name: String {
        switch kind {
        case .depart: "depart"
        case .instruction: "instruction"
        case .offRoute: "off-route"
        case .reroute: "reroute"
        case .arrive: "arrive"
        case .stay: "stay"
        case .skip: "skip"
        case .fixLost: "fix-lost"
        case .finish: "finish"
        }
    }
}

/// The trip as followed: how far and how long, the stops made and skipped, the re-routes.
public struct FollowSummary: Equatable, Sendable {
    /// Metres travelled (the accepted fixes, one to the next).
    public var distance: Double = 0
    /// Seconds from the first fix to the last.
    public var duration: Double = 0
    public var stops = 0
    public var reroutes = 0
    public var skipped = 0

    public init() {}
}
