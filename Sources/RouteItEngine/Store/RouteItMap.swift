import Foundation
import RouteItSQLite
import RouteItCore

/// Why a map cannot be opened; one line for the user.
public enum RouteItMapError: Error, CustomStringConvertible, Equatable {
    case missing(String)
    case notAMap(String)
    case otherSchemaVersion(path: String, found: Int)

    public var description: String {
        switch self {
        case .missing(let path): return "no map at \(path)"
        case .notAMap(let path): return "\(path) is not a RouteIt map"
        case .otherSchemaVersion(let path, let found):
            return "\(path) is a RouteIt map of schema version \(found), this routeit reads version \(MapSchema.version): re-import it with `routeit import`"
        }
    }
}

/// An opened `.routeit` file (read-only). Layers read their own tables through `database`.
public final class RouteItMap {
    public let path: String
    public let database: SQLiteDatabase
    public let metadata: [String: String]

    public init(path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw RouteItMapError.missing(path) }
        guard !isDirectory.boolValue, RouteItMap.hasSQLiteHeader(path) else { throw RouteItMapError.notAMap(path) }
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
        } catch {
            throw RouteItMapError.notAMap(path)
        }
        guard let versionText = metadata[MapSchema.Key.schemaVersion], let version = Int(versionText) else {
            throw RouteItMapError.notAMap(path)
        }
        guard version == MapSchema.version else { throw RouteItMapError.otherSchemaVersion(path: path, found: version) }
        self.path = path
        self.database = db
        self.metadata = metadata
    }

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
    static func hasSQLiteHeader(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = handle.readData(ofLength: 16)
        return header == Data("SQLite format 3\0".utf8)
    }
}
