import Foundation
import RouteItCore
import RouteItEngine

/// Answers OSRM v1 requests on the embedded map with the same core and JSON writers as the
/// one-shot tools: `route` and `trip` through `TripPlanRequest` and `OSRMRouteJSON` (then shaped
/// to the asked overview, geometries, steps and annotations), `table` through the directions'
/// table and `OSRMTableJSON`, `nearest` through the engine's snapping.
struct OSRMService: Sendable {
    /// The map's router behind the area check (a place outside the map: NoSegment).
    let directions: any Directions
    /// The same router, for `nearest` and `radiuses`.
    let roads: OfflineDirections
    /// OSRM's `--max-table-size`: sources × destinations at most its square.
    let maxTableSize: Int
    /// OSRM's `--max-trip-size`: the most places a `/trip` orders (each costs the serving thread
    /// seconds: a few 201-place trips kept every client waiting).
    let maxTripSize: Int
    /// The zone the answers' clock times are in (the map's, `LocalCalendar.forMap`), decided once
    /// at start: reading the environment per request was a measurable part of a served route.
    let calendar: LocalCalendar

    init(directions: any Directions, roads: OfflineDirections, maxTableSize: Int, maxTripSize: Int) {
        self.directions = directions
        self.roads = roads
        self.maxTableSize = maxTableSize
        self.maxTripSize = maxTripSize
        calendar = LocalCalendar.forMap(roads.area)
    }
    /// Coordinates a URL may carry (a table's limit, or a trip's start and stops).
    var maxCoordinates: Int { max(maxTableSize, 1 + EntryViewModel.maximumStopCount) }

    func answer(_ target: RequestTarget) -> HTTPResponse {
        do {
            var query = try OSRMQuery(path: target.path, query: target.query, maxCoordinates: maxCoordinates)
            try checkRadiuses(query)
            let asked = query.coordinates
            if query.service != .nearest { query.coordinates = hinted(query, try steered(query)) }
            query.asked = asked
            query.mapFingerprint = roads.mapFingerprint
            switch query.service {
            case .route: return ok(try route(query))
            case .trip: return ok(try trip(query))
            case .table: return ok(try table(query))
            case .nearest: return ok(try nearest(query))
            }
        } catch let failure as OSRMQuery.Failure {
            return Self.failure(failure)
        } catch {
            let failure = RouteTool.failure(for: error)
            return Self.failure(.init(code: failure.code, message: failure.message, status: failure.code == "Unavailable" ? 503 : 400))
        }
    }

    static func failure(_ failure: OSRMQuery.Failure) -> HTTPResponse {
        HTTPResponse(status: failure.status, body: OSRMRouteJSON.failure(code: failure.code, message: failure.message))
    }

    private func ok(_ body: String) -> HTTPResponse { HTTPResponse(status: 200, body: body) }

    private func ok(_ body: [UInt8]) -> HTTPResponse { HTTPResponse(status: 200, bytes: body) }

    private func places(_ query: OSRMQuery) -> [OSRMRouteJSON.Waypoint] {
        query.coordinates.enumerated().map { i, c in
            let given = i < query.asked.count ? query.asked[i] : c
            // Asked as the one-shot tools ask a coordinate (`RouteTool.waypoint`).
            return .init(query: given.description,
                         item: MapItem(placemark: Placemark(coordinate: c),
                                       approach: headingApproach(query, i) ?? (i < query.approaches.count ? query.approaches[i] : nil)),
                         asked: given == c ? nil : given)
        }
    }

    /// The places as `routeit route` takes them (the same refusal: a place right after itself,
    /// or twice in a trip to be ordered), each named by its index, as OSRM names coordinates.
    private func requirePlacesInTurn(_ query: OSRMQuery, end: TripEndChoice, ordered: Bool) throws {
        let asked = query.asked.count == query.coordinates.count ? query.asked : query.coordinates
        try TripPlacesInTurn.check(asked, names: asked.enumerated().map { "coordinate \($0) (\($1))" }, end: end, ordered: ordered)
    }

    /// Each coordinate with a hint of this map for it (`OSRMHint`) routed from the hint's point
    /// on the road, so it lands on the road it landed on before. A hint of another map or
    /// coordinate, or not RouteIt's, is passed over (the place is snapped as usual), as OSRM
    /// passes over a hint of other data. A place with a side of the road asked keeps its own
    /// coordinate: the side is read from it.
    private func hinted(_ query: OSRMQuery, _ coordinates: [Coordinate]) -> [Coordinate] {
        coordinates.enumerated().map { i, c in
            guard i < query.hints.count, let text = query.hints[i], let hint = OSRMHint(text: text),
                  (i < query.approaches.count ? query.approaches[i] ?? .unrestricted : .unrestricted) == .unrestricted,
                  let road = hint.roadPoint(for: query.coordinates[i], map: roads.mapFingerprint) else { return c }
            return road
        }
    }

