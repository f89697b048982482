import Foundation
import Testing

@testable import CellscapeFeeds

/// Feeds' addresses as users copy them, the requests their pages take, and pages of Mastodon's and
/// GIPHY's JSON (as their documentation gives them, with what servers write otherwise) read as items.
@Suite struct RemoteFeedTests {
    /// The fixture page `name` (Fixtures/feeds); a missing one fails the test.
    static func page(_ name: String) throws -> Data {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/feeds")
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    @Test func addressesNameTheirFeeds() throws {
        let server = URL(string: "https://mastodon.example")!
        #expect(
            try FeedAddress("https://mastodon.example/tags/cats") == .mastodon(server: server, timeline: .tag("cats")))
        #expect(
            try FeedAddress("https://mastodon.example/public")
                == .mastodon(server: server, timeline: .public(local: false)))
        #expect(
            try FeedAddress("https://mastodon.example/public/local")
                == .mastodon(server: server, timeline: .public(local: true)))
        #expect(
            try FeedAddress("https://mastodon.example/@alice@other.example")
                == .mastodon(server: server, timeline: .account("alice@other.example")))
        #expect(
            try FeedAddress("https://mastodon.example/tags/caf%C3%A9/")
                == .mastodon(server: server, timeline: .tag("café")))
        let giphy = FeedAddress.giphyServer
        #expect(
            try FeedAddress("giphy:trending") == .giphy(server: giphy, feed: GiphyFeed(stickers: false, search: nil)))
        #expect(
            try FeedAddress("giphy:stickers/search/happy cat")
                == .giphy(server: giphy, feed: GiphyFeed(stickers: true, search: "happy cat")))
        // A test's server, or a mirror, over plain http to this machine only.
        let local = try FeedAddress("https://mastodon.example/tags/cats", apiBase: "http://127.0.0.1:8080/ignored")
        #expect(local == .mastodon(server: URL(string: "http://127.0.0.1:8080")!, timeline: .tag("cats")))
        #expect(FeedAddress.looksLikeAddress("giphy:trending") && !FeedAddress.looksLikeAddress("/home/a/cats.gif"))
        #expect(FeedAddress.looksLikeAddress("ftp://a.example/x") && !FeedAddress.looksLikeAddress("file:///a.gif"))
    }

    /// A feed is named as its user knows it, by the server given (not a mirror's).
    @Test(arguments: [
        ("https://mastodon.social/tags/cats", "#cats on mastodon.social"),
        ("https://mastodon.social/@alice", "@alice on mastodon.social"),
        ("https://mastodon.social/public/local", "local timeline on mastodon.social"),
        ("giphy:search/happy cat", "GIPHY: happy cat"),
        ("giphy:stickers/trending", "GIPHY stickers: trending"),
    ])
    func aFeedIsNamedAsItsUserKnowsIt(text: String, title: String) throws {
        let address = try FeedAddress(text, apiBase: "http://127.0.0.1:8080")
        #expect(address.title(host: URLComponents(string: text)?.host) == title)
    }

    @Test(arguments: [
        ("http://mastodon.example/tags/cats", "only https"),
        ("https://mastodon.example/explore", "is not a feed Cellscape reads"),
        ("https://mastodon.example/tags/", "is not a feed Cellscape reads"),
        ("https:///tags/cats", "is not an address"),
        ("giphy:popular", "is not a GIPHY feed"),
        ("giphy:search/  ", "is not a GIPHY feed"),
    ])
    func aWrongAddressSaysWhy(text: String, why: String) {
        do {
            _ = try FeedAddress(text)
            Issue.record("\(text) was taken")
        } catch {
            #expect(error.description.contains(why), "\(error)")
            #expect(error.description.hasPrefix(text), "the line names what was given")
        }
    }

    @Test func anAPIBaseMustBeHTTPSOrThisMachine() {
        #expect(throws: FeedProblem.self) { try FeedAddress("giphy:trending", apiBase: "http://mirror.example") }
        #expect(throws: FeedProblem.self) { try FeedAddress("giphy:trending", apiBase: "file:///etc/passwd") }
        #expect((try? FeedAddress("giphy:trending", apiBase: "http://[::1]:9000")) != nil)
        #expect((try? FeedAddress("giphy:trending", apiBase: "http://localhost:9000")) != nil)
    }

    @Test func mastodonPagesAreAskedWithMediaOnlyAndPagedByLink() {
        let server = URL(string: "http://127.0.0.1:8080")!
        #expect(
            MastodonAPI.page(.tag("café"), server: server, after: nil).absoluteString
                == "http://127.0.0.1:8080/api/v1/timelines/tag/caf%C3%A9?only_media=true&limit=40")
        #expect(
            MastodonAPI.page(.public(local: true), server: server, after: "113470271000000001").absoluteString
                == "http://127.0.0.1:8080/api/v1/timelines/public?only_media=true&limit=40&local=true&max_id=113470271000000001"
        )
        #expect(
            MastodonAPI.page(.account("alice"), server: server, accountID: "109", after: nil).absoluteString
                == "http://127.0.0.1:8080/api/v1/accounts/109/statuses?only_media=true&limit=40")
        #expect(
            MastodonAPI.lookup("alice@other.example", server: server).absoluteString
                == "http://127.0.0.1:8080/api/v1/accounts/lookup?acct=alice@other.example")
        let link =
            "<https://mastodon.example/api/v1/timelines/tag/cats?max_id=113470271000000001&only_media=true>; rel=\"next\", "
            + "<https://mastodon.example/api/v1/timelines/tag/cats?min_id=113470271000000003>; rel=\"prev\""
        // Ids are strings: a number this long would lose its last digits as a Double.
        #expect(MastodonAPI.next(link: link) == "113470271000000001")
        #expect(MastodonAPI.next(link: "<https://m.example/x?min_id=3>; rel=\"prev\"") == nil)
        #expect(MastodonAPI.next(link: nil) == nil && MastodonAPI.next(link: "garbage") == nil)
    }

    @Test func aPageOfStatusesGivesItsMediaInOrder() throws {
        let items = try MastodonAPI.items(from: Self.page("mastodon-tag.json"))
        // The sound and the attachments without an id or a size are left out; a boost gives its status's.
        #expect(items.map(\.id) == ["22345792", "22345793", "22345790", "22345700"])
        let photo = items[0]
        #expect(photo.kind == .image && photo.width == 640 && photo.height == 480)
        #expect(photo.renditions.map(\.width) == [461, 640])
        #expect(photo.rendition(fitting: 240)?.url.lastPathComponent == "57859aede991da25.jpeg")
        #expect(photo.rendition(fitting: 240)?.url.path.contains("/small/") == true)
        #expect(photo.rendition(fitting: 1000)?.url.path.contains("/original/") == true)
        #expect(photo.blurHash == "LEHV6nWB2yk8pyo0adR*.7kCMdnj" && photo.focus?.x == -0.42 && photo.focus?.y == 0.69)
        #expect(photo.description == "Two tabby cats asleep on a windowsill" && !photo.sensitive)
        #expect(photo.page?.absoluteString == "https://mastodon.example/@alice/113470271000000003")
        let clip = items[1]
        #expect(clip.kind == .animation && clip.width == 600 && clip.height == 750 && clip.renditions.count == 1)
        #expect(
            clip.renditions[0].url.pathExtension == "mp4" && clip.still?.width == 400 && clip.name == "cat-jump.mp4")
        let video = items[2]
        #expect(video.kind == .video && video.sensitive && video.still?.url.pathExtension == "png")
        // A video's length from its page (its tile shows a still); a looping clip has none to show.
        #expect(video.seconds == 61.2 && clip.seconds == nil && photo.seconds == nil)
        #expect(video.page?.absoluteString == "https://other.example/users/bob/statuses/2", "the uri without a url")
        #expect(items[3].page?.absoluteString == "https://third.example/@dave/9", "the boosted status's page")
    }

    @Test func anAccountIsLookedUpByItsID() throws {
        #expect(
            try MastodonAPI.accountID(from: Data(#"{"id":"109302436954721982","username":"alice"}"#.utf8))
                == "109302436954721982")
        #expect(throws: FeedProblem.self) { try MastodonAPI.accountID(from: Data(#"{"id":109}"#.utf8)) }
    }

    @Test func aGIPHYPageGivesItsRenditionsAndTheNextOffset() throws {
        let feed = GiphyFeed(stickers: false, search: "cats")
        #expect(
            GiphyAPI.page(feed, server: URL(string: "http://127.0.0.1:9000")!, key: "KEY", offset: 50).absoluteString
                == "http://127.0.0.1:9000/v1/gifs/search?api_key=KEY&q=cats&limit=50&offset=50")
        let page = try GiphyAPI.page(from: Self.page("giphy-trending.json"), feed: feed)
        #expect(page.items.map(\.id) == ["3o7abKhOpu0NwenH3O", "l0MYt5jPR6QX5pnqM"])
        #expect(page.next == "54")
        let cat = page.items[0]
        #expect(cat.kind == .animation && cat.width == 480 && cat.height == 270)
        // MP4 where GIPHY has it (a tenth of the GIF), the GIF where not.
        #expect(
            cat.renditions.map(\.url.lastPathComponent) == ["100w.mp4", "200w.mp4", "giphy-downsized.gif", "giphy.mp4"])
        #expect(cat.renditions.map(\.bytes) == [21233, 61233, 1_583_211, 523_012])
        #expect(cat.rendition(fitting: 150)?.url.lastPathComponent == "200w.mp4")
        #expect(
            cat.description == "Cat Jumping GIF"
                && cat.page?.absoluteString == "https://giphy.com/gifs/cat-3o7abKhOpu0NwenH3O")
        let dog = page.items[1]
        #expect(dog.renditions.map(\.url.lastPathComponent) == ["200w.gif"] && dog.description == "a dog waves")
        // Stickers come as WebP, for their transparency.
        let stickers = try GiphyAPI.page(
            from: Self.page("giphy-trending.json"), feed: GiphyFeed(stickers: true, search: nil))
        #expect(stickers.items[0].kind == .sticker && stickers.items[0].renditions[0].url.pathExtension == "webp")
    }

    @Test func aGIPHYFeedEndsWhereItsPagesDo() throws {
        func page(offset: Int, count: Int, total: Int, search: String? = "cats") throws -> String? {
            let json =
                #"{"data":[],"pagination":{"offset":\#(offset),"count":\#(count),"total_count":\#(total)},"meta":{"status":200,"msg":"OK","response_id":"r"}}"#
            return try GiphyAPI.page(from: Data(json.utf8), feed: GiphyFeed(stickers: false, search: search)).next
        }
        #expect(try page(offset: 0, count: 50, total: 120) == "50")
        #expect(try page(offset: 100, count: 20, total: 120) == nil)
        #expect(try page(offset: 50, count: 0, total: 120) == nil)
        #expect(try page(offset: 450, count: 50, total: 5000, search: nil) == nil, "trending stops at offset 499")
        // A server's pagination that goes back, or past the end of numbers, ends the feed.
        #expect(try page(offset: 100, count: -50, total: 5000) == nil)
        #expect(try page(offset: -100, count: 50, total: 5000) == nil)
        #expect(try page(offset: Int.max, count: 1, total: Int.max) == nil)
    }

    @Test func badAnswersSayWhatIsWrong() throws {
        let feed = GiphyFeed(stickers: false, search: nil)
        let synthetic = Data(
            #"{"data":[],"pagination":{"offset":0,"count":0},"meta":{"status":200,"msg":"OK","response_id":""}}"#.utf8)
        #expect(throws: FeedProblem.syntheticAnswer) { try GiphyAPI.page(from: synthetic, feed: feed) }
        let refused = Data(
            #"{"data":[],"meta":{"status":401,"msg":"No API key found in request.","response_id":""}}"#.utf8)
        #expect(throws: FeedProblem.answer("GIPHY said 401 (No API key found in request.)")) {
            try GiphyAPI.page(from: refused, feed: feed)
        }
        #expect(throws: FeedProblem.answer("it is not JSON")) { try MastodonAPI.items(from: Data("<html>".utf8)) }
        #expect(throws: FeedProblem.self) {
            try MastodonAPI.items(from: Data(#"{"error":"This method requires an authenticated user"}"#.utf8))
        }
        // Nested 10,000 deep: refused, without recursing that deep.
        let deep = Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)
        #expect(throws: FeedProblem.self) { try MastodonAPI.items(from: deep) }
        #expect(throws: FeedProblem.self) { try GiphyAPI.page(from: deep, feed: feed) }
    }
}
