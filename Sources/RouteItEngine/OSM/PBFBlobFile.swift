import CZlib
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The fileblock layer of an `.osm.pbf` file (fileformat.proto): a 4-byte big-endian length,
/// a BlobHeader (type, datasize), then a Blob holding raw or zlib-compressed bytes. Reads one
/// blob at a time into reused buffers, so memory is bounded by the largest blob (32 MiB by the
/// spec), never by the file size.
final class PBFBlobFile {
    enum BlobType: Equatable {
        case header, data
        case other(String)
    }

    struct BlobHeader {
        var type: BlobType
        var dataSize: Int
        /// Byte offset of the BlobHeader's length prefix, for error messages.
        var offset: Int64
        var index: Int
    }

    /// Limits from the PBF spec; larger values mean a corrupt or non-PBF file.
    static let maxHeaderSize = 64 * 1024
    static let maxBlobSize = 32 * 1024 * 1024

    let name: String
    private let fd: Int32
    private let fileSize: Int64
    private var position: Int64 = 0
    private var blobCount = 0
    private var headerBytes = [UInt8]()
    private var blobBytes = [UInt8]()
    private var inflated = [UInt8]()

    init(url: URL) throws {
        name = url.lastPathComponent
        fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { throw OSMReadError("Cannot read \(url.path): \(OSMXMLReader.describe(errno: errno)).") }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            close(fd)
            throw OSMReadError("\(name): cannot read the file size")
        }
        fileSize = Int64(status.st_size)
    }

    deinit { close(fd) }

    /// Reads the next BlobHeader; nil at a clean end of file. The blob's data must then be
    /// consumed with `readData` or `skipData`.
    func nextHeader() throws -> BlobHeader? {
        let offset = position
        guard offset < fileSize else { return nil }
        let index = blobCount
        blobCount += 1
        guard fileSize - offset >= 4 else {
            throw truncated("the file ends inside the length of blob \(index + 1) (byte \(offset))")
        }
        var prefix = [UInt8](repeating: 0, count: 4)
        try readExactly(4, into: &prefix)
        let headerSize = prefix.reduce(0) { $0 << 8 | Int($1) }
        guard headerSize > 0, headerSize <= Self.maxHeaderSize else {
            throw corrupt("blob \(index + 1) at byte \(offset) has an impossible header size of \(headerSize) bytes")
        }
        guard fileSize - position >= Int64(headerSize) else {
            throw truncated("the file ends inside the header of blob \(index + 1) (byte \(offset))")
        }
        try readExactly(headerSize, into: &headerBytes)

        var type: BlobType?
        var dataSize: Int?
        do {
            try headerBytes.withUnsafeBytes { bytes in
                var cursor = ProtobufCursor(UnsafeRawBufferPointer(rebasing: bytes[0..<headerSize]))
                while let field = try cursor.nextField() {
                    switch (field.number, field.wireType) {
                    case (1, .lengthDelimited):
                        let text = String(decoding: try cursor.lengthDelimited(), as: UTF8.self)
                        type = text == "OSMHeader" ? .header : text == "OSMData" ? .data : .other(text)
                    case (3, .varint):
                        dataSize = Int(truncatingIfNeeded: Int32(truncatingIfNeeded: try cursor.varint()))
                    default:
                        try cursor.skip(field.wireType)
                    }
                }
            }
        } catch let error as PBFCorruption {
            throw corrupt("blob \(index + 1) at byte \(offset) has an unreadable header: \(error.reason)")
        }
        guard let type, let dataSize else {
            throw corrupt("blob \(index + 1) at byte \(offset) has a header without type or size")
        }
        guard dataSize >= 0, dataSize <= Self.maxBlobSize else {
            throw corrupt("blob \(index + 1) at byte \(offset) claims an impossible size of \(dataSize) bytes")
        }
        guard fileSize - position >= Int64(dataSize) else {
            throw truncated("blob \(index + 1) at byte \(offset) needs \(dataSize) bytes but only \(fileSize - position) remain")
        }
        return BlobHeader(type: type, dataSize: dataSize, offset: offset, index: index)
    }

    func skipData(_ header: BlobHeader) throws {
        guard lseek(fd, off_t(header.dataSize), SEEK_CUR) >= 0 else {
            throw OSMReadError("\(name): cannot seek past blob \(header.index + 1)")
        }
        position += Int64(header.dataSize)
    }

    /// Reads the blob and hands its uncompressed bytes to `body` (valid only during the call).
    func readData<R>(_ header: BlobHeader, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let count = try readData(header, into: &inflated)
        return try inflated.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Reads the blob and puts its uncompressed bytes at the start of `output` (grown as
    /// needed, so a buffer can be reused from blob to blob); returns their count.
    func readData(_ header: BlobHeader, into output: inout [UInt8]) throws -> Int {
        try readExactly(header.dataSize, into: &blobBytes)
        var raw: Range<Int>?
        var zlib: Range<Int>?
        var rawSize: Int?
        var unsupported: String?
        do {
            try blobBytes.withUnsafeBytes { all in
                let bytes = UnsafeRawBufferPointer(rebasing: all[0..<header.dataSize])
                var cursor = ProtobufCursor(bytes)
                while let field = try cursor.nextField() {
                    func range(_ field: UnsafeRawBufferPointer) -> Range<Int> {
                        let start = bytes.baseAddress.map { field.baseAddress! - $0 } ?? 0
                        return start..<(start + field.count)
                    }
                    switch (field.number, field.wireType) {
                    case (1, .lengthDelimited): raw = range(try cursor.lengthDelimited())
                    case (2, .varint): rawSize = Int(truncatingIfNeeded: Int32(truncatingIfNeeded: try cursor.varint()))
                    case (3, .lengthDelimited): zlib = range(try cursor.lengthDelimited())
                    case (4, _): unsupported = "lzma"; try cursor.skip(field.wireType)
                    case (5, _): unsupported = "bzip2"; try cursor.skip(field.wireType)
                    case (6, _): unsupported = "lz4"; try cursor.skip(field.wireType)
                    case (7, _): unsupported = "zstd"; try cursor.skip(field.wireType)
                    default: try cursor.skip(field.wireType)
                    }
                }
            }
        } catch let error as PBFCorruption {
            throw corrupt("blob \(header.index + 1) at byte \(header.offset) is unreadable: \(error.reason)")
        }

        if let raw {
            if output.count < raw.count { output = [UInt8](repeating: 0, count: raw.count) }
            blobBytes.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[raw])) }
            }
            return raw.count
        }
        guard let zlib else {
            if let unsupported {
                throw OSMReadError("\(name): blob \(header.index + 1) uses \(unsupported) compression, which RouteIt does not support (only zlib)")
            }
            throw corrupt("blob \(header.index + 1) at byte \(header.offset) holds no data")
        }
        guard let rawSize, rawSize >= 0, rawSize <= Self.maxBlobSize else {
            throw corrupt("blob \(header.index + 1) at byte \(header.offset) has no valid uncompressed size")
        }
        try inflate(zlib, into: &output, expecting: rawSize, header)
        return rawSize
    }

    private func inflate(_ source: Range<Int>, into output: inout [UInt8], expecting rawSize: Int, _ header: BlobHeader) throws {
        // One spare byte detects data that inflates to more than raw_size.
        if output.count <= rawSize { output = [UInt8](repeating: 0, count: max(rawSize + 1, output.count + output.count / 2)) }
        var length = uLongf(output.count)
        let status = blobBytes.withUnsafeBytes { src in
            output.withUnsafeMutableBytes { dst in
                uncompress(dst.baseAddress!.assumingMemoryBound(to: Bytef.self), &length,
                           src.baseAddress!.assumingMemoryBound(to: Bytef.self) + source.lowerBound, uLong(source.count))
            }
        }
        guard status == Z_OK else {
            let reason = status == Z_BUF_ERROR ? "inflates past its declared size" : "has corrupt zlib data"
            throw corrupt("blob \(header.index + 1) at byte \(header.offset) \(reason)")
        }
        guard Int(length) == rawSize else {
            throw corrupt("blob \(header.index + 1) at byte \(header.offset) inflates to \(length) bytes, not the declared \(rawSize)")
        }
    }

    private func readExactly(_ count: Int, into buffer: inout [UInt8]) throws {
        if buffer.count < count { buffer = [UInt8](repeating: 0, count: max(count, buffer.count * 2)) }
        var done = 0
        try buffer.withUnsafeMutableBytes { bytes in
            while done < count {
                let n = read(fd, bytes.baseAddress! + done, count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    throw n == 0 ? truncated("the file ended while reading byte \(position + Int64(done))")
                                 : OSMReadError("\(name): read error (\(String(cString: strerror(errno))))")
                }
                done += n
            }
        }
        position += Int64(count)
    }

    func corrupt(_ what: String) -> OSMReadError {
        OSMReadError("\(name): corrupt PBF file: \(what)")
    }

    private func truncated(_ what: String) -> OSMReadError {
        OSMReadError("\(name): truncated PBF file: \(what)")
    }
}
