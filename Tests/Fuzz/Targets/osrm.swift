import Foundation
import RouteItCore
import RouteItRemote
import RouteItScreens

/// The OSRM response decoder: an input is the body of `/route/v1` answers (HTTP 200 when it
/// says `"code":"Ok"`, else 400 as osrm-routed does), fetched through the real HTTP client
/// and shown as the shell shows it: directions in both units and the trip map.
enum FuzzTarget {
    nonisolated(unsafe) static var server: LoopbackServer!
    nonisolated(unsafe) static var directions: OSRMDirections!

    static func setUp() {
        server = LoopbackServer()
        directions = OSRMDirections(baseURL: server.baseURL, configuration: RemoteConfiguration(timeout: 10, maxAttempts: 1))
    }

    static let trip = [
        MapItem(placemark: Placemark(name: "Rautatientori", coordinate: Coordinate(latitude: 60.1699, longitude: 24.9384))),
        MapItem(placemark: Placemark(name: "Kauppatori", coordinate: Coordinate(latitude: 60.1675, longitude: 24.9525))),
        MapItem(placemark: Placemark(name: "Kamppi", coordinate: Coordinate(latitude: 60.1690, longitude: 24.9320))),
    ]

    static func run(_ data: Data) {
        let ok = String(decoding: data, as: UTF8.self).replacingOccurrences(of: " ", with: "").contains("\"code\":\"Ok\"")
        server.serve(status: ok ? 200 : 400, body: data)
        let directions = self.directions!
        for transport in TransportType.allCases {
            let result = runBlocking { () -> DirectionsViewModel? in
                try? await DirectionsViewModel.calculate(trip: trip, transportType: transport, using: directions,
                                                         attribution: "© OpenStreetMap contributors")
            }
            guard let shown = result else { continue }
            for unit in [DistanceUnit.kilometres, .miles] {
                _ = DirectionsScreen.render(shown, unit: unit, style: TextStyle(usesColour: true))
                let drawn = TripMapScreen.trip(shown)
                _ = TripMapScreen.render(stops: drawn.stops, legs: drawn.legs, roads: [], width: 80, height: 24,
                                         unit: unit, color: unit == .kilometres)
            }
        }
    }
}
