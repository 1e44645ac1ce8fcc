import Foundation

/// Which day a stop's window (`window SLOT 00:30-01:00`) is on for one day's trip: the one rule
/// the planner, the directions, the reasons and the screens share. A window is the departure
/// day's, except one that is over by the time the trip leaves (it ends at or before the
/// departure's time of day): that one is the next day's when the trip is still out then, i.e.
/// its next-day start is before `outUntil` (the end of day of a `back by` that is `+1 day`, or,
/// without a back by, when the trip is back as planned). A trip leaving at 20:00, back by
/// 01:00, visits `00:30-01:00` that night; a trip leaving at 10:00, back by 17:00, never waits
/// a night for `08:00-09:00`.
public struct WindowDay: Sendable {
    /// When the day's trip leaves.
    public let departure: Date
    /// The latest the trip is out; nil: not known to run past midnight (every window the
    /// departure day's).
    public let outUntil: Date?
    public let calendar: LocalCalendar

    public init(departure: Date, outUntil: Date?, calendar: LocalCalendar) {
        self.departure = departure
        self.outUntil = outUntil
        self.calendar = calendar
    }

    /// The day as its `back by` bounds it (no back by: every window the departure day's until
    /// the trip's times say it is out past midnight; see `outUntil`).
    public init(departure: Date, day: DayOptions, calendar: LocalCalendar) {
        self.init(departure: departure, outUntil: day.endOfDay(departure: departure, calendar: calendar), calendar: calendar)
    }

    /// The window is the next day's (see the type).
    public func isNextDays(_ window: VisitWindow) -> Bool {
        guard window.span(onDayOf: departure, calendar: calendar).upperBound <= departure else { return false }
        return isStillOut(at: nextDaySpan(window).lowerBound)
    }

    /// The trip is out at `date` (a moment after it leaves, before `outUntil`).
    func isStillOut(at date: Date) -> Bool {
        guard let outUntil else { return false }
        return date < outUntil
    }

    /// The window as absolute times for this day's trip.
    public func span(_ window: VisitWindow) -> ClosedRange<Date> {
        isNextDays(window) ? nextDaySpan(window) : window.span(onDayOf: departure, calendar: calendar)
    }

    private func nextDaySpan(_ window: VisitWindow) -> ClosedRange<Date> {
        window.span(onDayOf: calendar.day(1, after: departure), calendar: calendar)
    }

    /// `00:30-01:00 (+1 day)` for a next day's window, as `back by` and the clock times past
    /// midnight are written; else `10:00-12:00`.
    public func text(_ window: VisitWindow) -> String {
        window.description + (isNextDays(window) ? " (+1 day)" : "")
    }

    /// Several, as a stop's windows are listed (`10:00-12:00, 00:30-01:00 (+1 day)`).
    public func text(_ windows: [VisitWindow], separator: String = ", ") -> String {
        windows.map(text).joined(separator: separator)
    }

    /// The window without the trip's day (leaving now, or no departure): as given.
    public static func text(_ windows: [VisitWindow], day: WindowDay?, separator: String = ", ") -> String {
        day?.text(windows, separator: separator) ?? windows.map(\.description).joined(separator: separator)
    }

    /// Said once above the trip when some of `places`' windows are the next day's:
    /// `Club (Stop 2)'s window 00:30-01:00 (+1 day) is the night's: the trip leaves at 20:00 and is still out then.`
    func nextDayNote(for places: [TripPlace]) -> String? {
        let named = places.filter { $0.windows.contains(where: isNextDays) }
            .map { "\($0.item.shortName) (\($0.label))'s window \(text($0.windows.filter(isNextDays)))" }
        guard !named.isEmpty else { return nil }
        let verb = named.count == 1 ? "is" : "are"
        return "\(named.joined(separator: ", ")) \(verb) after midnight: the trip leaves at \(calendar.clockText(departure)) and is still out then."
    }

    /// Without a `back by`, the trip is out past midnight when it is back at `end` (as planned
    /// with every window and opening the departure day's) after a window's next-day start, or
    /// after an opening of a stop's that starts after midnight; nil when there is none (nothing
    /// to plan again).
    static func outUntilWithoutBackBy(_ stops: [TripPlace], departure: Date, end: Date, calendar: LocalCalendar) -> Date? {
        let day = WindowDay(departure: departure, outUntil: end, calendar: calendar)
        let midnight = calendar.day(1, after: departure)
        let opensInTheNight = stops.contains { stop in
            TripDay.openSpans(of: stop, on: day)?.contains { $0.lowerBound >= midnight } ?? false
        }
        return opensInTheNight || stops.flatMap(\.windows).contains(where: day.isNextDays) ? end : nil
    }
}
