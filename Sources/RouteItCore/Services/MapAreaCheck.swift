/// Geocoding and directions on one map that say when a point lies outside its area: where the
/// map has nothing for a point beyond its edge, the user reads `… is outside the Helsinki map
/// (…)` instead of "No address nearby" or "Directions not available.". A point just past the
/// edge that the map can still answer for (an extract keeps whole ways) gets its answer.
public struct MapAreaCheck: Geocoding, Directions {
    public let area: MapArea
    public let geocoder: Geocoding
    public let directions: Directions

    public init(area: MapArea, geocoder: Geocoding, directions: Directions) {
        self.area = area
        self.geocoder = geocoder
        self.directions = directions
    }

    public func geocode(_ text: String) async throws -> [Placemark] {
        try await geocoder.geocode(text)
    }

    public func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] {
        try await geocoder.geocode(text, near: near)
    }

    public func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? {
        let found = try await geocoder.reverseGeocode(coordinate)
        if found == nil, !area.contains(coordinate) { throw area.outsideAlert("The position \(coordinate)") }
        return found
    }

    public func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        let routes: [Route]
        do {
            routes = try await directions.calculate(request)
        } catch let error as DirectionsError {
            switch error {
            case .noRoute, .invalidRequest: throw outsideAlert(request) ?? error
            case .unavailable: throw error
            }
        }
        if routes.isEmpty, let outside = outsideAlert(request) { throw outside }
        return routes
    }

    /// A place outside the area that no route reaches, from or to, is the outside alert.
    public func table(_ request: TravelTableRequest) async throws -> TravelTable {
        let table = try await directions.table(request)
        for (i, source) in request.sources.enumerated() where !area.contains(source.coordinate) {
            let row = i < table.durations.count ? table.durations[i] : []
            if !row.enumerated().contains(where: { $1 != nil && request.destinations[$0] != source }) {
                throw outsideAlert(for: source)
            }
        }
        for (j, destination) in request.destinations.enumerated() where !area.contains(destination.coordinate) {
            let column = table.durations.enumerated().map { $1.count > j ? $1[j] : nil }
            if !column.enumerated().contains(where: { $1 != nil && request.sources[$0] != destination }) {
                throw outsideAlert(for: destination)
            }
        }
        return table
    }

    /// The alert for the first of the request's places outside the area, nil when both are in it.
    private func outsideAlert(_ request: DirectionsRequest) -> Alert? {
        [request.source, request.destination].first { !area.contains($0.coordinate) }.map(outsideAlert(for:))
    }

    private func outsideAlert(for item: MapItem) -> Alert {
        area.outsideAlert(item.placemark.formattedAddress.isEmpty ? "\(item.coordinate)" : item.placemark.formattedAddress)
    }
}
