import CPageByPage
import CZlib
import RouteItCore
import Foundation

/// The fixed-layout part of a `.routeit` file: named arrays (the road graph, its hierarchies and
/// indexes) appended after the SQLite database, each page-aligned, with a directory and a trailer
/// at the very end. SQLite ignores bytes past its own pages, so the map stays one file that is
/// replaced atomically by rename; a session that opened it keeps its mapping of the old file.
///
/// Layout (little-endian; offsets absolute in the file):
///     [SQLite pages][pad to 4096][section 0][pad to 64][section 1]...[directory][trailer: 40 bytes]
///     directory entry: name (48 bytes, NUL-padded) | offset u64 | length u64 | stride u32 | crc32 u32
///     trailer: "RtItSECT" | format u32 | entry count u32 | directory offset u64 |
///              region start u64 | directory crc32 u32 | trailer crc32 u32
///
/// Opening reads the trailer and directory and maps the region: the same cost for a city and a
/// country. Section checksums are verified on request (`verify`), not on open.
final class MapSections: Sendable {
    /// 2: sections on 64-byte boundaries (1: on page boundaries).
    static let format: UInt32 = 2
    static let magic = Array("RtItSECT".utf8)
    static let trailerSize = 40
    static let entrySize = 72
    static let nameSize = 48
    /// Where the mapped region starts (a page).
    static let alignment = 4096
    /// Where each section starts within it: a cache line, beyond any element's alignment.
    static let sectionAlignment = 64

    struct Entry: Sendable {
        var name: String
        var offset, length: UInt64
        var stride, crc: UInt32
    }

    let path: String
    let entries: [String: Entry]
    /// The directory's checksum: it holds every section's own, so any other map or import has
    /// another (what OSRM's hints carry as the data's checksum).
    let directoryCRC: UInt32
    private let region: MappedRegion
    /// The file as mapped (nil when it cannot be watched: then it is taken as unchanged).
    private let file: MapFileWatch?