    /// Each coordinate with `bearings` moved onto the nearest road the mode may travel within
    /// them, so the route starts or ends on that road, not on a nearer one the other way. The way
    /// along it is the bearing's too, as osrm-routed's: a place without `approaches` of its own is
    /// put a hand's width right of its road point, looking along the bearing, and reached and
    /// left on that curb (`headingApproach`), so on a two-way road the route travels the bearing's
    /// way there (traffic drives on the right); a one-way road goes its own way. (The route once
    /// went either way: asked to arrive the other way, 42 of 54 Monaco routes did not.)
    private func steered(_ query: OSRMQuery) throws -> [Coordinate] {
        try query.coordinates.enumerated().map { i, c in
            guard let heading = heading(query, i) else { return c }
            guard let road = try roads.nearest(c, mode: query.profile, count: 1, heading: heading).first else {
                throw OSRMQuery.Failure(code: "NoSegment", message: "Could not find a matching segment for coordinate \(i)")
            }
            guard headingApproach(query, i) != nil else { return road.location }
            return Self.moved(road.location, metres: Self.curbOffset, bearing: heading.value + 90)
        }
    }

    /// How far right of its road point a place with a bearing is put: far enough that its side is
    /// clear, near enough that no other road is nearer.
    static let curbOffset = 0.3

    /// The curb approach that makes a route travel a place's bearing: for a place with a bearing
    /// narrower than every way (range under 180°) and no side of its own in `approaches`.
    private func headingApproach(_ query: OSRMQuery, _ i: Int) -> RoadSideApproach? {
        guard let heading = heading(query, i), heading.range < 180,
              ((i < query.approaches.count ? query.approaches[i] : nil) ?? .unrestricted) == .unrestricted else { return nil }
        return .curb
    }

    /// `c` moved `metres` towards `bearing` (degrees clockwise from north).
    static func moved(_ c: Coordinate, metres: Double, bearing: Double) -> Coordinate {
        let radians = bearing * .pi / 180, metresPerDegree = 111_195.0
        return Coordinate(latitude: c.latitude + metres * cos(radians) / metresPerDegree,
                          longitude: c.longitude + metres * sin(radians) / (metresPerDegree * cos(c.latitude * .pi / 180)))
    }

    /// A coordinate farther from the roads than its radius is refused as OSRM refuses it.
    private func checkRadiuses(_ query: OSRMQuery) throws {
        for (i, radius) in query.radiuses.enumerated() {
            guard let radius else { continue }
            let road = try roads.nearest(query.coordinates[i], mode: query.profile, count: 1, heading: heading(query, i)).first
            guard let road, road.distance <= radius else {
                throw OSRMQuery.Failure(code: "NoSegment", message: "Could not find a matching segment for coordinate \(i)")
            }
        }
    }

    private func route(_ query: OSRMQuery) throws -> [UInt8] {
        guard query.coordinates.count <= 1 + EntryViewModel.maximumStopCount else {
            throw OSRMQuery.Failure(code: "TooBig", message: "Number of entries \(query.coordinates.count) is higher than current maximum (\(1 + EntryViewModel.maximumStopCount))")
        }
        let waypoints = places(query)
        try requirePlacesInTurn(query, end: .anywhere, ordered: false)
        let answer = try plan(waypoints, query, optimize: false, continueStraight: query.continueStraight)
        let routes = Array(answer.routes.prefix(1 + query.alternatives))
        return OSRMRouteJSON.response(waypoints: waypoints, routes: routes, options: query.routeOptions)
    }

    /// A round trip from the first place through the others in the order with the least travel (OSRM's
    /// `roundtrip=true`); each input's `waypoint_index` is its place in the trip.
    private func trip(_ query: OSRMQuery) throws -> [UInt8] {
        guard query.roundtrip else {
            throw OSRMQuery.Failure(code: "NotImplemented", message: "Only round trips (roundtrip=true) are served")
        }
        // The planner orders every place but the first freely: a last place to be visited last
        // is refused rather than passed over (the trip once put it anywhere).
        guard query.destination != "last" || query.coordinates.count <= 2 else {
            throw OSRMQuery.Failure(code: "NotImplemented", message: "destination=last is not served: a trip visits the places after the first in the quickest order; leave destination out")
        }
        guard query.coordinates.count <= maxTripSize else {
            throw OSRMQuery.Failure(code: "TooBig", message: "Too many trip coordinates: \(query.coordinates.count), at most \(maxTripSize) (--max-trip-size)")
        }
        let inputs = places(query)
        try requirePlacesInTurn(query, end: .start, ordered: true)
        // osrm-routed's trip lets a car turn round at a stop (its times are its route's with
        // continue_straight=false, and it takes no continue_straight): so does this one.
        let order: [Int]
        let routes: [DirectionsViewModel]
        if inputs.count == 2 {
            order = [0, 1, 0]
            routes = try plan(order.map { inputs[$0] }, query, optimize: false, continueStraight: false).routes
        } else {
            let answer = try plan(inputs, query, optimize: true, continueStraight: false)
            (order, routes) = (answer.order, answer.routes)
        }
        return OSRMRouteJSON.tripResponse(inputs: inputs, order: order, routes: routes, options: query.routeOptions)
    }

