import Foundation

/// `go --events`: one JSON object a line per event, every one with "event" and "time" (the fix's
/// time, ISO-8601 UTC). Other programs and the drive tests read this shape; keep it.
public enum FollowEventJSON {
    public static func line(_ event: FollowEvent) -> String {
        var members: [(String, String)] = [("event", JSONText.string(event.name)), ("time", JSONText.string(isoTime(event.time)))]
        switch event.kind {
        case .depart(let stop, let etaNext, let etaHome):
            members += [("stop", "\(stop)"), ("eta_next", JSONText.string(isoTime(etaNext))), ("eta_home", JSONText.string(isoTime(etaHome)))]
        case .instruction(let text, let distance):
            members += [("text", JSONText.string(text)), ("distance_m", JSONText.number(distance.rounded()))]
        case .offRoute(let distance):
            members += [("distance_m", JSONText.number(distance.rounded()))]
        case .reroute(let stop, let duration, let latency):
            members += [("stop", "\(stop)"), ("duration_s", JSONText.number(duration.rounded())),
                        ("latency_ms", latency.map { JSONText.number(($0 * 10).rounded() / 10) } ?? "null")]
        case .arrive(let stop, let name), .skip(let stop, let name):
            members += [("stop", "\(stop)"), ("name", JSONText.string(name))]
        case .stay(let stop, let name, let secondsLeft):
            members += [("stop", "\(stop)"), ("name", JSONText.string(name)), ("seconds_left", "\(secondsLeft)")]
        case .fixLost(let seconds):
            members += [("seconds", "\(seconds)")]
        case .finish(let summary):
            members += [("distance_m", JSONText.number(summary.distance.rounded())), ("duration_s", JSONText.number(summary.duration.rounded())),
                        ("stops", "\(summary.stops)"), ("reroutes", "\(summary.reroutes)"), ("skipped", "\(summary.skipped)")]
        }
        return JSONText.object(members)
    }

    /// `2026-12-05T10:00:03Z` (whole seconds, UTC).
    public static func isoTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}
