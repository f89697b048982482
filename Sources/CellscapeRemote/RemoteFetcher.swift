import CellscapeFeeds
import CellscapePictures
import Foundation

/// The process's one HTTP client for remote feeds, in front of the disk cache: its transfers go
/// through ``HTTPTransfers`` (libcurl, the system's TLS, HTTP/2 where the server offers it, one
/// thread for all). It follows redirects itself, to check each hop: `https` only (plain `http` to
/// this machine's loopback, never from `https`), the query items that hold a key dropped when the
/// host changes, five hops at most. Bodies stop at a cap with a clear message. When no connection
/// can be made, the cache's copy is served, stale or not, saying when it was saved.
public final class RemoteFetcher: Sendable {
    /// Time limits, caps and connections.
    public struct Limits: Sendable {
        public var connect: Duration = .seconds(10)
        /// The longest silence while an answer comes.
        public var read: Duration = .seconds(20)
        /// The whole request, from asking to the body's last byte, redirects and all.
        public var whole: Duration = .seconds(60)
        public var redirects = 5
        /// As many as a feed's downloads at once (``RemoteSource/downloadsAtOnce``).
        public var connectionsPerHost = 8
        /// Names answered without the resolver (`HOST:PORT:ADDRESS`): a test's hosts on any network.
        var resolve: [String] = []
        public init() {}
    }

    private let transfers: HTTPTransfers
    private let limits: Limits
    /// Where the addresses asked may lead: every first address, redirect and resolved host is checked.
    public let policy: AddressPolicy
    /// Whether answers come from the cache alone, fresh or not (a session replayed): never the network.
    public let offline: Bool
    /// The disk cache answers are kept in, if any.
    public let cache: HTTPDiskCache?
    /// The query items that hold a key: never sent to another host, never part of a cache's name.
    public static let secretQueryItems: Set<String> = ["api_key"]

    /// Why no fetcher can be made here (libcurl, opened at the first feed, is not installed: the
    /// message names its package), or nil when one can.
    public static var transportProblem: String? { MultiHandle.libraryProblem }

    /// A fetcher in front of `cache` for the addresses `policy` allows (``transportProblem`` nil);
    /// `trusting` names a PEM file of certificate authorities trusted in place of the system's bundle (a
    /// test's own, a mirror's private one).
    public init(
        cache: HTTPDiskCache?, limits: Limits = Limits(), trusting authorities: String? = nil, offline: Bool = false,
        policy: AddressPolicy = AddressPolicy(userAddress: nil)
    ) {
        self.offline = offline
        self.policy = policy
        transfers = HTTPTransfers(
            limits: HTTPTransfers.Limits(
                connect: limits.connect, read: limits.read, connectionsPerHost: limits.connectionsPerHost,
                authorities: authorities, resolve: limits.resolve))
        self.limits = limits
        self.cache = cache
    }

    /// Stops the transfers still running and waits until the connections are closed; the fetcher
    /// answers nothing after. A fetcher let go without it stops in the background.
    public func shutdown() async { await transfers.shutdown() }

    /// How many transfers run now.
    public var transfersRunning: Int { transfers.count }

    /// Waits until no transfer runs, `seconds` at most (a test waits for cancels to be carried out);
    /// returns whether none does.
    func waitForTransfersToEnd(seconds: Double) -> Bool { transfers.waitUntilIdle(seconds: seconds) }

    /// Downloads `url` (at most `cap` bytes of body), from the cache while fresh, revalidated when the
    /// cache holds it with validators; `now` in seconds since 1970. Cancelling the task cancels the
    /// download.
    public func fetch(_ url: URL, cap: Int, now: Double = Date().timeIntervalSince1970) async throws(FetchFailure)
        -> RemoteAnswer
    {
        let handle = FetchHandle()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                fetch(url, cap: cap, now: now, handle: handle) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }

