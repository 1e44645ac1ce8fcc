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
    }

    static let joinDistance = 300.0

    private(set) var groups: [Street] = []

    init(streets: [AddressLayerBuilder.PendingStreet], coordinates: NodeCoordinates) {
        var byKey: [String: [(name: String, otherNames: [String], line: [Coordinate])]] = [:]
        var order: [String] = []
        for street in streets {
            let line = street.refs.compactMap(coordinates.coordinate(of:))
            guard line.count >= 2 else { continue }
            let key = TextFolding.key(street.name)
            guard !key.isEmpty else { continue }
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append((street.name, street.otherNames, line))
        }
        for key in order {
            let ways = byKey[key]!
            // Union-find over ways whose end/sample points come close.
            var parent = Array(ways.indices)
            func find(_ i: Int) -> Int { var i = i; while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }; return i }
            let samples = ways.map { AddressLayerBuilder.samples(of: $0.line, count: 5) }
            for i in ways.indices {
                for j in ways.indices where j > i && find(i) != find(j) {
                    if samples[i].contains(where: { a in samples[j].contains { $0.distance(to: a) < Self.joinDistance } }) {
                        parent[find(j)] = find(i)
                    }
                }
            }
            var members: [Int: [Int]] = [:]
            for i in ways.indices { members[find(i), default: []].append(i) }
            for root in members.keys.sorted() {
                let lines = members[root]!.map { ways[$0].line }
                let longest = lines.max { length($0) < length($1) }!
                guard let point = Geometry.midpoint(of: longest) else { continue }
                var otherNames: [String] = []
                for name in members[root]!.flatMap({ ways[$0].otherNames }) where !otherNames.contains(name) { otherNames.append(name) }
                groups.append(Street(name: ways[root].name, otherNames: otherNames, key: key, lines: lines, representative: point))
            }
        }
    }

    private func length(_ line: [Coordinate]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }
}
