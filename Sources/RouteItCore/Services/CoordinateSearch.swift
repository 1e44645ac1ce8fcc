extension Geocoding {
    /// The places a search text names: text that is a coordinate (`60.17,24.94`, latitude
    /// first) names the place there, as Nominatim answers such a query (the reverse lookup's
    /// place, or none when nothing is near); other text is geocoded. The one question
    /// `routeit geocode` and serve's `/search` ask, so they agree.
    public func places(matching text: String, near: Coordinate?) async throws -> [Placemark] {
        guard let point = Coordinate(text: text) else { return try await geocode(text, near: near) }
        return try await reverseGeocode(point).map { [$0] } ?? []
    }
}
