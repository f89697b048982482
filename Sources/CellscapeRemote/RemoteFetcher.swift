import AsyncHTTPClient
import CellscapePictures
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// What a download gave: the status, the headers Cellscape reads, the body, and whether the disk
/// cache served it (fresh, or as the server's 304 said).
public struct RemoteAnswer: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    public var fromCache: Bool

    /// The value of header `name`, whatever its case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why a download failed, in a user's words; never with the address's query (it may hold a key).
public enum FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Worth trying again: no connection, a name that did not resolve, a timeout, a 5xx.
    case transient(String)
    /// 429: wait until this time (seconds since 1970).
    case rateLimited(until: Double)
    /// Refused by Cellscape: a redirect to another scheme or to plain http, too many redirects, a
    /// body past its cap.
    case refused(String)
    /// Any other status the server answered (401, 403, 404...).
    case status(Int)
    /// The answer came but is not what the API documents.
    case unreadable(FeedProblem)

    public var description: String {
        switch self {
        case .transient(let why), .refused(let why): why
        case .rateLimited: "the server asks to wait"
        case .status(let code): "the server answered \(code)"
        case .unreadable(let problem): problem.description
        }
    }

    /// The paging's view of it: what to wait out, what ends the feed.
    public var pagingFailure: FeedPaging.Failure {
        switch self {
        case .transient(let why): .transient(why)
        case .rateLimited(let until): .rateLimited(until: until)
        case .status(401), .status(403): .permanent(.needsLogin)
        case .status(404), .status(410): .permanent(.notFound)
        case .status(let code): .permanent(.answer("the server answered \(code)"))
        case .refused(let why): .permanent(.answer(why))
        case .unreadable(let problem): .permanent(problem)
        }
    }
}

/// The process's one HTTP client for remote feeds (AsyncHTTPClient: HTTP/2 where the server offers
/// it over TLS, a pool of connections per host), in front of the disk cache. It follows redirects
/// itself, to check each hop: `https` only (plain `http` to this machine's loopback, never from
/// `https`), the query items that hold a key dropped when the host changes, five hops at most.
/// Bodies stop at a cap with a clear message.
public final class RemoteFetcher: Sendable {
    /// Time limits, caps and connections.
    public struct Limits: Sendable {
        public var connect: TimeAmount = .seconds(10)
        /// The longest silence while a body comes.
        public var read: TimeAmount = .seconds(20)
        /// The whole request, from asking to the body's last byte.
        public var whole: TimeAmount = .seconds(60)
        public var redirects = 5
        /// As many as a feed's downloads at once (``RemoteSource/downloadsAtOnce``).
        public var connectionsPerHost = 8
        public init() {}
    }

    private let client: HTTPClient
    private let limits: Limits
    /// Whether answers come from the cache alone, fresh or not (a session replayed): never the network.
    public let offline: Bool
    /// The disk cache answers are kept in, if any.
    public let cache: HTTPDiskCache?
    /// The query items that hold a key: never sent to another host, never part of a cache's name.
    public static let secretQueryItems: Set<String> = ["api_key"]

