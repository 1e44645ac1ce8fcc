import Foundation
import Synchronization

/// The calendar clock times are read and shown in: Gregorian, in the map's zone
/// (`LocalCalendar.forMap`: its country's), else the environment's (`TZ`), else the system's.
/// Opening hours are read in the same zone: they are the place's local time.
public struct LocalCalendar: Sendable {
    public let timeZone: TimeZone
    /// Made at first use: making a Gregorian calendar and its locale cost half a million
    /// instructions, which a route that shows no clock time (`route --json`) need not pay.
    private let made = MadeOnce()

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    public var calendar: Calendar {
        made.calendar {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            calendar.firstWeekday = 2
            calendar.locale = Locale(identifier: "en_US_POSIX")
            return calendar
        }
    }

    /// The calendar, made by the first caller; the copies of a LocalCalendar share it.
    private final class MadeOnce: Sendable {
        private let value = Mutex<Calendar?>(nil)

        func calendar(_ make: () -> Calendar) -> Calendar {
            value.withLock { value in
                if let value { return value }
                let calendar = make()
                value = calendar
                return calendar
            }
        }
    }

    /// `TZ` names the zone (`Europe/Helsinki`, `UTC`, `:Europe/Helsinki`); unset or unknown
    /// falls back to the system's zone.
    public static func fromEnvironment(_ environment: [String: String] = ProcessEnvironment.variables(named: ["TZ", "TZFILE"]))
        -> LocalCalendar {
        if var name = environment["TZ"], !name.isEmpty {
            if name.hasPrefix(":") { name.removeFirst() }
            if let zone = TimeZone(identifier: name) ?? TimeZone(abbreviation: name) {
                return LocalCalendar(timeZone: zone)
            }
        }
        if environment["TZ"] == nil, environment["TZFILE"] == nil, let zone = linkedSystemZone() {
            return LocalCalendar(timeZone: zone)
        }
        return LocalCalendar(timeZone: .current)
    }

    /// The zone `/etc/localtime` links to (`…/zoneinfo/Europe/Helsinki`), as `TimeZone.current`
    /// finds it on Linux when neither TZ nor TZFILE is set, without the two copies of the whole
    /// environment it makes first (700,000 instructions of a cold route); nil when it is no link
    /// into a zoneinfo folder or names no known zone (then `TimeZone.current` decides).
    static func linkedSystemZone(link: String = "/etc/localtime") -> TimeZone? {
        var buffer = [CChar](repeating: 0, count: 4_096)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = Array(buffer[..<count].map { UInt8(bitPattern: $0) })
        let marker = Array("zoneinfo/".utf8)
        guard target.count > marker.count,
              let start = (0...(target.count - marker.count)).first(where: { target[$0..<($0 + marker.count)].elementsEqual(marker) })
        else { return nil }
        return TimeZone(identifier: String(decoding: target[(start + marker.count)...], as: UTF8.self))
    }

    /// The instant whose date and clock time (to the minute) on this calendar are those `date`
    /// shows on `other`: `depart 10:00` read again on another map's clock.
    public func sameClockTime(as date: Date, on other: LocalCalendar) -> Date {
        let day = other.calendar.dateComponents([.year, .month, .day], from: date)
        guard let midnight = calendar.date(from: day) else { return date }
        return self.date(midnight, minutes: other.minuteOfDay(date))
    }

    /// Midnight that starts the day of `date`.
    public func startOfDay(_ date: Date) -> Date { calendar.startOfDay(for: date) }

    /// The day `days` after the one holding `date`, at midnight (DST-safe).
    public func day(_ days: Int, after date: Date) -> Date {
        calendar.date(byAdding: .day, value: days, to: startOfDay(date)) ?? startOfDay(date).addingTimeInterval(Double(days) * 86_400)
    }

    /// `minutes` after the midnight that starts `day` (may run past the next midnight).
    public func date(_ day: Date, minutes: Int) -> Date {
        let start = startOfDay(day)
        let whole = minutes / 1440, rest = minutes % 1440
        let base = whole == 0 ? start : self.day(whole, after: start)
        return calendar.date(bySettingHour: rest / 60, minute: rest % 60, second: 0, of: base)
            ?? base.addingTimeInterval(Double(rest) * 60)
    }

    /// Minutes since the day's midnight.
    public func minuteOfDay(_ date: Date) -> Int {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    /// 1 = Monday ... 7 = Sunday.
    public func weekday(_ date: Date) -> Int {
        (calendar.component(.weekday, from: date) + 5) % 7 + 1
    }

    /// Whole days from the day of `a` to the day of `b` (negative when `b` is earlier).
    public func daysBetween(_ a: Date, _ b: Date) -> Int {
        calendar.dateComponents([.day], from: startOfDay(a), to: startOfDay(b)).day ?? 0
    }

    /// `10:05`.
    public func clockText(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `10:05`, or `00:12 (+1 day)` when `date` falls on a later day than `reference`, and
    /// `03:00 (after clocks went back)` when the clocks changed between them: a trip leaving
    /// 03:58 on the night they go back arrives at 03:00, which read alone is before it left.
    public func clockText(_ date: Date, since reference: Date) -> String {
        let days = daysBetween(reference, date)
        var marks: [String] = []
        switch days {
        case 0: break
        case 1: marks.append("+1 day")
        default: marks.append("\(days > 0 ? "+" : "")\(days) days")
        }
        marks += clockChange(since: reference, until: date).map { [$0] } ?? []
        return clockText(date) + (marks.isEmpty ? "" : " (" + marks.joined(separator: ", ") + ")")
    }

    /// `after clocks went back` (or `forward`) when `date`'s offset from UTC is not
    /// `reference`'s; nil when the clocks show the same offset at both.
    public func clockChange(since reference: Date, until date: Date) -> String? {
        let shift = timeZone.secondsFromGMT(for: date) - timeZone.secondsFromGMT(for: reference)
        if shift == 0 { return nil }
        return shift < 0 ? "after clocks went back" : "after clocks went forward"
    }

    /// `2026-12-03`.
    public func dateText(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
