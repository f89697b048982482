import CellscapeLayout
import CellscapePictures
import CellscapeRender

extension WaterfallScene {
    /// Turns what the window shows into work, before a frame is drawn: the thumbnails in view by
    /// priority (then a screen ahead and one behind), the animations to play, the open picture at the
    /// size it shows and the region of it zoomed past the window, and what to let go. Times the
    /// layout's query for the HUD.
    public mutating func prepareFrame() {
        let start = monotonicNanoseconds()
        let visible = layout.indices(in: visibleRect)
        lastQuery = (visible.count, monotonicNanoseconds() - start)
        prepareStatus(now: monotonicNanoseconds())
        guard let pictures else { return }
        if let openPicture {
            prepareOpenPicture(openPicture, of: pictures)
            return
        }
        pictures.releaseRegion()
        wantThumbnails(of: pictures, visible: visible)
        // Frames at the tile's own size: there are many of each, and they are never reused elsewhere.
        pictures.play(visible, now: pictures.clock.now)
    }

    /// Asks for the visible pictures' thumbnails, then a screen ahead in the scroll direction, then a
    /// screen behind.
    func wantThumbnails(of pictures: PictureFeed, visible: [Int]) {
        let screen = viewport.height
        let below = layout.indices(in: Rect(x: 0, y: scrollOffset + screen, width: size.width, height: screen))
        let above = layout.indices(
            in: Rect(x: 0, y: max(0, scrollOffset - screen), width: size.width, height: min(screen, scrollOffset)))
        let span = { (indices: [Int]) in (indices.min() ?? 0)..<((indices.max() ?? -1) + 1) }
        let ahead = velocity < 0 ? span(above) : span(below)
        let behind = velocity < 0 ? span(below) : span(above)
        pictures.want(visible: span(visible), ahead: ahead, behind: behind, tileWidth: layout.columnWidth)
    }

    /// Draws the frame (``WaterfallPainter``): it reads the scene and the feed and writes pixels,
    /// nothing else; ``prepareFrame()`` asks for what shows.
    public func render(into frame: Framebuffer, text: TextRenderer?) {
        WaterfallPainter(scene: self).render(into: frame, text: text)
    }
}

/// What the bar, the info overlay and the HUD say (``WaterfallPainter``).
extension WaterfallScene {
    /// What the bar under the pictures says, left and right.
    public var barText: (left: String, right: String) { WaterfallPainter(scene: self).barText }

    /// What the open picture's file says of it, a line each.
    public var infoLines: [String] { WaterfallPainter(scene: self).infoLines }

    /// The lines of the HUD over generated items.
    public var hudLines: [String] { WaterfallPainter(scene: self).hudLines }

    /// "its subfolders hold 12 pictures: cellscape -r lists them".
    public static func subfolderHint(_ count: Int) -> String {
        "its subfolders hold \(count) \(count == 1 ? "picture" : "pictures"): cellscape -r lists them"
    }

    /// The parts of the window that the animations `frames` names moving on changed
    /// (``WaterfallPainter``): a frame redraws and presents these alone.
    public func damage(animating frames: [(position: Int, changed: PictureRegion?)]) -> [Rect] {
        WaterfallPainter(scene: self).damage(animating: frames)
    }
}
