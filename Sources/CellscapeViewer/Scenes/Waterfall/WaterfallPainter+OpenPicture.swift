import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// The open picture as drawn: over a dark background, on a checkerboard where it is transparent, its
/// region zoomed past the window over it; a broken one's name and problem.
extension WaterfallPainter {
    /// Draws the open picture over a dark background (over a checkerboard where it is transparent,
    /// unless turned off): its image at the size the window needs once decoded, its grid thumbnail
    /// stretched until then.
    func drawOpenPicture(_ view: PictureView, of pictures: PictureFeed, into frame: Framebuffer, text: TextRenderer?) {
        frame.fill(Color(hex: 0x0B_0D12))
        if let problem = pictures.problem(at: view.index) {
            let window = Rect(origin: .zero, size: scene.viewport)
            if let text {
                drawProblem(problem, of: view.index, pictures: pictures, in: window, into: frame, text: text)
            }
            return
        }
        let shown = scene.shownOpenPicture(view, of: pictures)
        // A sensitive item stays its blurhash until revealed.
        if isVeiled(view.index) {
            if let placeholder = pictures.placeholder(at: view.index) {
                frame.draw(placeholder, in: shown.rect, quarterTurns: view.quarterTurns, mirrored: view.mirrored)
            }
            if let text {
                let label = Self.veiledLabel
                let x = Int((shown.rect.center.x - Double(text.width(of: label)) / 2).rounded())
                text.draw(label, x: x, y: Int(shown.rect.center.y.rounded()), color: .text, into: frame)
            }
            return
        }
        if let image = pictures.animations.animationFrame(view.index) ?? pictures.viewImage(view.index)
            ?? pictures.thumbnail(view.index)
        {
            if scene.showsCheckerboard {
                frame.fillCheckerboard(shown.rect, light: Self.checkerLight, dark: Self.checkerDark)
            }
            frame.draw(image, in: shown.rect, quarterTurns: view.quarterTurns, mirrored: view.mirrored)
            if shown.inRegions { drawRegion(of: view, pictures: pictures, in: shown.rect, into: frame) }
        }
    }

    /// A broken picture's name and what is wrong with it, centred in `area` on a line each, cut to fit.
    func drawProblem(
        _ problem: String, of index: Int, pictures: PictureFeed, in area: Rect, into frame: Framebuffer,
        text: TextRenderer
    ) {
        let lines = [pictures.name(of: index), problem].map { text.truncated($0, toWidth: Int(area.width) - 16) }
        guard area.height >= Double(text.lineHeight), area.width > 24 else { return }
        let shown = area.height >= Double(2 * text.lineHeight) ? lines : [lines[1]]
        var y = Int((area.center.y - Double(shown.count * text.lineHeight) / 2).rounded())
        for line in shown {
            let x = Int((area.center.x - Double(text.width(of: line)) / 2).rounded())
            text.draw(line, x: x, y: y, color: .text, into: frame, clip: area)
            y += text.lineHeight
        }
    }

    /// Draws the decoded region of a picture zoomed past the window over its window-sized image.
    private func drawRegion(of view: PictureView, pictures: PictureFeed, in rect: Rect, into frame: Framebuffer) {
        let scale = view.scale(picture: scene.layout.size(at: view.index), window: scene.viewport)
        guard let held = pictures.region, held.index == view.index, held.scale == min(1, scale) else { return }
        let part = held.part
        frame.draw(
            held.image,
            in: Rect(
                x: rect.minX + Double(part.x) * scale, y: rect.minY + Double(part.y) * scale,
                width: Double(part.width) * scale, height: Double(part.height) * scale))
    }

    /// The checkerboard's squares behind transparent pixels, as picture editors show them.
    static let checkerLight = Color(hex: 0x9A_9A9A)
    static let checkerDark = Color(hex: 0x66_6666)
}
