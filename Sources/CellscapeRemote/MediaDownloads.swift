import CellscapePictures
import Dispatch
import Foundation

/// The media a feed's tiles read, asked for by the loader's workers and downloaded by the fetcher's
/// transport: a download asked for while the same one runs waits for it rather than starting another,
/// one whose waiters all gave up (their tiles scrolled away) is cancelled, one that failed on a bad
/// day is tried again, and the bodies of the last few are kept in memory (within a budget), since a
/// picture's header and then its thumbnail read the same bytes.
final class MediaDownloads: Sendable {
    private struct State: Sendable {
        /// The downloads running.
        var running: [URL: Download] = [:]
        /// Bodies downloaded last, newest at the end, and their bytes in all.
        var recent: [(url: URL, body: [UInt8])] = []
        var recentBytes = 0
        /// Whether its source closed: nothing is downloaded after.
        var closed = false
    }

    /// A download that runs: those who wait for it (each woken by its own semaphore: when it ends, or
    /// when its read is cancelled), its handle, and what it gave once done.
    private final class Download: Sendable {
        struct State: Sendable {
            var result: Result<[UInt8], FetchFailure>?
            var waiters: [Int: DispatchSemaphore] = [:]
            var nextWaiter = 0
            /// How many times it was tried.
            var tries = 0
        }
        let handle = FetchHandle()
        let state = Guarded(State())

        /// Adds a waiter; nil when the result is in already.
        func join() -> (waiter: Int, woken: DispatchSemaphore)? {
            state.withLock { state in
                guard state.result == nil else { return nil }
                defer { state.nextWaiter += 1 }
                let woken = DispatchSemaphore(value: 0)
                state.waiters[state.nextWaiter] = woken
                return (state.nextWaiter, woken)
            }
        }
    }

    /// How many times a download that failed on a bad day (no connection, a 5xx, a short 429) is
    /// tried in all, and the first wait between tries in seconds (doubled each time, times 0.5 to 1.5
    /// at random, so tiles that failed together do not ask again together).
    static let tries = 3
    static let firstWait = 0.5
    /// The longest a 429's wait is waited out for a tile; past it the tile waits to be asked again.
    static let longestRateWait = 8.0

    private let fetcher: RemoteFetcher
    private let cap: Int
    private let budget: Int
    private let state = Guarded(State())
    /// Now in seconds since 1970, and the timer of the waits between tries: the source's.
    private let clock: @Sendable () -> Double
    private let schedule: @Sendable (Double, @escaping @Sendable () -> Void) -> Void

    /// Downloads through `fetcher`, each at most `cap` bytes, keeping `budget` bytes of the last;
    /// `clock` and `schedule` time the waits between tries (see ``RemoteSource``).
    init(
        fetcher: RemoteFetcher, cap: Int, budget: Int = 32 << 20,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        schedule: @escaping @Sendable (Double, @escaping @Sendable () -> Void) -> Void = RemoteSource.afterWallTime
    ) {
        self.fetcher = fetcher
        self.cap = cap
        self.budget = budget
        self.clock = clock
        self.schedule = schedule
    }

    /// How many downloads run now.
    var count: Int { state.withLock { $0.running.count } }

    /// The body at `url`, waiting on the calling thread (a loader's worker, never the main thread)
    /// until it came or `cancellation` is cancelled.
    func body(_ url: URL, cancellation: ReadCancellation = .never) throws(FetchFailure) -> [UInt8] {
        enum Step {
            case closed
            case kept([UInt8])
            case ended(Download)
            case wait(Download, waiter: Int, woken: DispatchSemaphore, starts: Bool)
        }
        // Joined under the lock: a download is either joined or let go by its last waiter, never both.
        let step = state.withLock { state -> Step in
            if state.closed { return .closed }
            if let index = state.recent.lastIndex(where: { $0.url == url }) {
                return .kept(state.recent[index].body)
            }
            let running = state.running[url]
            let download = running ?? Download()
            state.running[url] = download
            guard let (waiter, woken) = download.join() else { return .ended(download) }
            return .wait(download, waiter: waiter, woken: woken, starts: running == nil)
        }
        switch step {
        case .closed: throw .cancelled
        case .kept(let body): return body
        case .ended(let download): return try Self.outcome(of: download)
        case .wait(let download, let waiter, let woken, let starts):
            if starts { start(download, url) }
            cancellation.onCancel { woken.signal() }
            woken.wait()
            return try outcome(of: download, url, waiter: waiter)
        }
    }

