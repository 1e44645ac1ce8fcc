import Foundation

/// Whether the user stands still, by the receiver's own speed: fix times running on which it read
/// under `stillSpeed`. One low speed can be gpsd's, worked out from two noisy positions while the
/// user moves on; two running are the receiver's.
struct StillnessCount: Sendable {
    /// Metres a second under which a receiver says the user stands still (its own Doppler speed
    /// reads 0–0.1 then). Anything faster is still going: a car creeping the last metres behind a
    /// gate, a bike wheeled up to the door at 0.4 m/s is 5 m short of it for 10 s, and the noise
    /// of the fixes hides 5 m (early arrivals at 0.5 and 1 m/s: bikes 6 of 50, cars 1 of 50).
    static let stillSpeed = 0.15

    /// Fix times running on which the user stood still, the newest counted.
    var fixes: Int { run + (cycle?.still == true ? 1 : 0) }
    /// Fix times before the newest one that were still, running.
    private var run = 0
    /// The newest fix time and whether any report of it was still (gpsd reports a cycle twice:
    /// GGA's speed from noisy positions, then RMC's own; the lower one says).
    private var cycle: (time: Date, still: Bool)?

    mutating func count(_ fix: GuidanceFix) {
        let still = fix.speed.map { $0 < Self.stillSpeed } ?? false
        if let current = cycle, current.time == fix.time {
            cycle = (current.time, current.still || still)
            return
        }
        if let current = cycle { run = current.still ? run + 1 : 0 }
        cycle = (fix.time, still)
    }
}
