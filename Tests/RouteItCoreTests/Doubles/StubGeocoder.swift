import Foundation
import RouteItCore

/// Answers geocoding from a dictionary (exact text → candidates) and reverse geocoding with one
/// fixed placemark; records what was asked.
final class StubGeocoder: Geocoding, @unchecked Sendable {
    private let lock = NSLock()
    var candidates: [String: [Placemark]]
    var nearest: Placemark?
    private var _queries: [String] = []
    private var _nearPoints: [Coordinate?] = []

    init(candidates: [String: [Placemark]] = [:], nearest: Placemark? = nil) {
        self.candidates = candidates
        self.nearest = nearest
    }

    var queries: [String] { lock.withLock { _queries } }
    /// The `near` of every query, in order (nil when asked without a position).
    var nearPoints: [Coordinate?] { lock.withLock { _nearPoints } }

    func geocode(_ text: String) async throws -> [Placemark] { try await geocode(text, near: nil) }

    func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] {
        lock.withLock {
            _queries.append(text)
            _nearPoints.append(near)
        }
        return candidates[text] ?? []
    }

    func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? { nearest }
}
