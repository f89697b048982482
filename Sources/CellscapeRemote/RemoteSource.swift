import CellscapeFeeds
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Dispatch
import Foundation

/// A remote feed as the viewer's source of pictures: its pages asked for as the view nears the end
/// (`FeedPaging`), each item joining with its size (laid out before its pixels), its bytes
/// downloaded when the loader's data stage first asks for them, on the transport's thread.
public final class RemoteSource: PictureSource, Sendable {
    private struct State: Sendable {
        var paging = FeedPaging()
        var arrived: [SourcePicture] = []
        var wake: (@Sendable () -> Void)?
        /// The identity of each page's answer, in order.
        var answers: [String] = []
        /// Where the view was last (its bottom, a screen, the content's end): a retry asks from there.
        var view = (bottom: 0.0, screen: 1.0, contentEnd: 0.0)
        /// The page on its way and the originals being saved: what closing cancels.
        var page: FetchHandle?
        var originals: [Int: FetchHandle] = [:]
        var nextOriginal = 0
        /// Whether the source closed: nothing is asked after.
        var closed = false
        /// When the copy the last page was read from was saved, where the network failed and the
        /// cache's copy was read (the bar says "offline, saved 14:03").
        var savedAt: Double?
    }

    private let reader: RemoteFeedReader
    private let fetcher: RemoteFetcher
    /// The side of the rendition downloaded: a tile's, on a screen of twice the density.
    private let side: Int
    private let state: Guarded<State>
    private let clock: @Sendable () -> Double
    public let title: String?

    /// The most bytes a media file takes.
    public static let mediaCap = 64 << 20
    /// The most downloads of media that run at once: the loader's reads at once, the visible tiles first.
    public static let downloadsAtOnce = PictureLoader.readsAtOnce
    private let media: MediaDownloads

    /// How many downloads of media run now.
    public var downloadsRunning: Int { media.count }

    /// The feed `reader` reads, its media downloaded by `fetcher` at the rendition fit for `side`;
    /// `title` names it in the window (the address as the user gave it); `clock` gives now in seconds
    /// since 1970: a page's or a download's wait after a failure is a deadline of the frame
    /// scheduler's, through ``report``.
    public init(
        reader: RemoteFeedReader, fetcher: RemoteFetcher, side: Int = 480, title: String? = nil,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.reader = reader
        self.fetcher = fetcher
        let state = Guarded(State())
        self.state = state
        // A download's wait begins: the loop wakes to read its deadline.
        media = MediaDownloads(fetcher: fetcher, cap: Self.mediaCap, clock: clock) { state.withLock { $0.wake }?() }
        self.side = side
        self.title = title
        self.clock = clock
    }

    /// Closes the source when it is let go: what it asked for is cancelled.
    deinit { close() }

    /// Cancels the page on its way, the downloads running and the originals being saved, and asks
    /// for nothing after (the window closed, the feed left).
    public func close() {
        let (page, originals) = state.withLock { state in
            state.closed = true
            defer {
                state.page = nil
                state.originals = [:]
            }
            return (state.page, Array(state.originals.values))
        }
        page?.cancel()
        for original in originals { original.cancel() }
        media.close()
    }

    /// What the source says of itself, in one look.
    public var report: SourceReport {
        let now = clock()
        let download = media.nextRetry.map { max(0, $0 - now) }
        return state.withLock { state in
            let page = Self.retry(state.paging, from: state.view, now: now)
            return SourceReport(
                title: title, status: Self.status(of: state.paging, savedAt: state.savedAt),
                problem: state.paging.problem, isLoading: Self.isLoading(state), answers: state.answers,
                retryIn: state.closed ? nil : [page, download].compactMap { $0 }.min())
        }
    }

