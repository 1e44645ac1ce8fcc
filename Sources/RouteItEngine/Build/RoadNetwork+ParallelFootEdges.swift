/// Two ways drawn over the same stretch (a square's outline along a footway, a platform's end
/// along the walkway across the platform heads) are one stretch to walk. OSRM keeps one of such
/// parallel segments (`PrepareEdges`): the quicker, and at equal time the named one, whichever
/// way comes first in the file. Built as an OSM file, a footway and a named square drawn
/// between the same two nodes give one road there in OSRM 26.10 (foot.lua), named after the
/// square. RouteIt kept both, told the walker to "Keep right at the fork" between the two, and
/// named the stretch after whichever edge the search met first.
extension RoadNetwork {
    /// Each pair of foot edges meeting at a junction is looked at once, at its lower-numbered end.
    mutating func keepOneOfParallelFootEdges(_ adjacency: NodeAdjacency) {
        func lowerEnd(_ edge: Int) -> Int { Int(min(edgeFrom[edge], edgeTo[edge])) }
        for node in 0..<nodeCount {
            let here = Int(adjacency.start[node])..<Int(adjacency.start[node + 1])
            guard here.count > 1 else { continue }
            for i in here {
                let edge = Int(adjacency.edges[i])
                guard walks(edge), lowerEnd(edge) == node else { continue }
                for j in (i + 1)..<here.upperBound {
                    let other = Int(adjacency.edges[j])
                    guard walks(other), lowerEnd(other) == node, isSameStretch(edge, other) else { continue }
                    if isPreferredOnFoot(other, over: edge) {
                        edgeFlags[edge] &= ~EdgeFlags.foot
                        break
                    }
                    edgeFlags[other] &= ~EdgeFlags.foot
                }
            }
        }
    }

    private func walks(_ edge: Int) -> Bool { edgeFlags[edge] & EdgeFlags.foot != 0 }

    /// The same two ends and the same points between them, in either direction.
    private func isSameStretch(_ a: Int, _ b: Int) -> Bool { parallelOrientation(a, b) != nil }

    /// Quicker, then named over unnamed, then the name first in byte order, then the older way
    /// (the first in the file, as OSRM keeps it: extracts are sorted by id).
    private func isPreferredOnFoot(_ edge: Int, over other: Int) -> Bool {
        if edgeFootMs[edge] != edgeFootMs[other] { return edgeFootMs[edge] < edgeFootMs[other] }
        let name = self.name(of: edge), otherName = self.name(of: other)
        if name.isEmpty != otherName.isEmpty { return otherName.isEmpty }
        if name != otherName { return name.utf8.lexicographicallyPrecedes(otherName.utf8) }
        return edgeWay[edge] < edgeWay[other]
    }
}
