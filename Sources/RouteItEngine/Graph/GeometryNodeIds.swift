/// The OSM node id of each of the network's geometry points (OSRM's `/nearest` `nodes`), packed:
/// a point's id as the difference from the point before (protobuf's zigzag varint, `sint64`, read
/// back with `ProtobufCursor`), restarting from 0 at every `edgesPerBlock`-th edge, where
/// `blockStart` gives the byte to start reading at.
///
/// A way's consecutive nodes have close ids, so most points take one to three bytes; eight
/// flat bytes a point would put the country map over its size goal (bytes per OSM node).
struct GeometryNodeIds {
    static let edgesPerBlock = 64

    /// The varints, point after point in edge order.
    var bytes: Column<UInt8>
    /// Per block of `edgesPerBlock` edges, its first varint's offset in `bytes`; one more at the end.
    var blockStart: Column<UInt64>

    /// Packs `ids` (one per point of `geometryStart`'s edges, in order).
    init<C: RandomAccessCollection>(_ ids: C, geometryStart: Column<UInt32>) where C.Element == Int64, C.Index == Int {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ids.count * 3)
        var starts: [UInt64] = []
        let edgeCount = max(0, geometryStart.count - 1)
        var previous: Int64 = 0
        for edge in 0..<edgeCount {
            if edge % Self.edgesPerBlock == 0 {
                starts.append(UInt64(bytes.count))
                previous = 0
            }
            for i in Int(geometryStart[edge])..<Int(geometryStart[edge + 1]) {
                Self.appendVarint(Self.zigzag(ids[ids.startIndex + i] &- previous), to: &bytes)
                previous = ids[ids.startIndex + i]
            }
        }
        starts.append(UInt64(bytes.count))
        self.bytes = Column(bytes)
        self.blockStart = Column(starts)
    }

    init(bytes: Column<UInt8>, blockStart: Column<UInt64>) {
        self.bytes = bytes
        self.blockStart = blockStart
    }

    /// The ids of `edge`'s points, in the edge's direction; nil where the bytes do not decode
    /// (a damaged map).
    func ids(ofEdge edge: Int, geometryStart: Column<UInt32>) -> [Int64]? {
        let block = edge / Self.edgesPerBlock
        guard edge >= 0, edge + 1 < geometryStart.count, block + 1 < blockStart.count else { return nil }
        let start = Int(clamping: blockStart[block]), end = Int(clamping: blockStart[block + 1])
        guard start <= end, end <= bytes.count else { return nil }
        return bytes[start..<end].withUnsafeBytes { blockBytes -> [Int64]? in
            var cursor = ProtobufCursor(blockBytes)
            var previous: Int64 = 0
            var found: [Int64] = []
            for e in (block * Self.edgesPerBlock)...edge {
                let count = Int(geometryStart[e + 1]) - Int(geometryStart[e])
                guard count >= 0 else { return nil }
                for _ in 0..<count {
                    guard let delta = try? cursor.sint64() else { return nil }
                    previous = previous &+ delta
                    if e == edge { found.append(previous) }
                }
            }
            return found
        }
    }

    /// Every point's id, in order (for renumbering the edges while the map is built).
    func all(geometryStart: Column<UInt32>) -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(Int(geometryStart.last ?? 0))
        bytes.withUnsafeBytes { all in
            var cursor = ProtobufCursor(all)
            var previous: Int64 = 0
            for edge in 0..<max(0, geometryStart.count - 1) {
                if edge % Self.edgesPerBlock == 0 { previous = 0 }
                for _ in Int(geometryStart[edge])..<Int(geometryStart[edge + 1]) {
                    previous = previous &+ ((try? cursor.sint64()) ?? 0)
                    ids.append(previous)
                }
            }
        }
        return ids
    }

    func write(to sections: MapSectionWriter) throws {
        try sections.write(bytes, named: "net.nodeIds")
        try sections.write(blockStart, named: "net.nodeIdBlocks")
    }

    static func read(from sections: MapSections, edgeCount: Int) throws -> GeometryNodeIds {
        let packed = GeometryNodeIds(bytes: try sections.column("net.nodeIds"), blockStart: try sections.column("net.nodeIdBlocks"))
        guard packed.blockStart.count == (edgeCount + edgesPerBlock - 1) / edgesPerBlock + 1 else { throw MapSectionsError.damaged }
        return packed
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    private static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
}