    /// In how many seconds `paging` asks again for the page a failure held back, the view at `view`:
    /// nil when it would not ask then (no wait, a page on its way, the view far from the end), so a
    /// wait that is over never keeps the loop turning.
    private static func retry(
        _ paging: FeedPaging, from view: (bottom: Double, screen: Double, contentEnd: Double), now: Double
    ) -> Double? {
        guard let at = paging.retryAt,
            paging.wantsPage(viewBottom: view.bottom, screen: view.screen, contentEnd: view.contentEnd, now: at)
        else { return nil }
        return max(0, at - now)
    }

    /// The identity of each page's answer read so far, in order (a session records them).
    public var answers: [String] { state.withLock { $0.answers.map { $0 } } }

    /// The problem the feed has now, if any.
    public var problem: String? { state.withLock { $0.paging.problem } }

    /// What the bar says: "loading" while a page comes, the problem and when the feed tries again
    /// ("offline" when no connection is made), the problem that ended it, or "offline, saved 14:03"
    /// while what shows was read from the cache because the network failed.
    public var status: String? {
        state.withLock { Self.status(of: $0.paging, savedAt: $0.savedAt) }
    }

    /// Whether a page is on its way, its pictures came and wait to be taken (a look between the two
    /// would see neither), or the first page is to be asked again after a failure's wait (a snapshot
    /// waits for it within its time).
    public var isLoading: Bool { state.withLock { Self.isLoading($0) } }

    private static func isLoading(_ state: State) -> Bool {
        state.paging.asking || !state.arrived.isEmpty
            || (state.paging.items.isEmpty && !state.paging.ended && state.paging.retryAt != nil)
    }

    /// The most bytes an original saved takes.
    public static let originalCap = 512 << 20

