import Foundation

/// Which fixes the follower believes, and when: not a position (NaN, off the globe), a time
/// already seen, more than five a second, a jump no traveller could make (believed only when the
/// next fix confirms it), a gap (believed only when the time has been seen to pass or the next fix
/// keeps to it), or a time far off the fixes before it (believed only when the next fixes keep to
/// it). Pure: driven by the fixes' own times and the time seen to pass without a fix.
struct FixScreening: Sendable {
    enum Verdict: Equatable {
        case accept
        /// Accepted after the fix before it jumped and this one confirmed the jump.
        case acceptJump
        /// Accepted after the receiver's clock stepped (back, or far ahead) and the fixes since
        /// kept to the new time: the time between this fix and the last accepted is no travel.
        case acceptClockStep
        /// Not used; `notice` (if any) is said once per `kind`.
        case ignore(kind: String, notice: String?)
    }

    /// A fix to act on now and the verdict on it.
    typealias Screened = (fix: GuidanceFix, verdict: Verdict)

    /// Fixes closer together than this are extra (a receiver sending every millisecond).
    static let shortestInterval = 0.2
    /// Seconds after the last fix past which a fix says there was a gap (the fix was lost in
    /// between). Such a fix is held until the gap is confirmed: by the time seen to pass (live,
    /// the seconds without a fix) or by the next fix keeping to its time (a replay, where no time
    /// passes). One fix dated minutes ahead and then contradicted would otherwise be a made-up
    /// loss of the fix, time counted twice and later fixes dated earlier than it.
    static let gapAfter = RouteFollower.lostAfter + 1
    /// Seconds ahead of the last fix past which a fix's time is more likely wrong than a gap: a
    /// long tunnel at city speed (2 km at 30 km/h) is four minutes. A wrong time (a receiver's
    /// report dated a day ahead) would otherwise make every later fix "earlier than the last".
    static let farAhead = 300.0
    /// Fixes running whose times keep to each other, off the accepted clock, before the clock is
    /// followed: one wrong time alone never moves it, and a receiver whose clock stepped is
    /// followed again three fixes (seconds) later.
    static let clockStepFixes = 3
    /// The fastest a fix may move from the last one, m/s, before it is a jump to confirm.
    let fastest: Double
    private(set) var lastAccepted: GuidanceFix?
    private var pendingJump: GuidanceFix?
    /// Fixes running off the accepted clock that keep to each other (the newest last).
    private var offClock: [GuidanceFix] = []
    /// A fix after a gap not yet confirmed, and the later reports of its time (gpsd's next sentences).
    private var held: [GuidanceFix] = []

    /// The unit a jump's distance is said in (the trip's).
    let unit: DistanceUnit

    init(transportType: TransportType, unit: DistanceUnit = .kilometres) {
        self.unit = unit
        fastest = switch transportType {
        case .car: 70
        case .bike: 30
        case .walk: 15
        }
    }

    /// The fixes to act on now, in order: this one; none while it is held after a gap; or a held
    /// fix (followed when this one keeps to its time, ignored when it does not) and then this one.
    /// `timeSeen`: how far the time was seen to pass since the last fix accepted (live: the wall
    /// clock's seconds without a fix), which confirms a gap up to it.
    mutating func screen(_ raw: GuidanceFix, timeSeen: Date? = nil) -> [Screened] {
        guard raw.isUsable else {
            return [(raw.cleaned, .ignore(kind: "position", notice: "Ignored a fix that is not a position (not a number, or off the globe)."))]
        }
        let fix = raw.cleaned
        var screened: [Screened] = []
        // A fix dated before the last followed or far ahead says nothing of the gap (it is
        // judged on its own); one dated between them keeps to the time before the gap.
        if let gapEnd = held.first, let last = lastAccepted, fix.time > last.time,
           fix.time.timeIntervalSince(gapEnd.time) <= Self.farAhead {
            if fix.time == gapEnd.time {
                held.append(fix)
                return []
            }
            if fix.time > gapEnd.time, plausible(from: gapEnd, to: fix) {
                screened = releaseHeld()
            } else {
                held = []
                let ahead = Int(gapEnd.time.timeIntervalSince(last.time).rounded())
                screened = [(gapEnd, .ignore(kind: "gap", notice: "Ignored a fix dated \(ahead) s after the last one: the next fix did not keep to its time."))]
            }
        }
        if let verdict = verdict(on: fix, holding: true, timeSeen: timeSeen) { screened.append((fix, verdict)) }
        return screened
    }

