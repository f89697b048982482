import CellscapeFeeds
import CellscapePictures
import Dispatch
import Foundation

/// A remote feed's pages, one after another, through the fetcher: a Mastodon timeline (an account's
/// looked up by name first) or a GIPHY feed with the user's key. Pages are read off the transport's
/// thread, on a queue of the reader's own.
public final class RemoteFeedReader: Sendable {
    public let address: FeedAddress
    private let fetcher: RemoteFetcher
    private let giphyKey: String?
    /// The id of a Mastodon account once looked up.
    private let accountID = Guarded<String?>(nil)
    /// Where answers are read into pages: never the transport's thread, which moves every download.
    private let reading = DispatchQueue(label: "cellscape.feed.pages")

    /// The most bytes a page of JSON takes (a page of 40 statuses is about 100 KB).
    public static let pageCap = 4 << 20

    /// Reads `address` through `fetcher`; GIPHY's feeds need `giphyKey`.
    public init(address: FeedAddress, fetcher: RemoteFetcher, giphyKey: String? = nil) {
        self.address = address
        self.fetcher = fetcher
        self.giphyKey = giphyKey
    }

    /// The page after `cursor` (nil: the first), at `now` in seconds since 1970.
    public func page(after cursor: String?, now: Double = Date().timeIntervalSince1970) async throws(FetchFailure)
        -> FeedPage
    {
        let handle = FetchHandle()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                page(after: cursor, now: now, handle: handle) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }

    /// The page after `cursor`, given to `answer` once, on a thread of the reader's; `handle` cancels it.
    func page(
        after cursor: String?, now: Double = Date().timeIntervalSince1970, handle: FetchHandle = FetchHandle(),
        answer: @escaping @Sendable (Result<FeedPage, FetchFailure>) -> Void
    ) {
        switch address {
        case .mastodon(let server, let timeline):
            var id: String?
            if case .account(let name) = timeline {
                id = accountID.withLock { $0 }
                guard id != nil else {
                    return account(name, server: server, now: now, handle: handle) { [self] found in
                        switch found {
                        case .success: page(after: cursor, now: now, handle: handle, answer: answer)
                        case .failure(let failure): answer(.failure(failure))
                        }
                    }
                }
            }
            let address = MastodonAPI.page(timeline, server: server, accountID: id, after: cursor)
            read(address, cap: Self.pageCap, now: now, handle: handle, answer: answer) { answer throws(FeedProblem) in
                var page = FeedPage(
                    items: try MastodonAPI.items(from: Data(answer.body)),
                    next: MastodonAPI.next(link: answer.header("Link")))
                page.answer = CachedAnswer.digest(of: answer.body)
                page.savedAt = answer.savedAt
                return page
            }
        case .giphy(let server, let feed):
            guard let giphyKey else {
                return answer(.failure(.unreadable(.address("giphy:", "needs your own API key"))))
            }
            let offset = cursor.flatMap { Int($0) } ?? 0
            let address = GiphyAPI.page(feed, server: server, key: giphyKey, offset: offset)
            read(address, cap: Self.pageCap, now: now, handle: handle, answer: answer) { answer throws(FeedProblem) in
                var page = try GiphyAPI.page(from: Data(answer.body), feed: feed)
                page.answer = CachedAnswer.digest(of: answer.body)
                page.savedAt = answer.savedAt
                return page
            }
        }
    }

    /// Fetches `address` and reads its answer with `parse` on the reader's queue. The fetch starts
    /// there too: it may read the cache's copy from disk first, and the caller is the main thread.
    private func read<Value: Sendable>(
        _ address: URL, cap: Int, now: Double, handle: FetchHandle,
        answer: @escaping @Sendable (Result<Value, FetchFailure>) -> Void,
        parse: @escaping @Sendable (RemoteAnswer) throws(FeedProblem) -> Value
    ) {
        reading.async { [fetcher, reading] in
            fetcher.fetch(address, cap: cap, now: now, handle: handle) { fetched in
                reading.async {
                    switch fetched {
                    case .success(let fetched):
                        do throws(FeedProblem) {
                            answer(.success(try parse(fetched)))
                        } catch {
                            answer(.failure(.unreadable(error)))
                        }
                    case .failure(let failure): answer(.failure(failure))
                    }
                }
            }
        }
    }

    /// The id of account `name`, looked up once.
    private func account(
        _ name: String, server: URL, now: Double, handle: FetchHandle,
        answer: @escaping @Sendable (Result<String, FetchFailure>) -> Void
    ) {
        read(MastodonAPI.lookup(name, server: server), cap: 1 << 20, now: now, handle: handle, answer: answer) {
            [accountID] answer throws(FeedProblem) in
            let id = try MastodonAPI.accountID(from: Data(answer.body))
            accountID.withLock { $0 = id }
            return id
        }
    }
}
