import Foundation
import RouteItCore

/// The mapped road graph and its per-mode hierarchies, answering route queries: the trip's ends
/// snapped (`TripEndSnapper`), the best path off the avoided classes (`AvoidanceFallback`), its
/// alternatives (`RoutingEngine+Alternatives`), each made a named route with steps (`RouteName`,
/// `ManeuverBuilder`). Thread-safe: each query borrows a workspace from a pool; modes are mapped
/// on first use.
// @unchecked: `lock` guards the routers and workspace pools; everything else is set in init.
final class RoutingEngine: @unchecked Sendable {
    let net: RoadNetwork
    let grid: EdgeGrid
    let adjacency: NodeAdjacency
    let components: EdgeComponents
    let ends: TripEndSnapper
    /// Car turn restrictions with times, by junction (`RoutingEngine+TimedTurns`).
    let timedTurns: TimedTurnRules
    /// The map's maneuver relations, for the guidance (nil: none).
    let maneuverOverrides: ManeuverOverrides?
    /// The clock the restrictions with times are read on: the map's (`LocalCalendar.forMap`),
    /// since an OSM condition's hours are the place's local time.
    let calendar: LocalCalendar
    private let sections: MapSections
    /// Guards `routers` and `pools`, the only state that changes after init.
    private let lock = NSLock()
    /// By mode (`slot`): arrays, not dictionaries keyed by the mode, whose first use in a process
    /// cost a third of a million instructions of runtime conformance lookups in a cold route.
    private var routers = [ModeRouter?](repeating: nil, count: TransportType.allCases.count)
    private var pools = [[QueryWorkspace]](repeating: [], count: TransportType.allCases.count)

    /// Alternatives, as OSRM's via-node method bounds them: at most this much slower than the
    /// best route (OSRM's epsilon is 15 %; 12 % keeps the median slowdown near OSRM's), running
    /// along the routes already chosen for at most this much of their length (its gamma, measured
    /// on the ground so a parallel sidewalk counts as shared).
    static let alternativeStretch = 0.12
    static let alternativeMaxShare = 0.75
    /// Metres apart within which two routes count as running along each other.
    static let alternativeShareTolerance = 12.0

    init(sections: MapSections, calendar: LocalCalendar = .forMap(nil)) throws {
        self.sections = sections
        self.calendar = calendar
        net = try RoadNetwork.read(from: sections)
        grid = try EdgeGrid.read(from: sections)
        adjacency = try NodeAdjacency.read(from: sections, nodeCount: net.nodeCount)
        components = try EdgeComponents.read(from: sections, edgeCount: net.edgeCount)
        ends = TripEndSnapper(net: net, grid: grid, adjacency: adjacency, components: components)
        timedTurns = try TimedTurnRules(sections: sections, nodeCount: net.nodeCount, directionCount: net.edgeCount * 2)
        let overrides = try ManeuverOverrides.read(from: sections, nodeCount: net.nodeCount)
        maneuverOverrides = overrides.isEmpty ? nil : overrides
    }

    func router(_ mode: TransportType) throws -> ModeRouter {
        lock.lock()
        defer { lock.unlock() }
        if let r = routers[Self.slot(mode)] { return r }
        let prefix = mode.rawValue
        let r = ModeRouter(graph: try ModeGraph.read(from: sections, prefix: prefix),
                           ch: try ContractionHierarchy.read(from: sections, prefix: prefix), edgeAvoid: net.edgeAvoid)
        guard r.graph.nodeCount == r.ch.nodeCount, r.graph.arcCount == r.ch.arcCount,
              r.graph.edgeDirNode.count == net.edgeCount * 2 else {
            throw MapSectionsError.damaged
        }
        routers[Self.slot(mode)] = r
        return r
    }

    private static func slot(_ mode: TransportType) -> Int {
        switch mode {
        case .car: 0
        case .walk: 1
        case .bike: 2
        }
    }

    func borrow(_ mode: TransportType, nodeCount: Int) -> QueryWorkspace {
        lock.lock()
        defer { lock.unlock() }
        if let ws = pools[Self.slot(mode)].popLast() { return ws }
        return QueryWorkspace(nodeCount: nodeCount, edgeCount: net.edgeCount)
    }

    func giveBack(_ ws: QueryWorkspace, _ mode: TransportType) {
        lock.lock()
        pools[Self.slot(mode)].append(ws)
        lock.unlock()
    }

