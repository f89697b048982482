import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeViewer

/// The slideshow: `s` starts it from the selected picture, its clock steps the open picture on every
/// interval (a command, so a session replays it), the last goes on to the first, and closing stops it.
@Suite struct SlideshowTests {
    @Test func theClockStepsThePicturesAndWrapsAround() throws {
        var (model, _, root) = try PictureBrowsingTests.model(3, bar: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var clock = SlideshowClock()
        #expect(clock.due(for: model, now: 0) == nil && clock.deadline == nil, "no slideshow, nothing due")
        let tile = model.waterfall.layout.frame(at: 2)
        model.handle(.press(tile.center))
        model.handle(.release(tile.center))
        model.handle(.key(.toggleSlideshow))
        #expect(model.waterfall.openPicture?.index == 2 && model.waterfall.slideshowRuns)
        let second: UInt64 = 1_000_000_000
        #expect(clock.due(for: model, now: 10 * second) == nil && clock.deadline == 15 * second)
        #expect(clock.due(for: model, now: 15 * second - 1) == nil)
        let step = clock.due(for: model, now: 15 * second)
        #expect(step == .key(.slideshowStep))
        model.handle(.key(.slideshowStep))
        #expect(model.waterfall.openPicture?.index == 3, "four pictures, the broken one last")
        #expect(clock.due(for: model, now: 20 * second) == .key(.slideshowStep))
        model.handle(.key(.slideshowStep))
        #expect(model.waterfall.openPicture?.index == 0 && model.waterfall.selection == 0, "the first after the last")
        #expect(clock.due(for: model, now: 20 * second) == nil && clock.deadline == 25 * second, "the loop's next turn")
        // A picture the user moves to gets its own interval.
        model.handle(.key(.next))
        #expect(clock.due(for: model, now: 21 * second) == nil && clock.deadline == 26 * second)
        model.handle(.key(.toggleSlideshow))
        #expect(!model.waterfall.slideshowRuns && clock.due(for: model, now: 30 * second) == nil)
        #expect(ViewerState(of: model).slideshow == nil)
        model.handle(.key(.toggleSlideshow))
        #expect(ViewerState(of: model).slideshow == true)
        model.handle(.key(.back))
        #expect(!model.waterfall.slideshowRuns && model.waterfall.openPicture == nil, "closing stops it")
    }

    @Test func aSlideshowAskedAtTheStartOpensTheFirstPicture() throws {
        let colours: [UInt32] = [0xFFD0_3030, 0xFF30_D030]
        let (root, paths) = try PictureWaterfallTests.folder(colours)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = PictureFeed(paths: paths, threads: 1, diskCache: nil, memoryBytes: 1 << 24) { _ in }
        var options = WaterfallScene.Options()
        options.startsSlideshow = true
        options.slideshowSeconds = 2
        feed.waitForAllHeaders()  // as a recording does before the views start
        var scene = WaterfallScene(options: options, pictures: feed)
        scene.takePictureResults()
        #expect(scene.openPicture?.index == 0 && scene.slideshowRuns && scene.slideshowSeconds == 2)
        let header = SessionHeader(
            force: ForceScene.Options(), waterfall: options, view: .waterfall,
            items: SessionHeader.Items(source: .pictures, paths: paths, items: feed.arrivedItems))
        #expect(header.slideshow == 2 && header.options(catalog: []).waterfall.startsSlideshow)
    }
}
