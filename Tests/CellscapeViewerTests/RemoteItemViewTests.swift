import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures
@testable import CellscapeRender
@testable import CellscapeViewer

/// A remote feed's items in the viewer: named by the feed, acted on by their pages (`y`, `o`, `-o`),
/// refused by the trash and the key-handler, shown as their placeholder until their pixels come and,
/// when sensitive, until revealed; their alt text in the info panel, the feed's state in the bar.
@Suite struct RemoteItemViewTests {
    /// A feed the test fills by hand, saying what the test sets.
    final class FeedSource: PictureSource {
        var waiting: [SourcePicture] = []
        var status: String?
        var report: SourceReport { SourceReport(title: "mastodon.example/tags/cats", status: status) }
        func takeArrived() -> [SourcePicture] {
            defer { waiting.removeAll() }
            return waiting
        }
    }

    static let colours: [UInt32] = [0xFFD0_3020, 0xFF20_A040]
    static let placeholderColour: UInt32 = 0xFF80_40C0
    static let alt =
        "A grey cat asleep on a windowsill in the afternoon sun, one paw over its nose, a potted basil "
        + "plant beside it.\nTaken in Lisbon."

    static func item(
        _ id: String, sensitive: Bool = false, alt: String? = nil,
        page: String? = nil
    ) -> PictureDetails {
        PictureDetails(
            name: "\(id).png", page: URL(string: page ?? "https://mastodon.example/@alice/\(id)"), altText: alt,
            isSensitive: sensitive)
    }

    /// The scene with the feed's two items, their thumbnails arrived: `a`, and `b`, sensitive.
    static func scene(
        showsSensitive: Bool = false, pages: [String?] = [nil, nil]
    ) throws -> (WaterfallScene, PictureFeed, FeedSource) {
        let feed = PictureFeed(paths: [], threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        let source = FeedSource()
        source.status = "loading"
        feed.read(source)
        var options = WaterfallScene.Options()
        options.size = Size(width: 700, height: 500)
        options.showsHUD = false
        options.showsSensitive = showsSensitive
        var scene = WaterfallScene(options: options, pictures: feed)
        #expect(WaterfallPainter.noPictures(feed) == ["loading"], "an empty feed says why")
        let drawn = Framebuffer(width: 6, height: 4)
        drawn.fill(Color(hex: 0x80_40C0))
        let placeholder = drawn.finished()
        source.waiting = try zip(zip(["a", "b"], colours), pages).map { item, page in
            let (id, colour) = item
            return SourcePicture(
                bytes: PictureBytes(name: "\(id).png", bytes: try PictureSourceTests.png(300, 200, colour)),
                size: Size(width: 300, height: 200),
                details: Self.item(id, sensitive: id == "b", alt: id == "b" ? alt : nil, page: page),
                placeholder: placeholder)
        }
        source.status = nil
        _ = scene.takePictureResults()
        scene.prepareFrame()
        let giveUp = Date().addingTimeInterval(60)
        // Thumbnails and headers: a source's pictures may show before their headers are read.
        let arrived = { (0..<2).allSatisfy { feed.hasThumbnail(at: $0) && feed.header(at: $0) != nil } }
        while !arrived() && Date() < giveUp {
            feed.loader.waitForWake(milliseconds: 50)
            _ = scene.takePictureResults()
            scene.prepareFrame()
        }
        #expect(arrived())
        scene.finishFades()
        return (scene, feed, source)
    }

    static func centres(of scene: WaterfallScene) -> [UInt32] {
        let frame = Framebuffer(width: 700, height: 500)
        scene.render(into: frame, text: nil)
        return (0..<2).map { index in
            let tile = scene.layout.frame(at: index)
            return frame[Int(tile.center.x), Int(tile.center.y - scene.scrollOffset)]
        }
    }

    @Test func aSensitiveItemShowsItsPlaceholderUntilRevealed() throws {
        var (scene, feed, _) = try Self.scene()
        #expect(feed.folderName == "mastodon.example/tags/cats")
        #expect(Self.centres(of: scene) == [Self.colours[0], Self.placeholderColour])
        scene.handle(.key(.home))
        scene.handle(.key(.next))
        scene.handle(.key(.revealSensitive))
        #expect(Self.centres(of: scene) == Self.colours)
        scene.handle(.key(.revealSensitive))
        #expect(Self.centres(of: scene) == [Self.colours[0], Self.placeholderColour], "v blurs it again")
        let (shown, _, _) = try Self.scene(showsSensitive: true)
        #expect(Self.centres(of: shown) == Self.colours, "--show-sensitive")
    }

    @Test func itemsAreActedOnByTheirPagesAndTheTrashRefusesThem() throws {
        var (scene, feed, source) = try Self.scene()
        let pages = ["https://mastodon.example/@alice/a", "https://mastodon.example/@alice/b"]
        #expect(feed.addresses == pages, "what -o prints")
        scene.handle(.key(.home))
        scene.handle(.key(.copyPaths))
        #expect(scene.takeRequests() == [.copyPaths([pages[0]])])
        #expect(scene.status?.text == "copied https://mastodon.example/@alice/a", "the bar says what was copied")
        scene.handle(.key(.toggleMark))
        scene.handle(.key(.next))
        scene.handle(.key(.toggleMark))
        scene.handle(.key(.openWithDesktop))
        #expect(scene.takeRequests() == [.openWithDesktop(pages)])
        #expect(scene.status?.text == "opening 2 pictures with the desktop's application")
        #expect(PictureRequest.shortName("/home/a/Pictures/cat.jpg") == "cat.jpg")
        #expect(PictureRequest.noun(["/a.jpg", "/b.jpg"]) == "paths" && PictureRequest.noun(pages) == "addresses")
        scene.handle(.key(.save))
        #expect(
            scene.takeRequests() == [
                .save([
                    SavedPicture(path: "a.png", details: Self.item("a")),
                    SavedPicture(path: "b.png", details: Self.item("b", sensitive: true, alt: Self.alt)),
                ])
            ])
        scene.handle(.key(.trashMarked))
        #expect(scene.takeRequests().isEmpty)
        #expect(scene.status?.text == "the trash takes files only: a feed's items are not on this computer")
        scene.requestKeyHandler("a")
        #expect(scene.takeRequests().isEmpty)
        #expect(scene.status?.text == "the key-handler takes files only: a feed's items are not on this computer")
        // The bar: the feed's state beside the counts.
        source.status = "offline (mastodon.example refused the connection), trying again at 14:03:22"
        #expect(WaterfallPainter(scene: scene).barText.right.hasSuffix(source.status!))
    }

