import RouteItCore

/// The names of a leg's ends: leg i goes from stop i to stop i+1. `stops` hold every place once,
/// so a round trip has as many legs as stops (its last leg returns to the first stop) and a trip
/// that ends at a stop or anywhere has one leg fewer (its last leg ends at the last stop).
enum TripExportLeg {
    static func endpoints(leg index: Int, stops: [MapItem]) -> (from: String, to: String)? {
        guard !stops.isEmpty else { return nil }
        let from = stops[index % stops.count], to = stops[(index + 1) % stops.count]
        return (from.placemark.formattedAddress, to.placemark.formattedAddress)
    }

    static func title(leg index: Int, stops: [MapItem]) -> String {
        guard let ends = endpoints(leg: index, stops: stops) else { return "Leg \(index + 1)" }
        return "Leg \(index + 1): \(ends.from) → \(ends.to)"
    }
}
