import Foundation
import RouteItSQLite
import RouteItCore

/// Why a map cannot be opened; one line for the user.
public enum RouteItMapError: Error, CustomStringConvertible, Equatable {
    case missing(String)
    case notAMap(String)
    /// It starts as a RouteIt map (its header says so) and cannot be read: `cutShort` when it
    /// ends before its pages do (a full disk, an interrupted copy).
    case damaged(path: String, cutShort: Bool)
    case otherSchemaVersion(path: String, found: Int)
    case changing(String)

    public var description: String {
        switch self {
        case .missing(let path): return "no map at \(path)"
        case .changing(let path): return "the map \(path) keeps changing while it is opened; try again when its import has finished"
        case .notAMap(let path): return "\(path) is not a RouteIt map"
        case .damaged(let path, let cutShort): return "\(path) is damaged\(cutShort ? " (cut short)" : ""); import it again"
        case .otherSchemaVersion(let path, let found):
            return "\(path) is a RouteIt map of schema version \(found), this routeit reads version \(MapSchema.version): re-import it with `routeit import`"
        }
    }
}

/// An opened `.routeit` file (read-only). Layers read their own tables through `database`; the
/// road graph's sections are mapped from `descriptor`, the same open file (see `init`).
public final class RouteItMap {
    public let path: String
    public let database: SQLiteDatabase
    public let metadata: [String: String]
    /// The file as opened, held while the map is in use: the mapped sections come from it.
    let descriptor: Int32

    /// Opens the SQLite part and the file the sections are mapped from as one file: a map
    /// renamed over `path` between the two opens (another import) is noticed by its inode, and
    /// both are opened again, so one session never mixes two maps.
    public init(path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw RouteItMapError.missing(path) }
        guard !isDirectory.boolValue, RouteItMap.hasSQLiteHeader(path) else { throw RouteItMapError.notAMap(path) }
        let isMap = RouteItMap.hasMapHeader(path)
        if isMap, MapFileWholeness.of(path, sectionsToo: false) == .cutShort { throw RouteItMapError.damaged(path: path, cutShort: true) }
        for _ in 0..<5 {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw RouteItMapError.missing(path) }
            let opened: (SQLiteDatabase, [String: String])
            do {
                opened = try Self.openDatabase(path)
            } catch RouteItMapError.notAMap(let path) where isMap {
                // Its header says RouteIt map: the rest of it is what is wrong.
                close(fd)
                throw RouteItMapError.damaged(path: path, cutShort: false)
            } catch {
                close(fd)
                throw error
            }
            if Self.sameFile(fd, path) {
                self.path = path
                self.descriptor = fd
                self.database = opened.0
                self.metadata = opened.1
                return
            }
            close(fd)
        }
        throw RouteItMapError.changing(path)
    }

    deinit { close(descriptor) }

    /// True when `path` still names the file open as `fd`.
    private static func sameFile(_ fd: Int32, _ path: String) -> Bool {
        var held = stat(), named = stat()
        guard fstat(fd, &held) == 0, stat(path, &named) == 0 else { return false }
        return held.st_dev == named.st_dev && held.st_ino == named.st_ino
    }

    private static func openDatabase(_ path: String) throws -> (SQLiteDatabase, [String: String]) {
        let db: SQLiteDatabase
        var metadata: [String: String] = [:]
        do {
            db = try SQLiteDatabase(path: path, mode: .readOnly)
            guard try db.scalarInt("PRAGMA application_id") == Int64(MapSchema.applicationID) else {
                throw RouteItMapError.notAMap(path)
            }
            let rows = try db.prepare("SELECT key, value FROM metadata")
            while try rows.step() {
                if let key = rows.string(0), let value = rows.string(1) { metadata[key] = value }
            }
        } catch let error as RouteItMapError {
            throw error
        } catch let error as SQLiteError where error.isOutOfMemory {
            throw error  // under ulimit -v: the memory, not the file (said as such by the front ends)
        } catch {
            throw RouteItMapError.notAMap(path)
        }
        guard let versionText = metadata[MapSchema.Key.schemaVersion], let version = Int(versionText) else {
            throw RouteItMapError.notAMap(path)
        }
        guard version == MapSchema.version else { throw RouteItMapError.otherSchemaVersion(path: path, found: version) }
        return (db, metadata)
    }

    /// The road graph's sections, mapped from the same open file as `database`.
    func sections() throws -> MapSections { try MapSections(descriptor: descriptor, path: path) }

    // The SQLite part is read with `pread`, not through `PRAGMA mmap_size`: a fault on a
    // mapped file reads around it by the device's read-ahead (8 MB on this project's machine),
    // and a cold `routeit geocode` on a 50-town map read 45 MB through the mapping against
    // 2 MB with `pread` (getrusage's blocks read, `Scripts/country-geocode-bench`).

    /// The source extract's bounding box.
    public var boundingBox: BoundingBox? {
        guard let a = metadata[MapSchema.Key.minLatitude].flatMap(Double.init),
              let b = metadata[MapSchema.Key.minLongitude].flatMap(Double.init),
              let c = metadata[MapSchema.Key.maxLatitude].flatMap(Double.init),
              let d = metadata[MapSchema.Key.maxLongitude].flatMap(Double.init) else { return nil }
        return BoundingBox(minLatitude: a, minLongitude: b, maxLatitude: c, maxLongitude: d)
    }

    public var sourceFile: String? { metadata[MapSchema.Key.sourceFile] }

    /// True for files that start like an SQLite database (cheap check before opening).
    /// Only a regular file can be one (FileHandle's read traps on a directory such as `..`, and
    /// a FIFO would block: opened without waiting).
    public static func hasSQLiteHeader(_ path: String) -> Bool { header(of: path).map { isSQLite($0) } ?? false }

    /// True for an SQLite file that says it is a RouteIt map (its header's application id, of
    /// any map version): not another program's database, such as the planner's own store.
    public static func hasMapHeader(_ path: String) -> Bool {
        guard let header = header(of: path), isSQLite(header) else { return false }
        // The application id: 4 bytes, big-endian, at offset 68 of the database header.
        let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return id == UInt32(bitPattern: MapSchema.applicationID)
    }

    private static func isSQLite(_ header: [UInt8]) -> Bool { Array(header[0..<16]) == Array("SQLite format 3\0".utf8) }

    /// The first 100 bytes (SQLite's database header) of a regular file.
    private static func header(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var header = [UInt8](repeating: 0, count: 100)
        guard pread(fd, &header, 100, 0) == 100 else { return nil }
        return header
    }
}
