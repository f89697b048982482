import CellscapeFeeds
import CellscapePictures
import Foundation

/// A Mastodon server's answers: a page of statuses read as items (each with a sane size), an account
/// lookup read for its id, every address an item gives put to the policy a remote feed's addresses
/// meet, and its blurhash drawn as its placeholder is.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    _ = try? MastodonAPI.accountID(from: data)
    guard let items = try? MastodonAPI.items(from: data) else { return 0 }
    let policy = AddressPolicy(userAddress: URL(string: "https://mastodon.example"))
    for item in items {
        precondition((1...65_535).contains(item.width) && (1...65_535).contains(item.height), "a size out of bounds")
        let addresses = item.renditions.map(\.url) + [item.still?.url, item.page].compactMap { $0 }
        for address in addresses { _ = policy.refusal(of: address) }
        if let text = item.blurHash, let hash = BlurHash(text) { _ = hash.picture(width: 32, height: 32) }
    }
    return 0
}
