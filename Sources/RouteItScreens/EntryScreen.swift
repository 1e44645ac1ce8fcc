import RouteItCore

/// The trip entry: one line per slot, `[✓] 1 From:   <text>`, `[ ] 2 Stop 1: <text>`.
public enum EntryScreen {
    /// Labels are padded so that `From:` and `Stop N:` line up (`From:` + 3 spaces).
    static let labelWidth = "Stop 1:".count

    public static func render(_ entry: EntryViewModel, settings: TripSettings, style: TextStyle = .plain) -> String {
        var lines = [style.bold("Trip") + style.dim(" (\(settings.transportType.rawValue), \(settings.distanceUnit.name))")]
        for (index, slot) in entry.slots.enumerated() {
            let mark = slot.isSelected ? style.green("✓") : " "
            let label = (EntryViewModel.label(forSlotAt: index) + ":").padding(toLength: labelWidth)
            lines.append("[\(mark)] \(index + 1) \(label) \(slot.text)".trimmingTrailingSpaces())
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