    /// Opens the sections of the map at `path`; `MapSectionsError` when it has none or they are damaged.
    convenience init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw MapSectionsError.unreadable(path, String(cString: strerror(errno))) }
        defer { close(fd) }
        try self.init(descriptor: fd, path: path)
    }

    /// The sections of the file open as `fd` (the same open file as the map's SQLite part, so a
    /// map renamed over `path` meanwhile cannot mix two maps); `fd` may be closed afterwards.
    init(descriptor fd: Int32, path: String) throws {
        self.path = path
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw MapSectionsError.unreadable(path, String(cString: strerror(errno))) }
        let size = UInt64(st.st_size)
        guard size >= UInt64(MapSections.trailerSize) else { throw MapSectionsError.missing }
        var trailer = [UInt8](repeating: 0, count: MapSections.trailerSize)
        guard MapSections.readFully(fd, into: &trailer, at: size - UInt64(MapSections.trailerSize)) else {
            throw MapSectionsError.damaged
        }
        guard Array(trailer[0..<8]) == MapSections.magic else { throw MapSectionsError.missing }
        var t = ByteReader(trailer)
        t.skip(8)
        let format = t.u32(), count = t.u32(), directoryOffset = t.u64(), regionStart = t.u64()
        let directoryCRC = t.u32(), trailerCRC = t.u32()
        guard trailerCRC == MapSections.crc(trailer[0..<36]) else { throw MapSectionsError.damaged }
        guard format == MapSections.format else { throw MapSectionsError.otherFormat(Int(format)) }
        let directoryLength = UInt64(count) * UInt64(MapSections.entrySize)
        guard count < 100_000, regionStart % UInt64(MapSections.alignment) == 0, regionStart <= directoryOffset,
              directoryOffset + directoryLength + UInt64(MapSections.trailerSize) == size else {
            throw MapSectionsError.damaged
        }
        var directory = [UInt8](repeating: 0, count: Int(directoryLength))
        guard MapSections.readFully(fd, into: &directory, at: directoryOffset),
              MapSections.crc(directory[...]) == directoryCRC else { throw MapSectionsError.damaged }
        var d = ByteReader(directory)
        var entries: [String: Entry] = [:]
        for _ in 0..<count {
            let nameBytes = d.bytes(MapSections.nameSize).prefix { $0 != 0 }
            let entry = Entry(name: String(decoding: nameBytes, as: UTF8.self), offset: d.u64(), length: d.u64(),
                              stride: d.u32(), crc: d.u32())
            guard entry.offset >= regionStart, entry.offset % UInt64(MapSections.sectionAlignment) == 0,
                  entry.length <= directoryOffset, entry.offset <= directoryOffset - entry.length,
                  entry.stride > 0, entry.length % UInt64(entry.stride) == 0 else { throw MapSectionsError.damaged }
            entries[entry.name] = entry
        }
        self.entries = entries
        self.directoryCRC = directoryCRC
        region = try MappedRegion(fd: fd, offset: regionStart, length: directoryOffset - regionStart,
                                  pageByPage: true, label: MapSections.label(path))
        regionOffset = regionStart
        file = MapFileWatch(descriptor: fd)
    }

    private let regionOffset: UInt64

    /// The named array, mapped; `MapSectionsError.damaged` when absent or of another element size.
    func column<T: BitwiseCopyable>(_ name: String, of type: T.Type = T.self) throws -> Column<T> {
        guard let e = entries[name] else { throw MapSectionsError.absent(name) }
        guard Int(e.stride) == MemoryLayout<T>.stride, MemoryLayout<T>.alignment <= MapSections.sectionAlignment else {
            throw MapSectionsError.damaged
        }
        let count = Int(e.length) / MemoryLayout<T>.stride
        guard count > 0, let start = region.base?.advanced(by: Int(e.offset - regionOffset)) else { return Column() }
        return Column(mapped: start.assumingMemoryBound(to: T.self), count: count, mapping: region)
    }

    func has(_ name: String) -> Bool { entries[name] != nil }

    /// Whether the mapped file is still the one mapped (one fstat(2)), and no read of the
    /// mapping has failed.
    var fileHealth: MapFileHealth {
        if file?.hasChanged == true { return .changed }
        return region.wasZeroed ? .faulted : .intact
    }

    /// Checks every section's checksum (reads the whole region); the names of damaged sections.
    func verify() -> [String] {
        entries.values.sorted { $0.offset < $1.offset }.compactMap { e in
            guard let base = region.base else { return e.length == 0 ? nil : e.name }
            let bytes = UnsafeRawBufferPointer(start: base.advanced(by: Int(e.offset - regionOffset)), count: Int(e.length))
            return MapSections.crc(bytes) == e.crc ? nil : e.name
        }
    }

    // MARK: helpers

    /// How a map is named in the one line said when it changes under a running process.
    static func label(_ path: String) -> String {
        let file = (path as NSString).lastPathComponent
        return file.hasSuffix(".routeit") ? String(file.dropLast(".routeit".count)) : file
    }

    static func crc<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        let array = Array(bytes)
        return array.withUnsafeBytes { crc(UnsafeRawBufferPointer($0)) }
    }

    static func crc(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var value = crc32(0, nil, 0)
        var offset = 0
        while offset < bytes.count {
            let n = min(1 << 30, bytes.count - offset)
            value = crc32(value, bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(n))
            offset += n
        }
        return UInt32(truncatingIfNeeded: value)
    }

    static func readFully(_ fd: Int32, into buffer: inout [UInt8], at offset: UInt64) -> Bool {
        var done = 0
        let total = buffer.count
        return buffer.withUnsafeMutableBytes { raw in
            while done < total {
                let n = pread(fd, raw.baseAddress! + done, total - done, off_t(offset) + off_t(done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }
}

/// Why a map's sections cannot be used; one line for the user.
enum MapSectionsError: Error, CustomStringConvertible, Equatable {
    case missing
    case absent(String)
    case damaged
    case otherFormat(Int)
    case unreadable(String, String)
    /// The mapping was refused for want of address space (`ulimit -v`), not for the file.
    case noAddressSpace(Int)

    var description: String {
        switch self {
        // Every import writes a trailer (with or without a road layer): none means truncated.
        case .missing, .absent, .damaged: return MapDamage.message
        case .otherFormat: return "The map was made by another version of RouteIt; import it again."
        case .unreadable(let path, let reason): return "Cannot read \(path): \(reason)."
        case .noAddressSpace(let bytes):
            return "Not enough address space to map the map's \(max(1, bytes >> 20)) MB (see ulimit -v); raise the limit or use a smaller map."
        }
    }

    /// An allocation, not the mapping, failed (SQLite's, under `ulimit -v`).
    static let noMemoryMessage = "Not enough memory to read the map (see ulimit -v); raise the limit or use a smaller map."
}

/// A read-only memory mapping, unmapped when the last column using it is gone.
// @unchecked: no lock needed, every field is set once in init and the mapping is never written;
// only its raw pointer keeps the compiler from seeing that.
final class MappedRegion: @unchecked Sendable {
    let base: UnsafeRawPointer?
    let length: Int
    /// Keeps the mapping's pages coming one per fault (`PageByPageFaults`); nil where refused.
    private let pageByPage: Int32?
    var isPageByPage: Bool { pageByPage != nil }
    /// True once a fault reading it was survived (`MapFaults.survive`): it holds zeros since.
    var wasZeroed: Bool { base.map { cmap_fault_zeroed($0) != 0 } ?? false }

    /// `pageByPage`: the pages come one per fault (`PageByPageFaults`), where the kernel allows.
    /// `label`: the map's name for the one line a SIGBUS there, or a trap after the file
    /// changed, becomes (the file truncated or rewritten in place under this process).
    init(fd: Int32, offset: UInt64, length: UInt64, pageByPage wanted: Bool = false, label: String = "") throws {
        self.length = Int(length)
        guard length > 0 else { base = nil; pageByPage = nil; return }
        // Private (never written, so it shares the cached pages) for `PageByPageFaults`, which
        // the kernel only grants to a mapping that could be written.
        guard let p = MisalignedMapping.map(fd: fd, offset: offset, length: Int(length)) else {
            throw errno == ENOMEM ? MapSectionsError.noAddressSpace(Int(length)) : MapSectionsError.damaged
        }
        pageByPage = wanted ? PageByPageFaults.register(UnsafeMutableRawBufferPointer(start: p, count: Int(length))) : nil
        // A query reads scattered pages: a page not yet cached is read alone, into a page-sized
        // folio, instead of a readahead window in a large folio that the kernel would then map
        // whole into every later process touching any byte of it.
        _ = madvise(p, Int(length), MADV_RANDOM)
        base = UnsafeRawPointer(p)
        let name = TerminalSafeText.clean(label.isEmpty ? "in use" : label)
        _ = cmap_fault_exit_register(p, Int(length), "The map \(name) changed or is damaged; import it again.", fd)
    }

    deinit {
        if let base { cmap_fault_exit_unregister(base) }
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), length) }
        if let pageByPage { close(pageByPage) }
    }
}

/// Little-endian fields from a byte array.
struct ByteReader {
    private let bytes: [UInt8]
    private var position = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func skip(_ n: Int) { position += n }
    mutating func bytes(_ n: Int) -> ArraySlice<UInt8> {
        defer { position += n }
        return bytes[position..<position + n]
    }
    mutating func u32() -> UInt32 {
        var v: UInt32 = 0
        for i in 0..<4 { v |= UInt32(bytes[position + i]) << (8 * i) }
        position += 4
        return v
    }
    mutating func u64() -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(bytes[position + i]) << (8 * i) }
        position += 8
        return v
    }
}
