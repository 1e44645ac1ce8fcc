import Foundation

/// `backend`: which routing and geocoding backends answer, and whether their servers are up.
enum BackendCommands {
    static let all: [ShellCommand] = [backend]

    static let backend = ShellCommand(
        name: "backend", usage: "backend", summary: "Show the routing and geocoding backends in use and their state",
        progressMessage: "Checking servers",
        run: { session, _ in
            let services = try await session.services.services()
            guard let remote = services.remote else {
                return .init(text: "Directions: offline map (embedded engine)\nGeocoder: offline map (embedded engine)")
            }
            // Ask the servers now rather than report what the last request saw.
            if let monitor = remote.directionsMonitor { await monitor.probe() }
            if let monitor = remote.geocoderMonitor { await monitor.probe() }
            return .init(text: remote.statusLines.joined(separator: "\n"))
        })
}
