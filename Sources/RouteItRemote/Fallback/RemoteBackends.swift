import Foundation
import RouteItCore

/// The backends a session uses once `--directions osrm=URL` / `--geocoder nominatim=URL` are
/// applied: each server wrapped in its fallback composite over the embedded engine, the
/// monitors that watch them, and the lines the `backend` command prints.
public final class RemoteBackends: Sendable {
    public let directions: Directions
    public let geocoder: Geocoding
    public let notices: BackendNotices
    public let directionsMonitor: ReachabilityMonitor?
    public let geocoderMonitor: ReachabilityMonitor?
    /// Routes come from an OSRM server (`--directions`), whose map may reach beyond the embedded one.
    public var routesOnServer: Bool { directionsMonitor != nil }
    private let hasOfflineDirections: Bool
    private let hasOfflineGeocoder: Bool

    /// `offline*` are the embedded engine's services (nil when no map is loaded); a nil URL
    /// keeps the embedded service. `osrmWalkingURL` is a separate foot-profile server (one
    /// osrm-routed serves one profile); without it walking asks `osrmURL` for `foot`.
    /// `osrmCyclingURL` likewise for bicycles (`bike`).
    /// `monitors`: ones already watching these servers (made with `notices`, see
    /// `BackendMonitors`); by default new ones, which probe only when a request asks them to.
    public init(offlineDirections: Directions?, offlineGeocoder: Geocoding?,
                osrmURL: URL?, osrmWalkingURL: URL? = nil, osrmCyclingURL: URL? = nil, nominatimURL: URL?,
                configuration: RemoteConfiguration = RemoteConfiguration(),
                notices: BackendNotices = BackendNotices(), monitors: BackendMonitors? = nil) throws {
        self.notices = notices
        hasOfflineDirections = offlineDirections != nil
        hasOfflineGeocoder = offlineGeocoder != nil
        if let osrmURL {
            let monitor = monitors?.directions ?? .routingServer(osrmURL, notices: notices)
            directionsMonitor = monitor
            directions = FallbackDirections(primary: OSRMDirections(baseURL: osrmURL, walkingBaseURL: osrmWalkingURL,
                                                                     cyclingBaseURL: osrmCyclingURL,
                                                                     configuration: configuration),
                                            fallback: offlineDirections, monitor: monitor)
        } else if let offlineDirections {
            directionsMonitor = nil
            directions = offlineDirections
        } else {
            throw DirectionsError.unavailable("No map loaded and no routing server configured.")
        }
        if let nominatimURL {
            let monitor = monitors?.geocoder ?? .geocodingServer(nominatimURL, notices: notices)
            geocoderMonitor = monitor
            geocoder = FallbackGeocoder(primary: NominatimGeocoder(baseURL: nominatimURL, configuration: configuration),
                                        fallback: offlineGeocoder, monitor: monitor)
        } else if let offlineGeocoder {
            geocoderMonitor = nil
            geocoder = offlineGeocoder
        } else {
            throw DirectionsError.unavailable("No map loaded and no geocoding server configured.")
        }
    }

    /// What the `backend` command prints, e.g.
    /// "Directions: OSRM http://127.0.0.1:5000 — reachable (offline map as fallback)".
    public var statusLines: [String] {
        [Self.line("Directions", "OSRM", directionsMonitor, hasOffline: hasOfflineDirections),
         Self.line("Geocoder", "Nominatim", geocoderMonitor, hasOffline: hasOfflineGeocoder)]
    }

    static func line(_ role: String, _ kind: String, _ monitor: ReachabilityMonitor?, hasOffline: Bool) -> String {
        guard let monitor else { return "\(role): offline map (embedded engine)" }
        let server = "\(kind) \(monitor.baseURL.absoluteString)"
        let fallback = hasOffline ? "offline map" : "no offline map loaded"
        switch monitor.state {
        case .unknown: return "\(role): \(server) — not contacted yet (fallback: \(fallback))"
        case .reachable: return "\(role): \(server) — reachable (fallback: \(fallback))"
        case let .unreachable(reason):
            return hasOffline ? "\(role): offline map — \(server) unreachable (\(reason))"
                : "\(role): none — \(server) unreachable (\(reason))"
        }
    }
}
