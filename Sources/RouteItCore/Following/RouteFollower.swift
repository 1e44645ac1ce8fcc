import Foundation

/// Follows a trip leg by leg from position fixes: matches each fix to the leg's route, tells the
/// next maneuver and the distance to it, notices a wrong turn (asking for a new route), an
/// arrival, a stay's end, a lost fix. Pure and driven only by the fixes' own times, so a replay
/// runs as fast as it is read and tests need no clock. Routing is the caller's (`GuidanceViewModel`).
public struct RouteFollower: Sendable {
    public enum Phase: Equatable, Sendable {
        /// No fix yet.
        case ready
        case driving
        /// At a stop until then (the next leg starts at that time or when the user leaves).
        case staying(until: Date)
        case finished
    }

    /// A new route the caller should find, from where the user is to the leg's place.
    public struct RouteNeed: Equatable, Sendable {
        public var from: GuidanceFix
        public var stop: Int
        public var destination: Coordinate
    }

    /// What one fix (or the passing of time, or a skip) changed.
    public struct Outcome: Equatable, Sendable {
        public var events: [FollowEvent] = []
        /// Said once per kind: fixes ignored and why.
        public var notices: [String] = []
        public var routeNeeded: RouteNeed?
    }

    /// Metres: off the route only beyond max(this, 3 × the fix's accuracy). On foot and by bike it
    /// is less: a walker 30 m down a wrong street is 20 s along it, a cyclist slowed by the turn
    /// (or pushing) 10–20 s, each fix adding only a metre or two, so noise around 30 m kept
    /// resetting the count of fixes off the route (bikes: 23 of 25 wrong turns caught within 3
    /// fixes). A car crawling up a winding street at 4 m/s drifts off as slowly (Monaco: 8 of 9 at
    /// 30 m); 25 m is still 5 σ of 5 m noise.
    public static func offRouteMetres(_ mode: TransportType) -> Double { mode == .car ? 25 : 20 }
    /// Metres off the route that count as off it for this fix: max(the mode's floor, 3 × its
    /// accuracy), but never beyond 90 m (a receiver's poor estimate must not hide a wrong turn for ever).
    public static func offRouteThreshold(_ fix: GuidanceFix, mode: TransportType) -> Double {
        min(90, max(offRouteMetres(mode), 3 * (fix.accuracy ?? 0)))
    }

    /// Metres (plus the fix's accuracy) from a stop that count as there.
    public static let arrivalMetres = 25.0
    /// Seconds without a fix before it is lost.
    public static let lostAfter = 3.0
    /// Announce the next maneuver again when it comes this close (metres).
    static let thresholds: [Double] = [50, 200, 500]

    public private(set) var legs: [FollowedLeg]
    public private(set) var legIndex = 0
    public private(set) var phase = Phase.ready
    /// Metres along the current leg's line.
    public private(set) var along = 0.0
    public private(set) var summary = FollowSummary()
    public private(set) var lastFix: GuidanceFix?
    /// When the fix was lost (nil: it is not).
    public private(set) var lostSince: Date?
    /// The accepted fixes, for the travelled track (a fix within 5 m of the last kept is left out;
    /// at most `trackLimit`, thinned evenly).
    public private(set) var track: [GuidanceFix] = []
    public let transportType: TransportType

    private var screening: FixScreening
    private var stillness = StillnessCount()
    private var motion = TravelledMotion()
    private var offRouteCount = 0
    /// After a jump or a lost fix, the next match looks at the whole line.
    private var matchAnywhere = true
    private var announcedStep: Int?
    private var announcedLevel = Int.max
    private var noticesSaid = Set<String>()
    /// When the last request for a route was made; off-route is not asked again for a while.
    private var routeAskedAt: Date?

    /// `unit`: the trip's, in which notices give distances.
    public init(legs: [FollowedLeg], transportType: TransportType, unit: DistanceUnit = .kilometres) {
        self.legs = legs
        self.transportType = transportType
        screening = FixScreening(transportType: transportType, unit: unit)
        if legs.isEmpty { phase = .finished }
    }