    /// Downloads `item`'s original whole (its largest rendition: GIPHY's advised file of it, MP4 for
    /// a GIF), for saving; a cancel when the source closes.
    private func original(of item: RemoteItem, answer: @escaping @Sendable (PictureBytes.Answer) -> Void) {
        guard let url = item.renditions.last?.url else {
            return answer(.failure(.unreadable("the feed gives no file of it")))
        }
        let handle = FetchHandle()
        let number = state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            defer { state.nextOriginal += 1 }
            state.originals[state.nextOriginal] = handle
            return state.nextOriginal
        }
        guard let number else { return answer(.failure(.unavailable("its feed is closed"))) }
        fetcher.fetch(url, cap: Self.originalCap, handle: handle) { [state] result in
            state.withLock { _ = $0.originals.removeValue(forKey: number) }
            answer(result.map { .bytes($0.body) }.mapError(\.pictureProblem))
        }
    }

    /// See ``status``; the time of day in the local time zone.
    static func status(of paging: FeedPaging, savedAt: Double? = nil) -> String? {
        if paging.asking { return "loading" }
        guard let problem = paging.problem else {
            return savedAt.map { "offline, saved \(time($0, format: "HH:mm"))" }
        }
        guard let retryAt = paging.retryAt else { return problem }
        let offline = paging.offline ? "offline (\(problem))" : problem
        return "\(offline), trying again at \(time(retryAt, format: "HH:mm:ss"))"
    }

    /// The time of day of `seconds` since 1970, in the local time zone.
    private static func time(_ seconds: Double, format: String) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = format
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    public func attach(wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
        viewed(bottom: 0, screen: 1, contentEnd: 0)
    }

    /// The pictures that came since the last look; once a failure's wait is over, the page it held
    /// back is asked again from where the view was last, and the downloads it held back are tried
    /// again (the frame scheduler woke the loop for it).
    public func takeArrived() -> [SourcePicture] {
        let now = clock()
        let (arrived, view) = state.withLock { state in
            defer { state.arrived.removeAll() }
            let due = state.paging.retryAt.map { now >= $0 } ?? false
            return (state.arrived, due && !state.paging.asking && !state.closed ? state.view : nil)
        }
        if let view { viewed(bottom: view.bottom, screen: view.screen, contentEnd: view.contentEnd) }
        media.retryDue(now: now)
        return arrived
    }

    public func viewed(bottom: Double, screen: Double, contentEnd: Double) {
        let now = clock()
        let handle = FetchHandle()
        let cursor = state.withLock { state -> String?? in
            state.view = (bottom, screen, contentEnd)
            guard !state.closed,
                state.paging.wantsPage(viewBottom: bottom, screen: screen, contentEnd: contentEnd, now: now)
            else { return nil }
            state.paging.asked()
            state.page = handle
            return .some(state.paging.next)
        }
        guard let cursor else { return }
        // Held weakly: a source let go mid-page goes, its page cancelled (see `deinit`).
        reader.page(after: cursor, now: now, handle: handle) { [weak self] result in
            guard let self else { return }
            state.withLock { $0.page = nil }
            // Closed: a cancel, not an outage.
            if case .failure(.cancelled) = result { return }
            switch result {
            case .success(let page):
                state.withLock { state in
                    state.savedAt = page.savedAt
                    let new = state.paging.received(page)
                    state.answers.append(page.answer ?? "")
                    state.arrived += new.compactMap(picture)
                }
            case .failure(let failure):
                state.withLock { state in
                    state.paging.failed(failure.pagingFailure, now: clock(), jitter: Double.random(in: 0..<1))
                }
            }
            state.withLock { $0.wake }?()
        }
    }

    /// The picture of `item`: its size now, its bytes (the rendition fit for `side`) when the loader's
    /// data stage asks for them. A video's tile shows its still; opened, it plays from its movie,
    /// downloaded to a file as it comes.
    private func picture(_ item: RemoteItem) -> SourcePicture? {
        guard let rendition = item.shown(fitting: side) else { return nil }
        let bytes = PictureBytes(
            // Its header read only when shown, its tile laid out by the page's size: unless the page gave none.
            name: item.name, readWhenShown: item.width > 0 && item.height > 0, movesWhenOpened: item.kind == .video
        ) { [weak self, media] asked, cancellation, answer in
            if asked == .saved {
                guard let self else { return answer(.failure(.unavailable("its feed is closed"))) }
                return original(of: item, answer: answer)
            }
            let url: URL =
                switch asked {
                case .original: rendition.url
                // A tile reads the rendition fit for it; the image view, one fit for the window.
                case .fitting(let wanted): item.shown(fitting: max(wanted, 1))?.url ?? rendition.url
                case .moving(let wanted):
                    (item.kind == .video
                        ? item.rendition(fitting: max(wanted, 1)) : item.shown(fitting: max(wanted, 1)))?
                        .url ?? rendition.url
                case .saved: item.renditions.last?.url ?? rendition.url
                }
            // A video's movie is written to a file as it comes, and played from there.
            let isMovie = if case .moving = asked { item.kind == .video } else { false }
            media.body(url, toFile: isMovie, cancellation: cancellation) { answer($0.mapError(\.pictureProblem)) }
        }
        return SourcePicture(
            bytes: bytes, size: Size(width: Double(item.width), height: Double(item.height)),
            details: Self.details(item), placeholder: Self.placeholder(item))
    }

    /// What the viewer is told of `item`: its name, the page a browser shows it on (else its largest
    /// file), its alt text, whether it is sensitive, its length.
    static func details(_ item: RemoteItem) -> PictureDetails {
        PictureDetails(
            name: item.name, page: item.page ?? item.renditions.last?.url, altText: item.description,
            isSensitive: item.sensitive, seconds: item.seconds)
    }

    /// The item's blurhash decoded at 32 pixels on its long side (scaled up where drawn), off the
    /// main thread as its page comes.
    static func placeholder(_ item: RemoteItem) -> PixelImage? {
        guard let text = item.blurHash, let hash = BlurHash(text), item.width > 0, item.height > 0 else { return nil }
        let long = 32.0
        let scale = long / Double(max(item.width, item.height))
        return hash.picture(
            width: max(1, Int((Double(item.width) * scale).rounded())),
            height: max(1, Int((Double(item.height) * scale).rounded())))
    }
}