    /// A fetcher in front of `cache`; `trusting` adds certificate authorities to the system's (a
    /// test's own, a mirror's private one).
    public init(
        cache: HTTPDiskCache?, limits: Limits = Limits(), trusting authorities: [NIOSSLCertificate] = [],
        offline: Bool = false
    ) {
        self.offline = offline
        var configuration = HTTPClient.Configuration()
        var tls = TLSConfiguration.makeClientConfiguration()
        if !authorities.isEmpty { tls.additionalTrustRoots = [.certificates(authorities)] }
        configuration.tlsConfiguration = tls
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: limits.connect, read: limits.read)
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: limits.connectionsPerHost)
        configuration.httpVersion = .automatic
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.limits = limits
        self.cache = cache
    }

    /// A fetcher let go without ``shutdown()`` (a feed closed, a command ending on an error) lets its
    /// connections go in the background: a client must be shut down before it goes.
    deinit {
        let client = self.client
        client.shutdown { _ in _ = client }
    }

    /// Lets the connections go; the fetcher is not used after.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Downloads `url` (at most `cap` bytes of body), from the cache while fresh, revalidated when the
    /// cache holds it with validators; `now` in seconds since 1970.
    public func fetch(_ url: URL, cap: Int, now: Double = Date().timeIntervalSince1970) async throws(FetchFailure)
        -> RemoteAnswer
    {
        let key = HTTPDiskCache.key(for: url, leavingOut: Self.secretQueryItems)
        let kept = cache?.entry(key)
        if let kept, kept.isFresh(at: now) || offline {
            return RemoteAnswer(status: 200, headers: Self.headers(of: kept), body: kept.body, fromCache: true)
        }
        if offline { throw .refused("\(url.host ?? "the server")'s answer is no longer in the cache of downloads") }
        let deadline = NIODeadline.now() + limits.whole
        var address = url
        var hops = 0
        while true {
            var request = HTTPClientRequest(url: address.absoluteString)
            request.headers.add(name: "User-Agent", value: "Cellscape")
            if let kept, address == url {
                if let etag = kept.etag { request.headers.add(name: "If-None-Match", value: etag) }
                if let modified = kept.lastModified { request.headers.add(name: "If-Modified-Since", value: modified) }
            }
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, deadline: deadline)
            } catch {
                throw Self.failure(error, host: address.host ?? "the server")
            }
            let headers = response.headers.map { (name: $0.name, value: $0.value) }
            let status = Int(response.status.code)
            switch status {
            case 301, 302, 303, 307, 308:
                hops += 1
                guard hops <= limits.redirects else {
                    throw .refused("\(url.host ?? "the server") redirects too often")
                }
                address = try Self.redirect(from: address, to: response.headers.first(name: "Location"))
                continue
            case 304 where kept != nil:
                cache?.revalidated(key, maxAge: HTTPDiskCache.Entry.keeping([], headers: headers, at: now)?.maxAge)
                return RemoteAnswer(
                    status: 200, headers: headers + Self.headers(of: kept!), body: kept!.body, fromCache: true)
            case 429:
                throw .rateLimited(until: FeedPaging.retryTime(headers: headers, now: now))
            case 500...599:
                throw .transient("\(address.host ?? "the server") answered \(status)")
            case 200..<300:
                let body = try await Self.body(of: response, cap: cap, host: address.host ?? "the server")
                if let entry = HTTPDiskCache.Entry.keeping(body, headers: headers, at: now) {
                    cache?.store(entry, for: key)
                }
                return RemoteAnswer(status: status, headers: headers, body: body, fromCache: false)
            default:
                throw .status(status)
            }
        }
    }

    /// The headers a kept answer keeps (a 304 may leave them out).
    private static func headers(of entry: HTTPDiskCache.Entry) -> [(name: String, value: String)] {
        entry.link.map { [(name: "Link", value: $0)] } ?? []
    }

    /// Where a redirect goes, if Cellscape follows it: `https` (or `http` between loopback addresses),
    /// never down from `https`; to another host without the query items that hold a key.
    static func redirect(from current: URL, to location: String?) throws(FetchFailure) -> URL {
        let host = current.host ?? "the server"
        guard let location, let target = URL(string: location, relativeTo: current)?.absoluteURL,
            let scheme = target.scheme?.lowercased()
        else { throw .refused("\(host) redirects to no address") }
        guard scheme == "https" || scheme == "http" else { throw .refused("\(host) redirects to a \(scheme): address") }
        guard let targetHost = target.host, !targetHost.isEmpty else {
            throw .refused("\(host) redirects to no address")
        }
        let fromSecure = current.scheme?.lowercased() == "https"
        switch scheme {
        case "https": break
        case "http" where !fromSecure && FeedAddress.isLoopbackHost(targetHost): break
        case "http": throw .refused("\(host) redirects to plain http")
        default: throw .refused("\(host) redirects to a \(scheme): address")
        }
        guard targetHost.lowercased() != current.host?.lowercased() || target.port != current.port,
            var parts = URLComponents(url: target, resolvingAgainstBaseURL: false)
        else { return target }
        let kept = (parts.queryItems ?? []).filter { !secretQueryItems.contains($0.name) }
        parts.queryItems = kept.isEmpty ? nil : kept
        return parts.url ?? target
    }

    /// The body, stopped past `cap` bytes.
    private static func body(of response: HTTPClientResponse, cap: Int, host: String) async throws(FetchFailure)
        -> [UInt8]
    {
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > cap {
            throw .refused("\(host) sent more than \(megabytes(cap)) (\(megabytes(length)))")
        }
        var body: [UInt8] = []
        do {
            for try await buffer in response.body {
                guard body.count + buffer.readableBytes <= cap else {
                    throw FetchFailure.refused("\(host) sent more than \(megabytes(cap))")
                }
                body += buffer.readableBytesView
            }
        } catch let failure as FetchFailure {
            throw failure
        } catch {
            throw failure(error, host: host)
        }
        return body
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(max(1, bytes >> 10)) KB"
    }

    /// A client's error as a user reads it.
    static func failure(_ error: any Error, host: String) -> FetchFailure {
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout: return .transient("\(host) did not answer in time (connecting)")
            case .readTimeout: return .transient("\(host) stopped sending")
            case .deadlineExceeded: return .transient("\(host) took too long")
            case .remoteConnectionClosed: return .transient("\(host) closed the connection")
            case .cancelled: return .transient("cancelled")
            default: break
            }
        }
        if error is CancellationError { return .transient("cancelled") }
        // Not worth trying again: the same certificate comes back.
        if error is NIOSSLError || error is BoringSSLError {
            return "\(error)".lowercased().contains("certificate")
                ? .refused("\(host)'s certificate is not trusted") : .refused("no secure connection to \(host)")
        }
        let text = "\(error)".lowercased()
        if text.contains("refused") { return .transient("\(host) refused the connection") }
        if text.contains("resolve") || text.contains("lookup") || text.contains("dns") {
            return .transient("\(host) was not found (no network?)")
        }
        return .transient("no connection to \(host)")
    }
}
