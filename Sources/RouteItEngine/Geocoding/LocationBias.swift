import Foundation

/// How much distance from the search centre costs a candidate: a little from the current
/// location (of two equal matches the nearer wins, a better match still wins), a lot from a
/// place named in the query ("Alepa near Kamppi" wants the Alepa there).
enum LocationBias {
    case none, currentLocation, namedPlace

    func penalty(metres: Double) -> Double {
        let growth = log2(1 + metres / 500)
        switch self {
        case .none: return 0
        case .currentLocation: return min(9, 1.5 * growth)
        case .namedPlace: return min(40, 5 * growth)
        }
    }
}
