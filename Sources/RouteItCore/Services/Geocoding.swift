/// Text → places and position → place (CLGeocoder's role). Implemented by the embedded engine,
/// by Nominatim over HTTP, and by test doubles.
/// No requirement has a default: a wrapper that forgot one would silently drop what it carries
/// (a default `geocode(_:near:)` once dropped the user's position in every decorator).
public protocol Geocoding: Sendable {
    /// Candidates best first (at most 10); an empty array when nothing plausible matches.
    func geocode(_ text: String) async throws -> [Placemark]
    /// The same, ranked for someone at `near` (the current location or the search centre, as
    /// MapKit's search region and Nominatim's viewbox): of equal matches the nearer come first.
    func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark]
    /// The nearest address (or street) to `coordinate`, nil when there is none nearby.
    func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark?
}
