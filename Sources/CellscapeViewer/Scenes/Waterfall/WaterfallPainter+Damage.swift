import CellscapeLayout
import CellscapePictures
import CellscapeRender

extension WaterfallPainter {
    /// The parts of the window that the animations `frames` names moving on changed: in each tile in
    /// view, or in the open picture, the pixels the new frame changes (all of it when not known), a
    /// little wider than drawn; with the open picture, the bar too (it counts the frames). Nothing else
    /// changes when only frames move on, so a frame redraws and presents these alone.
    func damage(animating frames: [(position: Int, changed: PictureRegion?)]) -> [Rect] {
        let window = Rect(origin: .zero, size: scene.size)
        if let openPicture = scene.openPicture, let pictures {
            guard let frame = frames.first(where: { $0.position == openPicture.index }) else { return [] }
            let shown = scene.shownOpenPicture(openPicture, of: pictures).rect
            let turned = openPicture.quarterTurns % 4 != 0 || openPicture.mirrored
            var rects = [
                Self.part(
                    turned ? nil : frame.changed, of: pictures.animations.animationFrame(frame.position), in: shown)
            ]
            .compactMap { $0 }
            if scene.showsBar {
                rects.append(Rect(x: 0, y: scene.viewport.height, width: scene.size.width, height: scene.size.height))
            }
            return rects.compactMap { $0.insetBy(-2).intersection(window) }
        }
        let view = Rect(origin: .zero, size: scene.viewport)
        return frames.filter { $0.position < scene.itemCount }.compactMap { frame in
            var tile = scene.layout.frame(at: frame.position)
            tile.origin.y -= scene.scrollOffset
            return Self.part(frame.changed, of: pictures?.animations.animationFrame(frame.position), in: tile)?.insetBy(
                -2
            )
            .intersection(view)
        }
    }

    /// Where the pixels `changed` of `image` land when it is drawn in `rect`: pixel for pixel from the
    /// rect's rounded corner when the image is the rect's size, else scaled; all of `rect` when unknown,
    /// nil when nothing changed.
    static func part(_ changed: PictureRegion?, of image: PixelImage?, in rect: Rect) -> Rect? {
        guard let changed, let image, image.width > 0, image.height > 0 else { return rect }
        guard changed.width > 0 && changed.height > 0 else { return nil }
        let drawn = Framebuffer.pixelForPixel(width: image.width, height: image.height, in: rect) ?? rect
        let (scaleX, scaleY) = (drawn.width / Double(image.width), drawn.height / Double(image.height))
        let (left, top) = (drawn.minX, drawn.minY)
        return Rect(
            x: left + Double(changed.x) * scaleX, y: top + Double(changed.y) * scaleY,
            width: Double(changed.width) * scaleX, height: Double(changed.height) * scaleY)
    }
}
