import Foundation

/// The trip timer's `HH:MM:SS` (hours keep counting past 99 rather than wrapping).
public enum StopwatchFormatter {
    public static func string(from seconds: TimeInterval) -> String {
        let total = seconds.isFinite ? max(0, Int(saturating: seconds, rounding: .down)) : 0
        return String(format: "%02d:%02d:%02d", total / 3600, total % 3600 / 60, total % 60)
    }
}
