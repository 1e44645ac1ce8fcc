import Foundation
import RouteItCore

/// Geocoding through a Nominatim server's `/search` and `/reverse` (jsonv2 with address details).
public struct NominatimGeocoder: Geocoding {
    public let baseURL: URL
    let client: HTTPClient

    public init(baseURL: URL, configuration: RemoteConfiguration = RemoteConfiguration()) {
        self.baseURL = baseURL
        client = HTTPClient(configuration: configuration)
    }

    public func geocode(_ text: String) async throws -> [Placemark] {
        try await geocode(text, near: nil)
    }

    /// With `near`, a viewbox of about 5 km around it that Nominatim prefers (`bounded=0`:
    /// places outside it still come, after those inside).
    public func geocode(_ text: String, near: Coordinate?) async throws -> [Placemark] {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return [] }
        var items = [("q", query), ("format", "jsonv2"), ("addressdetails", "1"), ("extratags", "1"), ("limit", "10")]
        if let near, near.isValid {
            let box = [near.longitude - 0.05, near.latitude + 0.05, near.longitude + 0.05, near.latitude - 0.05]
            items.append(("viewbox", box.map { String(format: "%.5f", $0) }.joined(separator: ",")))
            items.append(("bounded", "0"))
        }
        let body = try await fetch("/search", items)
        guard let places = try? JSONDecoder().decode([NominatimPlace].self, from: body) else {
            throw RemoteError.invalidResponse(host: baseURL.hostDescription, reason: "not a Nominatim result list")
        }
        return try places.prefix(10).map { try $0.placemark }
    }

    public func reverseGeocode(_ coordinate: Coordinate) async throws -> Placemark? {
        try await reverse(coordinate, zoom: nil)
    }

    /// `zoom` nil: the server's default, the address.
    private func reverse(_ coordinate: Coordinate, zoom: Int?) async throws -> Placemark? {
        guard coordinate.isValid else { return nil }
        let body = try await fetch("/reverse", [("lat", String(format: "%.7f", coordinate.latitude)),
                                                ("lon", String(format: "%.7f", coordinate.longitude))]
                                               + (zoom.map { [("zoom", String($0))] } ?? [])
                                               + [("format", "jsonv2"), ("addressdetails", "1"), ("extratags", "1")])
        // Nothing nearby is `{"error": "Unable to geocode"}` with HTTP 200.
        if (try? JSONDecoder().decode(NominatimErrorBody.self, from: body)) != nil { return nil }
        guard let place = try? JSONDecoder().decode(NominatimPlace.self, from: body) else {
            throw RemoteError.invalidResponse(host: baseURL.hostDescription, reason: "not a Nominatim place")
        }
        return try place.placemark
    }

    /// GET with the query items; 4xx becomes a one-line `NominatimError.rejected`.
    private func fetch(_ path: String, _ items: [(String, String)]) async throws -> Data {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        var basePath = components.path
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.path = basePath + path
        components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        // URLComponents leaves "+" alone, which servers read as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        let response: HTTPResponse
        do {
            response = try await client.get(components.url!)
        } catch RemoteError.cancelled {
            throw CancellationError()
        }
        guard (400..<500).contains(response.statusCode) else { return response.body }
        let message = (try? JSONDecoder().decode(NominatimErrorBody.self, from: response.body))?.message
        throw NominatimError.rejected(status: response.statusCode, message: message ?? "no reason given")
    }
}

extension NominatimGeocoder: DetailedReverseGeocoding {
    public func reverseGeocode(_ coordinate: Coordinate, detail: ReverseDetail) async throws -> Placemark? {
        try await reverse(coordinate, zoom: detail == .address ? nil : detail.nominatimZoom)
    }
}

/// The geocoding server refused the query (4xx): not retried, not a reason to fall back.
public enum NominatimError: Error, Equatable, Sendable, CustomStringConvertible {
    case rejected(status: Int, message: String)

    public var description: String {
        switch self {
        case let .rejected(status, message): return "The geocoding server rejected the query (HTTP \(status): \(message))."
        }
    }
}
