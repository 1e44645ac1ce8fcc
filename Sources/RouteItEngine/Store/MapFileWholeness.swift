import Foundation

/// Whether a `.routeit` file is as long as it says it is. A copy cut short (a full disk, an
/// interrupted `cp`) still opens as far as its first pages go, so it is told apart by its two
/// lengths: the SQLite header's page count, and the sections' trailer that every import writes
/// at the very end (see `MapSections`).
enum MapFileWholeness: Equatable {
    case whole
    /// It ends before its SQLite pages do, or where no trailer is.
    case cutShort
    /// Its trailer is there but does not check out.
    case damaged

    /// The SQLite part only (`sectionsToo: false`: what opening the map needs), or the whole file.
    static func of(_ path: String, sectionsToo: Bool = true) -> MapFileWholeness {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .whole }  // unreadable: said by whoever opens it
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .whole }
        let size = UInt64(info.st_size)
        var header = [UInt8](repeating: 0, count: 100)
        guard MapSections.readFully(fd, into: &header, at: 0) else { return .whole }
        func bigEndian(_ range: Range<Int>) -> UInt64 { header[range].reduce(0) { $0 << 8 | UInt64($1) } }
        // The page count is valid when its "version valid for" matches the change counter.
        let pageSize = bigEndian(16..<18) == 1 ? 65536 : bigEndian(16..<18)
        if bigEndian(92..<96) == bigEndian(24..<28), pageSize * bigEndian(28..<32) > size { return .cutShort }
        guard sectionsToo else { return .whole }
        let trailerSize = UInt64(MapSections.trailerSize)
        var trailer = [UInt8](repeating: 0, count: MapSections.trailerSize)
        guard size >= trailerSize, MapSections.readFully(fd, into: &trailer, at: size - trailerSize),
              Array(trailer[0..<8]) == MapSections.magic else { return .cutShort }
        var t = ByteReader(trailer)
        t.skip(12)
        let count = t.u32(), directoryOffset = t.u64()
        t.skip(12)
        let trailerCRC = t.u32()
        guard trailerCRC == MapSections.crc(trailer[0..<36]),
              directoryOffset + UInt64(count) * UInt64(MapSections.entrySize) + trailerSize == size else { return .damaged }
        return .whole
    }
}
