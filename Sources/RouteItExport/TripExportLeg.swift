import RouteItCore

/// The names of a leg's ends in a round trip: leg i goes from stop i to stop i+1, and the last
/// leg returns to the first stop.
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
