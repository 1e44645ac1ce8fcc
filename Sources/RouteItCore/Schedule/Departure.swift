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
        return "\(asked) does not exist on \(calendar.dateText(date)) (clocks go forward); the trip leaves at \(calendar.clockText(date))."
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

    /// The years `depart` takes. Within them every clock writes the date given: the Gregorian
    /// calendar (before 1582 Foundation reads the Julian one, which the ISO writer does not),
    /// zones' standard offsets (before ~1900-1970 some are local mean time, +01:39:49, which an
    /// offset in minutes cannot carry) and four-digit years (a trip leaving late on 9999-12-31
    /// arrives in year 10000, which RFC 3339 cannot write).
    public static let years = 1970...9998

    /// `--depart: 0001-01-01 is out of range; give a date from 1970 to 9998.`
    static func outOfRange(_ text: String) -> InputError {
        InputError("\(text) is out of range; give a date from \(years.lowerBound) to \(years.upperBound).")
    }

    /// A departure `depart` could have set: in `years` on some clock (UTC-12 to UTC+14). One
    /// read from a file or the planner store outside them is damage, not a trip.
    public static func isPlausible(_ date: Date) -> Bool {
        plausible.contains(date)
    }

    private static let plausible: Range<Date> = {
        func utcDate(year: Int) -> Date {
            utc.date(from: DateComponents(year: year, month: 1, day: 1))!
        }
        return utcDate(year: years.lowerBound).addingTimeInterval(-14 * 3600)..<utcDate(year: years.upperBound + 1).addingTimeInterval(12 * 3600)
    }()

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `YYYY-MM-DD`, a real calendar date in `years`.
    static func day(_ text: String, calendar: LocalCalendar) throws -> Date {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let bad = InputError("Not a date: \"\(text)\"; use YYYY-MM-DD.")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { throw bad }
        guard years.contains(year) else { throw outOfRange(text) }
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        guard components.isValidDate(in: calendar.calendar), let date = calendar.calendar.date(from: components) else { throw bad }
        return date
    }
}
