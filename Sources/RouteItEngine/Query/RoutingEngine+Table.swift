import Foundation
import RouteItCore

extension RoutingEngine {
    /// Where a place joins the mode's graph, for a table (`TripEndSnapper.snapAlone`), on every
    /// road there when it sits on a junction.
    private struct TablePlace {
        var phantom: PhantomNode
        var sources: [SearchEndpoint]
        var targets: [SearchEndpoint]
        /// Per target endpoint, the weight-only charges in its cost.
        var charges: [UInt8]
        /// The small piece cut off from the network its nearest road lies on (0: none).
        var piece: Int32
        /// Edge directions it may not be left or reached by (`EndApproaches`).
        var banned: Set<Int32> = []
    }

    /// A table's place and the side of the road it is reached and left by.
    private struct PlaceKey: Hashable {
        var coordinate: Coordinate
        var approach: RoadSideApproach
    }

    private func tablePlace(_ c: Coordinate, _ mode: TransportType, _ router: ModeRouter, _ ws: QueryWorkspace,
                            avoid: UInt8, approach: RoadSideApproach, onNetwork: Bool, keepingPieces: Bool) -> TablePlace? {
        guard c.isValid, let (p, piece) = onNetwork ? ends.snapAlone(c, mode, ws)
                : ends.snapTablePlace(c, mode, ws, keepingPieces: keepingPieces) else { return nil }
        let candidates = ends.candidates(p, mode)
        let banned = EndApproaches.bannedDirections(candidates, place: c, approach: approach, mode: mode, net: net)
        var sources = candidates.flatMap { router.sources($0, weight: net.weight($0.edge, forward: true, mode),
                                                          backward: net.weight($0.edge, forward: false, mode)) }
            .filter { !banned.contains($0.edgeDir) }
        var targets: [SearchEndpoint] = [], charges: [UInt8] = []
        for c in candidates {
            let forward = net.weight(c.edge, forward: true, mode), backward = net.weight(c.edge, forward: false, mode)
            for endpoint in router.targets(c, weight: forward, backward: backward) where !banned.contains(endpoint.edgeDir) {
                // The endpoint's cost is the turn into the place's road and the part driven.
                let along = endpoint.edgeDir & 1 == 0 ? ModeRouter.partial(forward, c.fraction) : ModeRouter.partial(backward, 1 - c.fraction)
                targets.append(endpoint)
                charges.append(TurnCostModel.isCharged(turn: endpoint.cost &- along, mode) ? 1 : 0)
            }
        }
        // A place on an avoided road (and on no other) leaves and is reached by the nearest ways off it.
        if avoid != 0 && candidates.allSatisfy({ net.edgeAvoid[$0.edge] & avoid != 0 }) {
            sources = AvoidedStretch.extend(sources, forward: true, router: router, avoid: avoid)
            targets = AvoidedStretch.extend(targets, forward: false, router: router, avoid: avoid)
            charges = targets.map { _ in 0 }
        }
        return TablePlace(phantom: p, sources: sources, targets: targets, charges: charges, piece: piece, banned: banned)
    }

    /// Where a table's place `c` joins the mode's roads; nil when no road the mode may use is found.
    func nearestRoad(to c: Coordinate, mode: TransportType) throws -> Coordinate? {
        let router = try self.router(mode)
        let ws = borrow(mode, nodeCount: router.graph.nodeCount)
        defer { giveBack(ws, mode) }
        guard c.isValid else { return nil }
        return ends.snapAlone(c, mode, ws)?.phantom.point
    }

    /// Travel seconds from every source to every target (`[i][j]`, nil: no route), by one
    /// many-to-many search. Pairs the avoided classes cut off are searched again with fewer of
    /// them, the largest sets first, as a route keeps off only the classes it can. With a
    /// `departure`, a car's turn restrictions with times hold as for a route leaving then
    /// (`RoutingEngine+TimedTable`); without one the table knows none of them. `approaches`: per
    /// source, then per target, the side of the road it is left or reached by (empty: either).
    func durationTable(from sources: [Coordinate], to targets: [Coordinate], mode: TransportType,
                       avoid: RoadAvoidance = [], departure: Date? = nil,
                       approaches: (sources: [RoadSideApproach], targets: [RoadSideApproach]) = ([], [])) throws -> [[Double?]] {
        try travelTable(from: sources, to: targets, mode: mode, avoid: avoid, departure: departure, approaches: approaches).durations
    }

