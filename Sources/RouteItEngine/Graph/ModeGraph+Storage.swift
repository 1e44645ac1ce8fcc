/// How a mode graph is kept in a map: only what cannot be derived. An arc's ends are stored
/// only when some arc's differ from its edge direction's nodes (`arcFrom(_:)`, `arcTo(_:)`), and
/// the per-direction offsets only every `sampleStride`-th (a search of the ascending
/// `arcEdgeDir` finds the rest): the ends and offsets were a twelfth of a country's map.
extension ModeGraph {
    func write(to sections: MapSectionWriter, prefix: String) throws {
        try sections.write([Int64(nodeCount)], named: "\(prefix).nodeCount")
        let fromDerivable = (0..<arcCount).allSatisfy { storedArcFrom[$0] == edgeDirNode[Int(arcEdgeDir[$0] ^ 1)] }
        let toDerivable = (0..<arcCount).allSatisfy { storedArcTo[$0] == edgeDirNode[Int(arcEdgeDir[$0])] }
        try sections.write(fromDerivable ? [] : storedArcFrom, named: "\(prefix).arcFrom")
        try sections.write(toDerivable ? [] : storedArcTo, named: "\(prefix).arcTo")
        try sections.write(arcWeight, named: "\(prefix).arcWeight")
        try sections.write(arcEdgeDir, named: "\(prefix).arcEdgeDir")
        try sections.write(sampledOffsets(), named: "\(prefix).edgeDirSample")
        try sections.write(edgeDirNode, named: "\(prefix).edgeDirNode")
    }

    /// The offsets of directions 0, stride, 2 × stride, ..., then the arc count.
    private func sampledOffsets() -> [UInt32] {
        let directions = storedEdgeDirStart.count - 1
        var sample = stride(from: 0, to: directions, by: ModeGraph.sampleStride).map { storedEdgeDirStart[$0] }
        sample.append(UInt32(arcCount))
        return sample
    }

    /// Maps the graph; counts are checked here, values on use.
    static func read(from sections: MapSections, prefix: String) throws -> ModeGraph {
        let n: Column<Int64> = try sections.column("\(prefix).nodeCount")
        var g = ModeGraph(
            nodeCount: Int(n.first ?? 0),
            arcFrom: try sections.column("\(prefix).arcFrom"),
            arcTo: try sections.column("\(prefix).arcTo"),
            arcWeight: try sections.column("\(prefix).arcWeight"),
            arcEdgeDir: try sections.column("\(prefix).arcEdgeDir"),
            edgeDirStart: [],
            edgeDirNode: try sections.column("\(prefix).edgeDirNode"))
        g.edgeDirSample = try sections.column("\(prefix).edgeDirSample")
        let a = g.arcCount
        let blocks = (g.edgeDirNode.count + ModeGraph.sampleStride - 1) / ModeGraph.sampleStride
        guard n.count == 1, g.nodeCount >= 0, g.nodeCount < Int32.max,
              g.storedArcFrom.isEmpty || g.storedArcFrom.count == a, g.storedArcTo.isEmpty || g.storedArcTo.count == a,
              g.arcEdgeDir.count == a, g.edgeDirSample.count == blocks + 1, Int(g.edgeDirSample[blocks]) == a else {
            throw MapSectionsError.damaged
        }
        return g
    }
}
