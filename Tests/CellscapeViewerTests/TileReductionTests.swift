import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// A picture of fine detail shown smaller than it is, in a tile or fitted in the image view, is within
/// 4/255 (mean per channel) of an area reduction of the picture to the size drawn: no beat lines.
@Suite struct TileReductionTests {
    /// A 3000 x 2000 picture of thin lines one pixel wide: vertical every 7 pixels, diagonal every 11,
    /// in a few greys (what a nearest-pixel reduction turns into beat lines).
    static func lines() throws -> (root: String, path: String, picture: Framebuffer) {
        let picture = Framebuffer(width: 3000, height: 2000)
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let grey: UInt32 = x % 7 == 0 ? 0xF0 : (x + y) % 11 == 0 ? 0xC0 : 0x20 + UInt32(y % 3) * 8
                picture[x, y] = 0xFF00_0000 | grey << 16 | grey << 8 | grey
            }
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-lines-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = "\(root)/lines.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data(try #require(PictureEncoder.png(picture))))
        return (root, path, picture)
    }

    /// The exact mean of the area of `picture` each of `width` x `height` pixels covers, per channel
    /// (an opaque picture): computed here, apart from the decoders' own reduction.
    static func areaReduction(_ picture: Framebuffer, width: Int, height: Int) -> [SIMD3<Double>] {
        func weights(_ source: Int, _ target: Int) -> [[(index: Int, weight: Double)]] {
            let scale = Double(source) / Double(target)
            return (0..<target).map { column in
                let (start, end) = (Double(column) * scale, Double(column + 1) * scale)
                return (Int(start)..<min(source, Int(end.rounded(.up)))).map { index in
                    (index, (min(end, Double(index + 1)) - max(start, Double(index))) / scale)
                }
            }
        }
        let (across, down) = (weights(picture.width, width), weights(picture.height, height))
        var rows = [SIMD3<Double>](repeating: .zero, count: width * picture.height)
        for y in 0..<picture.height {
            for x in 0..<width {
                rows[y * width + x] = across[x].reduce(.zero) { $0 + Self.channels(picture[$1.index, y]) * $1.weight }
            }
        }
        return (0..<height).flatMap { y in
            (0..<width).map { x in down[y].reduce(.zero) { $0 + rows[$1.index * width + x] * $1.weight } }
        }
    }

    static func channels(_ pixel: UInt32) -> SIMD3<Double> {
        SIMD3(Double(pixel >> 16 & 0xFF), Double(pixel >> 8 & 0xFF), Double(pixel & 0xFF))
    }

    /// The mean difference per channel between `frame`'s pixels from `rect`'s rounded corner and
    /// `expected`, `width` x `height` pixels: the size drawn, within a pixel of `rect`'s.
    static func meanDifference(
        _ frame: Framebuffer, in rect: Rect, width: Int, height: Int, _ expected: [SIMD3<Double>]
    ) -> Double {
        #expect(abs(Double(width) - rect.width) < 1 && abs(Double(height) - rect.height) < 1)
        let (left, top) = (Int(rect.minX.rounded()), Int(rect.minY.rounded()))
        var total = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let difference = Self.channels(frame[left + x, top + y]) - expected[y * width + x]
                total += abs(difference.x) + abs(difference.y) + abs(difference.z)
            }
        }
        return total / Double(3 * width * height)
    }

    /// Shows the picture in a grid of `columns` at `window` and `scale`, through `cache` if given, and
    /// returns the frame and the tile.
    static func tile(
        _ path: String, columns: Int, window: Size, scale: Double = 1, cache: ThumbnailCache? = nil
    ) -> (Framebuffer, Rect, drawn: PixelImage?) {
        let feed = PictureFeed(paths: [path], threads: 2, diskCache: cache, memoryBytes: 1 << 26) { _ in }
        var options = WaterfallScene.Options()
        options.showsHUD = false
        options.size = window
        options.scale = scale
        options.configuration.columns = .fixed(columns)
        var scene = WaterfallScene(options: options, pictures: feed)
        let frame = Framebuffer(width: Int(window.width), height: Int(window.height))
        PictureWaterfallTests.play(&scene, feed, into: frame) { _ in feed.loaded == 1 }
        return (frame, scene.layout.frame(at: 0), feed.thumbnail(0))
    }

    @Test(arguments: [(1, 1296.0, 1.0), (1, 1616.0, 1.0), (5, 1280.0, 1.0), (3, 1280.0, 2.0), (4, 1000.0, 1.0)])
    func aTileIsAnAreaReductionOfThePicture(columns: Int, windowWidth: Double, scale: Double) throws {
        let (root, path, picture) = try Self.lines()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (frame, tile, drawn) = Self.tile(
            path, columns: columns, window: Size(width: windowWidth, height: 1100), scale: scale)
        let (width, height) = try #require(drawn.map { ($0.width, $0.height) })
        let expected = Self.areaReduction(picture, width: width, height: height)
        let difference = Self.meanDifference(frame, in: tile, width: width, height: height, expected)
        #expect(difference <= 4, "\(tile): \(difference)/255")
    }

    /// Through the shared cache: the decode that makes the cache's standard thumbnail (256 pixels here)
    /// makes the tile from the picture's own rows, an area reduction of the picture; in a later session
    /// the tile is made from that thumbnail, an area reduction of it, with no nearest-pixel step.
    @Test func aTileMadeThroughTheSharedCacheIsAnAreaReduction() throws {
        let (root, path, picture) = try Self.lines()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ThumbnailCache(root: "\(root)/cache")
        for session in 0..<2 {
            let (frame, tile, drawn) = Self.tile(
                path, columns: 5, window: Size(width: 1280, height: 800), cache: cache)
            let stored = try #require(
                cache.thumbnail(forFile: path, modified: try PictureFile(path: path).modified, size: .large))
            #expect(stored.width == 256 && stored.height == 171)
            let (width, height) = try #require(drawn.map { ($0.width, $0.height) })
            let expected = Self.areaReduction(session == 0 ? picture : stored, width: width, height: height)
            let difference = Self.meanDifference(frame, in: tile, width: width, height: height, expected)
            #expect(difference <= (session == 0 ? 4 : 1), "session \(session), \(tile): \(difference)/255")
        }
    }

    /// The image view, fitted to the window and zoomed out below the fit, shows an area reduction of
    /// the picture to the size it shows.
    @Test(arguments: [0, 1, 3]) func theImageViewIsAnAreaReductionOfThePicture(zoomsOut: Int) throws {
        let (root, path, picture) = try Self.lines()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = PictureFeed(paths: [path], threads: 2, diskCache: nil, memoryBytes: 1 << 26) { _ in }
        feed.waitForAllHeaders()
        var options = WaterfallScene.Options()
        options.showsHUD = false
        options.size = Size(width: 1280, height: 800)
        var scene = WaterfallScene(options: options, pictures: feed)
        scene.open(pictureAt: 0)
        for _ in 0..<zoomsOut { _ = scene.handleOpenPicture(.wheel(1)) }
        let view = try #require(scene.openPicture)
        let frame = Framebuffer(width: 1280, height: 800)
        PictureWaterfallTests.play(&scene, feed, into: frame) { feed.viewArrived(0) && $0.openPicture != nil }
        let rect = scene.shownOpenPicture(view, of: feed).rect
        let (width, height) = try #require(feed.viewImage(0).map { ($0.width, $0.height) })
        let expected = Self.areaReduction(picture, width: width, height: height)
        let difference = Self.meanDifference(frame, in: rect, width: width, height: height, expected)
        #expect(difference <= 4, "\(rect): \(difference)/255")
    }
}

