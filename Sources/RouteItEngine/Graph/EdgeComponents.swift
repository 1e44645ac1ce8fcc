import RouteItCore

/// Which strongly connected piece of a mode's graph each edge lies in, as OSRM marks its
/// "tiny components": 0 for the big network (any piece of at least `smallComponentSize` nodes), k > 0 for the k-th small piece (a fragment cut off
/// by the extract's edge, an island of footways), -1 where the mode may not go. Snapping uses it
/// to move a point off a fragment onto the network unless both ends share the fragment.
struct EdgeComponents {
    /// Per edge, the car graph's component.
    var car: Column<Int32>
    /// Per edge, the walking graph's component.
    var walk: Column<Int32>
    /// Per edge, the bicycle graph's component.
    var bike: Column<Int32>

    /// Modes with no big piece (a town's extract by car): as in OSRM, every piece is small and
    /// a trip's ends snap to their nearest roads; a town's streets (the biggest piece, and any
    /// about as big: the towns of a map none of whose roads join) are still labelled 0, the
    /// network a trip goes by when its ends' pieces cannot carry it.
    var smallOnly: Set<TransportType> = []

    /// OSRM's default `--small-component-size`: pieces with fewer graph nodes are small. In a
    /// map smaller than that every piece is small and points snap to the nearest road, as in OSRM.
    static let smallComponentSize = 1000

    func isSmallOnly(_ mode: TransportType) -> Bool { smallOnly.contains(mode) }

    func component(of edge: Int, _ mode: TransportType) -> Int32 {
        switch mode {
        case .car: return car[edge]
        case .walk: return walk[edge]
        case .bike: return bike[edge]
        }
    }

    func isOnNetwork(_ edge: Int, _ mode: TransportType) -> Bool { component(of: edge, mode) == 0 }

    /// Per edge, the component of the graph nodes its usable directions lead to (the big one if
    /// either direction does). `nodeWeights`: how many of OSRM's nodes each graph node stands
    /// for (`CompressedRoadCount`), so that "small" means what it means to OSRM; nil: one each.
    /// `smallOnly`: no piece is big (a town's streets are labelled 0 all the same).
    static func label(_ graph: ModeGraph, edgeCount: Int, smallSize: Int = smallComponentSize,
                      nodeWeights: [UInt8]? = nil) -> (labels: [Int32], smallOnly: Bool) {
        var (nodeComponent, sizes) = stronglyConnected(graph)
        if let nodeWeights, nodeWeights.count == graph.nodeCount {
            sizes = [Int](repeating: 0, count: sizes.count)
            for (node, c) in nodeComponent.enumerated() where c >= 0 { sizes[Int(c)] += Int(nodeWeights[node]) }
        }
        let biggest = sizes.indices.max { sizes[$0] < sizes[$1] }
        let smallOnly = biggest.map { sizes[$0] < smallSize } ?? false
        // With no big piece, a piece is the network when it is a town's streets: a tenth of the
        // limit at least (the few streets of a hand-made map, as OSRM's scenarios draw them, are
        // pieces and none of them the network) and half the biggest or more, so that every town
        // of a map whose towns no road joins has its network, not only the biggest town.
        let townSize = biggest.map { max(sizes[$0] / 2, (smallSize + 9) / 10) } ?? Int.max
        let isTownsStreets = { (c: Int) in smallOnly && sizes[c] >= townSize }
        // Renumber: 0 = big, then small pieces 1, 2, ... in order of first appearance.
        var renumbered = [Int32](repeating: -1, count: sizes.count)
        var nextSmall: Int32 = 1
        for c in sizes.indices {
            if sizes[c] >= smallSize || isTownsStreets(c) {
                renumbered[c] = 0
            } else {
                renumbered[c] = nextSmall
                nextSmall += 1
            }
        }
        var out = [Int32](repeating: -1, count: edgeCount)
        for e in 0..<edgeCount {
            for k in [e * 2, e * 2 + 1] {
                let node = graph.edgeDirNode[k]
                guard node >= 0 else { continue }
                let c = renumbered[Int(nodeComponent[Int(node)])]
                if out[e] < 0 || c == 0 { out[e] = c }
            }
        }
        return (out, smallOnly)
    }

