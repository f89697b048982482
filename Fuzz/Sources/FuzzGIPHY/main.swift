import CellscapeFeeds
import Foundation

/// GIPHY's answers: a page of GIFs and one of stickers read as items and the next page's offset, and
/// every address an item gives put to the policy a remote feed's addresses meet.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let policy = AddressPolicy(userAddress: FeedAddress.giphyServer)
    for feed in [GiphyFeed(stickers: false, search: nil), GiphyFeed(stickers: true, search: "cats")] {
        guard let page = try? GiphyAPI.page(from: data, feed: feed) else { continue }
        if let next = page.next { precondition(Int(next).map { $0 > 0 } == true, "a next offset that is not one") }
        for item in page.items {
            precondition(item.width > 0 && item.height > 0, "an item without a size")
            let addresses = item.renditions.map(\.url) + [item.still?.url, item.page].compactMap { $0 }
            for address in addresses { _ = policy.refusal(of: address) }
        }
    }
    return 0
}
