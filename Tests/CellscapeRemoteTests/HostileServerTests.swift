import CellscapeFeeds
import CellscapePictures
import Foundation
import Testing

@testable import CellscapeRemote

/// A Mastodon server on loopback that answers as a hostile one would: each answer ends its page
/// with one line, in bounded memory, and the next page can still be read.
@Suite struct HostileServerTests {
    /// The first page as `reply` answers it, through a reader of a feed on that server, and whether
    /// the server still answers a page well afterwards.
    static func firstPage(_ reply: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply) async throws
        -> (Result<FeedPage, FetchFailure>, wellAfter: Bool)
    {
        let server = try await LoopbackServer { request in
            request.target.contains("max_id=") ? .json("[]") : reply(request)
        }
        var limits = RemoteFetcher.Limits()
        limits.read = .seconds(2)
        let fetcher = RemoteFetcher(cache: nil, limits: limits, policy: .thisMachine)
        let reader = RemoteFeedReader(
            address: try FeedAddress("https://m.example/tags/cats", apiBase: server.url("")), fetcher: fetcher)
        let first: Result<FeedPage, FetchFailure>
        do {
            first = .success(try await reader.page(after: nil, now: 1000))
        } catch {
            first = .failure(error)
        }
        let after = (try? await reader.page(after: "1", now: 1000))?.items.isEmpty == true
        await fetcher.shutdown()
        await server.stop()
        return (first, after)
    }

    static func status(_ id: Int) -> String {
        """
        {"id":"\(id)","url":"https://m.example/@a/\(id)","media_attachments":[{"id":"m\(id)","type":"image",
        "url":"https://files.m.example/\(id).png","meta":{"original":{"width":20,"height":10}}}]}
        """
    }

    @Test func aPageTenThousandStatusesLongIsReadWithinItsCap() async throws {
        let page = "[" + (0..<10_000).map(Self.status).joined(separator: ",") + "]"
        let (first, after) = try await Self.firstPage { _ in .json(page) }
        switch first {
        case .success(let read): #expect(read.items.count == 10_000)
        case .failure(let failure): #expect(failure.description.contains("sent more than"), "\(failure)")
        }
        #expect(after)
    }

    @Test func jsonNestedTenThousandDeepIsOneLine() async throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let (first, after) = try await Self.firstPage { _ in .json(deep) }
        guard case .failure(let failure) = first else {
            Issue.record("read: \(first)")
            return
        }
        #expect(failure.description == "the server's answer cannot be read: it is not JSON")
        #expect(after)
    }

    @Test func aLinkHeaderOfAMegabyteIsOneLine() async throws {
        let link =
            "<https://m.example/api/v1/timelines/tag/cats?max_id=" + String(repeating: "9", count: 1 << 20)
            + ">; rel=\"next\""
        let (first, after) = try await Self.firstPage { _ in
            .json("[" + Self.status(1) + "]", headers: [("Link", link)])
        }
        // Past libcurl's 100 KB of headers: said once, not waited out as a bad day's.
        guard case .failure(let failure) = first else {
            Issue.record("read: \(first)")
            return
        }
        #expect(failure == .refused("127.0.0.1 sent headers too large to read"))
        #expect(after)
    }

    @Test func aLengthThatLiesIsOneLine() async throws {
        let body = Array("[\(Self.status(1))]".utf8)
        let (first, after) = try await Self.firstPage { _ in
            // It says the whole length and sends half.
            LoopbackServer.Reply(
                headers: [("Content-Type", "application/json")], body: body, cutsBodyAfter: body.count / 2)
        }
        guard case .failure(let failure) = first else {
            Issue.record("read: \(first)")
            return
        }
        #expect(failure == .transient("127.0.0.1 closed the connection"))
        #expect(after)
    }
}