    public var currentLeg: FollowedLeg? { legs.indices.contains(legIndex) ? legs[legIndex] : nil }

    /// The index of the next maneuver's step on the current leg, and the metres to it.
    public var nextManeuver: (step: Int, distance: Double)? {
        guard let leg = currentLeg else { return nil }
        guard let index = leg.stepStarts.indices.dropFirst().first(where: { leg.stepStarts[$0] > along + 3 }) else {
            // Past the last maneuver (or a route of one step): the arrival.
            return leg.route.steps.isEmpty ? nil : (leg.route.steps.count - 1, max(0, leg.line.length - along))
        }
        return (index, leg.stepStarts[index] - along)
    }

    /// The step the user is on now.
    public var currentStep: Int? {
        guard let leg = currentLeg, !leg.stepStarts.isEmpty else { return nil }
        return leg.stepStarts.lastIndex(where: { $0 <= along + 3 }) ?? 0
    }

    /// When the user reaches the leg's place, and the end of the trip, at the speeds the routes
    /// expect (with the stays between), seen from `time`.
    public func etas(at time: Date) -> (next: Date, end: Date)? {
        guard let leg = currentLeg else { return nil }
        var start = time
        if case .staying(let until) = phase { start = max(time, until) }
        let next = start.addingTimeInterval(phaseIsStaying ? leg.route.expectedTravelTime : leg.remainingTime(from: along))
        var end = next
        for later in legs.indices.dropFirst(legIndex + 1) {
            end = end.addingTimeInterval(legs[later - 1].stay + legs[later].route.expectedTravelTime)
        }
        return (next, end)
    }

    private var phaseIsStaying: Bool { if case .staying = phase { return true } else { return false } }

    // MARK: Fixes

    /// One fix from the source. A fix after a gap may be held until the next confirms it
    /// (`FixScreening.gapAfter`); then both are followed, in order, when the next comes.
    public mutating func receive(_ raw: GuidanceFix) -> Outcome {
        var outcome = Outcome()
        for (fix, verdict) in screening.screen(raw, timeSeen: timeSeen) where phase != .finished {
            follow(fix, verdict, into: &outcome)
        }
        return outcome
    }

    /// The source has no more fixes (the end of a replay): a fix held after a gap, with nothing
    /// after it to contradict it, is followed as it is.
    /// A track without speeds (GPX) that ends at the leg's place, at its end of the route, ends
    /// there: a logger stopped on arriving, its last point still moving.
    public mutating func fixesEnded() -> Outcome {
        var outcome = Outcome()
        for (fix, verdict) in screening.releaseHeld() where phase != .finished {
            follow(fix, verdict, into: &outcome)
        }
        if phase == .driving, let fix = lastFix, fix.speed == nil, let leg = currentLeg, offRouteCount == 0,
           nearDestination(fix, leg), leg.line.length - along <= 2 {
            outcome.events += arrive(at: fix.time)
        }
        return outcome
    }

