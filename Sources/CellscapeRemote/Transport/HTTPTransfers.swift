import CCurl
import CellscapePictures
import Foundation

/// A request as the transport takes it: where, the header lines it adds, the most body bytes taken,
/// and the longest it may take.
struct TransferRequest: Sendable {
    var url: URL
    var headers: [(name: String, value: String)] = []
    var cap: Int
    var whole: Duration
    /// The file the body is written to as it comes (made, or emptied first), in place of memory.
    var file: String?
    /// Whether a connection may be opened to an address the host resolved to (4 or 16 bytes), asked
    /// before its socket opens; nil: any.
    var allows: (@Sendable ([UInt8]) -> Bool)?
}

/// What one transfer gave: the server's answer, or why none came.
enum TransferResult: Sendable {
    case answer(status: Int, headers: [(name: String, value: String)], body: [UInt8])
    case failure(TransferFailure)
}

/// Why a transfer gave no answer, as the transport knows it (the fetcher says it in a user's words).
enum TransferFailure: Sendable, Hashable {
    /// Nothing listens there (the connection was refused).
    case refused
    /// The host's name did not resolve (no network, or no such name).
    case unresolved
    /// No connection within the connect limit.
    case connectTimeout
    /// The whole transfer took longer than its limit.
    case timeout
    /// The server sent nothing for longer than the read limit.
    case silent
    /// The connection closed or broke before the answer ended.
    case closed
    /// The server's certificate is not trusted.
    case untrusted
    /// No secure connection could be made.
    case insecure
    /// The body is longer than the request's cap (the length the server gave, when it did).
    case tooLarge(Int?)
    /// The transfer was cancelled.
    case cancelled
    /// The file the body goes to cannot be written.
    case unwritable
    /// The answer's head is past what libcurl reads (100 KB of headers).
    case headTooLarge
    /// The host resolved only to addresses the request does not allow (the last one refused).
    case forbidden([UInt8])
    /// Anything else: no connection.
    case other
}

/// Identifies a transfer to cancel it.
struct TransferID: Hashable, Sendable {
    let rawValue: Int
}

/// Every HTTP transfer of a fetcher, driven by one thread through libcurl's multi interface: no
/// thread waits on the network, a transfer's end is handed to its callback on that thread, and
/// connections (HTTP/2 streams where the server offers them) are shared between transfers to a host.
/// TLS, its certificate store and its security updates are the system's (libcurl with OpenSSL).
final class HTTPTransfers: Sendable {
    /// What the transport limits.
    struct Limits: Sendable {
        /// The longest a connection (with its TLS handshake) takes to be made.
        var connect: Duration = .seconds(10)
        /// The longest silence while an answer comes.
        var read: Duration = .seconds(20)
        /// The most connections to one host at once; more transfers wait their turn.
        var connectionsPerHost = 8
        /// A PEM file of certificate authorities trusted in place of the system's bundle (a test's own,
        /// a mirror's private one); nil: the system's.
        var authorities: String?
        /// Names answered without asking the resolver, as curl's `--resolve` (`HOST:PORT:ADDRESS`): a
        /// test's hosts of any address, reached on none.
        var resolve: [String] = []
    }

    /// What other threads hand the loop: transfers to start, ids to cancel, whether to stop.
    struct Inbox: Sendable {
        var starts: [(id: TransferID, request: TransferRequest, done: @Sendable (TransferResult) -> Void)] = []
        var cancels: [TransferID] = []
        var stopping = false
        var nextID = 0
    }

    private let multi: MultiHandle
    private let inbox = Guarded(Inbox())
    /// How many transfers libcurl moves now (the loop counts them, waking who waits for a count).
    private let running = GuardedCondition(0)
    /// Whether the loop's thread has ended, and who waits for it.
    private let ended = Guarded<(done: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    /// A transport with its thread, limited by `limits`.
    init(limits: Limits = Limits()) {
        multi = MultiHandle(connectionsPerHost: limits.connectionsPerHost)
        let loop = TransferLoop.Shared(multi: multi, inbox: inbox, running: running, limits: limits)
        let ended = self.ended
        let thread = Thread {
            TransferLoop(loop).run()
            let waiting = ended.withLock { ended in
                ended.done = true
                defer { ended.waiting = [] }
                return ended.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
        thread.name = "cellscape.transfers"
        thread.start()
    }

    /// A transport let go without ``shutdown()`` stops its thread all the same; transfers still
    /// running end as cancelled.
    deinit { stop() }

    /// Starts `request`; `done` is called once, on the transport's thread, with what it gave (it must
    /// not wait: the next transfers wait for it). Nil, and `done` never called, once stopped.
    func start(_ request: TransferRequest, done: @escaping @Sendable (TransferResult) -> Void) -> TransferID? {
        let started = inbox.withLock { inbox -> TransferID? in
            guard !inbox.stopping else { return nil }
            let id = TransferID(rawValue: inbox.nextID)
            inbox.nextID += 1
            inbox.starts.append((id, request, done))
            return id
        }
        guard let started else { return nil }
        multi.wakeUp()
        return started
    }

    /// How many transfers run now.
    var count: Int { running.withLock { $0 } }

    /// Waits until no transfer runs, `seconds` at most; returns whether none does.
    func waitUntilIdle(seconds: Double) -> Bool {
        running.wait(seconds: seconds) { $0 == 0 ? true : nil } ?? false
    }

    /// Cancels transfer `id`: its callback hears `.cancelled`, unless it ended already.
    func cancel(_ id: TransferID) {
        inbox.withLock { $0.cancels.append(id) }
        multi.wakeUp()
    }

    /// Stops the thread: every transfer running ends as cancelled, none starts after.
    func stop() {
        inbox.withLock { $0.stopping = true }
        multi.wakeUp()
    }

    /// Stops the thread and waits until it has ended, its connections closed.
    func shutdown() async {
        stop()
        await withCheckedContinuation { continuation in
            let done = ended.withLock { ended in
                if !ended.done { ended.waiting.append(continuation) }
                return ended.done
            }
            if done { continuation.resume() }
        }
    }

    /// Whether libcurl here speaks HTTP/2.
    static var speaksHTTP2: Bool { MultiHandle.setUp && cellscape_curl_has_http2() != 0 }
}

/// libcurl's multi handle: woken from any thread (curl_multi_wakeup is safe so), driven by the
/// loop's thread alone, cleaned up when the last holder lets it go.
final class MultiHandle: @unchecked Sendable {
    /// Why libcurl cannot be used here (it is opened at the first feed), or nil when it can.
    static let libraryProblem: String? = {
        var message = [CChar](repeating: 0, count: 200)
        guard cellscape_curl_load(&message, Int32(message.count)) == 0 else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// libcurl's global state, set up once before any handle.
    static let setUp: Bool = libraryProblem == nil && cellscape_curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    let pointer: UnsafeMutableRawPointer

    init(connectionsPerHost: Int) {
        if let problem = Self.libraryProblem { fatalError(problem) }  // RemoteFetcher.transportProblem said so first
        _ = Self.setUp
        pointer = cellscape_curl_multi_init()
        _ = cellscape_curl_multi_set_long(pointer, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, connectionsPerHost))
        _ = cellscape_curl_multi_set_long(pointer, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    deinit { cellscape_curl_multi_cleanup(pointer) }

    /// Wakes the loop from its poll.
    func wakeUp() { _ = cellscape_curl_multi_wakeup(pointer) }
}
