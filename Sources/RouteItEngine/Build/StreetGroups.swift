import Foundation
import RouteItCore

/// Named street ways merged into streets: ways sharing a name belong to one street when they lie
/// within a few hundred metres of each other (so two "Koulukatu"s in two towns stay apart).
struct StreetGroups {
    struct Street {
        var name: String
        var otherNames: [String]
        var key: String
        var lines: [[Coordinate]]
        /// Halfway along the street's longest way: where "Aleksanterinkatu" alone takes you.
        var representative: Coordinate
        /// That longest way.
        var osm: OSMReference
    }

    static let joinDistance = 300.0

    private(set) var groups: [Street] = []

    init(streets: [AddressLayerBuilder.PendingStreet], coordinates: NodeCoordinates) {
        // A way cut where the file lacks a node is drawn as its pieces (`WayPieces`).
        var byKey: [String: [(name: String, otherNames: [String], lines: [[Coordinate]], way: Int64)]] = [:]
        var order: [String] = []
        for street in streets {
            let lines = coordinates.lines(of: street.refs)
            guard !lines.isEmpty else { continue }
            let key = TextFolding.key(street.name)
            guard !key.isEmpty else { continue }
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append((street.name, street.otherNames, lines, street.way))
        }
        for key in order {
            let ways = byKey[key]!
            var components = UnionFind(count: ways.count)
            Self.joinNearbyWays(ways.map { $0.lines.flatMap { AddressLayerBuilder.samples(of: $0, count: 5) } }, into: &components)
            var members: [Int: [Int]] = [:]
            for i in ways.indices { members[components.find(i), default: []].append(i) }
            for root in members.keys.sorted() {
                let lines = members[root]!.flatMap { ways[$0].lines }
                let longest = members[root]!.max { length(ways[$0].lines) < length(ways[$1].lines) }!
                let longestLine = ways[longest].lines.max { length([$0]) < length([$1]) }!
                guard let point = Geometry.midpoint(of: longestLine) else { continue }
                var otherNames: [String] = []
                for name in members[root]!.flatMap({ ways[$0].otherNames }) where !otherNames.contains(name) { otherNames.append(name) }
                groups.append(Street(name: ways[root].name, otherNames: otherNames, key: key, lines: lines, representative: point,
                                     osm: OSMReference(kind: .way, id: ways[longest].way)))
            }
        }
    }

    /// Joins ways (given by sample points) that come within `joinDistance` of each other, in
    /// O(points): a grid of cells small enough that any two points in one cell are close joins a
    /// cell's ways outright, and only neighbouring cells are compared point by point (their points
    /// thinned to one per few metres, so even thousands of ways in one spot stay cheap).
    static func joinNearbyWays(_ samples: [[Coordinate]], into components: inout UnionFind) {
        var grid = PointGrid<Int>(cellMetres: joinDistance / 2.0.squareRoot() * 0.99)
        let thinning = PointGrid<Int>(cellMetres: 10)
        for (way, points) in samples.enumerated() {
            for p in points { grid.insert(way, at: p) }
        }
        // Every cell's ways are one street already (the cell's diagonal is under joinDistance).
        var cells: [(cell: PointGrid<Int>.Cell, points: [(point: Coordinate, item: Int)])] = []
        for (cell, entries) in grid.cells {
            for entry in entries.dropFirst() { components.union(entries[0].item, entry.item) }
            // One point per 10 m square is enough to tell whether two cells come close.
            var thinned: [PointGrid<Int>.Cell: (point: Coordinate, item: Int)] = [:]
            for entry in entries where thinned[thinning.cell(of: entry.point)] == nil {
                thinned[thinning.cell(of: entry.point)] = entry
            }
            cells.append((cell, Array(thinned.values)))
        }
        let byCell = Dictionary(uniqueKeysWithValues: cells.map { ($0.cell, $0.points) })
        for (cell, points) in cells {
            // Each pair of neighbouring cells once: the four "forward" neighbours (and the far
            // ones a joinDistance reaches at high latitudes, where cells are narrow).
            let reachX = Int((joinDistance / (Geodesy.roundMetresPerDegree * grid.cellDegrees
                * max(0.01, cos(points[0].point.latitude * .pi / 180)))).rounded(.up))
            for dy in 0...2 {
                for dx in -max(2, reachX)...max(2, reachX) where dy > 0 || dx > 0 {
                    guard let other = byCell[PointGrid<Int>.Cell(x: cell.x + dx, y: cell.y + dy)],
                          components.find(points[0].item) != components.find(other[0].item) else { continue }
                    search: for a in points {
                        for b in other where a.point.distance(to: b.point) < joinDistance {
                            components.union(a.item, b.item)
                            break search
                        }
                    }
                }
            }
        }
    }

    private func length(_ lines: [[Coordinate]]) -> Double {
        lines.reduce(0) { total, line in zip(line, line.dropFirst()).reduce(total) { $0 + $1.0.distance(to: $1.1) } }
    }
}

/// Disjoint sets of 0..<count with path halving.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ i: Int) -> Int {
        var i = i
        while parent[i] != i {
            parent[i] = parent[parent[i]]
            i = parent[i]
        }
        return i
    }

    mutating func union(_ a: Int, _ b: Int) {
        let ra = find(a), rb = find(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}