    /// Cancels every download that runs, its waiters woken with `.cancelled`, and starts none after
    /// (its source closed).
    func close() {
        let downloads = state.withLock { state -> [Download] in
            state.closed = true
            defer { state.running = [:] }
            return Array(state.running.values)
        }
        for download in downloads {
            let waiters = download.state.withLock { downloading -> [DispatchSemaphore] in
                if downloading.result == nil { downloading.result = .failure(.cancelled) }
                return Array(downloading.waiters.values)
            }
            download.handle.cancel()
            for woken in waiters { woken.signal() }
        }
    }

    /// Starts `download` of `url` through the fetcher's transport; a failure worth trying again is
    /// tried again after a wait, while someone waits for it.
    private func start(_ download: Download, _ url: URL) {
        let tries = download.state.withLock { state in
            state.tries += 1
            return state.tries
        }
        fetcher.fetch(url, cap: cap, now: clock(), handle: download.handle) { [self] result in
            if case .failure(let failure) = result, tries < Self.tries,
                let wait = Self.wait(after: failure, tries: tries, now: clock(), jitter: Double.random(in: 0..<1))
            {
                schedule(wait) { [weak self] in self?.start(download, url) }
                return
            }
            finished(download, url, result.map(\.body))
        }
    }

    /// How long to wait before trying again after `failure` at `now`, the download tried `tries`
    /// times; nil when it is not worth trying again (the server's word is final, or its wait too long
    /// for a tile).
    static func wait(after failure: FetchFailure, tries: Int, now: Double, jitter: Double) -> Double? {
        switch failure {
        case .transient: firstWait * pow(2, Double(tries - 1)) * (0.5 + min(max(jitter, 0), 1))
        case .rateLimited(let until): until - now <= longestRateWait ? max(0, until - now) : nil
        case .refused, .status, .unreadable, .cancelled: nil
        }
    }

    /// What `waiter` of `download` takes once woken: the result, or (its read cancelled) nothing; the
    /// last waiter to leave before the end cancels the download.
    private func outcome(of download: Download, _ url: URL, waiter: Int) throws(FetchFailure) -> [UInt8] {
        let abandoned = state.withLock { state -> FetchHandle? in
            download.state.withLock { downloading -> FetchHandle? in
                downloading.waiters[waiter] = nil
                guard downloading.result == nil, downloading.waiters.isEmpty else { return nil }
                if state.running[url] === download { state.running[url] = nil }
                return download.handle
            }
        }
        abandoned?.cancel()
        return try Self.outcome(of: download)
    }

    private static func outcome(of download: Download) throws(FetchFailure) -> [UInt8] {
        switch download.state.withLock({ $0.result }) {
        case .success(let body): return body
        case .failure(let failure): throw failure
        case nil: throw .cancelled
        }
    }

    /// Ends `url`'s download: its waiters woken, its body kept among the last when it came, oldest out
    /// past the budget.
    private func finished(_ download: Download, _ url: URL, _ result: Result<[UInt8], FetchFailure>) {
        state.withLock { state in
            let waiters = download.state.withLock { downloading in
                // A download its source closed keeps its `.cancelled`.
                if downloading.result == nil { downloading.result = result }
                return downloading.waiters.values
            }
            for woken in waiters { woken.signal() }
            guard state.running[url] === download else { return }
            state.running[url] = nil
            guard case .success(let body) = result, body.count <= budget / 4 else { return }
            state.recent.append((url, body))
            state.recentBytes += body.count
            while state.recentBytes > budget, !state.recent.isEmpty {
                state.recentBytes -= state.recent.removeFirst().body.count
            }
        }
    }
}