    private mutating func follow(_ screened: GuidanceFix, _ verdict: FixScreening.Verdict, into outcome: inout Outcome) {
        switch verdict {
        case .ignore(let kind, let notice):
            if let notice, noticesSaid.insert(kind).inserted { outcome.notices.append(notice) }
            noteSameCycle(screened)
            outcome = sameCycleSpeed(screened, outcome)
            return
        case .acceptJump:
            outcome.events += passGap(until: screened.time)
            matchAnywhere = true
        case .acceptClockStep:
            matchAnywhere = true
            if let last = lastFix { followClockStep(by: screened.time.timeIntervalSince(last.time)) }
        case .accept:
            outcome.events += passGap(until: screened.time)
        }
        let fix = motion.withHeading(receiversFigures(screened))
        if verdict == .acceptJump { motion.restart(at: fix) }
        if let last = lastFix, fix.time.timeIntervalSince(last.time) > Self.lostAfter { matchAnywhere = true }
        // The time between fixes followed, not the first to the last: a clock step is no trip time.
        if let last = lastFix, verdict != .acceptClockStep { summary.duration += max(0, fix.time.timeIntervalSince(last.time)) }
        stoodByPosition = fix.speed == nil && verdict == .accept && lastFix.map { Self.stood(from: $0, to: fix) } == true
        lastFix = fix
        timeSeen = nil
        stillness.count(fix)
        lostSince = nil
        lostSaidAge = nil
        guessedAlong = nil
        lastElapsed = nil
        if track.last.map({ $0.coordinate.distance(to: fix.coordinate) >= 5 }) ?? true { keep(fix) }
        // The travel since the last fix is counted from where that fix was, not from a guess made
        // since (a guess ahead of the user lost the stretch up to it: 150 m over a 40 s tunnel).
        let before = (leg: legIndex, along: alongAtLastFix ?? along, driving: phase == .driving)
        alongAtLastFix = nil
        switch phase {
        case .ready:
            phase = .driving
            _ = match(fix)
            if standsAtStart(fix) { along = 0; standingSince = 0 }
            outcome.events.append(departEvent(at: fix.time))
            outcome.events += instructionEvents(at: fix.time, force: true)
        case .staying(let until):
            if fix.time >= until || leftStop(fix) {
                outcome.events += startNextLeg(at: fix.time)
            } else {
                outcome.events += stayCountdown(at: fix.time, until: until)
            }
        case .driving:
            outcome = drive(fix, outcome)
        case .finished:
            break
        }
        let onRoute = before.driving && legIndex == before.leg && offRouteCount == 0 && verdict == .accept
        motion.travel(to: fix, alongRoute: onRoute ? along - before.along : nil)
        summary.distance = motion.distance
    }

    /// The seconds of a gap before a fix followed pass as they would without a fix, so a tunnel in
    /// a replay (or in gpsfake run faster than real time) loses the fix just as it would live
    /// (live, the seconds seen to pass already said it, and are not said again).
    private mutating func passGap(until time: Date) -> [FollowEvent] {
        guard let last = lastFix?.time else { return [] }
        var events: [FollowEvent] = []
        var second = max(Self.lostAfter + 1, (timeSeen.map { $0.timeIntervalSince(last) } ?? 0).rounded(.down) + 1)
        while last.addingTimeInterval(second) < time {
            events += elapse(to: last.addingTimeInterval(second)).events
            second += 1
        }
        return events
    }

    /// gpsd reports one cycle once per sentence: GGA's with a speed it works out from noisy
    /// positions (metres a second even when standing), then RMC's with the receiver's own. The
    /// cycle's lower speed is the one that can say the user stopped; only arrival looks again.
    private mutating func sameCycleSpeed(_ fix: GuidanceFix, _ outcome: Outcome) -> Outcome {
        guard phase == .driving, var last = lastFix, fix.time == last.time, let speed = fix.speed,
              speed < (last.speed ?? .infinity), let leg = currentLeg else { return outcome }
        last.speed = speed
        lastFix = last
        stillness.count(last)
        var outcome = outcome
        if arrived(last, leg) { outcome.events += arrive(at: last.time) }
        return outcome
    }

    /// Reports of the newest fix time, and the speed and course of the one that is the receiver's
    /// own: the one with a course, else the slowest.
    private var cycleReports = 0
    private var cycleFigures: (speed: Double?, heading: Double?)?

    /// A later report of the newest fix time: counted, and its figures kept when they are the receiver's.
    private mutating func noteSameCycle(_ fix: GuidanceFix) {
        guard let last = lastFix, fix.time == last.time else { return }
        cycleReports += 1
        let slower = (fix.speed ?? .infinity) < (cycleFigures?.speed ?? .infinity)
        if fix.heading != nil || (cycleFigures?.heading == nil && slower) { cycleFigures = (fix.speed, fix.heading) }
    }

