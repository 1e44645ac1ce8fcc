/// Two ways drawn over the same stretch (a street and a destination-only way along part of it,
/// a bus route's way on a street) are one stretch to drive. OSRM keeps one segment per direction
/// of such parallel segments (`PrepareEdges`): the quicker, and at equal time the one named first
/// in byte order (unnamed last). So a street that overlaps an `access=destination` way named
/// before it is closed to through traffic there, and the stretch bears the kept way's name.
/// RouteIt kept both, drove the open one through and named the stretch after either.
extension RoadNetwork {
    /// Each pair of car edges meeting at a junction is looked at once, at its lower-numbered end;
    /// the loser of each direction stops carrying cars that way.
    mutating func keepOneOfParallelCarEdges(_ adjacency: NodeAdjacency) {
        func lowerEnd(_ edge: Int) -> Int { Int(min(edgeFrom[edge], edgeTo[edge])) }
        for node in 0..<nodeCount {
            let here = Int(adjacency.start[node])..<Int(adjacency.start[node + 1])
            guard here.count > 1 else { continue }
            for i in here {
                let edge = Int(adjacency.edges[i])
                guard allows(edge, .car), lowerEnd(edge) == node else { continue }
                for j in (i + 1)..<here.upperBound {
                    let other = Int(adjacency.edges[j])
                    guard other != edge, allows(other, .car), lowerEnd(other) == node,
                          let alike = parallelOrientation(edge, other) else { continue }
                    for forward in [true, false] {
                        let otherForward = alike ? forward : !forward
                        guard allows(edge, forward: forward, .car), allows(other, forward: otherForward, .car) else { continue }
                        if isPreferredByCar(other, forward: otherForward, over: edge, forward: forward) {
                            edgeFlags[edge] &= ~(forward ? EdgeFlags.carForward : EdgeFlags.carBackward)
                        } else {
                            edgeFlags[other] &= ~(otherForward ? EdgeFlags.carForward : EdgeFlags.carBackward)
                        }
                    }
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

    /// Quicker, then named over unnamed, then the name first in byte order (OSRM compares the
    /// name, not the ref), then the older way (the first in the file).
    private func isPreferredByCar(_ edge: Int, forward: Bool, over other: Int, forward otherForward: Bool) -> Bool {
        let time = weight(edge, forward: forward, .car), otherTime = weight(other, forward: otherForward, .car)
        if time != otherTime { return time < otherTime }
        let name = label(of: edge).name, otherName = label(of: other).name
        if name.isEmpty != otherName.isEmpty { return otherName.isEmpty }
        if name != otherName { return name.utf8.lexicographicallyPrecedes(otherName.utf8) }
        return edgeWay[edge] < edgeWay[other]
    }
}
