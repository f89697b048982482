import CellscapePictures
import Dispatch
import Foundation

/// The media a feed's tiles read, downloaded on the loader's workers: a download asked for while the
/// same one runs waits for it rather than starting another, and the bodies of the last few kept in
/// memory (within a budget), since a picture's header and then its thumbnail read the same bytes.
final class MediaDownloads: Sendable {
    private struct State: Sendable {
        /// The downloads running, each with the semaphore its waiters wait on.
        var running: [URL: Waiting] = [:]
        /// Bodies downloaded last, newest at the end, and their bytes in all.
        var recent: [(url: URL, body: [UInt8])] = []
        var recentBytes = 0
    }

    /// Those waiting for a download that runs, and what it gave once done.
    private final class Waiting: Sendable {
        let done = DispatchSemaphore(value: 0)
        let result = Guarded<Result<[UInt8], FetchFailure>?>(nil)
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

    /// The body at `url`, waiting on the calling thread (a loader's worker, never the main thread).
    func body(_ url: URL) throws(FetchFailure) -> [UInt8] {
        enum Step {
            case kept([UInt8])
            case wait(Waiting)
            case start(Waiting)
        }
        let step = state.withLock { state -> Step in
            if let index = state.recent.lastIndex(where: { $0.url == url }) {
                return .kept(state.recent[index].body)
            }
            if let waiting = state.running[url] { return .wait(waiting) }
            let waiting = Waiting()
            state.running[url] = waiting
            return .start(waiting)
        }
        switch step {
        case .kept(let body): return body
        case .wait(let waiting): return try Self.outcome(of: waiting)
        case .start(let waiting):
            let fetcher = self.fetcher
            let cap = self.cap
            Task.onFeedThreads { [self] in
                let result: Result<[UInt8], FetchFailure>
                do {
                    result = .success(try await fetcher.fetch(url, cap: cap).body)
                } catch {
                    result = .failure(error as? FetchFailure ?? .transient("\(error)"))
                }
                waiting.result.withLock { $0 = result }
                finished(url, result)
                waiting.done.signal()
            }
            return try Self.outcome(of: waiting)
        }
    }

    /// Waits for `waiting`'s download, passing the signal on to the next waiter.
    private static func outcome(of waiting: Waiting) throws(FetchFailure) -> [UInt8] {
        waiting.done.wait()
        waiting.done.signal()
        switch waiting.result.withLock({ $0 }) {
        case .success(let body): return body
        case .failure(let failure): throw failure
        case nil: throw .transient("the download did not finish")
        }
    }

    /// Ends `url`'s download: kept among the last when it came, oldest out past the budget.
    private func finished(_ url: URL, _ result: Result<[UInt8], FetchFailure>) {
        state.withLock { state in
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
