import RouteItCore

/// The trip entry: one line per slot, `[✓] 1 From:   <text>`, `[ ] 2 Stop 1: <text>`.
public enum EntryScreen {
    /// Labels are padded so that `From:` and `Stop N:` line up (`From:` + 3 spaces).
    static let labelWidth = "Stop 1:".count

    /// A set departure shows in the title (`leaving 2026-12-03 10:00`), a planned stay after
    /// its stop (`(stay 15m)`).
    public static func render(_ entry: EntryViewModel, settings: TripSettings, calendar: LocalCalendar = .fromEnvironment(),
                              style: TextStyle = .plain) -> String {
        let avoiding = settings.avoid.isEmpty ? "" : ", avoiding \(settings.avoid.description)"
        var title = style.bold("Trip") + style.dim(" (\(settings.transportType.rawValue), \(settings.distanceUnit.name)\(avoiding))")
        if case .at(let date) = entry.departure {
            title += style.dim(", leaving \(calendar.dateText(date)) \(calendar.clockText(date))")
        }
        var lines = [title]
        for (index, slot) in entry.slots.enumerated() {
            let mark = slot.isSelected ? style.green("✓") : " "
            let label = (EntryViewModel.label(forSlotAt: index) + ":").padding(toLength: labelWidth)
            var line = "[\(mark)] \(index + 1) \(label) \(slot.text)".trimmingTrailingSpaces()
            if slot.stay > 0 { line += style.dim(" (stay \(StayDuration.text(slot.stay)))") }
            lines.append(line)
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
