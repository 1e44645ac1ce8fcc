import Foundation

/// When the trip leaves its start: `depart now` (the default: the clock at routing time) or a
/// set date and time (`depart 2026-12-03 10:00`, or `depart 10:00` for today).
public enum Departure: Equatable, Codable, Sendable {
    case now
    case at(Date)

    /// The instant meant, read at `now`.
    public func date(now: Date) -> Date {
        switch self {
        case .now: return now
        case .at(let date): return date
        }
    }

    /// `depart [YYYY-MM-DD] HH:MM` / `depart now`, read in `calendar` (today is `now`'s day).
    public static func parse(_ words: [String], now: Date, calendar: LocalCalendar) throws -> Departure {
        let usage = InputError("Usage: depart [YYYY-MM-DD] HH:MM, or depart now")
        switch words.count {
        case 1 where words[0].lowercased() == "now":
            return .now
        case 1:
            let minutes = try clockMinutes(words[0])
            return .at(calendar.date(now, minutes: minutes))
        case 2:
            let day = try self.day(words[0], calendar: calendar)
            let minutes = try clockMinutes(words[1])
            return .at(calendar.date(day, minutes: minutes))
        default:
            throw usage
        }
    }

    /// What to tell the user when the clock time in `words` does not exist that day (the
    /// spring-forward gap) and `departure`, parsed from them, is the time the clocks show
    /// instead; nil otherwise. The shell's `depart` and the tools' `--depart` both say it.
    public static func gapNotice(_ words: [String], departure: Departure, calendar: LocalCalendar) -> String? {
        guard case .at(let date) = departure, let asked = words.last, asked.lowercased() != "now",
              let minutes = try? clockMinutes(asked), calendar.minuteOfDay(date) != minutes else { return nil }
        return "\(asked) does not exist that day (the clocks go forward); departing at \(calendar.clockText(date)) instead."
    }

    /// `HH:MM` (00:00-23:59) as minutes since midnight.
    static func clockMinutes(_ text: String) throws -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].count == 2,
              (1...2).contains(parts[0].count), (0...23).contains(hour), (0...59).contains(minute) else {
            throw InputError("Not a time of day: \"\(text)\"; use HH:MM from 00:00 to 23:59.")
        }
        return hour * 60 + minute
    }

    /// A date `depart` could have set: years 1 to 9999 (in UTC). A departure read from a file or
    /// the planner store outside them is damage, not a trip.
    public static func isPlausible(_ date: Date) -> Bool {
        utc.component(.era, from: date) == 1 && (1...9999).contains(utc.component(.year, from: date))
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `YYYY-MM-DD`, a real calendar date.
    static func day(_ text: String, calendar: LocalCalendar) throws -> Date {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let bad = InputError("Not a date: \"\(text)\"; use YYYY-MM-DD.")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...9999).contains(year) else { throw bad }
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        guard components.isValidDate(in: calendar.calendar), let date = calendar.calendar.date(from: components) else { throw bad }
        return date
    }
}
