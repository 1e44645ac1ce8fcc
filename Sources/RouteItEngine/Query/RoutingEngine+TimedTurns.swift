import Foundation
import RouteItCore

/// The map's car turn restrictions with times (`ConditionalTurns`), by junction, with their
/// conditions parsed once; the via-way ones by the last and the first edge direction of their
/// paths.
struct TimedTurnRules {
    let table: ConditionalTurns
    let hours: [OpeningHours]
    let atJunction: [Int32: [Int]]
    let viaWays: [TimedViaWayRule]
    /// The via-way rules whose via path ends with an edge direction (where the turn they bind is).
    let viaWaysEndingWith: [Int: [Int]]
    /// The via-way rules whose from-way arrives by an edge direction.
    let viaWaysFrom: [Int: [Int]]

    init(sections: MapSections, nodeCount: Int, directionCount: Int) throws {
        guard sections.has(ConditionalTurns.prefix + ".via") else {
            table = ConditionalTurns([], viaIndex: { _ in nil }); hours = []; atJunction = [:]
            viaWays = []; viaWaysEndingWith = [:]; viaWaysFrom = [:]
            return
        }
        let table = try ConditionalTurns.read(from: sections)
        self.table = table
        hours = (0..<table.count).map { OpeningHours(table.conditions[$0]) }
        var at: [Int32: [Int]] = [:]
        for i in 0..<table.count {
            guard table.via[i] >= 0, Int(table.via[i]) < nodeCount else { throw MapSectionsError.damaged }
            at[table.via[i], default: []].append(i)
        }
        atJunction = at
        viaWays = try table.viaWays.rules(directionCount: directionCount)
        var ending: [Int: [Int]] = [:], from: [Int: [Int]] = [:]
        for (i, rule) in viaWays.enumerated() {
            ending[rule.path[rule.path.count - 1], default: []].append(i)
            from[rule.fromDir, default: []].append(i)
        }
        viaWaysEndingWith = ending
        viaWaysFrom = from
    }

    var isEmpty: Bool { table.count == 0 && viaWays.isEmpty }

    /// The via-way rules that `dirs` break at turn `j` (from `dirs[j]` onto `dirs[j + 1]`) when
    /// they hold.
    func viaWayRules(breakingTurn j: Int, of dirs: [Int]) -> [TimedViaWayRule] {
        (viaWaysEndingWith[dirs[j]] ?? []).map { viaWays[$0] }.filter { $0.forbids(dirs, turn: j) }
    }
}

/// Turn restrictions with times, beyond what OSRM can do (it needs them baked into the graph):
/// the hierarchy knows none of them, so a found car route is checked turn by turn against them
/// at the moment it passes each junction (its departure plus the time driven so far); a rule
/// that holds then bans that turn, and the plain search finds the route again without it, until
/// no rule is broken (or none can be kept: no route at that time).
extension RoutingEngine {
    /// How many times a route is searched again for rules it broke (each adds their bans).
    static let timedTurnRounds = 8

    /// The best path's legs, obeying the timed rules at `departure`; nil when the path breaks
    /// none (it stands as found, alternatives and all).
    func obeyingTimedTurns(_ found: FoundPath, legs: [RouteLeg], _ mode: TransportType, _ router: ModeRouter,
                           _ ws: QueryWorkspace, avoid: RoadAvoidance, departure: Date) throws -> [RouteLeg]? {
        guard mode == .car, !timedTurns.isEmpty, !found.path.direct else { return nil }
        var banned = Set<UInt64>()
        var current = (found: found, legs: legs)
        for _ in 0..<Self.timedTurnRounds {
            let bans = brokenTimedTurns(current.found.path, legs: current.legs, router, departure: departure, calendar: calendar)
                .subtracting(banned)
            if bans.isEmpty { return banned.isEmpty ? nil : current.legs }
            banned.formUnion(bans)
            let again = try search(found.ends, mode, router, ws, slack: 0, reference: true, avoid: avoid.rawValue, banned: banned)
            current = (again, again.legs(of: again.path, router, net, mode))
        }
        throw DirectionsError.noRoute
    }

    /// Whether `path` turns at a junction of a timed rule coming by its from-way (at another
    /// time the rule may hold, or not).
    func meetsTimedTurns(_ path: SearchPath, _ router: ModeRouter) -> Bool {
        guard !timedTurns.isEmpty, !path.direct else { return false }
        let dirs = [path.sourceEdgeDir] + path.arcs.map { router.graph.arcEdgeDir[Int($0)] } + [path.targetEdgeDir]
        return meetsTimedTurns(dirs.map(Int.init))
    }

