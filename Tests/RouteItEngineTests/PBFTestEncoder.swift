/// Writes small `.osm.pbf` files by hand (uncompressed blobs) so tests can build exact inputs:
/// odd granularities, plain Nodes, unpacked fields, unknown features, broken bytes.
struct ProtobufTestWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func uint(_ field: Int, _ value: UInt64) {
        varint(UInt64(field << 3))
        varint(value)
    }

    mutating func int(_ field: Int, _ value: Int64) { uint(field, UInt64(bitPattern: value)) }
    mutating func sint(_ field: Int, _ value: Int64) { uint(field, Self.zigzag(value)) }

    mutating func data(_ field: Int, _ payload: [UInt8]) {
        varint(UInt64(field << 3 | 2))
        varint(UInt64(payload.count))
        bytes += payload
    }

    mutating func string(_ field: Int, _ text: String) { data(field, Array(text.utf8)) }

    mutating func packed(_ field: Int, _ values: [UInt64]) {
        var inner = ProtobufTestWriter()
        for value in values { inner.varint(value) }
        data(field, inner.bytes)
    }

    /// Zigzag-encoded deltas, as DenseNodes ids/lat/lon and way refs are stored.
    mutating func packedDeltas(_ field: Int, _ values: [Int64]) {
        var previous: Int64 = 0
        packed(field, values.map { value in
            defer { previous = value }
            return Self.zigzag(value - previous)
        })
    }

    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    static func message(_ build: (inout ProtobufTestWriter) -> Void) -> [UInt8] {
        var writer = ProtobufTestWriter()
        build(&writer)
        return writer.bytes
    }
}

enum PBFTestEncoder {
    /// One fileblock: length prefix, BlobHeader, Blob with `raw` data (or any Blob fields).
    static func fileBlock(type: String, blob: [UInt8]) -> [UInt8] {
        let header = ProtobufTestWriter.message { $0.string(1, type); $0.uint(3, UInt64(blob.count)) }
        let length = UInt32(header.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + header + blob
    }

    static func rawBlock(type: String, payload: [UInt8]) -> [UInt8] {
        fileBlock(type: type, blob: ProtobufTestWriter.message { $0.data(1, payload) })
    }

    static func header(required: [String] = ["OsmSchema-V0.6", "DenseNodes"], timestamp: Int64? = nil,
                       bbox: (left: Int64, right: Int64, top: Int64, bottom: Int64)? = nil) -> [UInt8] {
        rawBlock(type: "OSMHeader", payload: ProtobufTestWriter.message { w in
            if let bbox {
                w.data(1, ProtobufTestWriter.message {
                    $0.sint(1, bbox.left); $0.sint(2, bbox.right); $0.sint(3, bbox.top); $0.sint(4, bbox.bottom)
                })
            }
            for feature in required { w.string(4, feature) }
            w.string(16, "RouteIt tests")
            if let timestamp { w.int(32, timestamp) }
        })
    }

    /// A PrimitiveBlock: string table (index 0 is the empty string by convention), groups, then
    /// granularity and offsets *after* the groups, as the spec allows.
    static func dataBlock(strings: [String], groups: [[UInt8]], granularity: Int64? = nil,
                          latOffset: Int64? = nil, lonOffset: Int64? = nil) -> [UInt8] {
        rawBlock(type: "OSMData", payload: ProtobufTestWriter.message { w in
            w.data(1, ProtobufTestWriter.message { table in for s in [""] + strings { table.string(1, s) } })
            for group in groups { w.data(2, group) }
            if let granularity { w.uint(17, UInt64(granularity)) }
            if let latOffset { w.int(19, latOffset) }
            if let lonOffset { w.int(20, lonOffset) }
        })
    }
}
