/// Decodes one OSMData blob (osmformat.proto PrimitiveBlock) straight from its bytes into
/// entities: no intermediate message objects, scratch arrays reused from block to block, and
/// strings materialised from the block's string table only when an element uses them.
struct PBFPrimitiveBlockDecoder {
    private var granularity: Int64 = 100
    private var latOffset: Int64 = 0
    private var lonOffset: Int64 = 0

    private var stringTable = UnsafeRawBufferPointer(start: nil, count: 0)
    private var stringTableParsed = false
    private var stringRanges: [Range<Int>] = []
    private var strings: [String?] = []

    private var groups: [UnsafeRawBufferPointer] = []
    private var keys: [UInt64] = []
    private var values: [UInt64] = []
    private var roles: [UInt64] = []
    private var memberTypes: [UInt64] = []

    /// Hands the block's entities of the wanted `kinds` to `body`, in order; returns the kinds
    /// the block holds (whether wanted or not), so later passes can skip blocks without them.
    mutating func decode(_ block: UnsafeRawBufferPointer, kinds: OSMEntityKinds,
                         _ body: (OSMEntity) throws -> Void) throws -> OSMEntityKinds {
        granularity = 100
        latOffset = 0
        lonOffset = 0
        stringTable = UnsafeRawBufferPointer(start: nil, count: 0)
        stringTableParsed = false
        groups.removeAll(keepingCapacity: true)

        // Groups first collected: granularity and offsets may follow them in the message.
        var cursor = ProtobufCursor(block)
        while let field = try cursor.nextField() {
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited): stringTable = try cursor.lengthDelimited()
            case (2, .lengthDelimited): groups.append(try cursor.lengthDelimited())
            case (17, .varint): granularity = Int64(Int32(truncatingIfNeeded: try cursor.varint()))
            case (19, .varint): latOffset = try cursor.int64()
            case (20, .varint): lonOffset = try cursor.int64()
            default: try cursor.skip(field.wireType)
            }
        }
        guard granularity > 0 else { throw PBFCorruption("granularity \(granularity) is not positive") }

        var present: OSMEntityKinds = []
        for group in groups {
            var groupCursor = ProtobufCursor(group)
            while let field = try groupCursor.nextField() {
                guard field.wireType == .lengthDelimited else { try groupCursor.skip(field.wireType); continue }
                let message = try groupCursor.lengthDelimited()
                switch field.number {
                case 1:
                    present.insert(.nodes)
                    if kinds.contains(.nodes) { try decodeNode(message, body) }
                case 2:
                    present.insert(.nodes)
                    if kinds.contains(.nodes) { try decodeDenseNodes(message, body) }
                case 3:
                    present.insert(.ways)
                    if kinds.contains(.ways) { try decodeWay(message, body) }
                case 4:
                    present.insert(.relations)
                    if kinds.contains(.relations) { try decodeRelation(message, body) }
                default:
                    break  // changesets and future group kinds
                }
            }
        }
        return present
    }

    // MARK: - Elements

    private mutating func decodeDenseNodes(_ message: UnsafeRawBufferPointer, _ body: (OSMEntity) throws -> Void) throws {
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        var ids = ProtobufCursor(empty), lats = ProtobufCursor(empty), lons = ProtobufCursor(empty)
        var keysValues = ProtobufCursor(empty)
        var cursor = ProtobufCursor(message)
        while let field = try cursor.nextField() {
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited): ids = ProtobufCursor(try cursor.lengthDelimited())
            case (8, .lengthDelimited): lats = ProtobufCursor(try cursor.lengthDelimited())
            case (9, .lengthDelimited): lons = ProtobufCursor(try cursor.lengthDelimited())
            case (10, .lengthDelimited): keysValues = ProtobufCursor(try cursor.lengthDelimited())
            case (1, _), (8, _), (9, _), (10, _): throw PBFCorruption("DenseNodes arrays must be packed")
            default: try cursor.skip(field.wireType)  // denseinfo (versions, users) is not needed
            }
        }
        var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
        while !ids.isAtEnd {
            id &+= try ids.sint64()
            guard !lats.isAtEnd, !lons.isAtEnd else { throw PBFCorruption("DenseNodes has fewer coordinates than ids") }
            lat &+= try lats.sint64()
            lon &+= try lons.sint64()
            var tags: [(String, String)] = []
            // keys_vals: key, value, key, value, ..., 0 per node; absent when no node has tags.
            if !keysValues.isAtEnd {
                while true {
                    let key = try keysValues.varint()
                    if key == 0 { break }
                    tags.append((try string(key), try string(try keysValues.varint())))
                }
            }
            try body(.node(try node(id, lat, lon, tags)))
        }
        guard lats.isAtEnd, lons.isAtEnd else { throw PBFCorruption("DenseNodes has more coordinates than ids") }
    }

    private mutating func decodeNode(_ message: UnsafeRawBufferPointer, _ body: (OSMEntity) throws -> Void) throws {
        var id: Int64?, lat: Int64?, lon: Int64?
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        var cursor = ProtobufCursor(message)
        while let field = try cursor.nextField() {
            switch (field.number, field.wireType) {
            case (1, .varint): id = try cursor.sint64()
            case (2, _): try cursor.appendVarints(field.wireType, to: &keys)
            case (3, _): try cursor.appendVarints(field.wireType, to: &values)
            case (8, .varint): lat = try cursor.sint64()
            case (9, .varint): lon = try cursor.sint64()
            default: try cursor.skip(field.wireType)
            }
        }
        guard let id, let lat, let lon else { throw PBFCorruption("a node lacks its id or coordinates") }
        try body(.node(try node(id, lat, lon, try tags())))
    }

    private mutating func decodeWay(_ message: UnsafeRawBufferPointer, _ body: (OSMEntity) throws -> Void) throws {
        var id: Int64?
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        var nodeRefs: [Int64] = []
        var ref: Int64 = 0
        var cursor = ProtobufCursor(message)
        while let field = try cursor.nextField() {
            switch (field.number, field.wireType) {
            case (1, .varint): id = try cursor.int64()
            case (2, _): try cursor.appendVarints(field.wireType, to: &keys)
            case (3, _): try cursor.appendVarints(field.wireType, to: &values)
            case (8, _): try cursor.appendDeltaDecoded(field.wireType, to: &nodeRefs, running: &ref)
            default: try cursor.skip(field.wireType)  // info, and lat/lon of LocationsOnWays files
            }
        }
        guard let id else { throw PBFCorruption("a way lacks its id") }
        try body(.way(OSMWay(id: id, nodeRefs: nodeRefs, tags: try tags())))
    }

    private mutating func decodeRelation(_ message: UnsafeRawBufferPointer, _ body: (OSMEntity) throws -> Void) throws {
        var id: Int64?
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        roles.removeAll(keepingCapacity: true)
        var memberIds: [Int64] = []
        var memberId: Int64 = 0
        memberTypes.removeAll(keepingCapacity: true)
        var cursor = ProtobufCursor(message)
        while let field = try cursor.nextField() {
            switch (field.number, field.wireType) {
            case (1, .varint): id = try cursor.int64()
            case (2, _): try cursor.appendVarints(field.wireType, to: &keys)
            case (3, _): try cursor.appendVarints(field.wireType, to: &values)
            case (8, _): try cursor.appendVarints(field.wireType, to: &roles)
            case (9, _): try cursor.appendDeltaDecoded(field.wireType, to: &memberIds, running: &memberId)
            case (10, _): try cursor.appendVarints(field.wireType, to: &memberTypes)
            default: try cursor.skip(field.wireType)
            }
        }
        guard let id else { throw PBFCorruption("a relation lacks its id") }
        guard roles.count == memberIds.count, memberTypes.count == memberIds.count else {
            throw PBFCorruption("relation \(id) has \(memberIds.count) members but \(roles.count) roles and \(memberTypes.count) types")
        }
        var members: [OSMMember] = []
        members.reserveCapacity(memberIds.count)
        for index in memberIds.indices {
            let kind: OSMMember.Kind
            switch memberTypes[index] {
            case 0: kind = .node
            case 1: kind = .way
            case 2: kind = .relation
            default: throw PBFCorruption("relation \(id) has a member of unknown type \(memberTypes[index])")
            }
            members.append(OSMMember(kind: kind, ref: memberIds[index], role: try string(roles[index])))
        }
        try body(.relation(OSMRelation(id: id, members: members, tags: try tags())))
    }

    // MARK: - Helpers

    private func node(_ id: Int64, _ lat: Int64, _ lon: Int64, _ tags: [(String, String)]) throws -> OSMNode {
        // Nanodegrees: offset + granularity × stored value.
        let latitude = Double(latOffset &+ granularity &* lat) / 1e9
        let longitude = Double(lonOffset &+ granularity &* lon) / 1e9
        // Passed on as stored, even outside the world: the importer skips and counts such nodes.
        return OSMNode(id: id, latitude: latitude, longitude: longitude, tags: tags)
    }

    private mutating func tags() throws -> [(String, String)] {
        guard keys.count == values.count else {
            throw PBFCorruption("\(keys.count) tag keys but \(values.count) values")
        }
        var tags: [(String, String)] = []
        guard !keys.isEmpty else { return tags }
        tags.reserveCapacity(keys.count)
        for index in keys.indices {
            tags.append((try string(keys[index]), try string(values[index])))
        }
        return tags
    }

    @inline(__always)
    private mutating func string(_ index: UInt64) throws -> String {
        if !stringTableParsed { try parseStringTable() }
        guard index < UInt64(strings.count) else {
            throw PBFCorruption("string index \(index) is outside the block's table of \(strings.count)")
        }
        let slot = Int(index)
        if let cached = strings[slot] { return cached }
        let range = stringRanges[slot]
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: stringTable[range]), as: UTF8.self)
        strings[slot] = text
        return text
    }

    private mutating func parseStringTable() throws {
        stringRanges.removeAll(keepingCapacity: true)
        var cursor = ProtobufCursor(stringTable)
        while let field = try cursor.nextField() {
            guard field.number == 1, field.wireType == .lengthDelimited else { try cursor.skip(field.wireType); continue }
            let bytes = try cursor.lengthDelimited()
            let end = cursor.position
            stringRanges.append((end - bytes.count)..<end)
        }
        strings.removeAll(keepingCapacity: true)
        strings.append(contentsOf: repeatElement(nil, count: stringRanges.count))
        stringTableParsed = true
    }
}
