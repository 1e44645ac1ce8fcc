import Foundation

/// One place of a routed trip: the chosen place, how long the trip stays there, and what the
/// user calls it (`the start`, `Stop 2`).
public struct TripPlace: Equatable, Sendable {
    public var item: MapItem
    public var stay: TimeInterval
    public var label: String

    public init(item: MapItem, stay: TimeInterval = 0, label: String) {
        self.item = item
        self.stay = stay
        self.label = label
    }

    /// `Stop 2 (Annankatu 25, 00100 Helsinki)`: for sentences that name a leg.
    public var described: String { "\(label) (\(item.placemark.formattedAddress))" }
}

/// What `route` will visit: the start, the stops with a place, the start again; and notices
/// for the stops left out.
public struct PlannedTrip: Equatable, Sendable {
    public var places: [TripPlace]
    public var notices: [String]

    public init(places: [TripPlace], notices: [String] = []) {
        self.places = places
        self.notices = notices
    }
}
