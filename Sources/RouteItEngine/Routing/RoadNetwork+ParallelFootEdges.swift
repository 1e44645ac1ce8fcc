/// Two ways drawn over the same stretch (a square's outline along a footway, a platform's end
/// along the walkway across the platform heads) are one stretch to walk. OSRM keeps one of such
/// parallel segments (`PrepareEdges`): the quicker, and at equal time the named one, whichever
/// way comes first in the file. Built as an OSM file, a footway and a named square drawn
/// between the same two nodes give one road there in OSRM 26.10 (foot.lua), named after the
/// square. RouteIt kept both, told the walker to "Keep right at the fork" between the two, and
/// named the stretch after whichever edge the search met first.
extension RoadNetwork {
    mutating func keepOneOfParallelFootEdges() {
        struct Stretch: Hashable { var a: Int32, b: Int32, points: [Int64] }
        var best: [Stretch: Int] = [:]
        var dropped: [Int] = []
        for edge in 0..<edgeCount where edgeFlags[edge] & EdgeFlags.foot != 0 {
            var points = self.points(of: edge).map { Int64($0.lat) << 32 | Int64(UInt32(bitPattern: $0.lon)) }
            var a = edgeFrom[edge], b = edgeTo[edge]
            if a > b || a == b && points.first! > points.last! { swap(&a, &b); points.reverse() }
            let key = Stretch(a: a, b: b, points: points)
            guard let kept = best[key] else { best[key] = edge; continue }
            if isPreferredOnFoot(edge, over: kept) {
                dropped.append(kept)
                best[key] = edge
            } else {
                dropped.append(edge)
            }
        }
        for edge in dropped { edgeFlags[edge] &= ~EdgeFlags.foot }
    }

    /// Quicker, then named over unnamed, then the name first in byte order.
    private func isPreferredOnFoot(_ edge: Int, over other: Int) -> Bool {
        if edgeFootMs[edge] != edgeFootMs[other] { return edgeFootMs[edge] < edgeFootMs[other] }
        let name = self.name(of: edge), otherName = self.name(of: other)
        if name.isEmpty != otherName.isEmpty { return otherName.isEmpty }
        return Array(name.utf8).lexicographicallyPrecedes(Array(otherName.utf8))
    }
}
