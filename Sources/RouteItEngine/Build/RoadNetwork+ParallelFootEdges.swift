/// Two ways drawn over the same stretch (a square's outline along a footway, a platform's end
/// along the walkway across the platform heads) are one stretch to walk. OSRM keeps one of such
/// parallel segments (`PrepareEdges`): the quicker, and at equal time the named one, whichever
/// way comes first in the file. Built as an OSM file, a footway and a named square drawn
/// between the same two nodes give one road there in OSRM 26.10 (foot.lua), named after the
/// square. RouteIt kept both, told the walker to "Keep right at the fork" between the two, and
/// named the stretch after whichever edge the search met first.
extension RoadNetwork {
    /// Of each parallel pair (`settleParallelEdges`), the loser stops carrying walkers.
    mutating func keepOneOfParallelFootEdges(_ adjacency: NodeAdjacency) {
        settleParallelEdges(adjacency, for: .walk) { net, edge, other, _ in
            if net.isPreferredOnFoot(other, over: edge) {
                net.edgeFlags[edge] &= ~EdgeFlags.foot
                return false
            }
            net.edgeFlags[other] &= ~EdgeFlags.foot
            return true
        }
    }

    /// Quicker, then OSRM's order of names (`CmpEdgeByInternalSourceTargetAndName`), then the
    /// older way (the first in the file, as OSRM keeps it: extracts are sorted by id).
    fileprivate func isPreferredOnFoot(_ edge: Int, over other: Int) -> Bool {
        if edgeFootMs[edge] != edgeFootMs[other] { return edgeFootMs[edge] < edgeFootMs[other] }
        let label = self.label(of: edge), otherLabel = self.label(of: other)
        // OSRM sorts a way with neither name nor ref last, and compares the rest by the name
        // alone: a platform with only a ref ("11", "12") has an empty name, so it comes before
        // any named way, and two such platforms drawn over one edge are ordered by way alone.
        if label.isEmpty != otherLabel.isEmpty { return otherLabel.isEmpty }
        if label.name != otherLabel.name { return label.name.utf8.lexicographicallyPrecedes(otherLabel.name.utf8) }
        return edgeWay[edge] < edgeWay[other]
    }
}
