import CellscapeFeeds
import Foundation

/// Asks GIPHY for the query line's suggestions (``GiphySuggestions``): each ask cancellable, answered
/// on the transport's thread, never waited for.
public final class SuggestionFetcher: Sendable {
    private let fetcher: RemoteFetcher
    private let server: URL
    private let key: String

    /// A fetcher of suggestions from GIPHY's API at `server` with the user's `key`.
    public init(fetcher: RemoteFetcher, server: URL, key: String) {
        self.fetcher = fetcher
        self.server = server
        self.key = key
    }

    /// Asks for the suggestions for `typed`; `answer` hears the words (none when the ask failed, said
    /// nowhere: a suggestion is a convenience). Returns what cancels the ask.
    public func ask(_ typed: String, answer: @escaping @Sendable ([String]) -> Void) -> @Sendable () -> Void {
        let handle = FetchHandle()
        let address = GiphySuggestions.address(for: typed, server: server, key: key)
        // A few KB is a whole answer; a larger one is not read.
        fetcher.fetch(address, cap: 64 << 10, handle: handle) { result in
            guard case .success(let got) = result, got.status == 200,
                let words = try? GiphySuggestions.words(from: Data(got.body))
            else { return answer([]) }
            answer(words)
        }
        return { handle.cancel() }
    }
}
