import CSQLite
import Foundation

/// What was learnt of each picture (its header: size, orientation, kind, frames, length, date taken),
/// kept across runs in one SQLite file under `$XDG_CACHE_HOME/cellscape`, keyed by the file's path,
/// size and modification time: a folder opened again is laid out without reading a header, and a
/// file changed since is read again.
///
/// Safe against a crash: written in transactions (write-ahead log), a kill loses at most the rows
/// not yet written. Bounded: past its size, the rows used longest ago go. Never trusted when damaged:
/// each row is sealed with its key, and a file SQLite finds damaged is made again, said in one line.
/// A header that failed is never kept.
public final class HeaderIndex: Sendable {
    private typealias Row = (size: Int64, modified: Int64, header: [UInt8])

    private struct State: Sendable {
        /// The file, opened at the first question (on a worker, never before a window opens).
        var database: SQLiteDatabase?
        var opened = false
        /// Rows read and not yet written.
        var pending: [(path: String, size: Int64, modified: Int64, header: [UInt8])] = []
        var lastWrite: UInt64 = 0
        /// The last row's use: each row's is later than the one before (the oldest go first).
        var lastUse: Int64 = 0
        /// The rows of the folders asked about, read at once at the first question (a folder's pictures
        /// are asked about together), each let go once asked for.
        var loadedFolders: Set<String> = []
        /// By folder, then by name in it (a name is mostly short enough to be kept without an
        /// allocation of its own, a path seldom is).
        var loaded: [String: [String: Row]] = [:]
    }

    private let state: Guarded<State>
    private let path: String
    private let limit: Int
    private let report: @Sendable (String) -> Void

    /// The file's layout: an index of another is made again.
    static let version = 2
    /// Rows written at once, and the longest they wait, in nanoseconds.
    static let batch = 512
    static let batchWait: UInt64 = 1_000_000_000

