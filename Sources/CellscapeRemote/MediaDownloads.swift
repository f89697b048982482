import CellscapePictures
import Dispatch
import Foundation

/// The media a feed's tiles read, downloaded on the loader's workers: a download asked for while the
/// same one runs waits for it rather than starting another, one whose waiters all gave up (their tiles
/// scrolled away) is cancelled, and the bodies of the last few kept in memory (within a budget), since
/// a picture's header and then its thumbnail read the same bytes.
final class MediaDownloads: Sendable {
    private struct State: Sendable {
        /// The downloads running.
        var running: [URL: Download] = [:]
        /// Bodies downloaded last, newest at the end, and their bytes in all.
        var recent: [(url: URL, body: [UInt8])] = []
        var recentBytes = 0
    }

    /// A download that runs: those who wait for it (each woken by its own semaphore: when it ends, or
    /// when its read is cancelled), its task, and what it gave once done.
    private final class Download: Sendable {
        struct State: Sendable {
            var result: Result<[UInt8], FetchFailure>?
            var waiters: [Int: DispatchSemaphore] = [:]
            var nextWaiter = 0
            var task: Task<Void, Never>?
        }
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

    private let fetcher: RemoteFetcher
    private let cap: Int
    private let budget: Int
    private let state = Guarded(State())

    /// Downloads through `fetcher`, each at most `cap` bytes, keeping `budget` bytes of the last.
    init(fetcher: RemoteFetcher, cap: Int, budget: Int = 32 << 20) {
        self.fetcher = fetcher
        self.cap = cap
        self.budget = budget
    }

    /// How many downloads run now.
    var count: Int { state.withLock { $0.running.count } }

    /// The body at `url`, waiting on the calling thread (a loader's worker, never the main thread)
    /// until it came or `cancellation` is cancelled.
    func body(_ url: URL, cancellation: ReadCancellation = .never) throws(FetchFailure) -> [UInt8] {
        enum Step {
            case kept([UInt8])
            case ended(Download)
            case wait(Download, waiter: Int, woken: DispatchSemaphore, starts: Bool)
        }
        // Joined under the lock: a download is either joined or let go by its last waiter, never both.
        let step = state.withLock { state -> Step in
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
        case .kept(let body): return body
        case .ended(let download): return try Self.outcome(of: download)
        case .wait(let download, let waiter, let woken, let starts):
            if starts { start(download, url) }
            cancellation.onCancel { woken.signal() }
            woken.wait()
            return try outcome(of: download, url, waiter: waiter)
        }
    }

    /// Starts `download` of `url` on the feeds' threads.
    private func start(_ download: Download, _ url: URL) {
        let task = Task.onFeedThreads { [self] in
            let result: Result<[UInt8], FetchFailure>
            do {
                result = .success(try await fetcher.fetch(url, cap: cap).body)
            } catch {
                result = .failure(error as? FetchFailure ?? .transient("\(error)"))
            }
            finished(download, url, result)
        }
        download.state.withLock { $0.task = task }
    }

    /// What `waiter` of `download` takes once woken: the result, or (its read cancelled) nothing; the
    /// last waiter to leave before the end cancels the download.
    private func outcome(of download: Download, _ url: URL, waiter: Int) throws(FetchFailure) -> [UInt8] {
        let abandoned = state.withLock { state -> Task<Void, Never>? in
            download.state.withLock { downloading -> Task<Void, Never>? in
                downloading.waiters[waiter] = nil
                guard downloading.result == nil, downloading.waiters.isEmpty else { return nil }
                if state.running[url] === download { state.running[url] = nil }
                return downloading.task
            }
        }
        abandoned?.cancel()
        return try Self.outcome(of: download)
    }

    private static func outcome(of download: Download) throws(FetchFailure) -> [UInt8] {
        switch download.state.withLock({ $0.result }) {
        case .success(let body): return body
        case .failure(let failure): throw failure
        case nil: throw .transient("the picture is no longer wanted")
        }
    }

    /// Ends `url`'s download: its waiters woken, its body kept among the last when it came, oldest out
    /// past the budget.
    private func finished(_ download: Download, _ url: URL, _ result: Result<[UInt8], FetchFailure>) {
        state.withLock { state in
            let waiters = download.state.withLock { downloading in
                downloading.result = result
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
