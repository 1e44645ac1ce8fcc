import Foundation

/// Opens an OSM file by looking at its first bytes, not its name: a PBF file starts with a
/// BlobHeader (4-byte big-endian length, then a protobuf whose field 1 is "OSMHeader"),
/// an XML file with `<?xml` or `<osm`. Anything else gets a one-line error naming the file.
public func openOSMReader(at url: URL) throws -> OSMReader {
    let name = url.lastPathComponent
    // open(2) itself says why a file cannot be read: missing, a directory, no permission.
    // Without waiting: a FIFO with no writer would block here for ever.
    let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
        let code = errno
        if code == ENOENT { throw OSMReadError("\(url.path): no such file") }
        throw OSMReadError("Cannot read \(url.path): \(OSMXMLReader.describe(errno: code)).")
    }
    let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw OSMReadError("Cannot read \(url.path): \(OSMXMLReader.describe(errno: errno)).") }
    guard status.st_mode & S_IFMT != S_IFDIR else {
        throw OSMReadError("\(name): is a directory, not an OSM file")
    }
    // An import reads its input twice and by offset: a FIFO, a socket or a device (a link to
    // /dev/zero, a terminal) can never be one, and would hang or read without end.
    guard status.st_mode & S_IFMT == S_IFREG else {
        throw OSMReadError("Cannot read \(url.path): not a regular file.")
    }
    let head: [UInt8]
    do {
        head = [UInt8]((try handle.read(upToCount: OSMFileFormat.sniffLength)) ?? Data())
    } catch {
        throw OSMReadError("Cannot read \(url.path): \((error as NSError).localizedDescription)")
    }

    switch OSMFileFormat.sniff(head) {
    case .empty:
        throw OSMReadError("\(name): the file is empty")
    case .pbf:
        return try PBFReader(url: url)
    case .xml:
        return OSMXMLReader(url: url)
    case .compressed(let kind):
        throw OSMReadError("\(name): the file is \(kind)-compressed; decompress it first (an .osm.pbf or .osm file is expected)")
    case .unknown:
        throw OSMReadError("\(name): not an OSM file (expected .osm.pbf or .osm XML)")
    }
}

/// What the first bytes of a file say it is.
enum OSMFileFormat: Equatable {
    case empty, pbf, xml, unknown
    case compressed(String)

    static func sniff(_ head: [UInt8]) -> OSMFileFormat {
        if head.isEmpty { return .empty }
        if head.starts(with: [0x1F, 0x8B]) { return .compressed("gzip") }
        if head.starts(with: Array("BZh".utf8)) { return .compressed("bzip2") }
        if head.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A]) { return .compressed("xz") }
        if looksLikePBF(head) { return .pbf }
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }  // UTF-8 BOM
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if rest.starts(with: Array("<?xml".utf8)) || rest.starts(with: Array("<osm".utf8)) { return .xml }
        return .unknown
    }

    /// BlobHeader length (big-endian, at most 64 KiB by the spec), then field 1 (type, a string)
    /// holding "OSMHeader" or "OSMData". A file too short to show all that (fewer bytes than the
    /// sniffed window) counts as PBF if what it has matches, so the reader reports it truncated.
    private static func looksLikePBF(_ head: [UInt8]) -> Bool {
        let prefix = head.prefix(4)
        let length = prefix.reduce(0) { $0 << 8 | Int($1) } << (8 * (4 - prefix.count))
        guard length <= 64 * 1024, head[0] == 0 else { return false }
        let isWholeFile = head.count < sniffLength
        guard head.count > 4 else { return isWholeFile }
        let expected: [[UInt8]] = [[0x0A, 9] + Array("OSMHeader".utf8), [0x0A, 7] + Array("OSMData".utf8)]
        let rest = head.dropFirst(4)
        return expected.contains { type in
            rest.count >= type.count ? rest.starts(with: type) : isWholeFile && type.starts(with: rest)
        }
    }

    /// How many leading bytes `sniff` is given.
    static let sniffLength = 64
}
