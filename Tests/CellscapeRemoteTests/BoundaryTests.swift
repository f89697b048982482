import CellscapeFeeds
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation
import Testing

@testable import CellscapeRemote

/// What a hostile server's addresses reach: nothing but the internet over https, each refusal said on
/// its tile, the feed going on. Names are pinned to addresses (curl's `--resolve`): no test connects
/// anywhere but loopback, and the refused ones nowhere at all.
@Suite struct BoundaryTests {
    @Test func aNameThatLeadsToThisComputerOrItsNetworkIsRefusedBeforeASocketOpens() async throws {
        let server = try await LoopbackServer { _ in .json("{}") }
        let port = try #require(URL(string: server.url("/"))?.port)
        var limits = RemoteFetcher.Limits()
        limits.connect = .seconds(5)
        limits.resolve = [
            "sneaky.test:\(port):127.0.0.1", "inside.test:443:10.0.0.1", "cloud.test:443:169.254.169.254",
            "mapped.test:443:::ffff:192.168.0.1",
        ]
        let policy = AddressPolicy(userAddress: URL(string: "https://feed.test")!)
        let fetcher = RemoteFetcher(cache: nil, limits: limits, policy: policy)
        func failure(_ address: String) async -> FetchFailure? {
            await RemoteFetcherTests.failure { _ = try await fetcher.fetch(URL(string: address)!, cap: 1000) }
        }
        // Were a socket opened, these would fail otherwise: a TLS handshake with a plain server, a
        // connection that times out on a network not there.
        #expect(await failure("https://sneaky.test:\(port)/a") == .forbidden(.network(.loopback)))
        #expect(await failure("https://inside.test/a") == .forbidden(.network(.local)))
        #expect(await failure("https://cloud.test/a") == .forbidden(.network(.linkLocal)))
        #expect(await failure("https://mapped.test/a") == .forbidden(.network(.local)))
        #expect(server.taken.isEmpty)
        // Refused before anything is asked.
        #expect(await failure("file:///etc/passwd") == .forbidden(.scheme("file")))
        #expect(await failure("http://example.org/a") == .forbidden(.plainHTTP))
        await fetcher.shutdown()
        await server.stop()
    }

    @Test func aPageThatPointsAtFilesAndOtherSchemesBreaksThoseTilesAndNotTheFeed() async throws {
        let png = try [UInt8](Data(contentsOf: RemoteSourceTests.fixtures.appendingPathComponent("grey8-trns.png")))
        let media = try await LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
        }
        let good = media.url("/good.png")
        let withUser = media.url("/user.png").replacingOccurrences(of: "://", with: "://user:pw@")
        let addresses = [
            good, "file:///etc/passwd", "ftp://example.org/a.png", "http+unix://%2Fvar%2Frun%2Fx.sock/a.png",
            "javascript:alert(1)", withUser,
        ]
        let statuses = addresses.enumerated().map { id, address in
            """
            {"id":"\(id)","url":"https://m.example/@a/\(id)","media_attachments":[{"id":"m\(id)","type":"image",
            "url":"\(address)","preview_url":"\(address)","meta":{"original":{"width":200,"height":100}}}]}
            """
        }
        let page = "[" + statuses.joined(separator: ",") + "]"
        let api = try await LoopbackServer { _ in .json(page) }
        let address = try FeedAddress("https://m.example/public", apiBase: api.url(""))
        let fetcher = RemoteFetcher(cache: nil, policy: AddressPolicy(userAddress: address.server))
        let seen = await RemoteSourceTests.onOwnThread { () -> [String] in
            let (feed, _) = RemoteSourceTests.feed(address, fetcher)
            RemoteSourceTests.wait(feed) { feed.count >= 1 }
            feed.want(visible: 0..<feed.count, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
            RemoteSourceTests.wait(feed) {
                (0..<feed.count).allSatisfy { feed.thumbnail($0) != nil || feed.problem(at: $0) != nil }
            }
            return (0..<feed.count).map { feed.thumbnail($0) != nil ? "shown" : feed.problem(at: $0) ?? "nothing" }
        }
        #expect(
            seen == [
                "shown", "refused: the server points at a file on this computer",
                "refused: the server points at a ftp: address", "refused: the server points at a http+unix: address",
                "refused: the server points at a javascript: address",
                "refused: the server's address carries a user name or password",
            ])
        #expect(media.taken.map(\.target) == ["/good.png"])
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }
}