    /// The first report of a new fix time. While gpsd reports each cycle twice (it does after a
    /// tunnel's void sentences), the first comes without a course and with gpsd's own speed worked
    /// out from two noisy positions: 7–19 m/s for a bike at 3 m/s, which threw the match far
    /// ahead onto another pass of a winding road (false off-route). Such a report takes the
    /// receiver's speed and course of the cycle before (a second old).
    private mutating func receiversFigures(_ fix: GuidanceFix) -> GuidanceFix {
        var figures = fix
        if cycleReports > 1, fix.heading == nil, let own = cycleFigures {
            figures.speed = own.speed ?? fix.speed
            figures.heading = own.heading
        }
        cycleReports = 1
        cycleFigures = (fix.speed, fix.heading)
        return figures
    }

    /// The most track points kept: a longer drive keeps every other one (memory stays flat).
    static let trackLimit = 20_000

    private mutating func keep(_ fix: GuidanceFix) {
        if track.count >= Self.trackLimit {
            track = track.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
        }
        track.append(fix)
    }

    private mutating func drive(_ fix: GuidanceFix, _ start: Outcome) -> Outcome {
        var outcome = start
        guard let leg = currentLeg else { return outcome }
        let matched = match(fix)
        let threshold = Self.offRouteThreshold(fix, mode: transportType)
        if let matched, matched.offset > threshold, !nearDestination(fix, leg) {
            offRouteCount += 1
            let disagrees = fix.heading.map { RouteLine.angle($0, matched.bearing) > 45 } ?? false
            let moving = (fix.speed ?? 5) >= 1
            let needed = disagrees && moving ? 2 : 3
            let recentlyAsked = routeAskedAt.map { fix.time.timeIntervalSince($0) < 10 } ?? false
            if offRouteCount >= needed, !recentlyAsked, let destination = leg.destination {
                // Asked again each 10 s (the map may have a route from the next place), said once.
                leftRoute = true
                if !offRouteWithoutRoute {
                    outcome.events.append(FollowEvent(time: fix.time, kind: .offRoute(distance: matched.offset.rounded())))
                }
                outcome.routeNeeded = RouteNeed(from: fix, stop: leg.stop, destination: destination)
                routeAskedAt = fix.time
            }
            return outcome
        }
        offRouteCount = 0
        leftRoute = false
        // Back on the planned route after none could be found: its directions again.
        let backOnRoute = offRouteWithoutRoute
        offRouteWithoutRoute = false
        if arrived(fix, leg) {
            outcome.events += arrive(at: fix.time)
            return outcome
        }
        outcome.events += instructionEvents(at: fix.time, force: backOnRoute)
        return outcome
    }

    /// Off the route and a new route was asked for (cleared back on it or on a new route).
    private var leftRoute = false
    /// Off the route and no new route could be found (off the map, cut off): no directions
    /// until the user is back on the planned route (or a new one is found). The distance to the
    /// planned route's next turn is from the last point on it, not from the user: "In 200 ft:
    /// Turn right" was said every 10 s to a user 15 km off the map.
    public private(set) var offRouteWithoutRoute = false

