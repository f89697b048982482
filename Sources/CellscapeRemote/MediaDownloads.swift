import CellscapePictures
import Dispatch
import Foundation

/// The media a feed's tiles read, asked for by the loader's data stage and downloaded by the fetcher's
/// transport, answered by callback (no thread waits for them): a download asked for while the same one
/// runs joins it rather than start another, one whose askers all gave up (their tiles scrolled away) is
/// cancelled, one that failed on a bad day is tried again, and the bodies of the last few are kept in
/// memory (within a budget), since a picture's header and then its thumbnail read the same bytes. A
/// movie is written to a file as it comes (``MovieFiles``), never held in memory.
final class MediaDownloads: Sendable {
    typealias Answer = @Sendable (Result<PictureBytes.Held, FetchFailure>) -> Void

    /// A download: its address, and whether to a file (a movie) or to memory.
    private struct Key: Hashable, Sendable {
        let url: URL
        let toFile: Bool
    }

    private struct State: Sendable {
        /// The downloads running.
        var running: [Key: Download] = [:]
        /// Downloads that failed on a bad day, each to be tried again once its wait ends.
        var retries: [(at: Double, download: Download, key: Key)] = []
        /// Bodies downloaded last, newest at the end, and their bytes in all.
        var recent: [(url: URL, body: [UInt8])] = []
        var recentBytes = 0
        /// Whether its source closed: nothing is downloaded after.
        var closed = false
    }

    /// A download that runs: those who wait for its answer, by number, and its handle.
    private final class Download: Sendable {
        struct State: Sendable {
            var ended = false
            var askers: [Int: Answer] = [:]
            var nextAsker = 0
            /// How many times it was tried.
            var tries = 0
        }
        let handle = FetchHandle()
        let state = Guarded(State())

        /// Adds an asker; nil when it ended already.
        func join(_ answer: @escaping Answer) -> Int? {
            state.withLock { state in
                guard !state.ended else { return nil }
                defer { state.nextAsker += 1 }
                state.askers[state.nextAsker] = answer
                return state.nextAsker
            }
        }

