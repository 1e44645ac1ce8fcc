/// Nodes where more roads meet than any real junction has (a mapping error or a hub of
/// many ways drawn to one point): the ways through them are left out of the road graph.
enum CrowdedNodes {
    /// Leaves out every way through a node joining more than `maxRoadsAtNode` road ends (all
    /// the way's pieces), compacting `kept` and `points`; returns how many ways it left out.
    static func dropWays(kept: inout [Int64], points: inout [GeoPoint], pieces: inout [WayPiece], maxRoadsAtNode: Int) -> Int {
        // Every node once per road end, twice where a road passes through: runs give the degrees.
        var ends: [Int64] = []
        ends.reserveCapacity(2 * kept.count)
        for piece in pieces {
            let r = piece.range
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
        var droppedWays = Set<Int>()
        for piece in pieces where piece.range.contains(where: { RoadLayerBuilder.index(of: kept[$0], in: crowded) != nil }) {
            droppedWays.insert(piece.way)
        }
        var keptOut: [Int64] = []
        var pointsOut: [GeoPoint] = []
        var piecesOut: [WayPiece] = []
        keptOut.reserveCapacity(kept.count)
        pointsOut.reserveCapacity(points.count)
        for var piece in pieces where !droppedWays.contains(piece.way) {
            let start = keptOut.count
            keptOut.append(contentsOf: kept[piece.range])
            pointsOut.append(contentsOf: points[piece.range])
            piece.range = start..<keptOut.count
            piecesOut.append(piece)
        }
        kept = keptOut
        points = pointsOut
        pieces = piecesOut
        return droppedWays.count
    }
}
