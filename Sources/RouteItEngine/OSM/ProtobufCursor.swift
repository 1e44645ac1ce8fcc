/// A minimal protocol-buffers wire-format reader over bytes in memory: just what the OSM PBF
/// messages need (varints, zigzag, length-delimited fields, skipping). It never reads outside
/// its buffer; malformed input throws `PBFCorruption` instead of trapping.
struct ProtobufCursor {
    enum WireType: Int {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, startGroup = 3, endGroup = 4, fixed32 = 5
    }

    private let base: UnsafeRawPointer?
    private(set) var position: Int
    private let end: Int

    init(_ buffer: UnsafeRawBufferPointer) {
        base = buffer.baseAddress
        position = 0
        end = buffer.count
    }

    var isAtEnd: Bool { position >= end }

    @inline(__always)
    mutating func varint() throws -> UInt64 {
        guard position < end, let base else { throw PBFCorruption("varint runs past the end of its message") }
        let first = base.load(fromByteOffset: position, as: UInt8.self)
        position &+= 1
        if first < 0x80 { return UInt64(first) }
        var result = UInt64(first & 0x7F)
        var shift: UInt64 = 7
        while true {
            guard position < end else { throw PBFCorruption("varint runs past the end of its message") }
            let byte = base.load(fromByteOffset: position, as: UInt8.self)
            position &+= 1
            result |= UInt64(byte & 0x7F) &<< shift
            if byte < 0x80 { return result }
            shift &+= 7
            guard shift < 70 else { throw PBFCorruption("varint longer than 10 bytes") }
        }
    }

    @inline(__always)
    mutating func sint64() throws -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw &>> 1) ^ (0 &- (raw & 1)))  // zigzag
    }

    @inline(__always)
    mutating func int64() throws -> Int64 { Int64(bitPattern: try varint()) }

    /// The next field's number and wire type, or nil at the end of the message.
    @inline(__always)
    mutating func nextField() throws -> (number: Int, wireType: WireType)? {
        guard !isAtEnd else { return nil }
        let key = try varint()
        guard let wireType = WireType(rawValue: Int(key & 7)), key >> 3 > 0, key >> 3 <= UInt64(Int32.max) else {
            throw PBFCorruption("invalid protobuf field key \(key)")
        }
        return (Int(key >> 3), wireType)
    }

    /// The bytes of a length-delimited field (a sub-message, string or packed array).
    @inline(__always)
    mutating func lengthDelimited() throws -> UnsafeRawBufferPointer {
        let length = try varint()
        guard length <= UInt64(end - position), let base else {
            throw PBFCorruption("field of \(length) bytes runs past the end of its message")
        }
        let start = position
        position += Int(length)
        return UnsafeRawBufferPointer(start: base + start, count: Int(length))
    }

    mutating func skip(_ wireType: WireType) throws {
        switch wireType {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        case .startGroup, .endGroup: throw PBFCorruption("protobuf groups are not used by OSM PBF")
        }
    }

    private mutating func advance(_ count: Int) throws {
        guard count <= end - position else { throw PBFCorruption("fixed-size field runs past the end of its message") }
        position += count
    }

    /// A repeated varint field may come packed (one length-delimited run) or one value per
    /// key; both are valid protobuf, so both are accepted.
    @inline(__always)
    mutating func appendVarints(_ wireType: WireType, to values: inout [UInt64]) throws {
        switch wireType {
        case .varint:
            values.append(try varint())
        case .lengthDelimited:
            var packed = ProtobufCursor(try lengthDelimited())
            while !packed.isAtEnd { values.append(try packed.varint()) }
        default:
            throw PBFCorruption("repeated integer field with wire type \(wireType.rawValue)")
        }
    }

    /// A repeated sint64 field holding deltas (way refs, member ids): appends the running
    /// sums, packed or not. A packed run is counted first (one byte below 0x80 ends each varint)
    /// so the array is allocated once, at its exact size.
    @inline(__always)
    mutating func appendDeltaDecoded(_ wireType: WireType, to values: inout [Int64], running: inout Int64) throws {
        switch wireType {
        case .varint:
            running &+= try sint64()
            values.append(running)
        case .lengthDelimited:
            let bytes = try lengthDelimited()
            var count = 0
            for byte in bytes where byte < 0x80 { count += 1 }
            values.reserveCapacity(values.count + count)
            var packed = ProtobufCursor(bytes)
            while !packed.isAtEnd {
                running &+= try packed.sint64()
                values.append(running)
            }
        default:
            throw PBFCorruption("repeated integer field with wire type \(wireType.rawValue)")
        }
    }
}

/// Malformed bytes inside a blob; the reader adds the file name and blob position.
struct PBFCorruption: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
