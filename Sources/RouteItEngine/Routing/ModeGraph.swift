import RouteItCore

/// The directed graph one mode routes on. Arcs are grouped by "edge direction"
/// (edge * 2 + 0 for from→to, + 1 for to→from). For cars, a junction that is the via node of
/// turn restrictions gets one extra node per restricted incoming arc, whose outgoing arcs are
/// only the allowed turns: plain node-based search on it then obeys the restrictions exactly.
struct ModeGraph {
    var nodeCount: Int
    var arcFrom: [Int32]
    var arcTo: [Int32]
    var arcWeight: [UInt32]
    var arcEdgeDir: [Int32]
    /// 2 * edgeCount + 1 offsets: the arcs of edge direction k are edgeDirStart[k]..<edgeDirStart[k+1].
    var edgeDirStart: [UInt32]

    var arcCount: Int { arcFrom.count }

    func arcs(ofEdge edge: Int, forward: Bool) -> Range<Int> {
        let k = edge * 2 + (forward ? 0 : 1)
        return Int(edgeDirStart[k])..<Int(edgeDirStart[k + 1])
    }

    static func build(_ net: RoadNetwork, mode: TransportType, restrictions: [TurnRestriction],
                      viaNodeIndex: (Int64) -> Int32?) -> ModeGraph {
        let edgeCount = net.edgeCount
        func tail(_ k: Int) -> Int32 { k & 1 == 0 ? net.edgeFrom[k >> 1] : net.edgeTo[k >> 1] }
        func head(_ k: Int) -> Int32 { k & 1 == 0 ? net.edgeTo[k >> 1] : net.edgeFrom[k >> 1] }
        func allowed(_ k: Int) -> Bool { net.allows(k >> 1, forward: k & 1 == 0, mode) }

        var nodeCount = net.nodeCount
        var headOverride: [Int: Int32] = [:]        // edge dir → copy of its head
        var tailCopies: [Int: [Int32]] = [:]        // edge dir → copies of its tail allowing it

        if mode == .car && !restrictions.isEmpty {
            var byVia: [Int32: [TurnRestriction]] = [:]
            for r in restrictions {
                if let via = viaNodeIndex(r.viaNode) { byVia[via, default: []].append(r) }
            }
            var incoming: [Int32: [Int]] = [:], outgoing: [Int32: [Int]] = [:]
            for k in 0..<(edgeCount * 2) where allowed(k) {
                if byVia[head(k)] != nil { incoming[head(k), default: []].append(k) }
                if byVia[tail(k)] != nil { outgoing[tail(k), default: []].append(k) }
            }
            for via in byVia.keys.sorted() {
                let rules = byVia[via]!
                for k in incoming[via] ?? [] {
                    let way = net.edgeWay[k >> 1]
                    let applicable = rules.filter { $0.fromWay == way }
                    if applicable.isEmpty { continue }
                    var exits = outgoing[via] ?? []
                    for rule in applicable {
                        if rule.fromWay == rule.toWay && rule.restriction == "no_u_turn" {
                            exits.removeAll { $0 == k ^ 1 }
                        } else if rule.kind == .no {
                            exits.removeAll { net.edgeWay[$0 >> 1] == rule.toWay }
                        } else {
                            exits.removeAll { net.edgeWay[$0 >> 1] != rule.toWay }
                        }
                    }
                    let copy = Int32(nodeCount)
                    nodeCount += 1
                    headOverride[k] = copy
                    for exit in exits { tailCopies[exit, default: []].append(copy) }
                }
            }
        }

        var g = ModeGraph(nodeCount: nodeCount, arcFrom: [], arcTo: [], arcWeight: [], arcEdgeDir: [],
                          edgeDirStart: [UInt32](repeating: 0, count: edgeCount * 2 + 1))
        g.arcFrom.reserveCapacity(edgeCount * 2)
        g.arcTo.reserveCapacity(edgeCount * 2)
        g.arcWeight.reserveCapacity(edgeCount * 2)
        g.arcEdgeDir.reserveCapacity(edgeCount * 2)
        for k in 0..<(edgeCount * 2) {
            g.edgeDirStart[k] = UInt32(g.arcFrom.count)
            guard allowed(k) else { continue }
            let w = net.weight(k >> 1, mode)
            let h = headOverride[k] ?? head(k)
            for t in [tail(k)] + (tailCopies[k] ?? []) {
                g.arcFrom.append(t)
                g.arcTo.append(h)
                g.arcWeight.append(w)
                g.arcEdgeDir.append(Int32(k))
            }
        }
        g.edgeDirStart[edgeCount * 2] = UInt32(g.arcFrom.count)
        return g
    }

    // MARK: storage

    func write(to db: SQLiteDatabase, prefix: String) throws {
        try BlobStore.write([Int64(nodeCount)], named: "\(prefix).nodeCount", to: db)
        try BlobStore.write(arcFrom, named: "\(prefix).arcFrom", to: db)
        try BlobStore.write(arcTo, named: "\(prefix).arcTo", to: db)
        try BlobStore.write(arcWeight, named: "\(prefix).arcWeight", to: db)
        try BlobStore.write(arcEdgeDir, named: "\(prefix).arcEdgeDir", to: db)
        try BlobStore.write(edgeDirStart, named: "\(prefix).edgeDirStart", to: db)
    }

    static func read(from db: SQLiteDatabase, prefix: String) throws -> ModeGraph {
        let n = try BlobStore.require(Int64.self, named: "\(prefix).nodeCount", from: db)
        let g = ModeGraph(
            nodeCount: Int(n.first ?? 0),
            arcFrom: try BlobStore.require(Int32.self, named: "\(prefix).arcFrom", from: db),
            arcTo: try BlobStore.require(Int32.self, named: "\(prefix).arcTo", from: db),
            arcWeight: try BlobStore.require(UInt32.self, named: "\(prefix).arcWeight", from: db),
            arcEdgeDir: try BlobStore.require(Int32.self, named: "\(prefix).arcEdgeDir", from: db),
            edgeDirStart: try BlobStore.require(UInt32.self, named: "\(prefix).edgeDirStart", from: db))
        let a = g.arcFrom.count
        guard g.arcTo.count == a, g.arcWeight.count == a, g.arcEdgeDir.count == a,
              Int(g.edgeDirStart.last ?? 0) == a else {
            throw DirectionsErrorMessage("the map's \(prefix) graph is inconsistent; re-import it")
        }
        return g
    }
}
