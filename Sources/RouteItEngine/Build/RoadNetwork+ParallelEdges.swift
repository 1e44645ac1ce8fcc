import RouteItCore

/// Two ways drawn over the same stretch are one stretch to travel: OSRM keeps one segment per
/// direction of such parallel segments (`PrepareEdges`). The walk over the pairs, shared by the
/// car's and the walker's rules (`keepOneOfParallelCarEdges`, `keepOneOfParallelFootEdges`).
extension RoadNetwork {
    /// Each pair of edges `mode` travels that run over the same points, looked at once at
    /// their lower-numbered end: `settle` gets the pair and whether they run along each other,
    /// and answers whether `edge` is still carried (else its other pairs are not looked at).
    mutating func settleParallelEdges(_ adjacency: NodeAdjacency, for mode: TransportType,
                                      _ settle: (inout RoadNetwork, _ edge: Int, _ other: Int, _ alike: Bool) -> Bool) {
        func lowerEnd(_ edge: Int) -> Int { Int(min(edgeFrom[edge], edgeTo[edge])) }
        for node in 0..<nodeCount {
            let here = Int(adjacency.start[node])..<Int(adjacency.start[node + 1])
            guard here.count > 1 else { continue }
            for i in here {
                let edge = Int(adjacency.edges[i])
                guard allows(edge, mode), lowerEnd(edge) == node else { continue }
                for j in (i + 1)..<here.upperBound {
                    let other = Int(adjacency.edges[j])
                    guard other != edge, allows(other, mode), lowerEnd(other) == node,
                          let alike = parallelOrientation(edge, other) else { continue }
                    if !settle(&self, edge, other, alike) { break }
                }
            }
        }
    }

    /// Whether `a` and `b` run over the same points: true along each other, false against each
    /// other, nil when they are different stretches.
    func parallelOrientation(_ a: Int, _ b: Int) -> Bool? {
        let p = points(of: a), q = points(of: b)
        guard p.count == q.count else { return nil }
        if edgeFrom[a] == edgeFrom[b] && edgeTo[a] == edgeTo[b] && p.elementsEqual(q) { return true }
        if edgeFrom[a] == edgeTo[b] && edgeTo[a] == edgeFrom[b] && p.elementsEqual(q.reversed()) { return false }
        return nil
    }
}
