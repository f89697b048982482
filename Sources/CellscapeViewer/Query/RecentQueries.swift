import Foundation

/// The queries opened lately, newest last, as the query line suggests them: kept one a line in
/// `$XDG_STATE_HOME/cellscape/history` (readable by the user alone), the last ``limit``.
public struct RecentQueries: Hashable, Sendable {
    /// The queries, oldest first, each once.
    public private(set) var queries: [String]
    /// How many are kept.
    public static let limit = 200

    public init(_ queries: [String] = []) {
        self.queries = []
        for query in queries { add(query) }
    }

    /// Notes `query` as the newest; one that holds a key (`api_key=`) is never kept.
    public mutating func add(_ query: String) {
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty, !query.contains("\n"), !query.lowercased().contains("api_key") else { return }
        queries.removeAll { $0 == query }
        queries.append(query)
        if queries.count > Self.limit { queries.removeFirst(queries.count - Self.limit) }
    }

    /// Up to `limit` queries for `typed`: those starting with it first, then those holding it, newest
    /// first; none equal to it. Nothing typed: the newest.
    public func suggestions(for typed: String, limit: Int = QueryLine.suggestionLimit) -> [String] {
        let typed = typed.trimmingCharacters(in: .whitespaces).lowercased()
        let newest = queries.reversed().filter { $0.lowercased() != typed }
        guard !typed.isEmpty else { return Array(newest.prefix(limit)) }
        let starting = newest.filter { $0.lowercased().hasPrefix(typed) }
        let holding = newest.filter { !$0.lowercased().hasPrefix(typed) && $0.lowercased().contains(typed) }
        return Array((starting + holding).prefix(limit))
    }

    /// `$XDG_STATE_HOME/cellscape/history`, else `~/.local/state/cellscape/history`.
    public static func file(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return state + "/cellscape/history"
    }

    /// The queries kept in `path`; none when it is missing or unreadable.
    public static func load(from path: String) -> RecentQueries {
        guard let data = FileManager.default.contents(atPath: path) else { return RecentQueries() }
        return RecentQueries(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// Writes the queries into `path` (its folder made), readable by the user alone, whole or not at all.
    public func save(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let temporary = path + ".new"
        let bytes = Array(queries.map { $0 + "\n" }.joined().utf8)
        // Made 0600 from the start: no moment where another user could read it.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        fchmod(descriptor, 0o600)
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
