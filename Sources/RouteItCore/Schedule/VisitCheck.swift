import Foundation

/// Whether a stop can be visited when the trip gets there: closed on arrival, or closing
/// before the planned stay is over, or a visit outside the user's windows. Unknown hours never
/// warn.
public enum VisitCheck {
    /// The seconds of a shown minute after it starts: a window or end of day at 10:01 holds
    /// anything shown as 10:01. The planner keeps to the same rule.
    public static let lastMinute: TimeInterval = 59.999

    /// A visit outside all of `place`'s windows (`window SLOT`) on the day of `day`: started
    /// before one opens (no waiting) or its stay running past the end. Judged at the minute the
    /// screen shows, so a visit shown inside its window is never called outside.
    public static func windowWarning(for place: TripPlace, visitStart: Date, day: Date, calendar: LocalCalendar) -> String? {
        windowWarning(for: place, visitStart: visitStart, on: WindowDay(departure: day, outUntil: nil, calendar: calendar))
    }

    /// The same, each window on the day `day` says (past midnight, the next day's, written
    /// `00:30-01:00 (+1 day)`), the visit's time as the day's trip writes it.
    public static func windowWarning(for place: TripPlace, visitStart: Date, on day: WindowDay) -> String? {
        guard !place.windows.isEmpty else { return nil }
        let visitEnd = visitStart + max(0, place.stay)
        let spans = place.windows.map(day.span)
        let inside = spans.contains { visitStart >= $0.lowerBound && visitEnd <= $0.upperBound + lastMinute }
        guard !inside else { return nil }
        let windows = day.text(place.windows)
        let stay = place.stay > 0 ? " (a \(StayDuration.text(place.stay)) stay)" : ""
        let at = day.calendar.clockText(visitStart, since: day.departure)
        // Before every window or after every one says which way it misses (a visit past
        // midnight after the day's window is no wait for it); else its stay runs past one.
        let side = spans.allSatisfy { visitStart < $0.lowerBound } ? "before"
            : spans.allSatisfy { visitStart > $0.upperBound + lastMinute } ? "after" : "outside"
        return "\(place.label) (\(place.item.shortName)) is visited at \(at)\(stay), \(side) its window \(windows)."
    }

    /// A trip over after its end of day (`back by`), judged at the minute the screen shows;
    /// both times as the day leaving at `departure` writes them (`01:00 (+1 day)` past midnight).
    public static func endOfDayWarning(end: Date, endOfDay: Date, departure: Date, calendar: LocalCalendar) -> String? {
        guard end > endOfDay + lastMinute else { return nil }
        return "The trip ends at \(calendar.clockText(end, since: departure)), after its end of day (back by \(calendar.clockText(endOfDay, since: departure))); optimizing the trip leaves out the stops that do not fit."
    }

    public static func warning(for place: TripPlace, arrival: Date, calendar: LocalCalendar) -> String? {
        guard let hours = place.item.openingHours else { return nil }
        let name = place.item.shortName
        switch hours.state(at: arrival, in: calendar) {
        case .unknown:
            return nil
        case .closed(let opens):
            let when = opens.map { " (opens \(OpeningHoursSummary.dayAndTime($0, from: arrival, calendar: calendar)))" } ?? ""
            return "\(name) is closed at \(calendar.clockText(arrival))\(when)."
        case .open(let closes):
            guard let closes, place.stay > 0, closes < arrival + place.stay else { return nil }
            return "\(name) closes at \(calendar.clockText(closes)), before the \(StayDuration.text(place.stay)) stay ends (\(calendar.clockText(arrival + place.stay)))."
        }
    }
}

/// The short form of a place's hours at a moment, for the picker: `open until 18:00`,
/// `closed, opens 10:00 tomorrow`, or the raw value when it cannot be evaluated.
public enum OpeningHoursSummary {
    public static func text(_ hours: OpeningHours, at date: Date, calendar: LocalCalendar) -> String {
        switch hours.state(at: date, in: calendar) {
        case .open(let closes?): return "open until \(dayAndTime(closes, from: date, calendar: calendar))"
        case .open(nil): return "open"
        case .closed(let opens?): return "closed, opens \(dayAndTime(opens, from: date, calendar: calendar))"
        case .closed(nil): return "closed"
        case .unknown: return "hours \"\(shortened(hours.text))\""
        }
    }

    /// `10:00`, `10:00 tomorrow`, `Mon 10:00`.
    public static func dayAndTime(_ date: Date, from reference: Date, calendar: LocalCalendar) -> String {
        switch calendar.daysBetween(reference, date) {
        case 0: return calendar.clockText(date)
        case 1: return calendar.clockText(date) + " tomorrow"
        default:
            let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
            return names[calendar.weekday(date) - 1] + " " + calendar.clockText(date)
        }
    }

    static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
}
