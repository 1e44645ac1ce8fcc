import Foundation

/// Where a trip ends: back at the start (the default), at one of its places, or wherever its
/// last visit is (`end SLOT|start|anywhere`, `routeit route --end start|anywhere|N`).
public enum TripEndChoice: Hashable, Codable, Sendable, CustomStringConvertible {
    case start
    /// At this place: an index into the trip's places as given (1... ; 0 is the start).
    case place(Int)
    case anywhere

    public var description: String {
        switch self {
        case .start: return "start"
        case .anywhere: return "anywhere"
        case .place(let index): return "place \(index + 1)"
        }
    }
}

/// What the day allows, beyond the stops themselves: waiting for windows (`wait on|off`), the
/// latest the trip may end (`back by HH:MM`) and where it ends.
public struct DayOptions: Hashable, Codable, Sendable {
    /// Arriving before a stop opens waits for it; off, a visit must start on arrival.
    public var waits: Bool
    /// Minutes after the departure day's midnight by which the trip must end (the next day's
    /// when not after the departure's time of day: `endOfDay`); nil: no limit.
    public var backBy: Int?
    public var end: TripEndChoice
    /// Days to spread the stops over (`days N`): one route a day, each leaving at the
    /// departure's time of day, with that day's hours.
    public var days: Int

    public static let maxDays = 14

    public init(waits: Bool = true, backBy: Int? = nil, end: TripEndChoice = .start, days: Int = 1) {
        self.waits = waits
        self.backBy = backBy
        self.end = end
        self.days = days
    }

    /// `N` from 1 to `maxDays`, or one clear line.
    public static func parseDays(_ text: String) throws -> Int {
        guard let days = Int(text), (1...maxDays).contains(days) else {
            throw InputError("Not a number of days: \"\(text)\"; plan 1 to \(maxDays) days, e.g. days 3.")
        }
        return days
    }

    /// When day `index` (0 = the departure's) leaves: the departure's time of day, that day.
    public static func departure(ofDay index: Int, from departure: Date, calendar: LocalCalendar) -> Date {
        index == 0 ? departure : calendar.date(calendar.day(index, after: departure), minutes: calendar.minuteOfDay(departure))
    }

    /// `HH:MM` (00:00-24:00) as minutes, or one clear line.
    public static func parseBackBy(_ text: String) throws -> Int {
        guard let minutes = VisitWindow.minutes(text) else {
            throw InputError("Not a time of day: \"\(text)\"; back by takes HH:MM from 00:00 to 24:00, e.g. back by 17:00.")
        }
        return minutes
    }

    /// The end of day as an instant: `backBy` on the departure's day, or the next day's when
    /// that is not after the departure (`back by 01:00` for a trip leaving at 20:00 is the
    /// night's 01:00, as opening hours run past midnight). Each day of `days N` has its own.
    func endOfDay(departure: Date, calendar: LocalCalendar) -> Date? {
        guard let backBy else { return nil }
        let sameDay = calendar.date(departure, minutes: backBy)
        return sameDay > departure ? sameDay : calendar.date(calendar.day(1, after: departure), minutes: backBy)
    }

    /// `back by` for a trip leaving at `departure` falls on the next day.
    func isBackByNextDay(departure: Date, calendar: LocalCalendar) -> Bool {
        guard let backBy else { return false }
        return calendar.date(departure, minutes: backBy) <= departure
    }

    /// `17:00`, or `01:00 (+1 day)` when it is the next day's, as the planner writes times past
    /// midnight; nil without a `back by`. Without a departure (leaving now) it is as given.
    public func backByText(departure: Date?, calendar: LocalCalendar) -> String? {
        guard let backBy else { return nil }
        let nextDay = departure.map { isBackByNextDay(departure: $0, calendar: calendar) } ?? false
        return VisitWindow.clockText(backBy) + (nextDay ? " (+1 day)" : "")
    }

    /// Said once above a trip whose end of day is the next day's, so `back by 01:00` is never
    /// read as this morning's: `Back by 01:00 (+1 day): the trip leaves at 20:00, so it may end
    /// after midnight.`
    func nextDayBackByNote(departure: Date, calendar: LocalCalendar) -> String? {
        guard isBackByNextDay(departure: departure, calendar: calendar),
              let text = backByText(departure: departure, calendar: calendar) else { return nil }
        return "Back by \(text): the trip leaves at \(calendar.clockText(departure)), so it may end after midnight."
    }
}
