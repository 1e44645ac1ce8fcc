import Foundation
import RouteItCore

/// `osrm=URL` / `nominatim=URL`: how `--directions`, `--geocoder`, ROUTEIT_DIRECTIONS and
/// ROUTEIT_GEOCODER name a server. Bad text is a one-line error naming where it came from.
public enum BackendSpec {
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The server URL in `text`, or nil for "embedded" / an empty value (the built-in engine).
    public static func url(_ text: String, kind: String, source: String) throws -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed == "embedded" { return nil }
        guard trimmed.hasPrefix(kind + "=") else {
            throw ParseError(description: "\(source) takes \(kind)=URL or embedded, not \"\(text)\"")
        }
        let urlText = String(trimmed.dropFirst(kind.count + 1))
        guard let url = URL(string: urlText), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else {
            throw ParseError(description: "\(source): \"\(urlText)\" is not an http(s) URL")
        }
        return url
    }

    /// ROUTEIT_DIRECTIONS=osrm=URL from the environment, nil when unset or "embedded".
    public static func directionsFromEnvironment(_ environment: [String: String] = ProcessEnvironment.variables) throws -> URL? {
        try environment["ROUTEIT_DIRECTIONS"].flatMap { try url($0, kind: "osrm", source: "ROUTEIT_DIRECTIONS") }
    }

    /// ROUTEIT_DIRECTIONS_WALK=osrm=URL: a separate foot-profile OSRM server for walking.
    public static func walkingDirectionsFromEnvironment(_ environment: [String: String] = ProcessEnvironment.variables) throws -> URL? {
        try environment["ROUTEIT_DIRECTIONS_WALK"].flatMap { try url($0, kind: "osrm", source: "ROUTEIT_DIRECTIONS_WALK") }
    }

    /// ROUTEIT_DIRECTIONS_BIKE=osrm=URL: a separate bicycle-profile OSRM server for cycling.
    public static func cyclingDirectionsFromEnvironment(_ environment: [String: String] = ProcessEnvironment.variables) throws -> URL? {
        try environment["ROUTEIT_DIRECTIONS_BIKE"].flatMap { try url($0, kind: "osrm", source: "ROUTEIT_DIRECTIONS_BIKE") }
    }

    /// ROUTEIT_GEOCODER=nominatim=URL from the environment, nil when unset or "embedded".
    public static func geocoderFromEnvironment(_ environment: [String: String] = ProcessEnvironment.variables) throws -> URL? {
        try environment["ROUTEIT_GEOCODER"].flatMap { try url($0, kind: "nominatim", source: "ROUTEIT_GEOCODER") }
    }
}