/// A PNG cut short shows the rows it holds in its tile, the tile where it lacks them, and is noted as
/// ending early, never broken.
@Suite struct CutShortTileTests {
    @Test func aPNGCutShortShowsWhatItHoldsOverItsTile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-cut-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var random = SplitMix64(seed: 3)
        let picture = Framebuffer(width: 240, height: 160)
        for y in 0..<160 {
            for x in 0..<240 { picture[x, y] = 0xFF00_0000 | UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF }
        }
        let png = try #require(PictureEncoder.png(picture))
        let path = root + "/cut.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data(png.prefix(png.count / 2)))
        let feed = PictureFeed(paths: [path], threads: 1, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        var options = WaterfallScene.Options()
        options.showsHUD = false
        options.size = Size(width: 480, height: 400)
        options.configuration.columns = .fixed(1)
        var scene = WaterfallScene(options: options, pictures: feed)
        let frame = Framebuffer(width: 480, height: 400)
        PictureWaterfallTests.play(&scene, feed, into: frame) { _ in feed.loaded == 1 }
        #expect(feed.note(at: 0) == "ends early" && feed.problem(at: 0) == nil && feed.brokenCount == 0)
        let tile = scene.layout.frame(at: 0)
        let (middle, top, bottom) = (
            Int(tile.center.x), Int(tile.minY + tile.height * 0.2), Int(tile.minY + tile.height * 0.9)
        )
        #expect(frame[middle, top] != PictureFeed.tileColor.pixel, "the rows it holds")
        #expect(frame[middle, bottom] == PictureFeed.tileColor.pixel, "its tile where it lacks rows")
    }
}
