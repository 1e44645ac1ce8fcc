import Foundation

/// Monotonic time for latency measurements (never the wall clock, which may jump).
enum Stopwatch {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Milliseconds since `start`.
    static func milliseconds(since start: UInt64) -> Double { Double(now() &- start) / 1_000_000 }
}
