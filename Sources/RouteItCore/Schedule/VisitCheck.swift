import Foundation

/// Whether a stop can be visited when the trip gets there: closed on arrival, or closing
/// before the planned stay is over. Unknown hours never warn.
public enum VisitCheck {
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
