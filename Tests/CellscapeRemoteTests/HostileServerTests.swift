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
    static func firstPage(
        whole: Duration = .seconds(60), _ reply: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply
    ) async throws -> (Result<FeedPage, FetchFailure>, wellAfter: Bool) {
        let server = try await LoopbackServer { request in
            request.target.contains("max_id=") ? .json("[]") : reply(request)
        }
        var limits = RemoteFetcher.Limits()
        limits.read = .seconds(2)
        limits.whole = whole
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

    /// The failure a first page ended with; nil (recorded) when it was read.
    static func failure(_ first: Result<FeedPage, FetchFailure>) -> FetchFailure? {
        guard case .failure(let failure) = first else {
            Issue.record("read: \(first)")
            return nil
        }
        return failure
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
        let failure = try #require(Self.failure(first))
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
        let failure = try #require(Self.failure(first))
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
        let failure = try #require(Self.failure(first))
        #expect(failure == .transient("127.0.0.1 closed the connection"))
        #expect(after)
    }

    /// `text` compressed by gzip (Debian's, as a server's would be).
    static func gzipped(_ text: [UInt8]) throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-bomb-\(UUID())")
        try Data(text).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-c", "-n", "-9", file.path]
        let output = Pipe()
        gzip.standardOutput = output
        try gzip.run()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        try #require(gzip.terminationStatus == 0)
        return [UInt8](compressed)
    }

    @Test func aGzipBombStopsAtThePagesCap() async throws {
        // 64 MB of JSON in about 64 KB: the cap counts what the body inflates to.
        let bomb = try Self.gzipped(Array("[".utf8) + [UInt8](repeating: 0x20, count: 64 << 20) + Array("]".utf8))
        #expect(bomb.count < 1 << 20)
        let (first, after) = try await Self.firstPage { _ in
            LoopbackServer.Reply(
                headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: bomb)
        }
        let failure = try #require(Self.failure(first))
        #expect(failure == .refused("127.0.0.1 sent more than 4 MB"))
        #expect(after)
    }

    @Test func aBodyThatTricklesEndsAtTheWholeRequestsLimit() async throws {
        // Each byte within the silence limit, the page never done: the whole request's limit ends it.
        let body = Array("[\(Self.status(1))]".utf8)
        let (first, after) = try await Self.firstPage(whole: .seconds(1)) { _ in
            LoopbackServer.Reply(
                headers: [("Content-Type", "application/json")], body: body, trickle: .milliseconds(100))
        }
        let failure = try #require(Self.failure(first))
        #expect(failure == .transient("127.0.0.1 took too long"))
        #expect(after)
    }

    @Test(arguments: [
        ("file:///etc/passwd", "127.0.0.1 redirects to a file: address"), ("/", "127.0.0.1 redirects too often"),
    ])
    func aPageThatRedirectsToAFileOrInALoopIsOneLine(location: String, line: String) async throws {
        let (first, after) = try await Self.firstPage { _ in
            LoopbackServer.Reply(status: 302, headers: [("Location", location)])
        }
        let failure = try #require(Self.failure(first))
        #expect(failure == .refused(line))
        #expect(after)
    }
}
