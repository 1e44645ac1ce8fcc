import CSQLite
import Foundation

/// Why the planner store cannot be used: one line for the user, saying what to do.
public struct PlannerStoreError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// One sqlite3 connection for the planner store: statements with text/real bindings, and
/// writes in immediate transactions that wait (busy timeout) for another session's.
final class StoreConnection {
    let path: String
    private let handle: OpaquePointer
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    enum Value {
        case null, int(Int64), real(Double), text(String)
    }

    init(path: String, busyTimeoutMilliseconds: Int32) throws {
        self.path = path
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close(db) }
            throw SQLiteFailure(code: rc, message: message)
        }
        handle = db
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    deinit { sqlite3_close_v2(handle) }

    struct SQLiteFailure: Error {
        var code: Int32
        var message: String
    }

    private func failure(_ rc: Int32) -> SQLiteFailure {
        SQLiteFailure(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }

    func execute(_ sql: String) throws {
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        guard rc == SQLITE_OK else {
            let message = errmsg.map { String(cString: $0) } ?? "error \(rc)"
            sqlite3_free(errmsg)
            throw SQLiteFailure(code: sqlite3_errcode(handle), message: message)
        }
    }

    /// Runs `sql` with `values` bound and returns every row's columns.
    @discardableResult
    func query(_ sql: String, _ values: [Value] = []) throws -> [[Value]] {
        var stmt: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard prepared == SQLITE_OK, let stmt else { throw failure(prepared) }
        defer { sqlite3_finalize(stmt) }
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(stmt, index)
            case .int(let v): rc = sqlite3_bind_int64(stmt, index, v)
            case .real(let v): rc = sqlite3_bind_double(stmt, index, v)
            case .text(let v): rc = sqlite3_bind_text(stmt, index, v, -1, Self.transient)
            }
            guard rc == SQLITE_OK else { throw failure(rc) }
        }
        var rows: [[Value]] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw failure(rc) }
            rows.append((0..<sqlite3_column_count(stmt)).map { column in
                switch sqlite3_column_type(stmt, column) {
                case SQLITE_INTEGER: return .int(sqlite3_column_int64(stmt, column))
                case SQLITE_FLOAT: return .real(sqlite3_column_double(stmt, column))
                case SQLITE_NULL: return .null
                default: return .text(sqlite3_column_text(stmt, column).map { String(cString: $0) } ?? "")
                }
            })
        }
        return rows
    }

    /// `body` inside BEGIN IMMEDIATE … COMMIT: all of it or none of it.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var changes: Int { Int(sqlite3_changes(handle)) }
}

extension StoreConnection.Value {
    var text: String? { if case .text(let s) = self { return s }; return nil }
    var real: Double? {
        switch self {
        case .real(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }
    var int: Int64? { if case .int(let i) = self { return i }; return nil }
}