    /// Matches the fix to the current leg near where the user should be by now, and moves the
    /// progress on (not back for noise; afresh after a jump or a lost fix).
    private mutating func match(_ fix: GuidanceFix) -> RouteLine.Match? {
        guard let leg = currentLeg else { return nil }
        // Where the user stopped is where the first still fix falls, not the progress of the
        // last moving one: a car braking from 75 km/h stands 20 m on, and held to the noise's
        // reach from there it never came within 5 m of the stop's end of the route.
        let standing = stillness.fixes > 0
        let stoodSince = standing ? standingSince : nil
        let slack = 50 + 3 * (fix.accuracy ?? 10)
        let seconds = lastMatchTime.map { max(0, fix.time.timeIntervalSince($0)) } ?? 0
        let expected = along + (fix.speed ?? lastSpeed) * seconds
        // The heading only says which way along the line while moving.
        let heading = (fix.speed ?? 5) >= 2 ? fix.heading : nil
        let threshold = Self.offRouteThreshold(fix, mode: transportType)
        var best: RouteLine.Match?
        if !matchAnywhere {
            // As far ahead as the fix's own speed could have carried it (a receiver's speed is
            // good to a few m/s), not to a later pass of the route beside a wrong turn.
            let speed = standing && stoodSince == nil ? max(fix.speed ?? 0, lastSpeed) : fix.speed
            let moving = speed.map { max($0, 3) * 1.5 * max(1, seconds) + 20 + 2 * (fix.accuracy ?? 10) }
                ?? screening.fastest * max(1, seconds) + slack
            // Standing still, the reach is the noise's, from where the user stopped: each noisy
            // fix may push the progress on a little, and fix by fix it crept onto a later part of
            // the route passing near (a cyclist waiting at the start: off the route 21 m).
            let reach = stoodSince == nil ? moving : Self.standingReach(fix)
            let from = stoodSince ?? along
            best = leg.line.match(fix.coordinate, heading: heading, expected: expected, from: along - slack, to: from + reach)
        }
        // Only after a jump or a lost fix does the whole line count: otherwise a wrong turn onto
        // a street the route takes later would look like progress (and go unnoticed).
        if matchAnywhere {
            best = leg.line.match(fix.coordinate, heading: heading, expected: expected)
        }
        // A little behind is noise (the progress stays); far behind, the earlier match was wrong
        // or the user turned back on the route.
        if let best, best.offset <= threshold, matchAnywhere || best.along > along || best.along < along - 40 {
            along = best.along
        }
        standingSince = standing ? (stoodSince ?? along) : nil
        lastMatchTime = fix.time
        lastSpeed = fix.speed ?? lastSpeed
        matchAnywhere = false
        return best
    }

    /// The receiver's clock stepped by `seconds` (and was followed): times kept from the old
    /// clock move with it, as if no time passed in the step (a stay would otherwise last an hour
    /// longer after a clock stepping back an hour, and no new route be asked for in that hour).
    private mutating func followClockStep(by seconds: TimeInterval) {
        if case .staying(let until) = phase { phase = .staying(until: until.addingTimeInterval(seconds)) }
        routeAskedAt = routeAskedAt?.addingTimeInterval(seconds)
        lastMatchTime = nil
    }

    private var lastMatchTime: Date?
    private var lastSpeed = 0.0
    /// The progress when the user stopped (nil: moving): this fix or the last was still.
    private var standingSince: Double?

    /// A user standing still within the noise's reach of the route's start has not left it: a
    /// noisy first fix projects onto the route anywhere in that reach, past its first corner too
    /// (a walk of 90 s turning 11 m from its start: the ETA at departure was 17 s short).
    private func standsAtStart(_ fix: GuidanceFix) -> Bool {
        guard stillness.fixes > 0, let start = currentLeg?.line.coordinates.first else { return false }
        return fix.coordinate.distance(to: start) <= Self.standingReach(fix)
    }

    /// Metres a standing user's noisy fix may fall from where the user stands.
    private static func standingReach(_ fix: GuidanceFix) -> Double { 10 + 2 * (fix.accuracy ?? 10) }

    private func nearDestination(_ fix: GuidanceFix, _ leg: FollowedLeg) -> Bool {
        guard let destination = leg.destination else { return false }
        return fix.coordinate.distance(to: destination) <= Self.arrivalMetres + (fix.accuracy ?? 0)
    }

    /// There: within reach of the place, standing still on two fixes running, and within 5 m of
    /// its end of the route (a user standing there sends fixes on both sides of it, so one soon
    /// falls there). A fix with no speed (a GPX track's) counts when it stood still since the
    /// fix before (`stood`): taken as standing, a car driving through the stop at 29 km/h
    /// arrived there. The same 5 m for both: with 2 m for a track, a logger parked a car length
    /// short, or standing on a stop whose leg turns round a metre beyond it, never arrived.
    /// (Being "past the place along the route" alone fired on noise: a fix 5 m ahead of the user
    /// projects onto the end while the user is still short of it.)
    private func arrived(_ fix: GuidanceFix, _ leg: FollowedLeg) -> Bool {
        guard nearDestination(fix, leg) else { return false }
        let remaining = leg.line.length - along
        guard remaining <= Self.arrivalEndMetres else { return false }
        return fix.speed == nil ? stoodByPosition : stillness.fixes >= 2
    }

