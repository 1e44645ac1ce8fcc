/// Nodes where more roads meet than any real junction has (a mapping error or a hub of
/// many ways drawn to one point): the ways through them are left out of the road graph.
enum CrowdedNodes {
    /// Leaves out (empties the range of) every way through a node joining more than
    /// `maxRoadsAtNode` road ends, compacting `kept` and `points`; returns how many it left out.
    static func dropWays(kept: inout [Int64], points: inout [GeoPoint], wayRanges: inout [Range<Int>], maxRoadsAtNode: Int) -> Int {
        // Every node once per way end, twice where a way passes through: runs give the degrees.
        var ends: [Int64] = []
        ends.reserveCapacity(2 * kept.count)
        for r in wayRanges where !r.isEmpty {
            ends.append(contentsOf: kept[r])
            if r.count > 2 { ends.append(contentsOf: kept[(r.lowerBound + 1)..<(r.upperBound - 1)]) }
        }
        ends.sort()
        var crowded: [Int64] = []
        var runStart = 0
        while runStart < ends.count {
            var runEnd = runStart + 1
            while runEnd < ends.count && ends[runEnd] == ends[runStart] { runEnd += 1 }
            if runEnd - runStart > maxRoadsAtNode { crowded.append(ends[runStart]) }
            runStart = runEnd
        }
        guard !crowded.isEmpty else { return 0 }
        var dropped = 0
        var keptOut: [Int64] = []
        var pointsOut: [GeoPoint] = []
        keptOut.reserveCapacity(kept.count)
        pointsOut.reserveCapacity(points.count)
        for w in wayRanges.indices {
            let r = wayRanges[w]
            let start = keptOut.count
            if r.contains(where: { RoadLayerBuilder.index(of: kept[$0], in: crowded) != nil }) {
                dropped += 1
            } else {
                keptOut.append(contentsOf: kept[r])
                pointsOut.append(contentsOf: points[r])
            }
            wayRanges[w] = start..<keptOut.count
        }
        kept = keptOut
        points = pointsOut
        return dropped
    }
}
