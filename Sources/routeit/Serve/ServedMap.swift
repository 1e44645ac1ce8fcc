import Foundation
import RouteItEngine
import Synchronization

/// The map file `routeit serve` answers from, checked before and after every request (one
/// fstat(2) each, `OfflineDirections.mapFileHealth`). A file truncated or rewritten in place
/// under the server would otherwise answer from a mix of the old map and the new bytes (a route
/// that exists "not available", one map's streets in the other's country), or fault; once it
/// has changed, every map request gets one line with 503 Unavailable until serve is restarted
/// (a fault while reading it meanwhile puts zeros in the mapping instead of exiting:
/// `MapFaults.survive`, and the check after the request replaces whatever that answered). A map
/// renamed over the path (an import, `mv`) is another file: this one keeps answering.
final class ServedMap: Sendable {
    private let roads: OfflineDirections
    private let fileName: String
    /// Sticky once the map is lost (1: changed, 2: a read faulted), so the answers never come
    /// back from a mapping that was changed or zeroed.
    private let lost = Atomic(0)

    init(roads: OfflineDirections, path: String) {
        self.roads = roads
        fileName = (path as NSString).lastPathComponent
    }

    /// Nil while the map may be answered from; else the one line every request gets.
    func unavailable() -> String? {
        var state = lost.load(ordering: .acquiring)
        if state == 0 {
            switch roads.mapFileHealth {
            case .intact: return nil
            case .changed: state = 1
            case .faulted: state = 2
            }
            if lost.compareExchange(expected: 0, desired: state, ordering: .acquiringAndReleasing).exchanged {
                printError("routeit serve: \(message(state)) Every map request is answered 503 Unavailable.")
            } else {
                state = lost.load(ordering: .acquiring)
            }
        }
        return message(state)
    }

    private func message(_ state: Int) -> String {
        state == 1 ? "The map file \(fileName) changed while routeit serve was running; restart routeit serve to use it."
            : "The map file \(fileName) could not be read; import it again and restart routeit serve."
    }
}
