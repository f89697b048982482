import CellscapeFixtures
import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// Frames in which only animations moved on: the damaged rects cover every pixel that differs from
/// the frame before (a brute-force diff of two whole frames), and drawing only those rects, clipped,
/// gives exactly the whole frame.
@Suite struct DamagedFrameTests {
    /// A scene of `count` small animated GIFs (a third transparent), every first frame in.
    static func scene(_ count: Int, size: Size) throws -> (WaterfallScene, PictureFeed, root: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-damage-\(UUID())").path
        let paths = try FixtureFolders.animations(in: root, count: count, width: 96, height: 54, frames: 12)
        let feed = PictureFeed(paths: paths, threads: 2, diskCache: nil, memoryBytes: 1 << 26) { _ in }
        feed.waitForAllHeaders()
        var options = WaterfallScene.Options()
        options.size = size
        options.showsHUD = true  // with pictures: the bar, which says the open picture's frame
        var scene = WaterfallScene(options: options, pictures: feed)
        let deadline = Date().addingTimeInterval(30)
        // Every tile shows its animation's first frame (not its thumbnail or placeholder) and none fades.
        let settled = {
            feed.animations.playingAnimations.count == count && feed.animations.nextAnimationDeadline != nil
                && (0..<count).allSatisfy { feed.animations.animationFrame($0) != nil && feed.hasThumbnail(at: $0) }
        }
        while (!settled() || scene.isAnimating) && Date() < deadline {
            feed.loader.waitForWake(milliseconds: 20)
            _ = scene.takePictureResults()
            scene.advance()
            scene.prepareFrame()
        }
        try #require(settled())
        return (scene, feed, root)
    }

    static func render(
        _ scene: WaterfallScene, text: TextRenderer, clip: [Rect]? = nil, over base: Framebuffer? = nil
    ) -> Framebuffer {
        let frame = Framebuffer(width: Int(scene.size.width), height: Int(scene.size.height))
        if let base { frame.pixels.update(from: base.pixels, count: frame.stride * frame.height) }
        for rect in clip ?? [] {
            frame.clip = rect
            scene.render(into: frame, text: text)
        }
        frame.clip = nil
        if clip == nil { scene.render(into: frame, text: text) }
        return frame
    }

    @Test(arguments: [false, true])
    func theDamagedRectsCoverWhatChangedAndRedrawItExactly(openPicture: Bool) throws {
        let text = try TextRenderer()
        var (scene, feed, root) = try Self.scene(6, size: Size(width: 640, height: 600))
        defer { try? FileManager.default.removeItem(atPath: root) }
        if openPicture {
            scene.open(pictureAt: 4)
            let deadline = Date().addingTimeInterval(30)
            while (feed.animations.animationFrame(4) == nil || !feed.viewArrived(4)) && Date() < deadline {
                feed.loader.waitForWake(milliseconds: 20)
                _ = scene.takePictureResults()
                scene.prepareFrame()
            }
        }
        var before = Self.render(scene, text: text)
        var (advanced, partial) = (0, 0)
        let deadline = Date().addingTimeInterval(30)
        while advanced < 24 && Date() < deadline {
            // The next frames arrive from the workers as the viewer's loop takes them; what else they
            // bring (a first frame late on a busy machine, a thumbnail fading in) the viewer draws whole.
            if scene.takePictureResults() || scene.isAnimating {
                scene.advance()
                before = Self.render(scene, text: text)
            }
            guard let due = feed.animations.nextAnimationDeadline,
                feed.animations.advanceAnimations(to: due, early: 5_000_000)
            else {
                feed.loader.waitForWake(milliseconds: 5)
                continue
            }
            advanced += 1
            let regions = DamagedRegions.merged(scene.damage(animating: feed.animations.advancedFrames))
            let after = Self.render(scene, text: text)
            guard !scene.isAnimating else {  // a fade's frames are drawn whole
                before = after
                continue
            }
            for y in 0..<after.height {
                for x in 0..<after.width where after[x, y] != before[x, y] {
                    let point = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    try #require(regions.contains { $0.contains(point) }, "(\(x), \(y)) changed outside \(regions)")
                }
            }
            let redrawn = Self.render(scene, text: text, clip: regions, over: before)
            #expect(
                (0..<after.height).allSatisfy { y in (0..<after.width).allSatisfy { redrawn[$0, y] == after[$0, y] } })
            if !regions.isEmpty { partial += 1 }
            before = after
            feed.loader.waitForWake(milliseconds: 5)
        }
        #expect(advanced == 24, "frames moved on in 30 s: \(advanced)")
        #expect(partial >= 12, "frames moved on: \(partial)")
    }

    @Test func mergedRegionsCoverEveryRectInWholePixelsAndAreFew() {
        var random = SplitMix64(seed: 7)
        let number = { (limit: Double) in Double(random.next() % 10_000) / 10_000 * limit }
        for _ in 0..<60 {
            let rects = (0..<Int(random.next() % 30)).map { _ in
                Rect(x: number(600), y: number(400), width: number(120), height: number(90))
            }
            let merged = DamagedRegions.merged(rects)
            #expect(merged.count <= DamagedRegions.limit)
            for rect in merged {
                #expect(rect.minX == rect.minX.rounded() && rect.maxY == rect.maxY.rounded())
            }
            // Brute force: every pixel a rect touches lies in a merged one.
            var covered = true
            for rect in rects where !rect.isEmpty {
                for y in Int(rect.minY.rounded(.down))..<Int(rect.maxY.rounded(.up)) {
                    for x in Int(rect.minX.rounded(.down))..<Int(rect.maxX.rounded(.up)) {
                        let point = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        if !merged.contains(where: { $0.contains(point) }) { covered = false }
                    }
                }
            }
            #expect(covered, "\(rects) merged to \(merged)")
        }
    }
}
