import Foundation

/// Which fixes the follower believes: not a position (NaN, off the globe), a time already seen,
/// more than five a second, or a jump no traveller could make (believed only when the next fix
/// confirms it). Pure: driven by the fixes' own times.
struct FixScreening: Sendable {
    enum Verdict: Equatable {
        case accept
        /// Accepted after the fix before it jumped and this one confirmed the jump.
        case acceptJump
        /// Not used; `notice` (if any) is said once per `kind`.
        case ignore(kind: String, notice: String?)
    }

    /// Fixes closer together than this are extra (a receiver sending every millisecond).
    static let shortestInterval = 0.2
    /// The fastest a fix may move from the last one, m/s, before it is a jump to confirm.
    let fastest: Double
    private(set) var lastAccepted: GuidanceFix?
    private var pendingJump: GuidanceFix?

    init(transportType: TransportType) {
        fastest = switch transportType {
        case .car: 70
        case .bike: 30
        case .walk: 15
        }
    }

    mutating func screen(_ raw: GuidanceFix) -> Verdict {
        guard raw.isUsable else {
            return .ignore(kind: "position", notice: "Ignored a fix that is not a position (not a number, or off the globe).")
        }
        let fix = raw.cleaned
        guard let last = lastAccepted else {
            lastAccepted = fix
            return .accept
        }
        let interval = fix.time.timeIntervalSince(last.time)
        // gpsd reports a cycle's fix once per sentence (RMC, GGA, ...): the same time again is no news.
        guard interval != 0 else { return .ignore(kind: "same time", notice: nil) }
        guard interval > 0 else {
            return .ignore(kind: "time", notice: "Ignored fixes with a time earlier than the last one.")
        }
        guard interval >= Self.shortestInterval else {
            return .ignore(kind: "rate", notice: "Fixes come more than 5 a second; following uses at most 5 a second.")
        }
        if plausible(from: last, to: fix) {
            pendingJump = nil
            lastAccepted = fix
            return .accept
        }
        if let pending = pendingJump, fix.time > pending.time, plausible(from: pending, to: fix) {
            pendingJump = nil
            lastAccepted = fix
            return .acceptJump
        }
        pendingJump = fix
        let kilometres = fix.coordinate.distance(to: last.coordinate) / 1000
        return .ignore(kind: "jump", notice: String(format: "Ignored a fix %.1f km from the last one; it counts once the next fixes agree.", kilometres))
    }

    /// Could a traveller get from one fix to the other in the time between them?
    private func plausible(from a: GuidanceFix, to b: GuidanceFix) -> Bool {
        let seconds = max(0, b.time.timeIntervalSince(a.time))
        let slack = 50 + 2 * ((a.accuracy ?? 10) + (b.accuracy ?? 10))
        return a.coordinate.distance(to: b.coordinate) <= fastest * seconds + slack
    }
}
