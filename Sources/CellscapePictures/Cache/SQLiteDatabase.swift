import CSQLite
import Foundation

/// One SQLite database file, its statements prepared once; the C handle is used under its owner's lock
/// alone (``HeaderIndex``).
final class SQLiteDatabase: @unchecked Sendable {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (making it when missing) the database at `path`; nil when it cannot be opened.
    init?(path: String) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &opened, flags, nil) == SQLITE_OK, let opened else {
            if let opened { sqlite3_close_v2(opened) }
            return nil
        }
        handle = opened
        // Another process's write in progress: wait a little, then do without (an index is a cache).
        sqlite3_busy_timeout(handle, 200)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` (statements without results); returns SQLite's code.
    @discardableResult
    func execute(_ sql: String) -> Int32 {
        sqlite3_exec(handle, sql, nil, nil, nil)
    }

    /// The first column of the first row `sql` gives, as text.
    func text(_ sql: String) -> String? {
        var result: String?
        _ = query(sql, []) { row in
            result = row.text(0)
            return false
        }
        return result
    }

    /// The first column of the first row `sql` gives, as a number.
    func number(_ sql: String, _ values: [Value] = []) -> Int64? {
        var result: Int64?
        _ = query(sql, values) { row in
            result = row.number(0)
            return false
        }
        return result
    }

    /// A value bound to a statement's `?`.
    enum Value {
        case text(String)
        case number(Int64)
        case bytes([UInt8])
    }

    /// A row of a query's results, valid during the call that gives it.
    struct Row {
        fileprivate let statement: OpaquePointer
        func number(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func text(_ column: Int32) -> String? { sqlite3_column_text(statement, column).map { String(cString: $0) } }
        func bytes(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let start = sqlite3_column_blob(statement, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: start, count: count))
        }
    }

    /// Runs `sql` with `values` bound, giving each row to `row` until it returns false; returns
    /// SQLite's last code (SQLITE_DONE when every row was read).
    @discardableResult
    func query(_ sql: String, _ values: [Value], row: (Row) -> Bool = { _ in true }) -> Int32 {
        guard let statement = prepared(sql) else { return sqlite3_errcode(handle) }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            let place = Int32(index + 1)
            switch value {
            case .text(let text): sqlite3_bind_text(statement, place, text, -1, cellscape_sqlite_transient())
            case .number(let number): sqlite3_bind_int64(statement, place, number)
            case .bytes(let bytes):
                bytes.withUnsafeBytes { buffer in
                    _ = sqlite3_bind_blob(
                        statement, place, buffer.baseAddress, Int32(buffer.count), cellscape_sqlite_transient())
                }
            }
        }
        while true {
            let code = sqlite3_step(statement)
            guard code == SQLITE_ROW else { return code }
            if !row(Row(statement: statement)) { return SQLITE_ROW }
        }
    }

    private func prepared(_ sql: String) -> OpaquePointer? {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
        statements[sql] = statement
        return statement
    }
}