    @Test func onlyWebPagesReachTheDesktop() throws {
        var (scene, _, _) = try Self.scene(pages: ["file:///etc/passwd", "javascript:alert(1)"])
        scene.handle(.key(.home))
        scene.handle(.key(.openWithDesktop))
        #expect(scene.takeRequests().isEmpty)
        #expect(scene.status?.text == "no web page to open: the server gave none")
        scene.handle(.key(.next))
        scene.handle(.key(.copyPaths))
        #expect(scene.takeRequests().isEmpty)
        #expect(scene.status?.text == "no web page to copy: the server gave none")
        let (other, _, _) = try Self.scene(pages: ["https://user:pw@mastodon.example/a", "http://mastodon.example/b"])
        var mixed = other
        mixed.handle(.key(.home))
        mixed.handle(.key(.toggleMark))
        mixed.handle(.key(.next))
        mixed.handle(.key(.toggleMark))
        mixed.handle(.key(.openWithDesktop))
        #expect(
            mixed.takeRequests() == [.openWithDesktop(["http://mastodon.example/b"])],
            "a page with a password is left out")
    }

    @Test func theInfoPanelGivesThePageAndTheAltTextWrapped() throws {
        var (scene, _, _) = try Self.scene(showsSensitive: true)
        scene.handle(.key(.home))
        scene.handle(.key(.open))
        scene.handle(.key(.toggleInfo))
        #expect(
            Array(WaterfallPainter(scene: scene).infoLines.suffix(2)) == [
                "https://mastodon.example/@alice/a", "no alt text",
            ])
        scene.handle(.key(.next))
        let lines = WaterfallPainter(scene: scene).infoLines
        #expect(
            Array(lines.suffix(4)) == [
                "https://mastodon.example/@alice/b",
                "alt: A grey cat asleep on a windowsill in the afternoon sun, one paw",
                "over its nose, a potted basil plant beside it.", "Taken in Lisbon.",
            ])
        #expect(
            WaterfallPainter.wrapped(String(repeating: "x", count: 100), columns: 40) == [
                String(repeating: "x", count: 40)
            ])
    }

    @Test func aRemoteVideoSaysItsLengthFromItsPageOnItsTileAndInTheBar() throws {
        let feed = PictureFeed(paths: [], threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        let source = FeedSource()
        feed.read(source)
        var options = WaterfallScene.Options()
        options.size = Size(width: 700, height: 500)
        options.showsHUD = false
        var scene = WaterfallScene(options: options, pictures: feed)
        var video = Self.item("v")
        video.seconds = 61.2
        // Its tile shows a still: a PNG, which says no length.
        source.waiting = [
            SourcePicture(
                bytes: PictureBytes(name: "v.mp4", bytes: try PictureSourceTests.png(300, 200, Self.colours[0])),
                size: Size(width: 300, height: 200), details: video)
        ]
        _ = scene.takePictureResults()
        scene.handle(.key(.home))
        #expect(feed.length(at: 0) == 61.2)
        #expect(
            WaterfallPainter(scene: scene).barText.left.hasSuffix("1:01"),
            "\(WaterfallPainter(scene: scene).barText.left)")
    }
}
