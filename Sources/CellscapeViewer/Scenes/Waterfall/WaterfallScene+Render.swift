import CellscapeLayout
import CellscapePictures
import CellscapeRender

extension WaterfallScene {
    /// Turns what the window shows into work, before a frame is drawn: the thumbnails in view by
    /// priority (then a screen ahead and one behind), the animations to play, the open picture at the
    /// size it shows and the region of it zoomed past the window, and what to let go. Times the
    /// layout's query for the HUD.
    public mutating func prepareFrame() {
        let clock = clock
        let start = clock.now
        let visible = layout.indices(in: visibleRect)
        let end = clock.now
        lastQuery = (visible.count, end &- start)
        messages.prepare(now: end)
        guard let pictures else { return }
        WaterfallWork(scene: self, pictures: pictures).ask(visible: visible)
    }

    /// Draws the frame (`WaterfallPainter`): it reads the scene and the feed and writes pixels,
    /// nothing else; ``prepareFrame()`` asks for what shows.
    public func render(into frame: Framebuffer, text: TextRenderer?) {
        WaterfallPainter(scene: self).render(into: frame, text: text)
    }

    /// The parts of the window that the animations `frames` names moving on changed
    /// (`WaterfallPainter`): a frame redraws and presents these alone.
    public func damage(animating frames: [(position: Int, changed: PictureRegion?)]) -> [Rect] {
        WaterfallPainter(scene: self).damage(animating: frames)
    }
}
