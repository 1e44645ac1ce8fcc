import Foundation

/// Durations as the directions screen shows them: `1h 5m 30s`, `4m 2s`, `45s` (zero units left out).
/// Total: NaN, negative and absurd values cannot trap (servers are checked before this; this is
/// the last line).
public enum TravelTimeFormatter {
    public static func string(from seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0s" }
        let total = Int(saturating: seconds)
        let parts = [(total / 3600, "h"), (total % 3600 / 60, "m"), (total % 60, "s")]
        let shown = parts.filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }
        return shown.isEmpty ? "0s" : shown.joined(separator: " ")
    }
}
