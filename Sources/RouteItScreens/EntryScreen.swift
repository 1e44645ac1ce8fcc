import Foundation
import RouteItCore

/// The trip entry: one line per slot, `[✓] 1 From:   <text>`, `[ ] 2 Stop 1: <text>`, a page of
/// slots at a time for a long trip.
public enum EntryScreen {
    /// Labels are padded so that `From:` and `Stop N:` line up (`From:` + 3 spaces).
    static let labelWidth = "Stop 1:".count

    /// A set departure shows in the title (`leaving 2026-12-03 10:00`), a planned stay, window
    /// and priority after its stop (`(stay 15m, 10:00-12:00, high)`); the day's limits after the
    /// departure (`back by 17:00, ending anywhere, no waiting`) and `trip ends here` at the end.
    public static func render(_ entry: EntryViewModel, settings: TripSettings, calendar: LocalCalendar = .fromEnvironment(),
                              style: TextStyle = .plain) -> String {
        let avoiding = settings.avoid.isEmpty ? "" : ", avoiding \(settings.avoid.description)"
        var title = style.bold("Trip") + style.dim(" (\(settings.transportType.rawValue), \(settings.distanceUnit.name)\(avoiding))")
        if case .at(let date) = entry.departure {
            title += style.dim(", leaving \(calendar.dateText(date)) \(calendar.clockText(date))")
        }
        var day: [String] = []
        // A set departure says a back by after midnight as the next day's (`01:00 (+1 day)`).
        let leaves: Date? = if case .at(let date) = entry.departure { date } else { nil }
        if let backBy = entry.day.backByText(departure: leaves, calendar: calendar) { day.append("back by \(backBy)") }
        // A window past midnight that the back by keeps the trip out for: `00:30-01:00 (+1 day)`.
        let windowDay = leaves.map { WindowDay(departure: $0, day: entry.day, calendar: calendar) }
        if entry.day.end == .anywhere { day.append("ending anywhere") }
        if !entry.day.waits { day.append("no waiting") }
        if entry.day.days > 1 { day.append("over \(entry.day.days) days") }
        if !day.isEmpty { title += style.dim(", " + day.joined(separator: ", ")) }
        var lines = [title]
        for index in entry.slotsOnPage {
            let slot = entry.slots[index]
            let mark = slot.isSelected ? style.green("✓") : " "
            let label = (EntryViewModel.label(forSlotAt: index) + ":").padding(toLength: labelWidth)
            var line = "[\(mark)] \(index + 1) \(label) \(slot.text)".trimmingTrailingSpaces()
            var plan: [String] = []
            if slot.stay > 0 { plan.append("stay \(StayDuration.text(slot.stay))") }
            plan += slot.windows.map { windowDay?.text($0) ?? $0.description }
            if slot.priority != .normal { plan.append(slot.priority.rawValue) }
            if entry.day.end == .place(index) { plan.append("trip ends here") }
            if !plan.isEmpty { line += style.dim(" (\(plan.joined(separator: ", ")))") }
            lines.append(line)
        }
        if entry.pageCount > 1 {
            let shown = entry.slotsOnPage, picked = entry.slots.filter(\.isSelected).count
            lines.append(style.dim("Slots \(shown.lowerBound + 1)-\(shown.upperBound) of \(entry.slots.count), \(picked) picked "
                                   + "(page \(min(entry.page, entry.pageCount - 1) + 1) of \(entry.pageCount): page next, page prev, page N)"))
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }

    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