    /// `$XDG_CACHE_HOME/cellscape/index.sqlite3`, else `~/.cache/cellscape/index.sqlite3`.
    public static func file(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let caches = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        return (caches ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache") + "/cellscape/index.sqlite3"
    }

    /// The index in the file at `path` (its folder made when first used), at most `limit` bytes;
    /// `report` hears what went wrong with it, once each (a damaged file made again, one that cannot
    /// be made).
    public init(path: String, limit: Int, report: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.limit = limit
        self.report = report
        state = Guarded(State())
    }

    /// The file, opened (and checked) at the first use.
    private func database(_ state: inout State) -> SQLiteDatabase? {
        if !state.opened {
            state.opened = true
            state.database = Self.open(path, report: report)
        }
        return state.database
    }

    /// Opens the file; one that is no database of this layout is made again.
    private static func open(_ path: String, report: (String) -> Void) -> SQLiteDatabase? {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let database = SQLiteDatabase(path: path), prepare(database) { return database }
        return remade(path, report: report)
    }

    /// Makes the file again from nothing (it was damaged, or of another layout), saying so.
    private static func remade(_ path: String, report: (String) -> Void) -> SQLiteDatabase? {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        report("the index of pictures \(path) was damaged: made again")
        if let database = SQLiteDatabase(path: path), prepare(database) { return database }
        report("cannot keep an index of pictures in \(path): every header is read")
        return nil
    }

    /// Makes its table, checking the file is a database of this layout; false when not. (No check of
    /// every page, which would read the whole file first: a damaged page is found when read, and a row
    /// is trusted only when its seal holds.)
    private static func prepare(_ database: SQLiteDatabase) -> Bool {
        guard database.execute("PRAGMA journal_mode=WAL") == SQLITE_OK,
            let layout = database.number("PRAGMA user_version")
        else { return false }
        if layout == 0 {
            let made = database.execute(
                """
                CREATE TABLE IF NOT EXISTS headers (path TEXT PRIMARY KEY, size INTEGER NOT NULL,
                modified INTEGER NOT NULL, header BLOB NOT NULL, used INTEGER NOT NULL) WITHOUT ROWID;
                CREATE INDEX IF NOT EXISTS headers_used ON headers (used);
                PRAGMA user_version = \(version);
                """)
            guard made == SQLITE_OK else { return false }
        } else if layout != version {
            return false
        }
        // A crash loses at most the last transactions, never the file (the log is checked on opening).
        return database.execute("PRAGMA synchronous=NORMAL") == SQLITE_OK
    }

    /// After SQLite's `code`: a damaged file is made again, said once; returns whether it was.
    @discardableResult
    private func mendIfDamaged(_ code: Int32, _ state: inout State) -> Bool {
        guard code == SQLITE_CORRUPT || code == SQLITE_NOTADB else { return false }
        state.database = nil
        state.loaded.removeAll()
        state.loadedFolders.removeAll()
        state.database = Self.remade(path, report: report)
        return true
    }

    /// The header kept for the file at `path` if it still has `size` bytes and was modified at
    /// `modified` (nanoseconds since 1970), else nil: read it.
    public func header(path: String, size: Int, modified: Int64) -> PictureHeader? {
        headers(of: [(path, size, modified)])[0]
    }

    /// The headers kept for each file (path, size in bytes, modification time in nanoseconds), in one
    /// look; nil for a file not kept or changed since, and for a file not given.
    public func headers(of files: [(path: String, size: Int, modified: Int64)?]) -> [PictureHeader?] {
        state.withLock { state in
            files.map { file in file.flatMap { header(path: $0.path, size: $0.size, modified: $0.modified, &state) } }
        }
    }

    private func header(path: String, size: Int, modified: Int64, _ state: inout State) -> PictureHeader? {
        guard let database = database(&state) else { return nil }
        // Split at the last slash by bytes (a search by characters was a tenth of a reopening).
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { String(path.utf8[...$0])! } ?? ""
        if state.loadedFolders.insert(folder).inserted {
            var rows: [String: Row] = [:]
            let code = Self.load(folder, from: database, into: &rows, used: Self.use(&state.lastUse))
            state.loaded[folder] = rows.isEmpty ? nil : rows
            if mendIfDamaged(code, &state) { return nil }
        }
        // Not among the folder's rows read at first: written since (or by another run), asked alone.
        let name = String(path.utf8[(slash.map { path.utf8.index(after: $0) } ?? path.startIndex)...])!
        var row = state.loaded[folder]?.removeValue(forKey: name)
        if state.loaded[folder]?.isEmpty == true { state.loaded[folder] = nil }  // its room goes too
        if row == nil {
            let (found, code) = Self.row(path, in: database)
            if mendIfDamaged(code, &state) { return nil }
            row = found
        }
        guard let row, row.size == Int64(size), row.modified == modified,
            let bytes = IndexedHeader.unsealed(row.header, path: path, size: row.size, modified: row.modified),
            var header = IndexedHeader.header(from: bytes)
        else { return nil }
        header.fileSize = size
        header.modified = Int(modified / 1_000_000_000)
        return header
    }

    /// The row of `path`, if kept, and SQLite's last code.
    private static func row(_ path: String, in database: SQLiteDatabase) -> (Row?, Int32) {
        var found: Row?
        let code = database.query("SELECT size, modified, header FROM headers WHERE path = ?", [.text(path)]) { row in
            found = (row.number(0), row.number(1), row.bytes(2))
            return false
        }
        return (found, code)
    }

    /// Reads the rows of the files in `folder` (a path ending in `/`; not those of its subfolders), in
    /// one query, by name, and notes them used at `used` (the folder is open: the last to go) where
    /// their use is a day old (a folder opened again and again writes nothing); returns SQLite's last
    /// code.
    private static func load(
        _ folder: String, from database: SQLiteDatabase, into loaded: inout [String: Row], used: Int64
    ) -> Int32 {
        let start = folder.utf8.count
        // Every path that starts with the folder's: from it up to the next string past its last byte.
        guard let end = folder.utf8.last.map({ Array(folder.utf8.dropLast()) + [$0 + 1] }) else { return SQLITE_OK }
        let within: [SQLiteDatabase.Value] = [
            .text(folder), .text(String(decoding: end, as: UTF8.self)), .text(folder),
        ]
        // SQLite counts a text's characters, not its bytes: the folder's length is its own.
        let files = "path >= ? AND path < ? AND instr(substr(path, length(?) + 1), '/') = 0"
        let code = database.query("SELECT path, size, modified, header FROM headers WHERE " + files, within) { row in
            if let path = row.text(0) {
                let name = String(decoding: path.utf8.dropFirst(start), as: UTF8.self)
                loaded[name] = (row.number(1), row.number(2), row.bytes(3))
            }
            return true
        }
        guard code == SQLITE_DONE else { return code }
        let dayOld = used - 86_400_000_000
        return database.query(
            "UPDATE headers SET used = ? WHERE used < ? AND " + files, [.number(used), .number(dayOld)] + within)
    }

    /// A use later than every one before: microseconds now, or one past the last.
    private static func use(_ last: inout Int64) -> Int64 {
        last = max(last + 1, Int64(Date().timeIntervalSince1970 * 1e6))
        return last
    }

    /// Keeps `header`, read from the file at `path` of `size` bytes modified at `modified`
    /// (nanoseconds); written with others, a batch at a time.
    public func store(_ header: PictureHeader, path: String, size: Int, modified: Int64) {
        let now = Self.clock()
        let sealed = IndexedHeader.sealed(
            IndexedHeader.bytes(of: header), path: path, size: Int64(size), modified: modified)
        let due = state.withLock { state in
            guard database(&state) != nil else { return false }
            state.pending.append((path, Int64(size), modified, sealed))
            // Another worker's write may have come after this one read the clock.
            return state.pending.count >= Self.batch || now > state.lastWrite + Self.batchWait
        }
        if due { flush() }
    }

    /// Writes the rows kept so far in one transaction, and lets the rows used longest ago go while the
    /// file is past its bound.
    public func flush() {
        let now = Self.clock()
        state.withLock { state in
            state.lastWrite = max(state.lastWrite, now)
            guard let database = state.database, !state.pending.isEmpty else { return }
            defer { state.pending.removeAll() }
            // Microseconds, one apart a row: in the order used, across runs too.
            var used = Self.use(&state.lastUse)
            guard database.execute("BEGIN IMMEDIATE") == SQLITE_OK else { return }
            var failure: Int32?
            for row in state.pending where failure == nil {
                let code = database.query(
                    "INSERT OR REPLACE INTO headers VALUES (?, ?, ?, ?, ?)",
                    [.text(row.path), .number(row.size), .number(row.modified), .bytes(row.header), .number(used)])
                if code != SQLITE_DONE { failure = code }
                used += 1
            }
            state.lastUse = used
            if let failure {
                database.execute("ROLLBACK")
                mendIfDamaged(failure, &state)
                return
            }
            mendIfDamaged(database.execute("COMMIT"), &state)
            if let database = state.database { trim(database) }
        }
    }

    /// Lets the rows used longest ago go, a tenth at a time, until the file is within its bound.
    private func trim(_ database: SQLiteDatabase) {
        func bytes() -> Int64 {
            (database.number("PRAGMA page_count") ?? 0) * (database.number("PRAGMA page_size") ?? 4096)
                - (database.number("PRAGMA freelist_count") ?? 0) * (database.number("PRAGMA page_size") ?? 4096)
        }
        var rounds = 0
        while bytes() > Int64(limit), rounds < 20 {
            rounds += 1
            let rows = database.number("SELECT count(*) FROM headers") ?? 0
            guard rows > 0 else { break }
            database.query(
                "DELETE FROM headers WHERE path IN (SELECT path FROM headers ORDER BY used LIMIT ?)",
                [.number(max(1, rows / 10))])
        }
    }

    /// How many headers are kept (written).
    public var count: Int {
        state.withLock { state in
            guard let database = database(&state) else { return 0 }
            var count = 0
            let code = database.query("SELECT count(*) FROM headers", []) { row in
                count = Int(row.number(0))
                return false
            }
            return mendIfDamaged(code, &state) ? 0 : count
        }
    }

    private static func clock() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
