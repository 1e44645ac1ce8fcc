import Foundation
import RouteItCore

/// Geocodes with a server while it answers and with the embedded geocoder while it does not.
public struct FallbackGeocoder: Geocoding {
    public let primary: Geocoding
    public let fallback: Geocoding?
    public let monitor: ReachabilityMonitor

    public init(primary: Geocoding, fallback: Geocoding?, monitor: ReachabilityMonitor) {
        self.primary = primary
        self.fallback = fallback
        self.monitor = monitor
    }

    public func geocode(_ text: String) async throws -> [Placemark] {
        try await answer(primary: { try await primary.geocode(text) },
                         fallback: { try await $0.geocode(text) })
    }

    public func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] {
        try await answer(primary: { try await primary.geocode(text, near: near) },
                         fallback: { try await $0.geocode(text, near: near) })
    }

    public func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? {
        try await answer(primary: { try await primary.reverseGeocode(coordinate) },
                         fallback: { try await $0.reverseGeocode(coordinate) })
    }

    private func answer<T>(primary: () async throws -> T, fallback answerOffline: (Geocoding) async throws -> T) async throws -> T {
        if await monitor.shouldTryServer() {
            do {
                let result = try await primary()
                monitor.markReachable()
                return result
            } catch let error as RemoteError where error.isServerDown {
                monitor.markUnreachable(error)
            }
        }
        try Task.checkCancellation()
        guard let fallback else {
            throw RemoteError.unreachable(host: monitor.baseURL.hostDescription, reason: "and no offline map is loaded")
        }
        return try await answerOffline(fallback)
    }
}

extension FallbackGeocoder: DetailedReverseGeocoding {
    public func reverseGeocode(_ coordinate: Coordinate, detail: ReverseDetail) async throws -> Placemark? {
        try await answer(primary: { try await primary.place(at: coordinate, detail: detail) },
                         fallback: { try await $0.place(at: coordinate, detail: detail) })
    }
}