    /// Downloads `url` as ``fetch(_:cap:now:)`` does, calling `answer` once with what came: on the
    /// transport's thread (it must not wait), or on this one before returning when the cache
    /// answers. `handle` cancels it.
    func fetch(
        _ url: URL, cap: Int, now: Double = Date().timeIntervalSince1970, handle: FetchHandle = FetchHandle(),
        answer: @escaping @Sendable (Result<RemoteAnswer, FetchFailure>) -> Void
    ) {
        if let refusal = policy.refusal(of: url) { return answer(.failure(.forbidden(refusal))) }
        let key = CachedAnswer.key(for: url, leavingOut: Self.secretQueryItems)
        let kept = cache?.entry(key)
        if let kept, kept.isFresh(at: now) || offline {
            return answer(
                .success(RemoteAnswer(status: 200, headers: Self.headers(of: kept), body: kept.body, fromCache: true)))
        }
        if offline {
            return answer(
                .failure(.refused("\(url.host ?? "the server")'s answer is no longer in the cache of downloads")))
        }
        let hop = Hop(
            url: url, key: key, kept: kept, cap: cap, now: now, deadline: ContinuousClock.now + limits.whole,
            handle: handle, answer: answer)
        send(hop, to: url, hops: 0)
    }

    /// Downloads `url` into the file at `path` as it comes (made, or emptied first), at most `cap`
    /// bytes, as ``fetch(_:cap:now:handle:answer:)`` does but never through the cache of downloads
    /// (the file is the caller's to keep): `answer` is called once, on the transport's thread.
    func download(
        _ url: URL, to path: String, cap: Int, now: Double = Date().timeIntervalSince1970,
        handle: FetchHandle = FetchHandle(), answer: @escaping @Sendable (Result<Void, FetchFailure>) -> Void
    ) {
        if let refusal = policy.refusal(of: url) { return answer(.failure(.forbidden(refusal))) }
        if offline { return answer(.failure(.refused("\(url.host ?? "the server")'s file is not on this computer"))) }
        let hop = Hop(
            url: url, key: "", kept: nil, cap: cap, file: path, now: now, deadline: ContinuousClock.now + limits.whole,
            handle: handle
        ) { answer($0.map { _ in () }) }
        send(hop, to: url, hops: 0)
    }

    /// One download's course over its redirects.
    private struct Hop: Sendable {
        let url: URL
        let key: String
        let kept: CachedAnswer?
        let cap: Int
        /// The file the body goes to, when not to memory (and the cache).
        var file: String? = nil
        let now: Double
        let deadline: ContinuousClock.Instant
        let handle: FetchHandle
        let answer: @Sendable (Result<RemoteAnswer, FetchFailure>) -> Void
    }

    /// Asks `address` for `hop`'s download (the first address, or a redirect's).
    private func send(_ hop: Hop, to address: URL, hops: Int) {
        let (policy, host) = (self.policy, address.host ?? "")
        let allows: @Sendable ([UInt8]) -> Bool = { policy.allows($0, host: host) }
        var request = TransferRequest(
            url: address, cap: hop.cap, whole: hop.deadline - ContinuousClock.now, file: hop.file,
            allows: Self.isProxied ? nil : allows)
        if let kept = hop.kept, address == hop.url {
            if let etag = kept.etag { request.headers.append(("If-None-Match", etag)) }
            if let modified = kept.lastModified { request.headers.append(("If-Modified-Since", modified)) }
        }
        let started = hop.handle.start(on: transfers) { transfers in
            transfers.start(request) { [self] result in take(result, of: hop, from: address, hops: hops) }
        }
        if !started { hop.answer(.failure(.cancelled)) }
    }

