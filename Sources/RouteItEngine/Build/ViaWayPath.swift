/// A via-way turn restriction laid onto the road graph: the edge directions a car drives from
/// the from-way's end along the via ways to the junction where the to-way leaves. Edge
/// direction k is edge k >> 1, forward when k is even (see `RoadNetwork.tail(ofDirection:)`).
struct ViaWayPath: Equatable {
    var kind: TurnRestriction.Kind
    /// The from-way's direction arriving where the via path starts.
    var fromDir: Int32
    /// The via ways' directions, in driving order.
    var path: [Int32]
    /// The to-way's directions leaving the path's end.
    var toDirs: [Int32]
    /// The rule holds at some times only: the graph gets the path's copies but not its ban,
    /// which the router applies at the time of passage (`TimedViaWayTurns`).
    var timed = false

    /// The restriction's paths: one per direction of the from-way that arrives at the first via
    /// way (usually one). None when the ways do not connect for cars as the relation says
    /// (mapping errors happen; such a relation is skipped, as OSRM skips it).
    static func resolve(_ r: TurnRestriction, in net: RoadNetwork, edgesOfWay: [Int64: [Int]]) -> [ViaWayPath] {
        guard !r.viaWays.isEmpty, let fromEdges = edgesOfWay[r.fromWay], let toEdges = edgesOfWay[r.toWay] else { return [] }
        let viaEdges = r.viaWays.map { edgesOfWay[$0] ?? [] }
        guard !viaEdges.contains(where: \.isEmpty) else { return [] }
        func tail(_ k: Int) -> Int { net.tail(ofDirection: k) }
        func head(_ k: Int) -> Int { net.head(ofDirection: k) }
        func allowed(_ k: Int) -> Bool { net.allows(direction: k, .car) }
        func leaving(_ edges: [Int], _ junction: Int) -> [Int] {
            edges.flatMap { [$0 * 2, $0 * 2 + 1] }.filter { allowed($0) && tail($0) == junction && head($0) != junction }
        }

        var out: [ViaWayPath] = []
        for kF in fromEdges.flatMap({ [$0 * 2, $0 * 2 + 1] }) where allowed(kF) {
            // Breadth first over (junction, index of the via way driven), so the path is the
            // shortest in edges; via ways are driven in the relation's order.
            struct State: Hashable { var junction: Int; var way: Int }
            let start = State(junction: head(kF), way: 0)
            var parent: [State: (State, Int)] = [:]
            var queue = [start], seen: Set<State> = [start]
            var goal: (end: State, toDirs: [Int])?
            var index = 0
            while index < queue.count, goal == nil, seen.count < 10_000 {
                let s = queue[index]
                index += 1
                // The next via way only once the current one has been driven.
                for w in s.way...(s == start ? 0 : min(s.way + 1, viaEdges.count - 1)) {
                    for k in leaving(viaEdges[w], s.junction) {
                        let n = State(junction: head(k), way: w)
                        guard !seen.contains(n) else { continue }
                        seen.insert(n)
                        parent[n] = (s, k)
                        let exits = w == viaEdges.count - 1 ? leaving(toEdges, n.junction) : []
                        if !exits.isEmpty {
                            goal = (n, exits)
                            break
                        }
                        queue.append(n)
                    }
                    if goal != nil { break }
                }
            }
            guard let goal else { continue }
            var at = goal.end
            var path: [Int32] = []
            while let (previous, k) = parent[at] {
                path.append(Int32(k))
                at = previous
            }
            out.append(ViaWayPath(kind: r.kind, fromDir: Int32(kF), path: path.reversed(),
                                  toDirs: goal.toDirs.map(Int32.init), timed: r.isTimed))
        }
        return out
    }
}
