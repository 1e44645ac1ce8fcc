/// Two ways drawn over the same stretch (a square's outline along a footway, a platform's end
/// along the walkway across the platform heads) are one stretch to walk. OSRM keeps one of such
/// parallel segments (`PrepareEdges`): the quicker, and at equal time the named one, whichever
/// way comes first in the file. Built as an OSM file, a footway and a named square drawn
/// between the same two nodes give one road there in OSRM 26.10 (foot.lua), named after the
/// square. RouteIt kept both, told the walker to "Keep right at the fork" between the two, and
/// named the stretch after whichever edge the search met first.
extension RoadNetwork {
    mutating func keepOneOfParallelFootEdges() {
        // Foot edges by their lower-numbered end (a counting sort: two arrays of Int32, no
        // hashing, for maps of tens of millions of edges); parallel edges share both ends.
        func lowerEnd(_ edge: Int) -> Int { Int(min(edgeFrom[edge], edgeTo[edge])) }
        var start = [Int32](repeating: 0, count: nodeCount + 1)
        for edge in 0..<edgeCount where walks(edge) { start[lowerEnd(edge) + 1] += 1 }
        for node in 0..<nodeCount { start[node + 1] += start[node] }
        var byEnd = [Int32](repeating: 0, count: Int(start[nodeCount]))
        var next = start
        for edge in 0..<edgeCount where walks(edge) {
            let end = lowerEnd(edge)
            byEnd[Int(next[end])] = Int32(edge)
            next[end] += 1
        }
        next = []
        for node in 0..<nodeCount where start[node + 1] - start[node] > 1 {
            let group = byEnd[Int(start[node])..<Int(start[node + 1])].map(Int.init)
            for (i, edge) in group.enumerated() where walks(edge) {
                for other in group[(i + 1)...] where walks(other) && isSameStretch(edge, other) {
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
    private func isSameStretch(_ a: Int, _ b: Int) -> Bool {
        let p = points(of: a), q = points(of: b)
        guard p.count == q.count else { return false }
        if edgeFrom[a] == edgeFrom[b] && edgeTo[a] == edgeTo[b] && p.elementsEqual(q) { return true }
        return edgeFrom[a] == edgeTo[b] && edgeTo[a] == edgeFrom[b] && p.elementsEqual(q.reversed())
    }

    /// Quicker, then named over unnamed, then the name first in byte order.
    private func isPreferredOnFoot(_ edge: Int, over other: Int) -> Bool {
        if edgeFootMs[edge] != edgeFootMs[other] { return edgeFootMs[edge] < edgeFootMs[other] }
        let name = self.name(of: edge), otherName = self.name(of: other)
        if name.isEmpty != otherName.isEmpty { return otherName.isEmpty }
        return name.utf8.lexicographicallyPrecedes(otherName.utf8)
    }
}