    /// `durationTable`, and where each source and target joined the roads (OSRM's table
    /// waypoints): the points its search started and ended at, nil where no road was found.
    func travelTable(from sources: [Coordinate], to targets: [Coordinate], mode: TransportType,
                     avoid: RoadAvoidance = [], departure: Date? = nil,
                     approaches: (sources: [RoadSideApproach], targets: [RoadSideApproach]) = ([], []))
        throws -> (durations: [[Double?]], sourceRoads: [TableRoadPoint?], targetRoads: [TableRoadPoint?]) {
        let router = try self.router(mode)
        let ws = QueryWorkspace(nodeCount: router.graph.nodeCount, edgeCount: net.edgeCount)
        var table: [[Double?]]?
        var roads: (from: [PhantomNode?], to: [PhantomNode?])?
        for subset in avoid.subsetsLargestFirst {
            let found = self.table(sources, targets, mode, router, ws, avoid: subset.rawValue,
                                   timed: departure.map { (avoid, $0) }, approaches: approaches)
            roads = roads ?? (found.from, found.to)
            var filled = table ?? found.seconds
            for i in filled.indices { for j in filled[i].indices where filled[i][j] == nil { filled[i][j] = found.seconds[i][j] } }
            table = filled
            if !filled.contains(where: { $0.contains(nil) }) { break }
        }
        let net = self.net
        func road(_ p: PhantomNode?) -> TableRoadPoint? { p.map { TableRoadPoint(location: $0.point, name: net.name(of: $0.edge)) } }
        return (table ?? [], (roads?.from ?? []).map(road), (roads?.to ?? []).map(road))
    }

