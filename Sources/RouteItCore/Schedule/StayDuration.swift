import Foundation

/// How long the trip stays at a stop: `15m`, `1h`, `1h30m`, `90m`, or bare minutes `90`, `0`
/// (at most a day). One reading for the shell's `stay`, `--stay` and a stop list's column.
/// Minutes after hours are 0-59: `1h61m` is more likely a slip than 2h1m, so it is refused.
public enum StayDuration {
    public static let maximum: TimeInterval = 24 * 3600

    public static func parse(_ text: String) throws -> TimeInterval {
        let bad = InputError("Not a stay: \"\(text)\"; use minutes and hours like 15m, 1h or 1h30m (a bare number is minutes).")
        let lowered = text.lowercased()
        var total = 0
        if !lowered.isEmpty, lowered.count <= 5, lowered.allSatisfy({ $0.isASCII && $0.isNumber }), let minutes = Int(lowered) {
            total = minutes * 60
            guard Double(total) <= maximum else { throw InputError("A stay is at most 24h.") }
            return TimeInterval(total)
        }
        var number = ""
        var units = Set<Character>()
        for character in lowered {
            if character.isASCII, character.isNumber {
                number.append(character)
                guard number.count <= 5 else { throw bad }
            } else if character == "h" || character == "m" {
                guard let value = Int(number), !units.contains(character), !(character == "h" && units.contains("m")) else { throw bad }
                if character == "m", units.contains("h"), value > 59 { throw minutesPastAnHour(text, minutes: total / 60 + value) }
                units.insert(character)
                total += value * (character == "h" ? 3600 : 60)
                number = ""
            } else {
                throw bad
            }
        }
        guard number.isEmpty, !units.isEmpty else { throw bad }
        guard Double(total) <= maximum else { throw InputError("A stay is at most 24h.") }
        return TimeInterval(total)
    }

    /// `1h61m`: what is wrong, and the stay written both ways it may have meant.
    private static func minutesPastAnHour(_ text: String, minutes: Int) -> InputError {
        let meant = Double(minutes * 60) <= maximum ? "type \(Self.text(TimeInterval(minutes * 60))) (or \(minutes)m)" : "a stay is at most 24h"
        return InputError("Not a stay: \"\(text)\"; minutes after hours go up to 59: \(meant).")
    }

    /// `15m`, `1h`, `1h30m`; `0m` for none.
    public static func text(_ seconds: TimeInterval) -> String {
        let minutes = seconds.isFinite ? Int(saturating: seconds / 60) : 0
        if minutes == 0 { return "0m" }
        let hours = minutes / 60, rest = minutes % 60
        if hours == 0 { return "\(rest)m" }
        return rest == 0 ? "\(hours)h" : "\(hours)h\(rest)m"
    }
}
