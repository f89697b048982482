import CDigests
import Foundation

/// An answer as the cache of downloads keeps it, and the policy of keeping it (RFC 9111): its body,
/// when it was stored, for how long it is fresh, and its validators.
public struct CachedAnswer: Sendable, Hashable, Codable {
    public var body: [UInt8]
    /// When it was stored or last revalidated, seconds since 1970.
    public var stored: Double
    /// `Cache-Control: max-age` in seconds; nil when the server said none (never fresh: revalidated).
    public var maxAge: Int?
    public var etag: String?
    public var lastModified: String?
    /// The `Link` header: a page of a Mastodon timeline says where the next is there.
    public var link: String?

    public init(
        body: [UInt8], stored: Double, maxAge: Int? = nil, etag: String? = nil, lastModified: String? = nil,
        link: String? = nil
    ) {
        self.body = body
        self.stored = stored
        self.maxAge = maxAge
        self.etag = etag
        self.lastModified = lastModified
        self.link = link
    }

    /// Whether it may be served at `now` without asking the server.
    public func isFresh(at now: Double) -> Bool { maxAge.map { now - stored < Double($0) } ?? false }

    /// Whether the server can be asked if it changed (a 304 then reuses the body).
    public var canRevalidate: Bool { etag != nil || lastModified != nil }

    /// What the headers of an answer that came at `now` say of keeping it (RFC 9111): nil for
    /// `no-store` or `Vary: *`; else its validators and how long it stays fresh: `max-age`, else
    /// `Expires` less `Date`, less the age it had when it came (`Age`, or the time since its
    /// `Date`); `no-cache`, none. This cache is the user's own, so `private` answers are kept.
    public static func keeping(
        _ body: [UInt8], headers fields: [(name: String, value: String)], at now: Double
    ) -> CachedAnswer? {
        let headers = HTTPHeaders(fields)
        let directives = headers.directives("Cache-Control")
        if directives.contains("no-store") || headers["Vary"] == "*" { return nil }
        return CachedAnswer(
            body: body, stored: now, maxAge: freshness(headers, directives: directives, at: now),
            etag: headers["ETag"], lastModified: headers["Last-Modified"], link: headers["Link"])
    }

    /// How many seconds from `now` an answer with `headers` stays fresh; nil when they say nothing.
    static func freshness(_ headers: HTTPHeaders, directives: [String], at now: Double) -> Int? {
        if directives.contains("no-cache") { return 0 }
        let date = headers["Date"].flatMap { HTTPHeaders.date($0, now: now) }
        let lifetime: Double
        if let maxAge = HTTPHeaders.seconds("max-age", in: directives) {
            lifetime = Double(maxAge)
        } else if let expires = headers["Expires"] {
            // An Expires that is not a date ("0") has expired already.
            lifetime = HTTPHeaders.date(expires, now: now).map { $0 - (date ?? now) } ?? 0
        } else {
            return nil
        }
        let apparentAge = date.map { max(0, now - $0) } ?? 0
        let age = max(apparentAge, headers["Age"].flatMap(Double.init) ?? 0)
        return Int(max(0, lifetime - age))
    }

    /// The answer made fresh again at `now` by a 304 with `headers`, taking the validators they give
    /// (RFC 9111 4.3.4); the body is left as it was.
    public func revalidated(headers fields: [(name: String, value: String)], at now: Double) -> CachedAnswer {
        var answer = self
        let headers = HTTPHeaders(fields)
        answer.stored = now
        answer.maxAge = Self.freshness(headers, directives: headers.directives("Cache-Control"), at: now)
        if let etag = headers["ETag"] { answer.etag = etag }
        if let modified = headers["Last-Modified"] { answer.lastModified = modified }
        return answer
    }

    /// The name an answer from `address` is kept under: the SHA-256 of the address without `secrets`
    /// (the query items that hold a key), so neither the key nor a change of it names a file.
    public static func key(for address: URL, leavingOut secrets: Set<String> = ["api_key"]) -> String {
        var text = address.absoluteString
        if var parts = URLComponents(url: address, resolvingAgainstBaseURL: false) {
            let kept = (parts.queryItems ?? []).filter { !secrets.contains($0.name) }
            parts.queryItems = kept.isEmpty ? nil : kept
            text = parts.string ?? text
        }
        return digest(of: Array(text.utf8))
    }

    /// The SHA-256 of `bytes`, in hexadecimal: a file's name, an answer's identity in a session.
    public static func digest(of bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { cellscape_sha256($0.baseAddress, $0.count, &digest) }
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
