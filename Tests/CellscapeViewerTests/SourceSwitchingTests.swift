import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// The query line opens another folder in the running viewer; back and forward return to each source
/// where it was left; a query that cannot open leaves the view as it was.
@Suite struct SourceSwitchingTests {
    /// Opens folders by their path, as the command line's opener does; refuses "nowhere".
    final class FolderOpener: SourceOpener {
        var opened: [String] = []
        func open(_ request: SourceRequest, recording: Bool) -> Result<OpenedSource, SourceRefusal> {
            guard request.query != "nowhere" else { return .failure(SourceRefusal("cannot read nowhere")) }
            opened.append(request.query)
            let feed = PictureFeed(
                listing: [request.query], recursive: false, diskCache: nil, memoryBytes: 1 << 24, report: { _ in })
            return .success(OpenedSource(name: request.query, feed: feed))
        }
        func suggestions(for typed: String) -> [String] { ["/recent/one", "/recent/two"] }
    }

    static func driver(_ count: Int, named: Bool = false) throws -> (
        driver: ViewerDriver, opener: FolderOpener, root: String
    ) {
        let colours = (0..<count).map { UInt32(0xFF00_0000) | UInt32(0x10_1010 * ($0 % 15 + 1)) }
        let (root, paths) = try PictureWaterfallTests.folder(colours)
        let feed = PictureFeed(paths: paths, threads: 2, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        feed.waitForAllHeaders()
        var waterfall = WaterfallScene.Options()
        waterfall.size = Size(width: 640, height: 480)
        if named { waterfall.sourceName = root }
        var force = ForceScene.Options()
        force.size = waterfall.size
        let driver = ViewerDriver(force: force, waterfall: waterfall, pictures: feed, view: .waterfall)
        let opener = FolderOpener()
        driver.opener = opener
        return (driver, opener, root)
    }

    /// Types `query` into the line and opens it; waits until the source can show and shows it, as the
    /// loop does.
    static func open(_ query: String, in driver: ViewerDriver) -> Bool {
        driver.send(.key(.openQuery))
        driver.send(.text(query))
        driver.send(.edit(.submit))
        var shown = false
        let feed = driver.pendingSource?.feed
        _ = CallerWait.until(timeout: 30) {
            shown || driver.pendingSource == nil
        } step: {
            feed?.loader.waitForWake(milliseconds: 20)
            if let name = driver.readySource() {
                driver.send(.showSource(name))
                shown = true
            }
        }
        return shown
    }

    @Test func backAndForwardReturnWhereEachSourceWasLeft() throws {
        let (driver, opener, root) = try Self.driver(60)
        let (other, _) = try PictureWaterfallTests.folder([0xFF11_2233, 0xFF44_5566, 0xFF77_8899])
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: other)
        }
        let first = driver.model.waterfall.pictures
        for _ in 0..<5 { driver.send(.key(.pageDown)) }
        driver.send(.key(.toggleMark))
        let (offset, selection) = (driver.model.waterfall.scrollOffset, driver.model.waterfall.selection)
        #expect(offset > 0 && selection != nil)
        #expect(Self.open(other, in: driver))
        #expect(opener.opened == [other])
        #expect(driver.model.waterfall.pictures !== first && driver.model.waterfall.scrollOffset == 0)
        let shown = try #require(driver.model.waterfall.pictures)
        _ = CallerWait.until(timeout: 30) {
            driver.model.waterfall.itemCount == 4
        } step: {
            shown.loader.waitForWake(milliseconds: 20)
            driver.takePictureResults()
        }
        #expect(driver.model.waterfall.itemCount == 4 && driver.model.waterfall.held.marked.isEmpty)
        #expect(driver.model.title == "\(other) - Cellscape")
        driver.send(.key(.historyBack))
        #expect(driver.model.waterfall.pictures === first)
        #expect(driver.model.waterfall.scrollOffset == offset && driver.model.waterfall.selection == selection)
        #expect(driver.model.waterfall.held.marked.count == 1, "marks stay with their source")
        driver.send(.key(.historyForward))
        #expect(driver.model.waterfall.itemCount == 4 && driver.model.waterfall.scrollOffset == 0)
        driver.send(.key(.historyForward))
        #expect(driver.model.waterfall.status?.text == "nothing forward")
        driver.closeOtherSources()
    }

    @Test func aQueryThatCannotOpenLeavesTheViewAsItWas() throws {
        let (driver, _, root) = try Self.driver(10)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-empty-\(UUID())").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: empty)
        }
        let first = driver.model.waterfall.pictures
        driver.send(.key(.pageDown))
        let offset = driver.model.waterfall.scrollOffset
        driver.send(.key(.openQuery))
        driver.send(.text("nowhere"))
        driver.send(.edit(.submit))
        #expect(driver.model.waterfall.status?.text == "cannot read nowhere")
        #expect(driver.model.query == nil && driver.pendingSource == nil)
        #expect(!Self.open(empty, in: driver), "an empty folder never shows")
        #expect(driver.model.waterfall.status?.text == "no pictures in \(empty)")
        #expect(driver.model.waterfall.pictures === first && driver.model.waterfall.scrollOffset == offset)
        driver.send(.key(.historyBack))
        #expect(driver.model.waterfall.status?.text == "nothing back")
        // Escape leaves the line and opens nothing.
        driver.send(.key(.openQuery))
        driver.send(.text("x"))
        #expect(driver.model.query?.suggestions == ["/recent/one", "/recent/two"])
        driver.send(.edit(.cancel))
        #expect(driver.model.query == nil && driver.pendingSource == nil)
    }

    @Test func aSourcePastTheBoundOpensAgainWhereItWasLeft() throws {
        let (driver, opener, root) = try Self.driver(60, named: true)
        let others = try (0...SourceHistory.bound).map { _ in try PictureWaterfallTests.folder([0xFF11_2233]).root }
        defer { for folder in [root] + others { try? FileManager.default.removeItem(atPath: folder) } }
        for _ in 0..<4 { driver.send(.key(.pageDown)) }
        let (offset, selection) = (driver.model.waterfall.scrollOffset, driver.model.waterfall.selection)
        #expect(offset > 0)
        for folder in others { #expect(Self.open(folder, in: driver)) }
        // Back through the sources kept: each at once, no source opened.
        for _ in 0..<SourceHistory.bound { driver.send(.key(.historyBack)) }
        #expect(driver.model.waterfall.sourceName == others[0] && !driver.isOpeningSource)
        // The first was closed past the bound: it opens again and goes back where it was.
        driver.send(.key(.historyBack))
        #expect(driver.isOpeningSource && driver.model.waterfall.status?.text == "opening \(root) again")
        let feed = try #require(driver.pendingSource?.feed)
        var shown = false
        _ = CallerWait.until(timeout: 30) {
            shown
        } step: {
            feed.loader.waitForWake(milliseconds: 20)
            if let name = driver.readySource() {
                driver.send(.showSource(name))
                shown = true
            }
        }
        #expect(opener.opened.last == root && driver.model.waterfall.pictures === feed)
        _ = CallerWait.until(timeout: 30) {
            driver.model.restoring == nil
        } step: {
            feed.loader.waitForWake(milliseconds: 20)
            driver.takePictureResults()
        }
        #expect(driver.model.waterfall.scrollOffset == offset && driver.model.waterfall.selection == selection)
        #expect(!driver.model.canGoBack && driver.model.canGoForward)
        driver.send(.key(.historyForward))
        #expect(driver.model.waterfall.sourceName == others[0])
        driver.closeOtherSources()
    }

    /// A source whose pages the test gives: loading until it is told what came.
    final class HeldSource: PictureSource {
        var problem: String?
        var loading = true
        func takeArrived() -> [SourcePicture] { [] }
        var report: SourceReport { SourceReport(title: "held", problem: problem, isLoading: loading) }
    }

    /// Opens a ``HeldSource`` for any query.
    final class HeldOpener: SourceOpener {
        let source = HeldSource()
        func open(_ request: SourceRequest, recording: Bool) -> Result<OpenedSource, SourceRefusal> {
            let feed = PictureFeed(paths: [], diskCache: nil, memoryBytes: 1 << 20) { _ in }
            feed.read(source)
            return .success(OpenedSource(name: request.query, feed: feed))
        }
        func suggestions(for typed: String) -> [String] { [] }
    }

    /// The window's loop: a source that cannot show redraws the bar at once to say why (the status
    /// would otherwise wait for the next frame something else asks for).
    @Test func theLoopSaysAtOnceWhyASourceCannotShow() throws {
        let (driver, _, root) = try Self.driver(3)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let opener = HeldOpener()
        driver.opener = opener
        let scheduler = FrameScheduler(driver: driver, framesPerSecond: 60)
        scheduler.isMapped = true
        scheduler.take([.key(.openQuery), .text("https://m.example/@nobody"), .edit(.submit)], now: 0)
        _ = scheduler.beginFrame(now: 0)
        scheduler.frameDrawn(started: 0)
        scheduler.take([], now: 0)
        #expect(driver.isOpeningSource && scheduler.beginFrame(now: 1_000_000_000) == nil, "loading: nothing to draw")
        opener.source.loading = false
        opener.source.problem = "the server has no such feed"
        scheduler.take([], now: 0)
        #expect(!driver.isOpeningSource && scheduler.beginFrame(now: 1_000_000_000) != nil, "a frame at once")
        #expect(driver.model.waterfall.status?.text == "https://m.example/@nobody: the server has no such feed")
        driver.closeSources()
    }
}