    /// `meetsTimedTurns` for a route's legs (each leg after the first is a turn onto its edge).
    func meetsTimedTurns(_ legs: [RouteLeg]) -> Bool {
        meetsTimedTurns(legs.map { $0.edge * 2 + ($0.forward ? 0 : 1) })
    }

    private func meetsTimedTurns(_ dirs: [Int]) -> Bool {
        for (k, next) in zip(dirs, dirs.dropFirst()) where k >= 0 && next >= 0 {
            if let rules = timedTurns.viaWaysFrom[k], rules.contains(where: { timedTurns.viaWays[$0].path[0] == next }) { return true }
            guard let rules = timedTurns.atJunction[Int32(net.tail(ofDirection: next))] else { continue }
            if rules.contains(where: { timedTurns.table.fromWay[$0] == net.edgeWay[k >> 1] }) { return true }
        }
        return false
    }

    /// Whether the legs turn where a timed rule forbids it when the car gets there.
    func breaksTimedTurn(_ legs: [RouteLeg], departure: Date, calendar: LocalCalendar) -> Bool {
        let dirs = legs.map { $0.edge * 2 + ($0.forward ? 0 : 1) }
        var elapsed: UInt64 = 0
        for (j, (a, b)) in zip(legs, legs.dropFirst()).enumerated() {
            elapsed += UInt64(legs[j].ms)
            let k = dirs[j], next = dirs[j + 1]
            let passing = departure.addingTimeInterval(Double(elapsed) / 1000)
            for rule in timedTurns.viaWayRules(breakingTurn: j, of: dirs) {
                if case .open = rule.hours.state(at: passing, in: calendar) { return true }
            }
            guard let rules = timedTurns.atJunction[Int32(net.tail(ofDirection: next))] else { continue }
            for i in rules where timedTurns.table.forbids(i, fromWay: net.edgeWay[a.edge], toWay: net.edgeWay[b.edge], k: k, next: next) {
                if case .open = timedTurns.hours[i].state(at: passing, in: calendar) { return true }
            }
        }
        return false
    }

    /// The turns of `path` a timed rule forbids when the car gets there, as ban keys (the turn
    /// from where the path stood, and from the edge's own graph node).
    func brokenTimedTurns(_ path: SearchPath, legs: [RouteLeg], _ router: ModeRouter, departure: Date,
                          calendar: LocalCalendar) -> Set<UInt64> {
        let graph = router.graph
        let dirs = [path.sourceEdgeDir] + path.arcs.map { graph.arcEdgeDir[Int($0)] } + [path.targetEdgeDir]
        guard legs.count == dirs.count else { return [] }
        let all = dirs.map(Int.init)
        var bans = Set<UInt64>()
        var elapsed: UInt64 = 0
        for j in 0..<(dirs.count - 1) {
            elapsed += UInt64(legs[j].ms)
            let k = all[j], next = all[j + 1]
            guard k >= 0, next >= 0 else { continue }
            let passing = departure.addingTimeInterval(Double(elapsed) / 1000)
            let standing = j < path.arcs.count ? graph.arcFrom(Int(path.arcs[j]))
                : (path.arcs.last.map { graph.arcTo(Int($0)) } ?? graph.edgeDirNode[k])
            // A via-way rule: only from the copy the path stands on, which the from-way and the
            // via path lead into (the same turn by another way in stays allowed).
            for rule in timedTurns.viaWayRules(breakingTurn: j, of: all) {
                if case .open = rule.hours.state(at: passing, in: calendar) { bans.insert(ModeRouter.turnKey(standing, Int32(next))) }
            }
            guard let rules = timedTurns.atJunction[Int32(net.tail(ofDirection: next))] else { continue }
            let fromWay = net.edgeWay[k >> 1], toWay = net.edgeWay[next >> 1]
            for i in rules where timedTurns.table.forbids(i, fromWay: fromWay, toWay: toWay, k: k, next: next) {
                guard case .open = timedTurns.hours[i].state(at: passing, in: calendar) else { continue }
                bans.insert(ModeRouter.turnKey(standing, Int32(next)))
                bans.insert(ModeRouter.turnKey(graph.edgeDirNode[k], Int32(next)))
            }
        }
        return bans
    }
}
