import Foundation
import RouteItCore

/// Time that moves only when the test says so.
final class ManualTimeSource: TimeSource {
    var current: TimeInterval = 1_000
    func now() -> TimeInterval { current }
    func advance(_ seconds: TimeInterval) { current += seconds }
}
