import CellscapeLayout
import CellscapePictures
import CellscapeViewer
import Foundation
import Testing

@testable import CellscapeRemote

/// A remote feed in the viewer: its items join laid out at the sizes the page gives before any pixel,
/// their pixels come from the downloads, and the next page is asked for only as the view nears the end.
@Suite struct RemoteSourceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CellscapePicturesTests/Fixtures")

    /// A page of `count` image statuses whose files are `media`'s, ids from `first`, with a next page.
    static func page(media: LoopbackServer, first: Int, count: Int) -> String {
        let statuses = (first..<first + count).map { id in
            """
            {"id":"\(id)","url":"https://m.example/@a/\(id)","sensitive":false,"media_attachments":[{"id":"m\(id)",
            "type":"image","url":"\(media.url("/\(id).png"))","preview_url":"\(media.url("/\(id).png"))",
            "meta":{"original":{"width":\(200 + id),"height":100}},"blurhash":"LEHV6nWB2yk8pyo0adR*.7kCMdnj"}]}
            """
        }
        return "[" + statuses.joined(separator: ",") + "]"
    }

    @Test func itemsJoinAtTheirSizesAndThePixelsFollow() async throws {
        let png = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("grey8-trns.png")))
        let media = try await LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png)
        }
        let api = try await LoopbackServer { request in
            if request.target.contains("max_id=") { return .json(Self.page(media: media, first: 10, count: 3)) }
            let link = "<https://m.example/api/v1/timelines/public?max_id=2>; rel=\"next\""
            return .json(Self.page(media: media, first: 0, count: 3), headers: [("Link", link)])
        }
        let fetcher = RemoteFetcher(cache: nil)
        let reader = RemoteFeedReader(
            address: try FeedAddress("https://m.example/public", apiBase: api.url("")), fetcher: fetcher)
        let source = RemoteSource(reader: reader, fetcher: fetcher)
        let feed = PictureFeed(paths: [], threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.read(source)
        let giveUp = Date().addingTimeInterval(60)
        while feed.count < 3 && Date() < giveUp {
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
        #expect(feed.count == 3)
        // Laid out before a pixel came: the page's sizes.
        #expect(feed.arrivedSizes(from: 0).map(\.width) == [200, 201, 202])
        // The view far from the end: no next page; within two screens of it: the next.
        source.viewed(bottom: 800, screen: 800, contentEnd: 10_000)
        #expect(api.taken.count == 1)
        source.viewed(bottom: 800, screen: 800, contentEnd: 2_000)
        while feed.count < 6 && Date() < giveUp {
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
        #expect(feed.count == 6 && api.taken.count == 2)
        // The pixels: each thumbnail decoded from its download.
        feed.want(visible: 0..<feed.count, ahead: 0..<0, behind: 0..<0, tileWidth: 64)
        while (0..<feed.count).contains(where: { feed.thumbnail($0) == nil }) && Date() < giveUp {
            feed.loader.waitForWake(milliseconds: 20)
            feed.takeResults()
        }
        #expect((0..<feed.count).allSatisfy { feed.thumbnail($0) != nil })
        #expect(media.taken.count >= 6)
        await fetcher.shutdown()
        await api.stop()
        await media.stop()
    }

    @Test func theBarSaysLoadingOfflineAndWhenTheFeedTriesAgain() {
        var paging = FeedPaging()
        #expect(RemoteSource.status(of: paging) == nil)
        paging.asked()
        #expect(RemoteSource.status(of: paging) == "loading")
        // The first failure waits a second (jitter 0.5 leaves it whole).
        paging.failed(.transient("127.0.0.1 refused the connection"), now: 1000, jitter: 0.5)
        let format = DateFormatter()
        format.dateFormat = "HH:mm:ss"
        let time = format.string(from: Date(timeIntervalSince1970: 1001))
        #expect(
            RemoteSource.status(of: paging) == "offline (127.0.0.1 refused the connection), trying again at \(time)")
        paging.asked()
        paging.failed(.permanent(.needsLogin), now: 1002, jitter: 0)
        #expect(RemoteSource.status(of: paging) == "this server shows that timeline only to its logged-in users")
    }
}
