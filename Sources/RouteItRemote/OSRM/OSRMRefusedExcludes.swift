import Foundation
import Synchronization
import RouteItCore

/// The server answered `InvalidValue` to an `exclude=` set: its profile cannot exclude it.
enum OSRMExcludeRefused: Error {
    case refused
}

/// The `exclude=` sets one OSRM server refused, remembered so later legs and trips do not ask
/// again. Shared by the copies of an `OSRMDirections`.
final class OSRMRefusedExcludes: Sendable {
    private let refused = Mutex<Set<UInt8>>([])

    func contains(_ set: RoadAvoidance) -> Bool {
        refused.withLock { $0.contains(set.rawValue) }
    }

    func insert(_ set: RoadAvoidance) {
        refused.withLock { _ = $0.insert(set.rawValue) }
    }
}
