import CSQLite

/// Flat arrays of plain structs stored as SQLite BLOBs in `road_blobs`: loading a graph is a
/// memcpy per array instead of millions of row reads.
enum BlobStore {
    static let createSQL = "CREATE TABLE IF NOT EXISTS road_blobs(name TEXT PRIMARY KEY, data BLOB NOT NULL)"

    static func write<T>(_ array: [T], named name: String, to db: SQLiteDatabase) throws {
        let stmt = try db.prepare("INSERT OR REPLACE INTO road_blobs(name, data) VALUES(?, ?)")
        sqlite3_reset(stmt.handle)
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        var rc = sqlite3_bind_text(stmt.handle, 1, name, -1, transient)
        guard rc == SQLITE_OK else { throw db.error(rc) }
        rc = array.withUnsafeBytes { raw -> Int32 in
            // A zero-length blob still needs a non-null pointer to be stored as a BLOB, not NULL.
            sqlite3_bind_blob64(stmt.handle, 2, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!,
                                sqlite3_uint64(raw.count), transient)
        }
        guard rc == SQLITE_OK else { throw db.error(rc) }
        rc = sqlite3_step(stmt.handle)
        guard rc == SQLITE_DONE else { throw db.error(rc) }
    }

    /// nil when the blob is missing.
    static func read<T>(_ type: T.Type, named name: String, from db: SQLiteDatabase) throws -> [T]? {
        let stmt = try db.prepare("SELECT data FROM road_blobs WHERE name = ?")
        try stmt.bind([.text(name)])
        guard try stmt.step() else { return nil }
        let bytes = Int(sqlite3_column_bytes(stmt.handle, 0))
        let stride = MemoryLayout<T>.stride
        guard bytes % stride == 0 else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "road blob \(name) has a bad size")
        }
        let count = bytes / stride
        guard count > 0, let source = sqlite3_column_blob(stmt.handle, 0) else { return [] }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: source, byteCount: bytes)
            initialized = count
        }
    }

    static func require<T>(_ type: T.Type, named name: String, from db: SQLiteDatabase) throws -> [T] {
        guard let array = try read(type, named: name, from: db) else {
            throw DirectionsErrorMessage("the map has no road data (\(name)); re-import it")
        }
        return array
    }

    static func writeStrings(_ strings: [String], named name: String, to db: SQLiteDatabase) throws {
        var bytes: [UInt8] = []
        for s in strings { bytes.append(contentsOf: s.utf8); bytes.append(0) }
        try write(bytes, named: name, to: db)
    }

    static func readStrings(named name: String, from db: SQLiteDatabase) throws -> [String] {
        let bytes = try require(UInt8.self, named: name, from: db)
        var strings: [String] = []
        var start = 0
        for i in bytes.indices where bytes[i] == 0 {
            strings.append(String(decoding: bytes[start..<i], as: UTF8.self))
            start = i + 1
        }
        return strings
    }
}

/// A one-line reason the router cannot use a map.
struct DirectionsErrorMessage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
