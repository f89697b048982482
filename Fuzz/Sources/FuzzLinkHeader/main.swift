import CellscapeFeeds
import Foundation

/// The headers a feed's answer is read by: a `Link` header for the next page's `max_id`; the same
/// text as the dates and cache directives that decide how long an answer is kept, and as a
/// `Retry-After`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    _ = MastodonAPI.next(link: text)
    let now = 1_800_000_000.0
    _ = HTTPHeaders.date(text, now: now)
    let fields = [("Cache-Control", text), ("Date", text), ("Expires", text), ("Age", text), ("Link", text)]
    if let kept = CachedAnswer.keeping([1, 2, 3], headers: fields, at: now) {
        precondition(kept.maxAge.map { $0 >= 0 } ?? true, "a negative lifetime")
        _ = kept.revalidated(headers: fields, at: now + 1)
    }
    _ = FeedPaging.retryTime(headers: [("Retry-After", text)], now: now)
    return 0
}
