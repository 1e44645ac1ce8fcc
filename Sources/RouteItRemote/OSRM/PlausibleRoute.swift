import RouteItCore

/// The ranges an OSRM answer's numbers must fall in before they become a `Route`: they reach
/// formatters, totals and the map, and a server (broken, or not OSRM at all) can send anything
/// JSON can hold.
enum PlausibleRoute {
    /// Metres: two and a half times round the Earth.
    static let maxDistance = 100_000_000.0
    /// Seconds: about three years, more than walking round the Earth.
    static let maxDuration = 100_000_000.0

    static let server = "OSRM server"

    static func distance(_ metres: Double) throws -> Double {
        guard metres.isFinite, (0...maxDistance).contains(metres) else {
            throw RemoteError.implausibleAnswer(server: server, problem: "a route with an impossible distance")
        }
        return metres
    }

    static func duration(_ seconds: Double) throws -> Double {
        guard seconds.isFinite, (0...maxDuration).contains(seconds) else {
            throw RemoteError.implausibleAnswer(server: server, problem: "a route with an impossible duration")
        }
        return seconds
    }

    /// GeoJSON's [lon, lat] (extra members, such as elevation, ignored).
    static func path(_ geometry: OSRMGeometry) throws -> [Coordinate] {
        try geometry.coordinates.map { pair in
            let coordinate = pair.count >= 2 ? Coordinate(latitude: pair[1], longitude: pair[0]) : nil
            guard let coordinate, coordinate.isValid else {
                throw RemoteError.implausibleAnswer(server: server, problem: "a route with an impossible position")
            }
            return coordinate
        }
    }

    /// A compass bearing, else none (the instruction then says "Head out").
    static func bearing(_ degrees: Double?) -> Double? {
        degrees.flatMap { $0.isFinite && (0...360).contains($0) ? $0 : nil }
    }

    /// A roundabout exit a driver can count to, else none ("Enter the roundabout").
    static func exit(_ number: Int?) -> Int? {
        number.flatMap { (1...100).contains($0) ? $0 : nil }
    }
}