    /// The shortest path between two points, by CH or by the reference Dijkstra.
    /// Throws `DirectionsError.noRoute` when either end has no road or they are not connected.
    func shortestPath(from a: Coordinate, to b: Coordinate, mode: TransportType, reference: Bool = false,
                      avoid: RoadAvoidance = []) throws -> (path: SearchPath, source: PhantomNode, target: PhantomNode) {
        let router = try self.router(mode)
        let ws = borrow(mode, nodeCount: router.graph.nodeCount)
        defer { giveBack(ws, mode) }
        guard let ends = searchEnds(a, b, mode, router, ws, avoid: avoid.rawValue) else { throw DirectionsError.noRoute }
        let found = try search(ends, mode, router, ws, slack: 0, reference: reference, avoid: avoid.rawValue)
        return (found.path, found.source, found.target)
    }

    /// The best route and, when asked, up to two genuinely different alternatives, all off the
    /// `avoid` classes except on the roads the trip starts and ends on. When no such route
    /// exists, the routes keep off as many of the classes as they can and name the ones they
    /// use (`Route.unavoidable`). `quickestOnly`: only the quickest of them (the first among
    /// equals, as `DirectionsViewModel` picks), the others neither built nor, when none of them
    /// can be quicker than the best, looked for. Turn restrictions with times hold as at
    /// `departure` (nil: now) plus the time driven to them. `startBearing`: leaving `a` that way
    /// when a road near it goes so (`headed`). `steps` false: the routes without their steps
    /// (the same line, length, time and names; the guidance is not run). `osmNodes`: each point's
    /// OSM node (`Route.osmNodes`). `intersections`: the junctions passed, with the steps
    /// (`Route.intersections`).
    func routes(from a: Coordinate, to b: Coordinate, mode: TransportType, alternatives: Bool,
                quickestOnly: Bool = false, avoid: RoadAvoidance = [], departure: Date? = nil,
                approaches: EndApproaches = .unrestricted, startBearing: StartBearing? = nil,
                steps: Bool = true, osmNodes: Bool = false, intersections: Bool = false) throws -> [Route] {
        let (chosen, timed) = try timedRouteLegs(from: a, to: b, mode: mode, alternatives: alternatives,
                                                 quickestOnly: quickestOnly, avoid: avoid, departure: departure,
                                                 approaches: approaches, startBearing: startBearing)
        let builder = steps ? ManeuverBuilder(net: net, adjacency: adjacency, mode: mode, overrides: maneuverOverrides,
                                               turns: mode == .car ? try? router(mode).graph : nil) : nil
        func route(_ legs: [RouteLeg]) -> Route {
            var route = makeRoute(legs, mode: mode, builder: builder)
            route.unavoidable = avoid.intersection(classes(of: legs))
            if timed { route.dependsOnDeparture = true }
            if mode == .car && RouteLeg.turnRoundAtMapEdge(legs, net: net, adjacency: adjacency) { route.turnsAtMapEdge = true }
            if osmNodes { route.osmNodes = net.osmNodes(along: legs, line: route.polyline) }
            if intersections, let builder { route.intersections = builder.intersections(along: legs, steps: route.steps) }
            return route
        }
        guard quickestOnly, chosen.count > 1 else { return chosen.map(route) }
        // A route without a single step is passed over by the view model: the next quickest then.
        let byTime = chosen.indices.sorted { (RoutingEngine.ms(chosen[$0]), $0) < (RoutingEngine.ms(chosen[$1]), $1) }
        let first = route(chosen[byTime[0]])
        if steps ? !first.steps.isEmpty : !first.polyline.isEmpty { return [first] }
        return [first] + byTime.dropFirst().map { route(chosen[$0]) }
    }

    static func ms(_ legs: [RouteLeg]) -> UInt64 { legs.reduce(0) { $0 + UInt64($1.ms) } }

    /// The road stretches of `routes`' routes, best first (`quickestOnly`: the quickest among them
    /// is in the list, perhaps alone).
    func routeLegs(from a: Coordinate, to b: Coordinate, mode: TransportType, alternatives: Bool,
                   quickestOnly: Bool = false, avoid: RoadAvoidance = [], departure: Date? = nil) throws -> [[RouteLeg]] {
        try timedRouteLegs(from: a, to: b, mode: mode, alternatives: alternatives, quickestOnly: quickestOnly,
                           avoid: avoid, departure: departure).legs
    }