    /// How far short of its end of the route a user standing still has reached a stop.
    static let arrivalEndMetres = 5.0

    /// The newest fix has no speed of its own and stood still since the fix before it.
    private var stoodByPosition = false

    /// Metres two fixes without a speed may lie apart and still be one standing user: the
    /// fixes' noise (their accuracy, else this).
    static let standingNoise = 5.0

    /// Did the user stand still from one fix to the next, by their positions? The speed between
    /// them is under `StillnessCount.stillSpeed`, or the move is within the fixes' noise (a
    /// logger writing a point a second jitters a few metres while standing; fixes closer in time
    /// get a share of it: half a second apart at 29 km/h is 4 m). The speed between two positions
    /// stands in for the two still readings of a receiver's own speed. (A crawl under the noise
    /// a second, 18 km/h, cannot be told from standing without a speed.)
    static func stood(from a: GuidanceFix, to b: GuidanceFix) -> Bool {
        let seconds = b.time.timeIntervalSince(a.time)
        guard seconds > 0 else { return false }
        let metres = a.coordinate.distance(to: b.coordinate)
        let noise = max(a.accuracy ?? standingNoise, b.accuracy ?? standingNoise)
        return metres < max(StillnessCount.stillSpeed * seconds, noise * min(1, seconds))
    }

    // MARK: Legs and stops

    private mutating func arrive(at time: Date) -> [FollowEvent] {
        guard let leg = currentLeg else { return [] }
        var events = [FollowEvent(time: time, kind: .arrive(stop: leg.stop, name: leg.name))]
        summary.stops += 1
        guard legIndex + 1 < legs.count else {
            phase = .finished
            events.append(FollowEvent(time: time, kind: .finish(summary)))
            return events
        }
        guard leg.stay > 0 else { return events + startNextLeg(at: time) }
        phase = .staying(until: time.addingTimeInterval(leg.stay))
        stayLeftSaid = leg.stay
        events.append(FollowEvent(time: time, kind: .stay(stop: leg.stop, name: leg.name, secondsLeft: Int(leg.stay.rounded()))))
        return events
    }

    /// A `stay` line each time the minutes left (rounded up) go down.
    private mutating func stayCountdown(at time: Date, until: Date) -> [FollowEvent] {
        guard let leg = currentLeg, let last = stayLeftSaid else { return [] }
        let left = until.timeIntervalSince(time)
        guard (left / 60).rounded(.up) < (last / 60).rounded(.up), left > 0 else { return [] }
        stayLeftSaid = left
        return [FollowEvent(time: time, kind: .stay(stop: leg.stop, name: leg.name, secondsLeft: Int(left.rounded())))]
    }

    /// The seconds left at the last `stay` line.
    private var stayLeftSaid: Double?

    /// Left the stop before the stay was over: beyond the arrival radius (25 m plus the fix's
    /// accuracy) and moving away on two fixes running, so the next leg's first instruction
    /// comes at once (at 100 m, a turn 113 m on was said 6 m before it, one nearer never).
    /// Moving is the receiver's speed, else (a GPX track) not standing by position; and each
    /// fix farther than the one before. A user standing at the stop stays: the receiver says
    /// standing, and the noise of positions does not run away from the place fix after fix.
    /// 100 m off ends the stay whatever the fixes say (a fix after a gap).
    private mutating func leftStop(_ fix: GuidanceFix) -> Bool {
        guard legs.indices.contains(legIndex + 1), let place = legs[legIndex].destination else { return false }
        let away = fix.coordinate.distance(to: place)
        if away > Self.leftStopMetres { return true }
        let moving = fix.speed.map { $0 >= Self.leavingSpeed } ?? !stoodByPosition
        if away > Self.arrivalMetres + (fix.accuracy ?? 0), moving, leaving.map({ away > $0.away }) ?? true {
            leaving = (fixes: (leaving?.fixes ?? 0) + 1, away: away)
        } else {
            leaving = nil
        }
        return (leaving?.fixes ?? 0) >= 2
    }