    /// Takes what the transport gave for `hop` at `address`: an answer, a redirect followed, the
    /// cache's copy where no connection was made, or a failure in a user's words.
    private func take(_ result: TransferResult, of hop: Hop, from address: URL, hops: Int) {
        let host = address.host ?? "the server"
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]
        switch result {
        case .failure(.cancelled):
            return hop.answer(.failure(.cancelled))
        case .failure(let failure):
            let said = Self.failure(failure, host: host, cap: hop.cap)
            // No connection: the copy saved, stale or not, is served rather than nothing (RFC 9111 4.2.4).
            if let kept = hop.kept, Self.isDisconnected(failure) {
                var answer = RemoteAnswer(
                    status: 200, headers: Self.headers(of: kept), body: kept.body, fromCache: true)
                answer.savedAt = kept.stored
                return hop.answer(.success(answer))
            }
            return hop.answer(.failure(said))
        case .answer(let code, let fields, let bytes):
            (status, headers, body) = (code, fields, bytes)
        }
        switch status {
        case 301, 302, 303, 307, 308:
            guard hops < limits.redirects else {
                return hop.answer(.failure(.refused("\(hop.url.host ?? "the server") redirects too often")))
            }
            do throws(FetchFailure) {
                let target = try Self.redirect(from: address, to: HTTPHeaders(headers)["Location"])
                if let refusal = policy.refusal(of: target) { throw .forbidden(refusal) }
                send(hop, to: target, hops: hops + 1)
            } catch {
                hop.answer(.failure(error))
            }
        case 304 where hop.kept != nil:
            let kept = hop.kept!
            cache?.revalidated(hop.key, headers: headers)
            hop.answer(
                .success(
                    RemoteAnswer(
                        status: 200, headers: headers + Self.headers(of: kept), body: kept.body, fromCache: true)))
        case 429:
            hop.answer(.failure(.rateLimited(until: FeedPaging.retryTime(headers: headers, now: hop.now))))
        case 500...599:
            hop.answer(.failure(.transient("\(host) answered \(status)")))
        case 200..<300:
            if hop.file == nil, let entry = CachedAnswer.keeping(body, headers: headers, at: hop.now) {
                cache?.store(entry, for: hop.key)
            }
            hop.answer(.success(RemoteAnswer(status: status, headers: headers, body: body, fromCache: false)))
        default:
            hop.answer(.failure(.status(status)))
        }
    }

    /// The headers a kept answer keeps (a 304 may leave them out).
    private static func headers(of entry: CachedAnswer) -> [(name: String, value: String)] {
        entry.link.map { [(name: "Link", value: $0)] } ?? []
    }

    /// Whether libcurl connects through a proxy named in the environment (`https_proxy`...): the
    /// socket it opens is the proxy's, often on the local network, and the proxy resolves the names;
    /// the addresses are still checked before anything is asked.
    static let isProxied: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return ["https_proxy", "HTTPS_PROXY", "http_proxy", "all_proxy", "ALL_PROXY"].contains {
            environment[$0].map { !$0.isEmpty } ?? false
        }
    }()

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

}

/// Cancels a download: the transfer running for it, or the next hop before it starts.
final class FetchHandle: Sendable {
    private let state = Guarded<(cancelled: Bool, transfer: TransferID?, transfers: HTTPTransfers?)>((false, nil, nil))

    init() {}

    /// Starts a transfer on `transfers` through `start` unless cancelled already; returns whether it
    /// started. Under the lock, so a cancel either comes before (nothing starts) or finds the transfer.
    func start(on transfers: HTTPTransfers, _ start: (HTTPTransfers) -> TransferID?) -> Bool {
        state.withLock { state in
            guard !state.cancelled, let transfer = start(transfers) else { return false }
            state.transfers = transfers
            state.transfer = transfer
            return true
        }
    }

    func cancel() {
        let running = state.withLock { state -> (TransferID, HTTPTransfers)? in
            state.cancelled = true
            guard let transfer = state.transfer, let transfers = state.transfers else { return nil }
            return (transfer, transfers)
        }
        if let (transfer, transfers) = running { transfers.cancel(transfer) }
    }
}
