import Foundation

/// MD5 (RFC 1321), fed in pieces, for checking a download against the checksum its server
/// publishes (`<extract>.md5`). Not for security: only to catch a damaged or mixed-up file.
struct MD5 {
    private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                           5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                           4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                           6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }

    mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        length &+= UInt64(bytes.count)
        // Whole blocks straight from the caller's bytes when nothing is pending (a download's
        // chunks): no copy.
        if pending.isEmpty, let rest = bytes.withContiguousStorageIfAvailable({ buffer -> Int in
            let whole = buffer.count / 64 * 64
            compressBlocks(UnsafeRawBufferPointer(buffer), upTo: whole)
            return whole
        }) {
            pending.append(contentsOf: bytes.dropFirst(rest))
            return
        }
        pending.append(contentsOf: bytes)
        let whole = pending.count / 64 * 64
        guard whole > 0 else { return }
        let blocks = pending
        blocks.withUnsafeBytes { compressBlocks($0, upTo: whole) }
        pending.removeFirst(whole)
    }

    private mutating func compressBlocks(_ raw: UnsafeRawBufferPointer, upTo whole: Int) {
        guard whole > 0 else { return }
        var words = state
        Self.constants.withUnsafeBufferPointer { constants in
            Self.shifts.withUnsafeBufferPointer { shifts in
                for offset in stride(from: 0, to: whole, by: 64) { Self.compress(&words, raw, offset, constants, shifts) }
            }
        }
        state = words
    }

    /// The digest as 32 lowercase hex digits.
    mutating func hexDigest() -> String {
        let bits = length &* 8
        update([0x80])
        while pending.count % 64 != 56 { update([0]) }
        update((0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) })
        return [state.0, state.1, state.2, state.3]
            .flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
            .map { String(format: "%02x", $0) }.joined()
    }

    /// The digest of a file, read a megabyte at a time.
    static func hexDigest(ofFile path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { try? handle.close() }
        var md5 = MD5()
        while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty { md5.update(data) }
        return md5.hexDigest()
    }

    private static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32), _ raw: UnsafeRawBufferPointer, _ offset: Int,
                                 _ constants: UnsafeBufferPointer<UInt32>, _ shifts: UnsafeBufferPointer<UInt32>) {
        // The block's 16 words, in locals (no allocation per block).
        var m = (UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0),
                 UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0))
        withUnsafeMutableBytes(of: &m) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + 64)])) }
        return withUnsafeBytes(of: &m) { words in
            let word = words.bindMemory(to: UInt32.self)
            var (a, b, c, d) = state
            for i in 0..<64 {
                let f: UInt32
                let g: Int
                if i < 16 {
                    f = (b & c) | (~b & d); g = i
                } else if i < 32 {
                    f = (d & b) | (~d & c); g = (5 &* i &+ 1) & 15
                } else if i < 48 {
                    f = b ^ c ^ d; g = (3 &* i &+ 5) & 15
                } else {
                    f = c ^ (b | ~d); g = (7 &* i) & 15
                }
                let sum = f &+ a &+ constants[i] &+ UInt32(littleEndian: word[g])
                let shift = shifts[i]
                a = d
                d = c
                c = b
                b = b &+ (sum &<< shift | sum &>> (32 &- shift))
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }
    }
}