    /// Metres from a stop beyond which the user has left it, moving or not.
    static let leftStopMetres = 100.0
    /// Metres a second from which a receiver's speed is moving off, not standing: above the
    /// noise of its speed while still (0–0.3), below a walk.
    static let leavingSpeed = 0.5
    /// Fixes running that went away from the stop beyond its arrival radius, and the last one's metres.
    private var leaving: (fixes: Int, away: Double)?

    private mutating func startNextLeg(at time: Date) -> [FollowEvent] {
        enterNextLeg()
        if let fix = lastFix { _ = match(fix) }
        return [departEvent(at: time)] + instructionEvents(at: time, force: true)
    }

    /// The next leg, driven from its start: its progress, off-route count and stay said are new.
    private mutating func enterNextLeg() {
        legIndex += 1
        along = 0
        standingSince = nil
        phase = .driving
        offRouteCount = 0
        leftRoute = false
        offRouteWithoutRoute = false
        matchAnywhere = true
        stayLeftSaid = nil
        leaving = nil
    }

    private func departEvent(at time: Date) -> FollowEvent {
        let etas = etas(at: time) ?? (time, time)
        return FollowEvent(time: time, kind: .depart(stop: currentLeg?.stop ?? 0, etaNext: etas.next, etaHome: etas.end))
    }

    /// The next maneuver when it changes, or when it comes within 500, 200 or 50 m.
    private mutating func instructionEvents(at time: Date, force: Bool) -> [FollowEvent] {
        guard let leg = currentLeg, let next = nextManeuver else { return [] }
        let level = Self.thresholds.firstIndex(where: { next.distance <= $0 }) ?? Self.thresholds.count
        guard force || next.step != announcedStep || level < announcedLevel else { return [] }
        announcedStep = next.step
        announcedLevel = level
        return [FollowEvent(time: time, kind: .instruction(text: leg.route.steps[next.step].instruction, distance: next.distance.rounded()))]
    }

    // MARK: Lost fix, new routes, skip

    /// Time passes without a fix: after `lostAfter` seconds the fix is lost, said then and again
    /// each `lostRepeat` seconds of its age. For `guessFor` seconds the progress goes on at the
    /// last speed, and the instructions with it (never to the place itself: arriving needs a fix);
    /// after that nothing is said from guesses until a fix comes.
    public mutating func elapse(to time: Date) -> Outcome {
        var outcome = Outcome()
        timeSeen = max(timeSeen ?? time, time)
        guard phase == .driving, let last = lastFix, let leg = currentLeg else {
            if case .staying(let until) = phase, time >= until { outcome.events += startNextLeg(at: time) }
            return outcome
        }
        let seconds = time.timeIntervalSince(last.time)
        guard seconds > Self.lostAfter else { return outcome }
        lostSince = lostSince ?? last.time
        if lostSaidAge.map({ Int(seconds / Self.lostRepeat) > Int($0 / Self.lostRepeat) }) ?? true {
            lostSaidAge = seconds
            outcome.events.append(FollowEvent(time: time, kind: .fixLost(seconds: Int(seconds))))
        }
        alongAtLastFix = alongAtLastFix ?? along
        let guessedTo = min(time, last.time.addingTimeInterval(Self.guessFor))
        let guessed = lostAlong + (last.speed ?? 0) * max(0, guessedTo.timeIntervalSince(lastElapsed ?? last.time))
        lostAlong = min(max(along, guessed), max(along, leg.line.length - 5))
        lastElapsed = max(guessedTo, lastElapsed ?? guessedTo)
        along = lostAlong
        guard seconds <= Self.guessFor else { return outcome }
        outcome.events += instructionEvents(at: time, force: false)
        return outcome
    }

