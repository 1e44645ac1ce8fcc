import Foundation

/// Why a stop was left out of the day, said about the place and its real cause: `closed all
/// day Sunday`, `its 2h stay would end after it closes at 16:00`, `its 40m stay does not fit
/// in its window 10:00-10:30`, `the trip would end after 17:00`.
enum DropReasonText {
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `arrival`: the soonest the trip can be there (straight from the start).
    static func text(_ reason: DropReason, place: TripPlace, departure: Date?, arrival: Date?, calendar: LocalCalendar,
                     options: DayOptions, wording: PlannerWording = .shell, outUntil: Date? = nil) -> String {
        // `01:00 (+1 day)` when the end of day is the next day's, as the other times past midnight.
        let endOfDay = options.backByText(departure: departure, calendar: calendar)
        switch reason {
        case .noRoute:
            return "there is no route to it, or on from it"
        case .pastEndOfDay:
            return "the trip would end after \(endOfDay ?? "the end of the day")"
        case .crowdedOut:
            let low = place.priority == .low ? " (priority low)" : ""
            if let endOfDay { return "it does not fit before \(endOfDay) with the other stops\(low)" }
            return "it does not fit with the other stops' hours and windows\(low)"
        case .windowsClash:
            // However late the trip came back: its windows and the kept stops' clash.
            return "it does not fit with the other stops' hours and windows\(place.priority == .low ? " (priority low)" : "")"
        case .noWindowReachable:
            guard let departure else { return "its window cannot be reached" }
            // The day of its windows: the end of day's, or (no back by) as far as the plan is out.
            let day = WindowDay(departure: departure, outUntil: options.endOfDay(departure: departure, calendar: calendar) ?? outUntil,
                                calendar: calendar)
            let visit = Visit(place: place, departure: departure, arrival: arrival ?? departure, calendar: calendar,
                              waits: options.waits, waitSwitch: wording.waitSwitch, day: day)
            let windows = day.text(place.windows, separator: ",")
            if let why = visit.hoursReason() ?? visit.windowReason() { return why }
            return windows.isEmpty ? "it cannot be visited while it is open" : "its window \(windows) cannot be reached while it is open"
        }
    }

    /// A visit to `place` that could not be fitted: reached at `arrival` at the soonest.
    private struct Visit {
        let place: TripPlace, departure: Date, arrival: Date, calendar: LocalCalendar, waits: Bool, waitSwitch: String
        let day: WindowDay

        var stay: String { StayDuration.text(place.stay) }
        func clock(_ date: Date) -> String { calendar.clockText(date, since: departure) }

        /// Why its opening hours alone keep the visit out; nil when they would allow it.
        func hoursReason() -> String? {
            guard let hours = place.item.openingHours, hours.isKnown,
                  let spans = TripDay.openSpans(of: place, on: day) else { return nil }
            if spans.isEmpty {
                // Never open in the week ahead (`closed`, `off`): no weekday to blame.
                if hours.openSpans(from: departure, to: calendar.day(8, after: departure), in: calendar).isEmpty {
                    return "it is never open (its hours: \(TerminalSafeText.clean(hours.text)))"
                }
                return "closed all day \(weekdays[calendar.weekday(departure) - 1])"
            }
            if spans.allSatisfy({ $0.upperBound <= departure }) {
                let week = hours.openSpans(from: departure, to: calendar.day(8, after: departure), in: calendar)
                if let next = week.first(where: { $0.lowerBound > departure.timeIntervalSinceReferenceDate }) {
                    let opens = Date(timeIntervalSinceReferenceDate: next.lowerBound)
                    return "closed until \(weekdays[calendar.weekday(opens) - 1])"
                }
                return "closed for the rest of the day"
            }
            switch blocker(spans, lastMinute: 0) {
            case nil: return nil
            case .over(let closed): return "it closes at \(clock(closed)), before it can be reached (\(clock(arrival)))"
            case .notWaiting(let opens): return "it opens at \(clock(opens)) and the trip does not wait (\(waitSwitch))"
            case .tooShort: return "it is not open long enough for its \(stay) stay"
            case .stayOverruns(let closes): return "its \(stay) stay would end after it closes at \(clock(closes))"
            }
        }

        /// Why its windows alone keep the visit out; nil when they would allow it.
        func windowReason() -> String? {
            guard !place.windows.isEmpty else { return nil }
            let windows = day.text(place.windows, separator: ",")
            let spans = place.windows.map(day.span)
            if spans.allSatisfy({ $0.upperBound + VisitCheck.lastMinute < departure }) {
                // Named with the departure, so `08:00-09:00` is plainly the morning before it.
                return "its window \(windows) is over before the trip leaves at \(calendar.clockText(departure))"
            }
            switch blocker(spans, lastMinute: VisitCheck.lastMinute) {
            case nil: return nil
            case .over: return "its window \(windows) is over before it can be reached (\(clock(arrival)))"
            case .notWaiting: return "its window \(windows) cannot be reached without waiting (\(waitSwitch))"
            case .tooShort, .stayOverruns: return "its \(stay) stay does not fit in its window \(windows)"
            }
        }

        enum Blocker { case over(Date), notWaiting(opens: Date), tooShort, stayOverruns(closes: Date) }

        /// What keeps a visit reached at `arrival` out of every one of `spans` (each holding
        /// `lastMinute` more at its end, as `TripDay.visitSpans` gives the planner); nil: one fits.
        func blocker(_ spans: [ClosedRange<Date>], lastMinute: TimeInterval) -> Blocker? {
            let ahead = spans.filter { $0.upperBound + lastMinute >= arrival }
            guard !ahead.isEmpty else { return .over(spans.map(\.upperBound).max() ?? departure) }
            func fits(_ span: ClosedRange<Date>, from start: Date) -> Bool { start + place.stay <= span.upperBound + lastMinute }
            if ahead.contains(where: { fits($0, from: max(arrival, $0.lowerBound)) && (waits || $0.lowerBound <= arrival) }) {
                return nil
            }
            if !waits, let later = ahead.first(where: { $0.lowerBound > arrival && fits($0, from: $0.lowerBound) }) {
                return .notWaiting(opens: later.lowerBound)
            }
            if let open = ahead.first(where: { $0.lowerBound <= arrival }), !fits(open, from: arrival),
               spans.contains(where: { fits($0, from: $0.lowerBound) }) || !waits {
                return .stayOverruns(closes: open.upperBound)
            }
            return .tooShort
        }
    }
}
