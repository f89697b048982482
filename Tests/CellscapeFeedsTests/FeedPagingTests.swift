import Foundation
import Testing

@testable import CellscapeFeeds

/// A remote feed's paging: a page asked for as the view nears the end and never two at once, each
/// item once, failures waited out (doubling, with jitter; a 429 until the time it gives), a feed that
/// cannot be read ended with its reason.
@Suite struct FeedPagingTests {
    static func item(_ id: String) -> RemoteItem {
        RemoteItem(
            id: id, kind: .image, width: 10, height: 10,
            renditions: [.init(url: URL(string: "https://f.example/\(id).jpg")!, width: 10, height: 10)], name: id)
    }

    @Test func pagesComeAsTheViewNearsTheEndAndEachItemOnce() {
        var paging = FeedPaging()
        #expect(paging.wantsPage(viewBottom: 800, screen: 800, contentEnd: 0, now: 0), "the first page at once")
        paging.asked()
        #expect(!paging.wantsPage(viewBottom: 800, screen: 800, contentEnd: 0, now: 0), "never two at once")
        #expect(
            paging.received(FeedPage(items: ["a", "b", "c"].map(Self.item), next: "c")).map(\.id) == ["a", "b", "c"])
        // More than two screens to go: not yet; within two: the next.
        #expect(!paging.wantsPage(viewBottom: 800, screen: 800, contentEnd: 2_401, now: 0))
        #expect(paging.wantsPage(viewBottom: 800, screen: 800, contentEnd: 2_400, now: 0))
        paging.asked()
        // The timeline moved while it was read: "c" again is the same item.
        #expect(paging.received(FeedPage(items: ["c", "d"].map(Self.item), next: "d")).map(\.id) == ["d"])
        #expect(paging.items.map(\.id) == ["a", "b", "c", "d"] && paging.next == "d")
        paging.asked()
        paging.received(FeedPage(items: [], next: nil))
        #expect(paging.ended && !paging.wantsPage(viewBottom: 1e9, screen: 800, contentEnd: 0, now: 0))
        // A cursor that does not move on ends the feed rather than asking for the same page for ever.
        var stuck = FeedPaging()
        stuck.received(FeedPage(items: [Self.item("x")], next: "x"))
        stuck.received(FeedPage(items: [Self.item("x")], next: "x"))
        #expect(stuck.ended)
    }

    @Test func failuresAreWaitedOutTwiceAsLongEachTimeWithJitter() {
        var paging = FeedPaging()
        var waits: [Double] = []
        var now = 0.0
        for _ in 0..<12 {
            paging.asked()
            paging.failed(.transient("no network"), now: now, jitter: 0.5)
            let retryAt = paging.retryAt!
            waits.append(retryAt - now)
            #expect(!paging.wantsPage(viewBottom: 0, screen: 800, contentEnd: 0, now: retryAt - 0.001))
            #expect(paging.wantsPage(viewBottom: 0, screen: 800, contentEnd: 0, now: retryAt))
            now = retryAt
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300])
        #expect(paging.problem == "no network")
        // Jitter spreads a wait from half to one and a half times.
        var early = FeedPaging()
        early.failed(.transient("timeout"), now: 0, jitter: 0)
        var late = FeedPaging()
        late.failed(.transient("timeout"), now: 0, jitter: 0.999)
        #expect(early.retryAt == 0.5 && abs(late.retryAt! - 1.499) < 1e-9)
        // A page that comes starts the count again.
        paging.asked()
        paging.received(FeedPage(items: [Self.item("a")], next: "a"))
        paging.failed(.transient("timeout"), now: 1000, jitter: 0.5)
        #expect(paging.retryAt == 1001 && paging.items.count == 1)
    }

    @Test func aRateLimitWaitsUntilTheTimeItGives() {
        let now = 1_795_000_000.0
        #expect(FeedPaging.retryTime(headers: [("Retry-After", "120")], now: now) == now + 120)
        #expect(
            FeedPaging.retryTime(headers: [("retry-after", "Wed, 21 Oct 2026 07:28:00 GMT")], now: 0) == 1_792_567_680)
        #expect(
            FeedPaging.retryTime(
                headers: [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "2026-11-20T10:05:00.000Z")], now: 0)
                == 1_795_169_100)
        #expect(FeedPaging.retryTime(headers: [], now: now) == now + 60)
        var paging = FeedPaging()
        paging.failed(.rateLimited(until: now + 120), now: now, jitter: 0.5)
        #expect(paging.retryAt == now + 120 && paging.problem == "the server asks to wait")
    }

    @Test func aFeedThatCannotBeReadEndsWithItsReason() {
        var paging = FeedPaging()
        paging.asked()
        paging.failed(.permanent(.needsLogin), now: 0, jitter: 0.5)
        #expect(paging.ended && paging.problem == FeedProblem.needsLogin.description)
        #expect(!paging.wantsPage(viewBottom: 0, screen: 800, contentEnd: 0, now: 1e9))
    }
}
