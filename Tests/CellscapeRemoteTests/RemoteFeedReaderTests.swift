import CellscapeFeeds
import CellscapePictures
import Foundation
import Testing

@testable import CellscapeRemote

/// A feed read page after page from a server on loopback speaking Mastodon's and GIPHY's APIs (the
/// pages of `Tests/CellscapeFeedsTests/Fixtures/feeds`), and the user's GIPHY key.
@Suite struct RemoteFeedReaderTests {
    static let feeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CellscapeFeedsTests/Fixtures/feeds")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: feeds.appendingPathComponent(name), encoding: .utf8)
    }

    /// Over plain HTTP and over HTTPS, with a certificate the test makes and trusts.
    @Test(arguments: [false, true]) func aMastodonTimelineIsReadPageAfterPageByItsLinks(secure: Bool) async throws {
        let first = try Self.fixture("mastodon-tag.json")
        let certificates = secure ? try TestCertificates() : nil
        defer { certificates?.remove() }
        let server = try await LoopbackServer(certificates: certificates) { request in
            if request.target == "/api/v1/timelines/tag/cats?only_media=true&limit=40" {
                let next =
                    "<https://mastodon.example/api/v1/timelines/tag/cats?max_id=113470271000000001>; rel=\"next\""
                return .json(first, headers: [("Link", next), ("Cache-Control", "max-age=30")])
            }
            if request.target == "/api/v1/timelines/tag/cats?only_media=true&limit=40&max_id=113470271000000001" {
                return .json("[]")
            }
            return LoopbackServer.Reply(status: 404)
        }
        let fetcher = RemoteFetcher(
            cache: try HTTPDiskCache(
                folder: FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString)"),
                limit: 1 << 20), trusting: certificates?.authority, policy: .thisMachine)
        let address = try FeedAddress("https://mastodon.example/tags/cats", apiBase: server.url(""))
        let reader = RemoteFeedReader(address: address, fetcher: fetcher)
        var paging = FeedPaging()
        paging.asked()
        let firstPage = try await reader.page(after: nil, now: 1000)
        // Its identity, as a session records it: the SHA-256 of the body.
        #expect(firstPage.answer == CachedAnswer.digest(of: Array(first.utf8)))
        paging.received(firstPage)
        #expect(paging.items.count == 4 && paging.next == "113470271000000001")
        // Read again within its freshness (the clock given, not the wall's: a test may wait for a core):
        // from the cache, the next page still known from the kept Link.
        #expect(try await reader.page(after: nil, now: 1010).next == "113470271000000001")
        paging.asked()
        paging.received(try await reader.page(after: paging.next, now: 1010))
        #expect(paging.ended && paging.items.count == 4)
        #expect(server.taken.count == 2)
        if let folder = fetcher.cache?.folder { try? FileManager.default.removeItem(at: folder) }
        await fetcher.shutdown()
        await server.stop()
    }

    @Test func anAccountIsLookedUpOnceThenItsPostsRead() async throws {
        let server = try await LoopbackServer { request in
            switch request.target {
            case "/api/v1/accounts/lookup?acct=alice": .json(#"{"id":"109","username":"alice"}"#)
            case "/api/v1/accounts/109/statuses?only_media=true&limit=40": .json("[]")
            default: LoopbackServer.Reply(status: 404)
            }
        }
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let reader = RemoteFeedReader(
            address: try FeedAddress("https://mastodon.example/@alice", apiBase: server.url("")), fetcher: fetcher)
        _ = try await reader.page(after: nil)
        _ = try await reader.page(after: nil)
        #expect(server.taken.map(\.target).filter { $0.contains("lookup") }.count == 1)
        // A timeline the server shows only to its users, and one it does not have.
        let closed = RemoteFeedReader(
            address: try FeedAddress("https://mastodon.example/@nobody", apiBase: server.url("")), fetcher: fetcher)
        do {
            _ = try await closed.page(after: nil)
            Issue.record("an unknown account was read")
        } catch {
            #expect(error.pagingFailure == .permanent(.notFound))
        }
        await fetcher.shutdown()
        await server.stop()
    }

    @Test func aGIPHYFeedSendsTheKeyToGIPHYAlone() async throws {
        let trending = try Self.fixture("giphy-trending.json")
        let server = try await LoopbackServer { request in
            request.target == "/v1/gifs/trending?api_key=KEY123&limit=50&offset=0"
                ? .json(trending) : LoopbackServer.Reply(status: 401)
        }
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        let reader = RemoteFeedReader(
            address: try FeedAddress("giphy:trending", apiBase: server.url("")), fetcher: fetcher, giphyKey: "KEY123")
        let page = try await reader.page(after: nil)
        #expect(page.items.count == 2 && page.next == "54")
        let keyless = RemoteFeedReader(
            address: try FeedAddress("giphy:trending", apiBase: server.url("")), fetcher: fetcher)
        do {
            _ = try await keyless.page(after: nil)
            Issue.record("a feed without a key was read")
        } catch {
            #expect(error.description.contains("needs your own API key"))
        }
        await fetcher.shutdown()
        await server.stop()
    }

    @Test func aServersBadAnswersAreSaidNotSwallowed() async throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let server = try await LoopbackServer { request in
            switch request.target.split(separator: "?").first ?? "" {
            case "/v1/gifs/trending": LoopbackServer.Reply(status: 200)  // synthetic: 200, an empty body
            case "/v1/gifs/search": .json(deep)
            default: .json("<html>")
            }
        }
        let fetcher = RemoteFetcher(cache: nil, policy: .thisMachine)
        func failure(_ address: String) async -> FetchFailure? {
            do {
                let reader = RemoteFeedReader(
                    address: try FeedAddress(address, apiBase: server.url("")), fetcher: fetcher, giphyKey: "K")
                _ = try await reader.page(after: nil)
                return nil
            } catch {
                return error as? FetchFailure
            }
        }
        #expect(await failure("giphy:trending") == .unreadable(.syntheticAnswer))
        // Nested 10,000 deep: refused in a line, the reader's stack untouched.
        #expect(
            await failure("giphy:search/cats").map { "\($0)" }?.hasPrefix("the server's answer cannot be read") == true)
        #expect(await failure("https://m.example/public") == .unreadable(.answer("it is not JSON")))
        await fetcher.shutdown()
        await server.stop()
    }

    @Test func theKeyComesFromTheEnvironmentOrAFileOnlyItsOwnerReads() throws {
        #expect(try GiphyKey.load(environment: ["GIPHY_API_KEY": " abc123\n"]) == "abc123")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("giphy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CONFIG_HOME": home.path]
        do {
            _ = try GiphyKey.load(environment: environment)
            Issue.record("a key without a file")
        } catch {
            #expect(error.description.contains("developers.giphy.com"))
        }
        let file = GiphyKey.file(environment: environment)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(
                atPath: file, contents: Data("KEY123\n".utf8), attributes: [.posixPermissions: 0o644]))
        do {
            _ = try GiphyKey.load(environment: environment)
            Issue.record("a key others can read")
        } catch {
            #expect(error.description.contains("chmod 600"))
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        #expect(try GiphyKey.load(environment: environment) == "KEY123")
    }
}