    /// Seconds the progress is guessed at the last speed without a fix: a city tunnel's worth
    /// (400 m at 50 km/h; the drive tests' tunnel is 20 s). The guess drifts with the speed's
    /// change: after 30 s a car slowing by a fifth is 80 m behind it, past the 50 m at which the
    /// turn is said, so later instructions would be confident directions from nowhere.
    public static let guessFor = 30.0
    /// While the fix is lost, `fix-lost` is said again each time its age passes a multiple of this.
    public static let lostRepeat = 10.0
    /// The age of the fix when its loss was last said.
    private var lostSaidAge: Double?
    /// The progress at the last fix, while it is guessed on from there (nil: not guessed).
    private var alongAtLastFix: Double?

    /// The newest time passed to `elapse` since the last fix.
    private var timeSeen: Date?

    private var lostAlong: Double {
        get { guessedAlong ?? along }
        set { guessedAlong = newValue }
    }
    private var guessedAlong: Double?
    private var lastElapsed: Date?

    /// The new route asked for (`routeNeeded`) came: follow it from here.
    public mutating func rerouted(_ route: Route, at time: Date) -> [FollowEvent] {
        guard legs.indices.contains(legIndex) else { return [] }
        legs[legIndex].replaceRoute(route)
        leftRoute = false
        offRouteWithoutRoute = false
        along = 0
        standingSince = nil
        offRouteCount = 0
        matchAnywhere = true
        summary.reroutes += 1
        if let fix = lastFix { _ = match(fix) }
        let leg = legs[legIndex]
        return [FollowEvent(time: time, kind: .reroute(stop: leg.stop, duration: route.expectedTravelTime.rounded(), latencyMilliseconds: nil))]
            + instructionEvents(at: time, force: true)
    }

    /// `skip`: the place the user is heading for is dropped (the trip ends if it was the last);
    /// at a stop, the stay ends now. The next leg needs a route from here (`routeNeeded`).
    public mutating func skip(at time: Date) -> Outcome {
        var outcome = Outcome()
        guard let leg = currentLeg, phase != .finished else { return outcome }
        if case .staying = phase {
            outcome.events = startNextLeg(at: time)
            return outcome
        }
        outcome.events.append(FollowEvent(time: time, kind: .skip(stop: leg.stop, name: leg.name)))
        summary.skipped += 1
        guard legIndex + 1 < legs.count else {
            phase = .finished
            outcome.events.append(FollowEvent(time: time, kind: .finish(summary)))
            return outcome
        }
        enterNextLeg()
        if let fix = lastFix, let next = currentLeg, let destination = next.destination {
            outcome.routeNeeded = RouteNeed(from: fix, stop: next.stop, destination: destination)
            routeAskedAt = time
        } else {
            outcome.events += [departEvent(at: time)] + instructionEvents(at: time, force: true)
        }
        return outcome
    }

    /// The caller could not find the route asked for: keep the old one (asked again later). Off
    /// the route, it gives no directions until the user is back on it (`offRouteWithoutRoute`);
    /// after a skip, the planned leg's.
    public mutating func routeFailed(at time: Date) -> [FollowEvent] {
        offRouteCount = 0
        guard !leftRoute else {
            offRouteWithoutRoute = true
            return []
        }
        return instructionEvents(at: time, force: true)
    }

    /// Stops following (q, Ctrl-C, the end of a replay): the summary so far.
    public mutating func finish(at time: Date) -> FollowEvent? {
        // Nothing followed yet (no fix, no skip): no trip to sum up, and it may start later.
        guard phase != .finished, lastFix != nil || summary.skipped > 0 else { return nil }
        phase = .finished
        return FollowEvent(time: time, kind: .finish(summary))
    }
}