    /// `routeLegs`, and whether another departure could give another route (the best one met a
    /// turn restriction with times, or was found again to keep one).
    func timedRouteLegs(from a: Coordinate, to b: Coordinate, mode: TransportType, alternatives: Bool, quickestOnly: Bool,
                        avoid: RoadAvoidance, departure: Date?,
                        approaches: EndApproaches = .unrestricted,
                        startBearing: StartBearing? = nil) throws -> (legs: [[RouteLeg]], timed: Bool) {
        // Only the quickest wanted: an alternative can be it only on a long car trip
        // (`alternativeMayBeQuicker`), so the best route is looked for alone first, by the search
        // without the alternatives' slack (its core goal-directed: a fraction of the work on a
        // large map), and with the slack only when an alternative may be quicker.
        if alternatives && quickestOnly {
            let alone = try timedRouteLegs(from: a, to: b, mode: mode, alternatives: false, quickestOnly: false,
                                           avoid: avoid, departure: departure, approaches: approaches,
                                           startBearing: startBearing)
            if alone.legs.count != 1 || !RoutingEngine.alternativeMayBeQuicker(mode, bestMs: RoutingEngine.ms(alone.legs[0])) {
                return alone
            }
        }
        let router = try self.router(mode)
        let ws = borrow(mode, nodeCount: router.graph.nodeCount)
        defer { giveBack(ws, mode) }
        let slack = alternatives ? RoutingEngine.alternativeStretch : 0
        let (found, kept) = try bestPath(a, b, mode, router, ws, slack: slack, avoid: avoid, approaches: approaches,
                                         startBearing: startBearing)
        let bestLegs = found.legs(of: found.path, router, net, mode)
        // A best route that breaks a restriction with times is found again without those turns;
        // its alternatives are not offered (they were not checked).
        if let obeying = try obeyingTimedTurns(found, legs: bestLegs, mode, router, ws, avoid: kept,
                                               departure: departure ?? Date()) {
            return ([obeying], true)
        }
        let timed = meetsTimedTurns(found.path, router)
        guard alternatives && !found.path.direct else { return ([bestLegs], timed) }
        let offered = alternativeLegs(to: found, bestLegs: bestLegs, mode, router, ws, quickestOnly: quickestOnly, avoid: kept)
        guard mode == .car, !timedTurns.isEmpty else { return (offered, timed) }
        // An alternative (not searched against them) that breaks a restriction with times then is left out.
        let leaving = departure ?? Date()
        let allowed = offered.enumerated().filter { $0.offset == 0 || !breaksTimedTurn($0.element, departure: leaving, calendar: calendar) }
        return (allowed.map(\.element), timed || allowed.dropFirst().contains { meetsTimedTurns($0.element) })
    }

    /// The avoidable classes of the roads the legs drive.
    func classes(of legs: [RouteLeg]) -> RoadAvoidance {
        var bits: UInt8 = 0
        for leg in legs where leg.edge < net.edgeAvoid.count && leg.distance > 0 { bits |= net.edgeAvoid[leg.edge] }
        return RoadAvoidance(rawValue: bits)
    }

    /// The route along `legs`; its steps when a builder is given, else none (the line is then
    /// the legs' own, the same points the steps' lines join to).
    private func makeRoute(_ legs: [RouteLeg], mode: TransportType, builder: ManeuverBuilder?) -> Route {
        let steps = builder?.steps(for: legs) ?? []
        var polyline: [Coordinate] = []
        if builder != nil {
            for step in steps { for c in step.polyline where polyline.last != c { polyline.append(c) } }
        } else {
            for leg in legs { for c in net.clip(leg.edge, from: leg.from, to: leg.to) where polyline.last != c { polyline.append(c) } }
        }
        let ms = legs.reduce(UInt64(0)) { $0 + UInt64($1.ms) }
        let distance = builder != nil ? steps.reduce(0) { $0 + $1.distance } : legs.reduce(0) { $0 + $1.distance }
        var route = Route(name: RouteName.of(legs, net: net), distance: distance, expectedTravelTime: Double(ms) / 1000,
                          transportType: mode, polyline: polyline, steps: steps)
        // The first and last legs with a direction (a phantom on a junction has none) are the
        // ways of the start and the destination.
        if let first = legs.first(where: { $0.distance >= 0.5 }) ?? legs.first { route.departureStreet = net.label(of: first.edge).name }
        if let last = legs.last(where: { $0.distance >= 0.5 }) ?? legs.last { route.arrivalStreet = net.label(of: last.edge).name }
        return route
    }

    /// Road centre lines crossing `box`, for drawing.
    func roads(in box: BoundingBox) -> [[Coordinate]] { BackdropRoads(net: net, grid: grid).roads(in: box) }
}
