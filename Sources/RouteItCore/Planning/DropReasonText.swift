import Foundation

/// Why a stop was left out of the day, said about the place: `closed all day Sunday`,
/// `closed until Monday`, `its window 10:00-11:00 cannot be reached`, `the trip would end
/// after 17:00`.
enum DropReasonText {
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    static func text(_ reason: DropReason, place: TripPlace, departure: Date?, calendar: LocalCalendar,
                     options: DayOptions) -> String {
        let endOfDay = options.backBy.map(VisitWindow.clockText)
        switch reason {
        case .noRoute:
            return "there is no route to it, or on from it"
        case .pastEndOfDay:
            return "the trip would end after \(endOfDay ?? "the end of the day")"
        case .crowdedOut:
            let low = place.priority == .low ? " (priority low)" : ""
            if let endOfDay { return "it does not fit before \(endOfDay) with the other stops\(low)" }
            return "it does not fit with the other stops' hours and windows\(low)"
        case .noWindowReachable:
            guard let departure else { return "its window cannot be reached" }
            return unreachable(place, departure: departure, calendar: calendar, options: options)
        }
    }

    private static func unreachable(_ place: TripPlace, departure: Date, calendar: LocalCalendar, options: DayOptions) -> String {
        let windows = place.windows.map(\.description).joined(separator: ",")
        if let hours = place.item.openingHours, hours.isKnown {
            var hoursOnly = place
            hoursOnly.windows = []
            let today = TripDay.visitSpans(for: hoursOnly, departure: departure, calendar: calendar) ?? []
            if today.isEmpty { return "closed all day \(weekdays[calendar.weekday(departure) - 1])" }
            if today.allSatisfy({ $0.upperBound <= departure }) {
                let week = hours.openSpans(from: departure, to: calendar.day(8, after: departure), in: calendar)
                if let next = week.first(where: { $0.lowerBound > departure.timeIntervalSinceReferenceDate }) {
                    let opens = Date(timeIntervalSinceReferenceDate: next.lowerBound)
                    return "closed until \(weekdays[calendar.weekday(opens) - 1])"
                }
                return "closed for the rest of the day"
            }
            if !windows.isEmpty { return "its window \(windows) cannot be reached while it is open" }
            if let longest = today.map({ $0.upperBound.timeIntervalSince($0.lowerBound) }).max(), longest < place.stay {
                return "it is not open long enough for its \(StayDuration.text(place.stay)) stay"
            }
            if !options.waits, let opens = today.first(where: { $0.lowerBound > departure })?.lowerBound {
                return "it opens at \(calendar.clockText(opens)) and the trip does not wait (wait on)"
            }
            return "it closes before it can be reached"
        }
        // Waiting is worth saying only for a window that opens after the trip leaves.
        let spans = place.windows.map { $0.span(onDayOf: departure, calendar: calendar) }
        if !options.waits, spans.contains(where: { $0.lowerBound > departure }) {
            return "its window \(windows) cannot be reached without waiting (wait on)"
        }
        if spans.allSatisfy({ $0.upperBound + VisitCheck.lastMinute < departure }) { return "its window \(windows) is over before the trip leaves" }
        return "its window \(windows) cannot be reached"
    }
}
