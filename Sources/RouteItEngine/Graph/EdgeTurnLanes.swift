/// The car's turn lanes of each edge's way (`TurnLanes.strings`), for OSRM's `lanes` on a step's
/// intersections. Kept only for the edges that have any (a few in a hundred): their numbers
/// ascending, and per such edge the numbers of its lane strings in `texts` along the edge (low
/// 16 bits) and against it (high 16 bits); text 0 is "" (none). A map without them serves no lanes.
struct EdgeTurnLanes {
    var edges: Column<Int32> = []
    var ids: Column<UInt32> = []
    var texts = StringColumn([""])

    /// The lane string driving edge `edge` along it (`forward`) or against it; "" when none.
    func lanes(of edge: Int, forward: Bool) -> String {
        guard !edges.isEmpty else { return "" }
        var low = 0, high = edges.count
        while low < high {
            let mid = (low + high) / 2
            if Int(edges[mid]) < edge { low = mid + 1 } else { high = mid }
        }
        guard low < edges.count, Int(edges[low]) == edge else { return "" }
        let both = ids[low]
        let id = forward ? both & 0xFFFF : both >> 16
        return id == 0 ? "" : texts[Int(id)]
    }

    /// The same lanes after the network's edges were renumbered (`newEdge[old]`).
    func renumbered(_ newEdge: [Int32]) -> EdgeTurnLanes {
        let moved = edges.indices.map { (edge: newEdge[Int(edges[$0])], id: ids[$0]) }.sorted { $0.edge < $1.edge }
        return EdgeTurnLanes(edges: Column(moved.map(\.edge)), ids: Column(moved.map(\.id)), texts: texts)
    }

    func write(to sections: MapSectionWriter) throws {
        guard !edges.isEmpty else { return }
        try sections.write(edges, named: "net.turnLaneEdges")
        try sections.write(ids, named: "net.turnLaneIds")
        try texts.write(named: "net.turnLaneTexts", to: sections)
    }

    /// The map's lanes; none on a map without them.
    static func read(from sections: MapSections, edgeCount: Int) throws -> EdgeTurnLanes {
        guard sections.has("net.turnLaneEdges") else { return EdgeTurnLanes() }
        let lanes = EdgeTurnLanes(edges: try sections.column("net.turnLaneEdges"), ids: try sections.column("net.turnLaneIds"),
                                  texts: try StringColumn.read(named: "net.turnLaneTexts", from: sections))
        guard lanes.ids.count == lanes.edges.count, lanes.edges.count <= edgeCount, lanes.texts.count >= 1 else {
            throw MapSectionsError.damaged
        }
        return lanes
    }
}

/// Numbers the distinct lane strings for `EdgeTurnLanes` as the importer reads the ways.
struct TurnLaneTexts {
    private(set) var texts: [String] = [""]
    private var index: [String: UInt32] = ["": 0]

    /// The pair's number for `EdgeTurnLanes.ids`; a string beyond 65,535 distinct ones is dropped.
    mutating func id(forward: String, backward: String) -> UInt32 {
        number(forward) | number(backward) << 16
    }

    private mutating func number(_ text: String) -> UInt32 {
        if let known = index[text] { return known }
        guard texts.count <= 0xFFFF else { return 0 }
        let id = UInt32(texts.count)
        texts.append(text)
        index[text] = id
        return id
    }
}
