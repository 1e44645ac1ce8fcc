import Foundation
import RouteItCore

/// The server answered `InvalidValue` to an `exclude=` set: its profile cannot exclude it.
enum OSRMExcludeRefused: Error {
    case refused
}

/// The `exclude=` sets one OSRM server refused, remembered so later legs and trips do not ask
/// again. Shared by the copies of an `OSRMDirections`.
final class OSRMRefusedExcludes: @unchecked Sendable {
    private let lock = NSLock()
    private var refused: Set<UInt8> = []

    func contains(_ set: RoadAvoidance) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return refused.contains(set.rawValue)
    }

    func insert(_ set: RoadAvoidance) {
        lock.lock()
        refused.insert(set.rawValue)
        lock.unlock()
    }
}
