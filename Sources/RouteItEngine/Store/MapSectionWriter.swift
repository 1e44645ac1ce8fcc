import Foundation

/// Writes the named arrays of a map's fixed-layout part (see `MapSections`) while the importer
/// builds them, into a scratch file beside the map; `append(to:)` then adds them, with the
/// directory and trailer, after the finished SQLite database.
public final class MapSectionWriter {
    private let scratchPath: String
    private let handle: FileHandle
    private var entries: [MapSections.Entry] = []
    /// Bytes written to the scratch file (sections are aligned within it as in the map).
    private var written: UInt64 = 0

    init(scratchPath: String) throws {
        self.scratchPath = scratchPath
        unlink(scratchPath)
        guard FileManager.default.createFile(atPath: scratchPath, contents: nil),
              let handle = FileHandle(forWritingAtPath: scratchPath) else {
            throw MapImportError("cannot write \(scratchPath): \(String(cString: strerror(errno)))")
        }
        self.handle = handle
    }

    deinit {
        try? handle.close()
        unlink(scratchPath)
    }

    func write<T: BitwiseCopyable>(_ values: Column<T>, named name: String) throws {
        try values.withUnsafeBytes { try write(bytes: $0, stride: MemoryLayout<T>.stride, named: name) }
    }

    func write<T: BitwiseCopyable>(_ values: [T], named name: String) throws {
        try values.withUnsafeBytes { try write(bytes: $0, stride: MemoryLayout<T>.stride, named: name) }
    }

    private func write(bytes: UnsafeRawBufferPointer, stride: Int, named name: String) throws {
        precondition(name.utf8.count < MapSections.nameSize && !entries.contains { $0.name == name })
        try pad()
        entries.append(MapSections.Entry(name: name, offset: written, length: UInt64(bytes.count),
                                         stride: UInt32(stride), crc: MapSections.crc(bytes)))
        try writeAll(bytes)
        written += UInt64(bytes.count)
    }

    /// Writes straight from the array's memory (a copy of a section would add its size to the
    /// import's peak).
    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(handle.fileDescriptor, bytes.baseAddress! + done, min(bytes.count - done, 1 << 24))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw MapImportError("cannot write \(scratchPath): \(String(cString: strerror(errno)))") }
            done += n
        }
    }

    private func pad() throws {
        let rest = Int(written % UInt64(MapSections.sectionAlignment))
        guard rest != 0 else { return }
        try handle.write(contentsOf: Data(count: MapSections.sectionAlignment - rest))
        written += UInt64(MapSections.sectionAlignment - rest)
    }

    /// Appends the sections, directory and trailer to the closed database file at `path`.
    func append(to path: String) throws {
        try pad()
        try handle.synchronize()
        guard let out = FileHandle(forUpdatingAtPath: path) else {
            throw MapImportError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { try? out.close() }
        var start = try out.seekToEnd()
        let rest = Int(start % UInt64(MapSections.alignment))
        if rest != 0 {
            try out.write(contentsOf: Data(count: MapSections.alignment - rest))
            start += UInt64(MapSections.alignment - rest)
        }
        // Copy the scratch file in pieces (it may be larger than memory would like).
        guard let input = FileHandle(forReadingAtPath: scratchPath) else {
            throw MapImportError("cannot read \(scratchPath): \(String(cString: strerror(errno)))")
        }
        defer { try? input.close() }
        while let chunk = try input.read(upToCount: 8 << 20), !chunk.isEmpty {
            try out.write(contentsOf: chunk)
        }
        var directory = [UInt8]()
        for e in entries {
            var name = Array(e.name.utf8)
            name += [UInt8](repeating: 0, count: MapSections.nameSize - name.count)
            directory += name
            directory += MapSectionWriter.le(e.offset + start) + MapSectionWriter.le(e.length)
            directory += MapSectionWriter.le(e.stride) + MapSectionWriter.le(e.crc)
        }
        var trailer = MapSections.magic
        trailer += MapSectionWriter.le(MapSections.format) + MapSectionWriter.le(UInt32(entries.count))
        trailer += MapSectionWriter.le(start + written) + MapSectionWriter.le(start)
        trailer += MapSectionWriter.le(MapSections.crc(directory[...]))
        trailer += MapSectionWriter.le(MapSections.crc(trailer[...]))
        try out.write(contentsOf: Data(directory + trailer))
        try out.synchronize()
        // The sections just written sit in the page cache in large folios, and a process that
        // maps the map gets every folio it touches mapped whole (megabytes for a few bytes read).
        // Written out, they can go: queries read back only their pages, one page at a time.
        _ = posix_fadvise(out.fileDescriptor, off_t(start), off_t(written), Int32(POSIX_FADV_DONTNEED))
    }

    private static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
