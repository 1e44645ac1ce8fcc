import Foundation
import RouteItCore

/// OSRM's `/table/v1` answer: `durations` and `distances`, rows per source, `null` where no
/// route joins two places.
struct OSRMTableResponse: OSRMAnswer {
    var code: String
    var message: String?
    var durations: [[Double?]]?
    var distances: [[Double?]]?
    var sources: [Waypoint]?
    var destinations: [Waypoint]?

    /// Where OSRM joined a place to the roads: `[lon, lat]` and the road's name.
    struct Waypoint: Decodable {
        var location: [Double]?
        var name: String?

        var road: TableRoadPoint? {
            guard let location, location.count == 2 else { return nil }
            let point = Coordinate(latitude: location[1], longitude: location[0])
            return point.isValid ? TableRoadPoint(location: point, name: name ?? "") : nil
        }
    }
}

extension OSRMDirections {
    /// One `/table` request for the whole matrix: the sources
    /// first, then the destinations. Classes to avoid go as `exclude=` when the server takes
    /// that set; otherwise the table is asked without it (a table has no place to say so).
    public func table(_ request: TravelTableRequest) async throws -> TravelTable {
        guard !request.sources.isEmpty, !request.destinations.isEmpty else {
            return TravelTable(durations: request.sources.map { _ in [] }, distances: request.sources.map { _ in [] })
        }
        let exclude = refusedExcludes.contains(request.avoid) ? [] : request.avoid
        do {
            return try await table(request, excluding: exclude)
        } catch OSRMExcludeRefused.refused {
            refusedExcludes.insert(exclude)
            return try await table(request, excluding: [])
        }
    }

    private func table(_ request: TravelTableRequest, excluding exclude: RoadAvoidance) async throws -> TravelTable {
        let url = tableURL(for: request, exclude: exclude)
        let decoded = try await answer(url, as: OSRMTableResponse.self, excluding: exclude)
        let rows = request.sources.count, columns = request.destinations.count
        func checked(_ values: [[Double?]]?, _ what: String, _ plausible: (Double) throws -> Double) throws -> [[Double?]] {
            guard let values, values.count == rows, values.allSatisfy({ $0.count == columns }) else {
                throw RemoteError.invalidResponse(host: url.hostDescription, reason: "a table without \(rows)×\(columns) \(what)")
            }
            return try values.map { try $0.map { try $0.map(plausible) } }
        }
        // The server's waypoints, when it gave one per place.
        func roads(_ waypoints: [OSRMTableResponse.Waypoint]?, count: Int) -> [TableRoadPoint?]? {
            guard request.wantsRoads, let waypoints, waypoints.count == count else { return nil }
            return waypoints.map(\.road)
        }
        return TravelTable(durations: try checked(decoded.durations, "durations", PlausibleRoute.duration),
                           distances: request.wantsDistances ? try checked(decoded.distances, "distances", PlausibleRoute.distance) : nil,
                           sourceRoads: roads(decoded.sources, count: rows), destinationRoads: roads(decoded.destinations, count: columns))
    }

    /// `/table/v1/{profile}/LON,LAT;...?sources=0;1&destinations=2;3&annotations=duration[,distance]`
    func tableURL(for request: TravelTableRequest, exclude: RoadAvoidance = []) -> URL {
        let (base, profile) = server(for: request.transportType)
        let points = (request.sources + request.destinations).map(\.coordinate)
            .map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }
            .joined(separator: ";")
        let sources = request.sources.indices.map(String.init).joined(separator: ";")
        let destinations = request.destinations.indices.map { String(request.sources.count + $0) }.joined(separator: ";")
        var path = base.absoluteString
        while path.hasSuffix("/") { path.removeLast() }
        let radius = String(format: "%.0f", maxSnapDistance)
        var query = "sources=\(sources)&destinations=\(destinations)&annotations=" + (request.wantsDistances ? "duration,distance" : "duration")
        query += "&radiuses=" + Array(repeating: radius, count: request.sources.count + request.destinations.count).joined(separator: ";")
        if !exclude.isEmpty { query += "&exclude=" + exclude.classNames.joined(separator: ",") }
        // The sides asked (the planner's car stops), in the points' order, as a route asks them.
        let approaches = (request.sources + request.destinations).map(\.approach)
        if approaches.contains(where: { $0 != nil && $0 != .unrestricted }) {
            query += "&approaches=" + approaches.map { ($0 ?? .unrestricted).rawValue }.joined(separator: ";")
        }
        return URL(string: "\(path)/table/v1/\(profile)/\(points)?\(query)")!
    }
}