    /// `timed`: the request's classes to avoid and its departure, when timed rules must hold.
    /// `keepingPieces`: every place on its nearest road, moved to the network or not (the cells
    /// between places on small pieces, as their routes try those roads first).
    private func table(_ sources: [Coordinate], _ targets: [Coordinate], _ mode: TransportType, _ router: ModeRouter,
                       _ ws: QueryWorkspace, avoid: UInt8, timed: (RoadAvoidance, Date)?,
                       approaches: (sources: [RoadSideApproach], targets: [RoadSideApproach]),
                       onNetwork: Bool = false, keepingPieces: Bool = false) -> (seconds: [[Double?]], from: [PhantomNode?], to: [PhantomNode?]) {
        let net = self.net
        // Made first: a large core's copy is then made while the places are snapped.
        let search = ManyToManySearch(router: router, avoid: avoid, charge: TurnCostModel.osrmCar.restrictedEntryPenalty,
                                      places: targets.count) { weight, k in
            TurnCostModel.isCharged(turn: weight &- net.weight(k >> 1, forward: k & 1 == 0, mode), mode)
        }
        // Each place is snapped once, though it be a source and a target (a trip's matrix).
        var placed: [PlaceKey: TablePlace?] = [:]
        func place(_ c: Coordinate, _ approach: RoadSideApproach) -> TablePlace? {
            let key = PlaceKey(coordinate: c, approach: approach)
            if let known = placed[key] { return known }
            let found = tablePlace(c, mode, router, ws, avoid: avoid, approach: approach, onNetwork: onNetwork,
                                   keepingPieces: keepingPieces)
            placed[key] = found
            return found
        }
        func approach(_ list: [RoadSideApproach], _ i: Int) -> RoadSideApproach { i < list.count ? list[i] : .unrestricted }
        let from = sources.enumerated().map { place($1, approach(approaches.sources, $0)) }
        let to = targets.enumerated().map { place($1, approach(approaches.targets, $0)) }
        let cells = search.cells(sources: from.map { $0?.sources ?? [] }, targets: to.map { $0?.targets ?? [] },
                                 targetCharges: to.map { $0?.charges ?? [] })
        // Only the phantoms: a cell then copies none of a place's lists of endpoints.
        let fromPhantoms = from.map { $0?.phantom }, toPhantoms = to.map { $0?.phantom }
        let fromPieces = from.map { $0?.piece ?? 0 }, toPieces = to.map { $0?.piece ?? 0 }
        let fromBanned = from.map { $0?.banned ?? [] }, toBanned = to.map { $0?.banned ?? [] }
        let smallOnly = components.isSmallOnly(mode) && !onNetwork
        // Where no piece is big, the table of the places moved to the network: the cells their
        // nearest roads cannot connect, as a route tries again from the network.
        var network: (seconds: [[Double?]], from: [PhantomNode?], to: [PhantomNode?])?
        // The places a cell of that table answers for: they are where their routes start or
        // end, so their waypoints are said there, as the route's are.
        var movedFrom = Set<Int>(), movedTo = Set<Int>()
        // Two places on small pieces (one, or two a one-way road joins), moved off them to the
        // network: their route tries their nearest roads first, so their cell is that of the
        // table of such places kept on them, when it has one, else the network's. (Where no
        // piece is big they were not moved, and a path between two places of one piece never
        // leaves it.) One search for them all: a route a cell made a 201-place Helsinki
        // table 5 times slower.
        let onPieces = !smallOnly && !onNetwork && !keepingPieces
        let pieceRows = onPieces ? fromPieces.indices.filter { fromPieces[$0] != 0 } : []
        let pieceColumns = onPieces ? toPieces.indices.filter { toPieces[$0] != 0 } : []
        var kept: [[Double?]]?
        let keptRow = Dictionary(uniqueKeysWithValues: pieceRows.enumerated().map { ($1, $0) })
        let keptColumn = Dictionary(uniqueKeysWithValues: pieceColumns.enumerated().map { ($1, $0) })
        var seconds = fromPhantoms.enumerated().map { i, s in
            toPhantoms.enumerated().map { j, t -> Double? in
                guard let s, let t else { return nil }
                if let row = keptRow[i], let column = keptColumn[j] {
                    if kept == nil {
                        kept = table(pieceRows.map { sources[$0] }, pieceColumns.map { targets[$0] }, mode, router, ws,
                                     avoid: avoid, timed: timed,
                                     approaches: (pieceRows.map { approach(approaches.sources, $0) },
                                                  pieceColumns.map { approach(approaches.targets, $0) }),
                                     keepingPieces: true).seconds
                    }
                    if let time = kept?[row][column] { return time }
                }
                let cell = cells[i * toPhantoms.count + j]
                // Both on one road: along it, when the mode may go that way and that weighs no more.
                if s.edge == t.edge {
                    let forward = t.fraction >= s.fraction
                    let along = ModeRouter.partial(net.weight(s.edge, forward: forward, mode), abs(t.fraction - s.fraction))
                    let dir = Int32(s.edge * 2 + (forward ? 0 : 1))
                    if net.allows(s.edge, forward: forward, mode), !fromBanned[i].contains(dir), !toBanned[j].contains(dir),
                       along <= cell.cost { return Double(along) / 1000 }
                }
                // Where no piece is big the places keep their nearest roads, as routes do; a pair
                // those roads cannot connect is tried again from the network, as a route is. (A
                // route for every such cell made a 201-place Helsinki table 0.7 s.)
                guard cell.cost != .max else {
                    guard smallOnly && (fromPieces[i] != 0 || toPieces[j] != 0) else { return nil }
                    if network == nil {
                        network = table(sources, targets, mode, router, ws, avoid: avoid, timed: timed,
                                        approaches: approaches, onNetwork: true)
                    }
                    guard let moved = network?.seconds[i][j] else { return nil }
                    movedFrom.insert(i)
                    movedTo.insert(j)
                    return moved
                }
                // Time: the weight less its charges.
                return Double(cell.cost &- UInt32(cell.charges) &* TurnCostModel.osrmCar.restrictedEntryPenalty) / 1000
            }
        }
        if let (avoided, departure) = timed, mode == .car, !timedTurns.isEmpty {
            keepTimedTurns(&seconds, weights: cells.map(\.cost), sources: sources, targets: targets,
                           from: from.map { $0?.sources ?? [] }, to: to.map { $0?.targets ?? [] }, search: search,
                           router: router, avoid: avoided, departure: departure)
        }
        guard let network else { return (seconds, fromPhantoms, toPhantoms) }
        return (seconds, fromPhantoms.indices.map { movedFrom.contains($0) ? network.from[$0] : fromPhantoms[$0] },
                toPhantoms.indices.map { movedTo.contains($0) ? network.to[$0] : toPhantoms[$0] })
    }
}