        /// Ends it, once: the askers to answer.
        func end() -> [Answer] {
            state.withLock { state in
                guard !state.ended else { return [] }
                state.ended = true
                defer { state.askers = [:] }
                return Array(state.askers.values)
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
    /// Where movies are written, and the most bytes one takes.
    private let movies: MovieFiles
    static let movieCap = 1 << 30
    private let state = Guarded(State())
    /// Now in seconds since 1970: the source's.
    private let clock: @Sendable () -> Double
    /// Wakes the loop when a wait begins, so that it reads the new deadline (``nextRetry``).
    private let waits: @Sendable () -> Void

    /// Downloads through `fetcher`, each at most `cap` bytes, keeping `budget` bytes of the last;
    /// `clock` times the waits between tries, and `waits` is called when one begins (see
    /// ``RemoteSource``).
    init(
        fetcher: RemoteFetcher, cap: Int, budget: Int = 32 << 20,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        waits: @escaping @Sendable () -> Void = {}
    ) {
        self.fetcher = fetcher
        movies = MovieFiles(beside: fetcher.cache)
        self.cap = cap
        self.budget = budget
        self.clock = clock
        self.waits = waits
    }

    /// When the first download that failed is to be tried again (seconds since 1970), if one waits:
    /// a deadline the frame scheduler wakes for (``RemoteSource/report``).
    var nextRetry: Double? { state.withLock { $0.retries.map(\.at).min() } }

    /// Tries again the downloads whose wait ended by `now`, unless all who asked gave up meanwhile.
    func retryDue(now: Double) {
        let due = state.withLock { state -> [(Download, Key)] in
            guard !state.retries.isEmpty else { return [] }
            let due = state.retries.filter { $0.at <= now }
            state.retries.removeAll { $0.at <= now }
            return due.map { ($0.download, $0.key) }
        }
        for (download, key) in due where !download.state.withLock({ $0.ended }) { start(download, key) }
    }

    /// How many downloads run now.
    var count: Int { state.withLock { $0.running.count } }

    /// Asks for the body at `url`, in memory or, `toFile`, written to a file as it comes (a movie);
    /// `answer` is called once, with it or why not (`.cancelled` once `cancellation` is cancelled), on
    /// the transport's thread or at once.
    func body(_ url: URL, toFile: Bool = false, cancellation: ReadCancellation = .never, answer: @escaping Answer) {
        enum Step {
            case closed
            case kept(PictureBytes.Held)
            case joined(Download, asker: Int, starts: Bool)
        }
        let key = Key(url: url, toFile: toFile)
        let saved = toFile ? movies.existing(url) : nil
        // Joined under the lock: a download is either joined or let go by its last asker, never both.
        let step = state.withLock { state -> Step in
            if state.closed { return .closed }
            if let saved { return .kept(.file(saved)) }
            if !toFile, let index = state.recent.lastIndex(where: { $0.url == url }) {
                return .kept(.bytes(state.recent[index].body))
            }
            if let running = state.running[key], let asker = running.join(answer) {
                return .joined(running, asker: asker, starts: false)
            }
            let download = Download()
            state.running[key] = download
            return .joined(download, asker: download.join(answer) ?? 0, starts: true)
        }
        switch step {
        case .closed: answer(.failure(.cancelled))
        case .kept(let held): answer(.success(held))
        case .joined(let download, let asker, let starts):
            if starts { start(download, key) }
            cancellation.onCancel { [weak self] in self?.leave(download, key, asker: asker) }
        }
    }

    /// Cancels every download that runs, its askers answered `.cancelled`, and starts none after (its
    /// source closed).
    func close() {
        let downloads = state.withLock { state -> [Download] in
            state.closed = true
            defer {
                state.running = [:]
                state.retries = []
            }
            return Array(state.running.values)
        }
        for download in downloads {
            download.handle.cancel()
            for answer in download.end() { answer(.failure(.cancelled)) }
        }
        movies.close()
    }

    /// `asker` of `download` gave up (its tile left the view): answered `.cancelled`; the last to
    /// leave before the end cancels the download.
    private func leave(_ download: Download, _ key: Key, asker: Int) {
        let (answer, abandoned) = state.withLock { state -> (Answer?, Bool) in
            download.state.withLock { downloading -> (Answer?, Bool) in
                let answer = downloading.askers.removeValue(forKey: asker)
                guard !downloading.ended, downloading.askers.isEmpty else { return (answer, false) }
                downloading.ended = true
                if state.running[key] === download { state.running[key] = nil }
                return (answer, true)
            }
        }
        if abandoned { download.handle.cancel() }
        answer?(.failure(.cancelled))
    }

    /// Starts `download` of `key`'s address through the fetcher's transport; a failure worth trying
    /// again waits to be tried again (``retryDue(now:)``), while someone waits for it.
    private func start(_ download: Download, _ key: Key) {
        let tries = download.state.withLock { state in
            state.tries += 1
            return state.tries
        }
        let ended: @Sendable (Result<PictureBytes.Held, FetchFailure>) -> Void = { [self] result in
            if case .failure(let failure) = result, tries < Self.tries,
                let wait = Self.wait(after: failure, tries: tries, now: clock(), jitter: Double.random(in: 0..<1))
            {
                let waiting = state.withLock { state in
                    guard !state.closed else { return false }
                    state.retries.append((clock() + wait, download, key))
                    return true
                }
                if waiting { waits() }
                return
            }
            finished(download, key, result)
        }
        guard key.toFile else {
            return fetcher.fetch(key.url, cap: cap, now: clock(), handle: download.handle) {
                ended($0.map { .bytes($0.body) })
            }
        }
        let partial = movies.partial(for: key.url)
        fetcher.download(key.url, to: partial, cap: Self.movieCap, now: clock(), handle: download.handle) {
            [movies] result in
            guard case .success = result else {
                movies.discard(partial)
                return ended(result.map { .bytes([]) })
            }
            guard let path = movies.keep(partial, for: key.url) else {
                return ended(.failure(.refused("the movie cannot be saved in \(movies.folder.path)")))
            }
            ended(.success(.file(path)))
        }
    }

    /// How long to wait before trying again after `failure` at `now`, the download tried `tries`
    /// times; nil when it is not worth trying again (the server's word is final, or its wait too long
    /// for a tile).
    static func wait(after failure: FetchFailure, tries: Int, now: Double, jitter: Double) -> Double? {
        switch failure {
        case .transient: firstWait * pow(2, Double(tries - 1)) * (0.5 + min(max(jitter, 0), 1))
        case .rateLimited(let until): until - now <= longestRateWait ? max(0, until - now) : nil
        case .refused, .forbidden, .status, .unreadable, .cancelled: nil
        }
    }

    /// Ends `url`'s download: its askers answered, its body kept among the last when it came, oldest
    /// out past the budget.
    private func finished(_ download: Download, _ key: Key, _ result: Result<PictureBytes.Held, FetchFailure>) {
        let askers = state.withLock { state -> [Answer] in
            let askers = download.end()
            guard state.running[key] === download else { return askers }
            state.running[key] = nil
            guard case .success(let held) = result, let body = held.bytes, body.count <= budget / 4 else {
                return askers
            }
            state.recent.append((key.url, body))
            state.recentBytes += body.count
            while state.recentBytes > budget, !state.recent.isEmpty {
                state.recentBytes -= state.recent.removeFirst().body.count
            }
            return askers
        }
        // Outside the locks: an asker takes locks of its own.
        for answer in askers { answer(result) }
    }
}
