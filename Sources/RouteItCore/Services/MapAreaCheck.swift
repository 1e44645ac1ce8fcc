/// Geocoding and directions on one map, checking first that the points lie in its area: a point
/// outside gets `… is outside the Helsinki map (…)` instead of "No address nearby" or
/// "Directions not available.".
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

    public func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? {
        guard area.contains(coordinate) else { throw area.outsideAlert("The position \(coordinate)") }
        return try await geocoder.reverseGeocode(coordinate)
    }

    public func calculate(_ request: DirectionsRequest) async throws -> [Route] {
        for item in [request.source, request.destination] where !area.contains(item.coordinate) {
            throw area.outsideAlert(item.placemark.formattedAddress.isEmpty ? "\(item.coordinate)" : item.placemark.formattedAddress)
        }
        return try await directions.calculate(request)
    }
}