    /// `continueStraight` nil: the profile's rule, as osrm-routed's (a car leaves a via place the
    /// way it arrived; on foot or by bike it may turn round there).
    private func plan(_ waypoints: [OSRMRouteJSON.Waypoint], _ query: OSRMQuery, optimize: Bool,
                      continueStraight: Bool? = nil) throws -> TripPlanRequest.Answer {
        var request = TripPlanRequest(
            places: waypoints.enumerated().map { TripPlace(item: $1.item, label: TripPlace.label(forPlaceAt: $0)) },
            departure: Date(), calendar: calendar, transportType: query.profile, avoid: query.exclude,
            // OSRM's route is a path through the places in order; its trip a round trip.
            alternatives: query.alternatives > 0, optimize: optimize, day: DayOptions(end: optimize ? .start : .anywhere),
            attribution: MapAttribution.text, detail: query.routeOptions.detail)
        request.continueStraight = continueStraight
        let directions = self.directions
        return try ToolServices.wait { [request] in try await request.answer(using: directions) }
    }

    private func table(_ query: OSRMQuery) throws -> String {
        let all = places(query)
        let sources = (query.sources ?? Array(all.indices)).map { all[$0] }
        let destinations = (query.destinations ?? Array(all.indices)).map { all[$0] }
        guard sources.count * destinations.count <= maxTableSize * maxTableSize else {
            throw OSRMQuery.Failure(code: "TooBig", message: "Too many table coordinates")
        }
        let request = TravelTableRequest(sources: sources.map(\.item), destinations: destinations.map(\.item),
                                         transportType: query.profile, avoid: query.exclude,
                                         wantsDistances: query.annotations.contains("distance"), wantsRoads: true)
        let directions = self.directions
        var table = try ToolServices.wait { try await directions.table(request) }
        table.durations = table.durations.map { row in row.map { $0.map { $0 * query.scaleFactor } } }
        // A place to itself is 0 s and 0 m, as osrm-routed answers it: with `approaches` the
        // router drove round the block to come back to the curb it left (200-500 s for 0 m).
        let sourceIndices = query.sources ?? Array(all.indices), destinationIndices = query.destinations ?? Array(all.indices)
        for (row, s) in sourceIndices.enumerated() {
            for (column, d) in destinationIndices.enumerated() where query.coordinates[s] == query.coordinates[d] {
                if table.durations[row][column] != nil { table.durations[row][column] = 0 }
                if table.distances?[row][column] != nil { table.distances?[row][column] = 0 }
            }
        }
        // A cell scaled past what a number holds would be written as null, "no route".
        guard table.durations.allSatisfy({ $0.allSatisfy { $0?.isFinite ?? true } }) else {
            throw OSRMQuery.Failure(code: "InvalidOptions", message: "scale_factor=\(query.scaleFactor) makes the durations too large to write")
        }
        // As OSRM: annotations=distance alone answers the distances alone.
        let wantsDurations = query.annotations.isEmpty || query.annotations.contains("duration")
        return OSRMTableJSON.text(table, sources: sources, destinations: destinations, durations: wantsDurations,
                                  mapFingerprint: roads.mapFingerprint, skipWaypoints: query.skipWaypoints, generateHints: query.generateHints)
    }

    /// The `number` roads nearest the point, nearest first (as OSRM, by distance alone), each a
    /// road the mode may travel within the point's `bearings` when given, and within its `radiuses`.
    private func nearest(_ query: OSRMQuery) throws -> String {
        let found = try roads.nearest(query.coordinates[0], mode: query.profile, count: query.number, heading: heading(query, 0))
            .filter { road in query.radiuses.first.flatMap { $0 }.map { road.distance <= $0 } ?? true }
        guard !found.isEmpty else {
            throw OSRMQuery.Failure(code: "NoSegment", message: "Could not find a matching segment for coordinate 0")
        }
        let waypoints = found.map { road -> [String: Any] in
            var waypoint: [String: Any] = ["nodes": road.nodes, "name": road.name,
                                           "distance": OSRMRouteJSON.round1(road.distance), "location": OSRMRouteJSON.point(road.location)]
            if query.generateHints {
                waypoint["hint"] = OSRMHint(map: roads.mapFingerprint, asked: query.coordinates[0], snapped: road.location).text
            }
            return waypoint
        }
        var answer: [String: Any] = ["code": "Ok", "routeit": ["attribution": MapAttribution.text]]
        // As osrm-routed: skip_waypoints=true leaves a nearest answer nothing but its code.
        if !query.skipWaypoints { answer["waypoints"] = waypoints }
        return NominatimJSON.text(answer)
    }

    /// The coordinate's `bearings` entry, if any, as the snapping's filter.
    private func heading(_ query: OSRMQuery, _ i: Int) -> HeadingFilter? {
        guard i < query.bearings.count, let bearing = query.bearings[i] else { return nil }
        return HeadingFilter(value: Double(bearing.value), range: Double(bearing.range))
    }
}
