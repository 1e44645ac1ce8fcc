// libsqlite3 is linked by this target's settings in Package.swift (statically into a release
// build), not by CSQLite's module map.
import CSQLite
import Foundation

/// A thin, safe wrapper over one sqlite3 connection: prepared statements, typed binds and
/// columns, transactions. Every failure becomes a `SQLiteError` with SQLite's message.
public struct SQLiteError: Error, CustomStringConvertible {
    public var code: Int32
    public var message: String
    public var description: String { "SQLite error \(code): \(message)" }

    /// SQLite could not allocate (SQLITE_NOMEM, SQLITE_IOERR_NOMEM): under `ulimit -v`, not a
    /// damaged file.
    public var isOutOfMemory: Bool { code & 0xFF == 7 || code == 3082 }
}

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// SQLite's busy handler: `context` holds the timeout in milliseconds; 0 means give up.
private func cancellableBusyWait(_ context: UnsafeMutableRawPointer?, _ attempts: Int32) -> Int32 {
    let step: Int32 = 10
    let timeout = Int(bitPattern: context)
    guard !Task.isCancelled, Int(attempts) * Int(step) < timeout else { return 0 }
    sqlite3_sleep(step)
    return 1
}

public final class SQLiteDatabase {
    public let path: String
    let handle: OpaquePointer

    public enum Mode { case readOnly, readWrite, create }

    /// `serialized`: one connection used from several threads (SQLite's own mutex); a map's
    /// connections stay on one thread and skip it. `busyTimeoutMilliseconds`: how long a write
    /// waits for another process's.
    public init(path: String, mode: Mode = .readOnly, serialized: Bool = false, busyTimeoutMilliseconds: Int32 = 2000) throws {
        self.path = path
        var db: OpaquePointer?
        let flags: Int32
        switch mode {
        case .readOnly: flags = SQLITE_OPEN_READONLY
        case .readWrite: flags = SQLITE_OPEN_READWRITE
        case .create: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        let rc = sqlite3_open_v2(path, &db, flags | (serialized ? SQLITE_OPEN_FULLMUTEX : SQLITE_OPEN_NOMUTEX), nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close(db) }
            throw SQLiteError(code: rc, message: message)
        }
        handle = db
        // Waits for another process's write like sqlite3_busy_timeout, but gives up at once when
        // the task asking is cancelled (Ctrl-C), so a cancelled write never lands later.
        sqlite3_busy_handler(db, cancellableBusyWait, UnsafeMutableRawPointer(bitPattern: Int(max(busyTimeoutMilliseconds, 1))))
    }

    deinit { sqlite3_close_v2(handle) }

    func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs one or more statements with no results.
    public func execute(_ sql: String) throws {
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        if rc != SQLITE_OK {
            let message = errmsg.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(errmsg)
            throw SQLiteError(code: rc, message: message)
        }
    }

    public func prepare(_ sql: String) throws -> SQLiteStatement {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc) }
        return SQLiteStatement(db: self, handle: stmt)
    }

    /// Runs `body` inside BEGIN/COMMIT; rolls back if it throws.
    /// A task cancelled before the COMMIT writes nothing and throws `CancellationError`.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        do {
            try execute("BEGIN IMMEDIATE")
        } catch {
            throw Task.isCancelled ? CancellationError() : error
        }
        do {
            let result = try body()
            try Task.checkCancellation()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw Task.isCancelled ? CancellationError() : error
        }
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `sql` with `bindings` and returns every row's columns (for small results).
    @discardableResult
    public func rows(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        let stmt = try prepare(sql)
        try stmt.bind(bindings)
        var rows: [[SQLiteValue]] = []
        while try stmt.step() {
            rows.append((0..<stmt.columnCount).map(stmt.value))
        }
        return rows
    }

    /// Convenience: the first column of the first row, if any.
    public func scalarString(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> String? {
        let stmt = try prepare(sql)
        try stmt.bind(bindings)
        return try stmt.step() ? stmt.string(0) : nil
    }

    public func scalarInt(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> Int64? {
        let stmt = try prepare(sql)
        try stmt.bind(bindings)
        return try stmt.step() && !stmt.isNull(0) ? stmt.int(0) : nil
    }
}

public enum SQLiteValue {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case blob([UInt8])

    public var text: String? { if case .text(let s) = self { return s }; return nil }
    public var int: Int64? { if case .int(let i) = self { return i }; return nil }
    /// A REAL column, or an INTEGER one (SQLite stores whole REALs as integers where it can).
    public var double: Double? {
        switch self {
        case .double(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }
}

public final class SQLiteStatement {
    unowned let db: SQLiteDatabase
    let handle: OpaquePointer

    init(db: SQLiteDatabase, handle: OpaquePointer) {
        self.db = db
        self.handle = handle
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds values to parameters 1...n (after resetting the statement).
    public func bind(_ values: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .int(let v): rc = sqlite3_bind_int64(handle, index, v)
            case .double(let v): rc = sqlite3_bind_double(handle, index, v)
            case .text(let v): rc = sqlite3_bind_text(handle, index, v, -1, SQLITE_TRANSIENT)
            case .blob(let v):
                rc = v.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT) }
            }
            if rc != SQLITE_OK { throw db.error(rc) }
        }
    }

    /// Binds, runs to completion, resets: for INSERT/UPDATE in bulk loops.
    public func run(_ values: [SQLiteValue]) throws {
        try bind(values)
        let rc = sqlite3_step(handle)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw db.error(rc) }
        sqlite3_reset(handle)
    }

    /// Advances; true while there is a row.
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw db.error(rc)
    }

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// A column as whatever SQLite holds in it.
    public func value(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .int(int(column))
        case SQLITE_FLOAT: return .double(double(column))
        case SQLITE_NULL: return .null
        case SQLITE_BLOB: return .blob(blob(column))
        default: return .text(string(column) ?? "")
        }
    }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    public func string(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: text)
    }
    public func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
