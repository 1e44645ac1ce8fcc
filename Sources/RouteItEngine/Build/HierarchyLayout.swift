/// The order a mode's graph nodes and its hierarchy's shortcuts are stored in, chosen so that a
/// query's search space falls on few pages (the sections are mapped page by page, and each page
/// costs a fault to map and a share of the unmapping): nodes by level band, highest first, so
/// the top of the hierarchy that every query climbs to is one contiguous block; within a band
/// along a Hilbert curve of their position, so the low nodes a search settles near its source
/// are neighbours.
/// A shortcut is unpacked at the node it bypasses, whose arcs lie with it.
///
/// Applied once at import after the hierarchy is built: routes are unchanged, only ids move.
struct HierarchyLayout {
    /// New id of each old node.
    let newNode: [Int32]

    init(graph: ModeGraph, ch: ContractionHierarchy, net: RoadNetwork) {
        let n = graph.nodeCount
        let level = HierarchyLayout.levels(ch)
        let points = HierarchyLayout.positions(graph, net: net)
        let curve = HilbertCurve(covering: points.compactMap { $0 })
        var keyed: [(band: Int, position: UInt64, node: Int)] = []
        keyed.reserveCapacity(n)
        for v in 0..<n {
            let band = HierarchyLayout.band(level[v])
            keyed.append((band, points[v].map(curve.position) ?? 0, v))
        }
        keyed.sort { a, b in
            a.band != b.band ? a.band > b.band : a.position != b.position ? a.position < b.position : a.node < b.node
        }
        var newNode = [Int32](repeating: 0, count: n)
        for (i, k) in keyed.enumerated() { newNode[k.node] = Int32(i) }
        self.newNode = newNode

    }

    /// Levels 0, 1, 2–3, 4–7, ... are bands 0, 1, 2, 3, ...: most nodes sit in the lowest.
    static func band(_ level: Int32) -> Int { Int.bitWidth - UInt(max(0, level)).leadingZeroBitCount }

    /// A node's level: 0 for one with nothing below it, else one more than the highest node
    /// below it (nodes are visited in rank order, so those below come first).
    static func levels(_ ch: ContractionHierarchy) -> [Int32] {
        let n = ch.nodeCount
        // A builder's ranks are 0..<n, each once: the order is their inverse (else sorted).
        var byRank = [Int](repeating: -1, count: n)
        for v in 0..<n {
            let r = Int(ch.rank[v])
            guard r >= 0 && r < n && byRank[r] < 0 else {
                byRank = Array(0..<n)
                byRank.sort { ch.rank[$0] != ch.rank[$1] ? ch.rank[$0] < ch.rank[$1] : $0 < $1 }
                break
            }
            byRank[r] = v
        }
        var level = [Int32](repeating: 0, count: n)
        func raise(from u: Int, _ start: Column<UInt32>, _ arcs: Column<CHEdge>) {
            for i in Int(start[u])..<Int(start[u + 1]) {
                let t = Int(arcs[i].target)
                // Core nodes keep arcs to lower ranks too: only upward arcs raise a level.
                if ch.rank[t] > ch.rank[u] { level[t] = max(level[t], level[u] + 1) }
            }
        }
        for u in byRank {
            raise(from: u, ch.fwdStart, ch.fwd)
            raise(from: u, ch.bwdStart, ch.bwd)
        }
        return level
    }

    /// Where each node is: the junction that driving into it arrives at (nil for a node no arc reaches).
    static func positions(_ graph: ModeGraph, net: RoadNetwork) -> [GeoPoint?] {
        var points = [GeoPoint?](repeating: nil, count: graph.nodeCount)
        for a in 0..<graph.arcCount {
            let v = Int(graph.arcTo(a))
            guard points[v] == nil else { continue }
            let k = Int(graph.arcEdgeDir[a])
            let pts = net.points(of: k >> 1)
            guard let p = k & 1 == 0 ? pts.last : pts.first else { continue }
            points[v] = p
        }
        return points
    }

    /// An arc id in the new numbering (mode-graph arcs keep theirs; a shortcut names the new id
    /// of the node it bypasses).
    private func arc(_ a: Int32, arcCount: Int) -> Int32 {
        Int(a) < arcCount ? a : Int32(arcCount) + newNode[Int(a) - arcCount]
    }

    /// The graph with its nodes renumbered.
    func apply(to graph: ModeGraph) -> ModeGraph {
        var g = graph
        g.storedArcFrom = Column(graph.storedArcFrom.map { newNode[Int($0)] })
        g.storedArcTo = Column(graph.storedArcTo.map { newNode[Int($0)] })
        g.edgeDirNode = Column(graph.edgeDirNode.map { $0 < 0 ? $0 : newNode[Int($0)] })
        return g
    }

    /// The hierarchy with its nodes renumbered, arcs stored in the new node order.
    func apply(to ch: ContractionHierarchy) -> ContractionHierarchy {
        let n = ch.nodeCount
        var oldNode = [Int](repeating: 0, count: n)
        for (old, new) in newNode.enumerated() { oldNode[Int(new)] = old }
        /// A direction's arcs in the new node order, with their masks alongside.
        func relaid(_ start: Column<UInt32>, _ edges: Column<CHEdge>, _ masks: Column<UInt8>)
            -> (Column<UInt32>, Column<CHEdge>, Column<UInt8>) {
            var s: [UInt32] = [], out: [CHEdge] = [], outMasks: [UInt8] = []
            s.reserveCapacity(n + 1)
            out.reserveCapacity(edges.count)
            outMasks.reserveCapacity(masks.count)
            for new in 0..<n {
                s.append(UInt32(out.count))
                let old = oldNode[new]
                for i in Int(start[old])..<Int(start[old + 1]) {
                    var e = edges[i]
                    e.target = newNode[Int(e.target)]
                    e.arc = arc(e.arc, arcCount: ch.arcCount)
                    out.append(e)
                    outMasks.append(masks[i])
                }
            }
            s.append(UInt32(out.count))
            return (Column(s), Column(out), Column(outMasks))
        }
        var result = ch
        (result.fwdStart, result.fwd, result.fwdMask) = relaid(ch.fwdStart, ch.fwd, ch.fwdMask)
        (result.bwdStart, result.bwd, result.bwdMask) = relaid(ch.bwdStart, ch.bwd, ch.bwdMask)
        result.rank = Column(oldNode.map { ch.rank[$0] })
        return result
    }
}
