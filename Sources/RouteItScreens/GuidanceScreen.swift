import Foundation
import RouteItCore

/// `go`: the live screen redrawn on each fix (on a terminal), and the one line per event said
/// otherwise (piped, a replayed `.flow`, `routeit go` without --events).
public enum GuidanceScreen {
    /// The next maneuver and the distance to it, the street, the clock times at the next stop and
    /// at the end, the stops left, the fix's age and accuracy. `now`: the time the age is seen from.
    public static func render(_ guidance: GuidanceViewModel, now: Date, unit: DistanceUnit, calendar: LocalCalendar,
                              style: TextStyle = .plain) -> String {
        let follower = guidance.follower
        guard let leg = follower.currentLeg, follower.phase != .finished else {
            return "Following ended: " + summaryText(follower.summary, unit: unit)
        }
        var lines = [style.bold("Going to stop \(leg.stop) of \(follower.legs.count): \(leg.name)")]
        if case .staying(let until) = follower.phase, let at = follower.legs.indices.contains(follower.legIndex) ? follower.legs[follower.legIndex] : nil {
            lines[0] = style.bold("At stop \(at.stop): \(at.name)") + ", \(TravelTimeFormatter.string(from: until.timeIntervalSince(now))) left (skip: leave now)"
        } else if follower.offRouteWithoutRoute {
            lines.append("Off the route, no new route from here: no directions until you are back on it")
        } else if let next = follower.nextManeuver {
            lines.append(style.cyan("In \(unit.roughly(metres: next.distance))") + "  " + leg.route.steps[next.step].instruction)
        }
        // Off the route with no new route, the planned route's street is not the user's.
        if !follower.offRouteWithoutRoute, let step = follower.currentStep,
           let street = InstructionText.maneuver(from: leg.route.steps[step].instruction)?.streetName {
            lines.append("On \(street)")
        }
        if let etas = follower.etas(at: guidance.lastFixTime ?? now) {
            let left = follower.legs.count - follower.legIndex
            let seen = guidance.lastFixTime ?? now
            lines.append("There at \(eta(etas.next, seen: seen, calendar)), back at \(eta(etas.end, seen: seen, calendar)); \(left) stop\(left == 1 ? "" : "s") left")
        }
        lines.append(fixText(guidance, now: now) + style.dim("  (q or Ctrl-C stops)"))
        return lines.joined(separator: "\n")
    }

    /// `GPS 1 s ago, ±5 m`, or `GPS lost 12 s ago`.
    static func fixText(_ guidance: GuidanceViewModel, now: Date) -> String {
        guard let fix = guidance.follower.lastFix else { return "GPS: waiting for a fix" }
        let age = max(0, Int(now.timeIntervalSince(fix.time).rounded()))
        if guidance.follower.lostSince != nil || Double(age) > RouteFollower.lostAfter { return "GPS lost \(age) s ago" }
        return "GPS \(age) s ago" + (fix.accuracy.map { ", ±\(Int($0.rounded())) m" } ?? "")
    }

    /// One line for an event, led by the fix's clock time.
    public static func line(_ event: FollowEvent, guidance: GuidanceViewModel, unit: DistanceUnit, calendar: LocalCalendar) -> String {
        let clock = clockText(event.time, calendar: calendar)
        func place(_ stop: Int, _ name: String) -> String { "stop \(stop) (\(name))" }
        let text: String
        switch event.kind {
        case .depart(let stop, let etaNext, let etaHome):
            let name = guidance.follower.legs.first { $0.stop == stop }?.name ?? ""
            text = "Depart for \(place(stop, name)): there at \(eta(etaNext, seen: event.time, calendar)), back at \(eta(etaHome, seen: event.time, calendar))"
        case .instruction(let instruction, let distance):
            text = "In \(unit.roughly(metres: distance)): \(instruction)"
        case .offRoute(let distance):
            text = "Off the route by \(unit.roughly(metres: distance))"
        case .reroute(let stop, let duration, _):
            text = "New route to stop \(stop): \(TravelTimeFormatter.string(from: duration))"
        case .arrive(let stop, let name):
            text = "Arrived at \(place(stop, name))"
        case .stay(let stop, let name, let secondsLeft):
            text = "At \(place(stop, name)): \(TravelTimeFormatter.string(from: Double(secondsLeft))) left"
        case .skip(let stop, let name):
            text = "Skipped \(place(stop, name))"
        case .fixLost(let seconds):
            text = "GPS lost \(seconds) s ago; " + (Double(seconds) <= RouteFollower.guessFor
                ? "going on at the last speed" : "no directions until it is back")
        case .finish(let summary):
            text = "Finished: " + summaryText(summary, unit: unit)
        }
        return clock + " " + text
    }

    /// `12.30 km in 45m, 3 stops, 1 re-route, 0 skipped`.
    public static func summaryText(_ summary: FollowSummary, unit: DistanceUnit) -> String {
        "\(unit.format(metres: summary.distance)) in \(TravelTimeFormatter.string(from: summary.duration)), "
            + "\(summary.stops) stop\(summary.stops == 1 ? "" : "s") made, \(summary.reroutes) re-route\(summary.reroutes == 1 ? "" : "s"), "
            + "\(summary.skipped) skipped"
    }

    /// `10:05`, or `03:04 (after clocks went back)` when the clocks change between `seen` (the
    /// fix's time) and then, as the directions mark it: else it reads as before the fix.
    static func eta(_ date: Date, seen: Date, _ calendar: LocalCalendar) -> String {
        calendar.clockText(date) + (calendar.clockChange(since: seen, until: date).map { " (\($0))" } ?? "")
    }

    /// `10:00:03`.
    static func clockText(_ date: Date, calendar: LocalCalendar) -> String {
        let c = calendar.calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}