    /// Tarjan's strongly connected components, iterative: (component per node, size per component).
    /// As OSRM's `FindComponents` does, both directions of a two-way road count as one piece
    /// (joined both ways), so a two-way road that can only be entered, or only left, by a turn
    /// the graph forbids (a dead end off a one-way street) still belongs to the network around it.
    static func stronglyConnected(_ graph: ModeGraph) -> ([Int32], [Int]) {
        let n = graph.nodeCount
        var arcs: [(from: Int32, to: Int32)] = (0..<graph.arcCount).map { (graph.arcFrom($0), graph.arcTo($0)) }
        for e in 0..<graph.edgeDirNode.count / 2 {
            let forward = graph.edgeDirNode[e * 2], backward = graph.edgeDirNode[e * 2 + 1]
            guard forward >= 0, backward >= 0, forward != backward else { continue }
            arcs.append((forward, backward))
            arcs.append((backward, forward))
        }
        var start = [Int32](repeating: 0, count: n + 1)
        for a in arcs { start[Int(a.from) + 1] += 1 }
        for i in 0..<n { start[i + 1] += start[i] }
        var fill = start
        var heads = [Int32](repeating: 0, count: arcs.count)
        for a in arcs {
            let u = Int(a.from)
            heads[Int(fill[u])] = a.to
            fill[u] += 1
        }
        var index = [Int32](repeating: -1, count: n)
        var low = [Int32](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var component = [Int32](repeating: -1, count: n)
        var sizes: [Int] = []
        var stack: [Int32] = []
        var calls: [(node: Int32, next: Int32)] = []
        var counter: Int32 = 0
        for root in 0..<n where index[root] < 0 {
            calls.append((Int32(root), start[root]))
            index[root] = counter; low[root] = counter; counter += 1
            stack.append(Int32(root)); onStack[root] = true
            while let (v32, next) = calls.last {
                let v = Int(v32)
                if next < start[v + 1] {
                    calls[calls.count - 1].next = next + 1
                    let w = Int(heads[Int(next)])
                    if index[w] < 0 {
                        index[w] = counter; low[w] = counter; counter += 1
                        stack.append(Int32(w)); onStack[w] = true
                        calls.append((Int32(w), start[w]))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                calls.removeLast()
                if let parent = calls.last { low[Int(parent.node)] = min(low[Int(parent.node)], low[v]) }
                if low[v] == index[v] {
                    let c = Int32(sizes.count)
                    var size = 0
                    while let w = stack.popLast() {
                        onStack[Int(w)] = false
                        component[Int(w)] = c
                        size += 1
                        if Int(w) == v { break }
                    }
                    sizes.append(size)
                }
            }
        }
        return (component, sizes)
    }

    // MARK: storage

    /// The modes `smallOnly` holds, in this order in "net.smallPiecesOnly" (written only when
    /// there is one: most maps have a big piece in every mode, and a section takes a page).
    private static let modeOrder: [TransportType] = [.car, .walk, .bike]

    func write(to sections: MapSectionWriter) throws {
        try sections.write(car, named: "net.carComponent")
        try sections.write(walk, named: "net.walkComponent")
        try sections.write(bike, named: "net.bikeComponent")
        if !smallOnly.isEmpty {
            try sections.write(Self.modeOrder.map { smallOnly.contains($0) ? UInt8(1) : 0 }, named: "net.smallPiecesOnly")
        }
    }

    /// Maps imported before components were stored read as one big network each.
    static func read(from sections: MapSections, edgeCount: Int) throws -> EdgeComponents {
        func column(_ name: String) throws -> Column<Int32> {
            sections.has(name) ? try sections.column(name) : Column([Int32](repeating: 0, count: edgeCount))
        }
        var c = EdgeComponents(car: try column("net.carComponent"), walk: try column("net.walkComponent"),
                               bike: try column("net.bikeComponent"))
        if sections.has("net.smallPiecesOnly") {
            let flags: Column<UInt8> = try sections.column("net.smallPiecesOnly")
            c.smallOnly = Set(zip(modeOrder, flags).compactMap { $1 != 0 ? $0 : nil })
        }
        guard c.car.count == edgeCount, c.walk.count == edgeCount, c.bike.count == edgeCount else { throw MapSectionsError.damaged }
        return c
    }
}
