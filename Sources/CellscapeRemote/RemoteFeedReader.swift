import CellscapePictures
import Foundation

/// A remote feed's pages, one after another, through the fetcher: a Mastodon timeline (an account's
/// looked up by name first) or a GIPHY feed with the user's key.
public final class RemoteFeedReader: Sendable {
    public let address: FeedAddress
    private let fetcher: RemoteFetcher
    private let giphyKey: String?
    /// The id of a Mastodon account once looked up.
    private let accountID = Guarded<String?>(nil)

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
        switch address {
        case .mastodon(let server, let timeline):
            var id: String?
            if case .account(let name) = timeline {
                id = try await account(name, server: server, now: now)
            }
            let answer = try await fetcher.fetch(
                MastodonAPI.page(timeline, server: server, accountID: id, after: cursor), cap: Self.pageCap, now: now)
            do {
                var page = FeedPage(
                    items: try MastodonAPI.items(from: Data(answer.body)),
                    next: MastodonAPI.next(link: answer.header("Link")))
                page.answer = HTTPDiskCache.digest(of: answer.body)
                return page
            } catch {
                throw .unreadable(error)
            }
        case .giphy(let server, let feed):
            guard let giphyKey else { throw .unreadable(.address("giphy:", "needs your own API key")) }
            let offset = cursor.flatMap { Int($0) } ?? 0
            let answer = try await fetcher.fetch(
                GiphyAPI.page(feed, server: server, key: giphyKey, offset: offset), cap: Self.pageCap, now: now)
            do {
                var page = try GiphyAPI.page(from: Data(answer.body), feed: feed)
                page.answer = HTTPDiskCache.digest(of: answer.body)
                return page
            } catch {
                throw .unreadable(error)
            }
        }
    }

    /// The id of account `name`, looked up once.
    private func account(_ name: String, server: URL, now: Double) async throws(FetchFailure) -> String {
        if let id = accountID.withLock({ $0 }) { return id }
        let answer = try await fetcher.fetch(MastodonAPI.lookup(name, server: server), cap: 1 << 20, now: now)
        let id: String
        do {
            id = try MastodonAPI.accountID(from: Data(answer.body))
        } catch {
            throw .unreadable(error)
        }
        accountID.withLock { $0 = id }
        return id
    }
}