    /// The held fixes, followed as they are (the fixes have ended: nothing came to contradict them).
    mutating func releaseHeld() -> [Screened] {
        let fixes = held
        held = []
        return fixes.compactMap { fix in verdict(on: fix, holding: false).map { (fix, $0) } }
    }

    /// nil: held (`holding`) until the gap before it is confirmed.
    private mutating func verdict(on fix: GuidanceFix, holding: Bool, timeSeen: Date? = nil) -> Verdict? {
        guard let last = lastAccepted else {
            lastAccepted = fix
            return .accept
        }
        let interval = fix.time.timeIntervalSince(last.time)
        guard interval != 0 else { return Self.sameTime(fix, as: last) }
        guard interval > 0, interval <= Self.farAhead else { return screenOffClock(fix, ahead: interval > 0) }
        guard interval >= Self.shortestInterval else {
            return .ignore(kind: "rate", notice: "Fixes come more than 5 a second; following uses at most 5 a second.")
        }
        offClock = []
        let unseen = fix.time.timeIntervalSince(max(last.time, timeSeen ?? last.time))
        if holding, unseen > Self.gapAfter {
            held = [fix]
            return nil
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
        let away = unit.roughly(metres: fix.coordinate.distance(to: last.coordinate))
        return .ignore(kind: "jump", notice: "Ignored a fix \(away) from the last one; it counts once the next fixes agree.")
    }

    /// A fix earlier than the last accepted or far ahead of it: counted towards a clock step when
    /// it follows on from the fixes off the clock before it, else the start of a new run.
    private mutating func screenOffClock(_ fix: GuidanceFix, ahead: Bool) -> Verdict {
        if let newest = offClock.last {
            let interval = fix.time.timeIntervalSince(newest.time)
            if interval == 0 { return Self.sameTime(fix, as: newest) }
            let keepsTo = interval >= Self.shortestInterval && interval <= Self.farAhead && plausible(from: newest, to: fix)
            offClock = keepsTo ? offClock + [fix] : [fix]
        } else {
            offClock = [fix]
        }
        guard offClock.count >= Self.clockStepFixes else {
            return ahead
                ? .ignore(kind: "time ahead", notice: "Ignored a fix with a time far ahead of the last one; it counts once the next fixes agree.")
                : .ignore(kind: "time", notice: "Ignored fixes with a time earlier than the last one; the clock is followed once the next fixes agree.")
        }
        offClock = []
        pendingJump = nil
        // A gap held was on the old clock.
        held = []
        lastAccepted = fix
        return .acceptClockStep
    }

    /// A fix with the time of the one before. gpsd reports a cycle's fix once per sentence (RMC,
    /// GGA, ...) at one place: no news, ignored without a word. Elsewhere it is a clock that
    /// stood still (a logger's, a GPX written with only the date): ignored too, but said, or a
    /// drive of 60 such fixes ended at its first with no reason given.
    private static func sameTime(_ fix: GuidanceFix, as before: GuidanceFix) -> Verdict {
        let noise = max(fix.accuracy ?? 0, before.accuracy ?? 0, RouteFollower.standingNoise)
        guard fix.coordinate.distance(to: before.coordinate) > noise else { return .ignore(kind: "same time", notice: nil) }
        return .ignore(kind: "same time elsewhere",
                       notice: "Ignored fixes with the same time as the last one at another place (a clock that stood still?); each time is followed once.")
    }

    /// Could a traveller get from one fix to the other in the time between them?
    private func plausible(from a: GuidanceFix, to b: GuidanceFix) -> Bool {
        let seconds = max(0, b.time.timeIntervalSince(a.time))
        let slack = 50 + 2 * ((a.accuracy ?? 10) + (b.accuracy ?? 10))
        return a.coordinate.distance(to: b.coordinate) <= fastest * seconds + slack
    }
}
