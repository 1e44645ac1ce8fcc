/// Text → places and position → place (CLGeocoder's role). Implemented by the embedded engine,
/// by Nominatim over HTTP, and by test doubles.
public protocol Geocoding: Sendable {
    /// Candidates best first (at most 10); an empty array when nothing plausible matches.
    func geocode(_ text: String) async throws -> [Placemark]
    /// The nearest address (or street) to `coordinate`, nil when there is none nearby.
    func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark?
}
