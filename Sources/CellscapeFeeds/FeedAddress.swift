import Foundation

/// A remote feed as a user gives it: the address of a Mastodon timeline copied from the browser, or
/// a GIPHY feed (`giphy:trending`, `giphy:search/WORDS`, the same under `giphy:stickers/`).
public enum FeedAddress: Hashable, Sendable {
    /// A Mastodon server's timeline, read through its public API at `server` (no account needed).
    case mastodon(server: URL, timeline: MastodonTimeline)
    /// GIPHY's GIFs or stickers, trending or found by words, through its API at `server`.
    case giphy(server: URL, feed: GiphyFeed)

    /// GIPHY's API, unless `--api-base` gives another.
    public static let giphyServer = URL(string: "https://api.giphy.com")!

    /// The server the feed's API is asked at: the user's own address, which the ``AddressPolicy``
    /// of its other addresses starts from.
    public var server: URL {
        switch self {
        case .mastodon(let server, _), .giphy(let server, _): server
        }
    }

    /// How the feed is named to its user, in the window's title and bar: "#cats on mastodon.social",
    /// "@alice on mastodon.social", "GIPHY: cats", "GIPHY stickers: trending". `host` is the server as
    /// the user gave it (the API may be asked at another, `--api-base`).
    public func title(host: String? = nil) -> String {
        switch self {
        case .mastodon(let server, let timeline):
            let on = " on " + (host ?? server.host ?? "")
            switch timeline {
            case .tag(let tag): return "#\(tag)" + on
            case .public(let local): return (local ? "local timeline" : "public timeline") + on
            case .account(let name): return "@\(name)" + on
            }
        case .giphy(_, let feed):
            return (feed.stickers ? "GIPHY stickers: " : "GIPHY: ") + (feed.search ?? "trending")
        }
    }

    /// Whether `text` is meant as a feed's address rather than a file's path: `giphy:`, or any
    /// `SCHEME://` but `file://` (an address of a scheme Cellscape does not read is refused as one).
    public static func looksLikeAddress(_ text: String) -> Bool {
        if text.hasPrefix("giphy:") { return true }
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        return scheme.first?.isLetter == true && scheme.lowercased() != "file"
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// Reads `text`; `apiBase`, when given, is where the API is asked instead (a test's server, a
    /// mirror). Plain `http` only to this machine's loopback addresses.
    public init(_ text: String, apiBase: String? = nil) throws(FeedProblem) {
        let base = try apiBase.map { text throws(FeedProblem) in try Self.server(text, what: "--api-base") }
        if text.hasPrefix("giphy:") {
            self = .giphy(server: base ?? Self.giphyServer, feed: try GiphyFeed(String(text.dropFirst(6))))
            return
        }
        let site = try Self.server(text, what: "the feed's address")
        guard let parts = URLComponents(string: text) else { throw .address(text, "is not an address") }
        let path = parts.percentEncodedPath.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        let timeline: MastodonTimeline
        switch path.count {
        case 1 where path[0] == "public": timeline = .public(local: false)
        case 2 where path[0] == "public" && path[1] == "local": timeline = .public(local: true)
        case 2 where path[0] == "tags" && !path[1].isEmpty: timeline = .tag(path[1])
        case 1 where path[0].hasPrefix("@") && path[0].count > 1: timeline = .account(String(path[0].dropFirst()))
        default:
            throw .address(
                text,
                "is not a feed Cellscape reads: give a Mastodon server's /tags/NAME, /public, /public/local or "
                    + "/@USER, or giphy:trending, giphy:search/WORDS")
        }
        self = .mastodon(server: base ?? site, timeline: timeline)
    }

    /// The scheme, host and port of `text`, refused unless `https` (or `http` to a loopback address).
    static func server(_ text: String, what: String) throws(FeedProblem) -> URL {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
            let host = parts.host, !host.isEmpty
        else { throw .address(text, "is not an address (\(what))") }
        guard scheme == "https" || (scheme == "http" && Self.isLoopbackHost(host)) else {
            throw .address(
                text,
                scheme == "http"
                    ? "is plain http: only https, or http to this machine"
                    : "is not https: Cellscape reads https:// (a Mastodon server's timelines), giphy: and files")
        }
        var server = URLComponents()
        (server.scheme, server.host, server.port) = (scheme, host, parts.port)
        guard let url = server.url else { throw .address(text, "is not an address (\(what))") }
        return url
    }

    /// Whether `host` is this machine: `localhost`, 127.0.0.0/8 or ::1.
    public static func isLoopbackHost(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// Which Mastodon timeline: a hashtag's, the public one (or the server's own), or an account's posts.
public enum MastodonTimeline: Hashable, Sendable {
    case tag(String)
    case `public`(local: Bool)
    case account(String)
}

/// Which GIPHY feed: GIFs or stickers, trending or found by `search` words.
public struct GiphyFeed: Hashable, Sendable {
    public var stickers: Bool
    /// The words searched for; nil for what is trending.
    public var search: String?

    public init(stickers: Bool, search: String?) {
        self.stickers = stickers
        self.search = search
    }

    /// Reads what follows `giphy:`: `trending`, `search/WORDS`, or either after `stickers/`.
    init(_ text: String) throws(FeedProblem) {
        var rest = Substring(text)
        stickers = rest.hasPrefix("stickers/")
        if stickers { rest = rest.dropFirst("stickers/".count) }
        if rest == "trending" {
            search = nil
        } else if rest.hasPrefix("search/"), !rest.dropFirst(7).trimmingCharacters(in: .whitespaces).isEmpty {
            search = rest.dropFirst(7).trimmingCharacters(in: .whitespaces)
        } else {
            throw .address(
                "giphy:" + text,
                "is not a GIPHY feed: giphy:trending, giphy:search/WORDS, giphy:stickers/trending or "
                    + "giphy:stickers/search/WORDS")
        }
    }
}
