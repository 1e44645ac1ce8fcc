import RouteItCore

/// Which edges meet at each junction (CSR), for counting roundabout exits and junction degrees.
/// Built at import and stored with the map.
struct NodeAdjacency {
    var start: Column<UInt32>
    var edges: Column<Int32>

    init(start: Column<UInt32>, edges: Column<Int32>) {
        self.start = start
        self.edges = edges
    }

    init(_ net: RoadNetwork) {
        var start = [UInt32](repeating: 0, count: net.nodeCount + 1)
        for e in 0..<net.edgeCount {
            start[Int(net.edgeFrom[e]) + 1] += 1
            if net.edgeTo[e] != net.edgeFrom[e] { start[Int(net.edgeTo[e]) + 1] += 1 }
        }
        for i in 0..<net.nodeCount { start[i + 1] += start[i] }
        var fill = start
        var edges = [Int32](repeating: 0, count: Int(start[net.nodeCount]))
        for e in 0..<net.edgeCount {
            let a = Int(net.edgeFrom[e]), b = Int(net.edgeTo[e])
            edges[Int(fill[a])] = Int32(e); fill[a] += 1
            if a != b { edges[Int(fill[b])] = Int32(e); fill[b] += 1 }
        }
        self.start = Column(start)
        self.edges = Column(edges)
    }

    func edges(of node: Int32) -> NodeEdges {
        let a = Int(start[Int(node)]), b = Int(start[Int(node) + 1])
        guard a <= b else { MapDamage.report(); return NodeEdges(ids: edges[0..<0]) }
        return NodeEdges(ids: edges[a..<b])
    }

    func degree(_ node: Int32) -> Int {
        let a = start[Int(node)], b = start[Int(node) + 1]
        return b >= a ? Int(b - a) : 0
    }

    func write(to sections: MapSectionWriter) throws {
        try sections.write(start, named: "adjacency.start")
        try sections.write(edges, named: "adjacency.edges")
    }

    static func read(from sections: MapSections, nodeCount: Int) throws -> NodeAdjacency {
        let a = NodeAdjacency(start: try sections.column("adjacency.start"), edges: try sections.column("adjacency.edges"))
        guard a.start.count == nodeCount + 1, Int(a.start.last ?? 0) == a.edges.count else { throw MapSectionsError.damaged }
        return a
    }
}

/// The edges meeting at one node, read in place from the map (guidance asks this of every
/// junction many times over: no array is made for it).
struct NodeEdges: RandomAccessCollection {
    let ids: Column<Int32>
    var startIndex: Int { ids.startIndex }
    var endIndex: Int { ids.endIndex }
    subscript(position: Int) -> Int { Int(ids[position]) }
}
