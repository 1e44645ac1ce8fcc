import Foundation

/// The reachability monitors of the configured servers. Made apart from the backends so a shell
/// can watch its servers from the start, while the backends (and the offline map under them)
/// open only at first use; the backends then share these monitors.
public struct BackendMonitors: Sendable {
    public let directions: ReachabilityMonitor?
    public let geocoder: ReachabilityMonitor?

    public init(osrmURL: URL?, nominatimURL: URL?, notices: BackendNotices) {
        directions = osrmURL.map { .routingServer($0, notices: notices) }
        geocoder = nominatimURL.map { .geocodingServer($0, notices: notices) }
    }

    /// Probes every server now and then every `interval` seconds, in the background.
    public func startMonitoring(every interval: TimeInterval) {
        directions?.startMonitoring(every: interval)
        geocoder?.startMonitoring(every: interval)
    }

    public func stopMonitoring() {
        directions?.stopMonitoring()
        geocoder?.stopMonitoring()
    }
}

extension ReachabilityMonitor {
    // Any answer below 500 means the server is there: OSRM answers /nearest at 0,0 with a
    // snapped point or NoSegment; Nominatim has /status.
    public static func routingServer(_ url: URL, notices: BackendNotices) -> ReachabilityMonitor {
        ReachabilityMonitor(serverName: "Routing server", baseURL: url, probePath: "/nearest/v1/driving/0,0", notices: notices)
    }

    public static func geocodingServer(_ url: URL, notices: BackendNotices) -> ReachabilityMonitor {
        ReachabilityMonitor(serverName: "Geocoding server", baseURL: url, probePath: "/status", notices: notices)
    }
}
