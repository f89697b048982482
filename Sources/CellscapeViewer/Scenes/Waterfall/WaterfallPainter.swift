import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// Draws a waterfall scene: the tiles the layout finds in the visible rect, each picture's thumbnail
/// or placeholder, the marks and the selection, the HUD; the open picture and the bar in extensions.
/// It reads the scene and its feed and writes pixels, nothing else.
struct WaterfallPainter {
    /// The scene drawn.
    let scene: WaterfallScene

    /// The pictures the scene shows, if any.
    var pictures: PictureFeed? { scene.pictures }

    /// The highlight around the selected tile.
    static let highlight = Color(hex: 0xFF_FFFF)
    /// The corner radius of tiles.
    var cornerRadius: Double { 8 * scale }
    /// Pixels per point.
    var scale: Double { scene.scale }

    /// Draws the frame: the background, the tiles the layout finds in the visible rect, and the HUD.
    /// It reads the scene and the feed and writes pixels, nothing else: ``prepareFrame()`` asks for
    /// what shows.
    func render(into frame: Framebuffer, text: TextRenderer?) {
        if let openPicture = scene.openPicture, let pictures {
            drawOpenPicture(openPicture, of: pictures, into: frame, text: text)
            if scene.showsInfo, let text { HUDPanel.draw(infoLines, into: frame, text: text, opacity: 0.75) }
            if scene.showsBar, let text { drawBar(into: frame, text: text) }
            return
        }
        frame.fill(.background)
        for index in scene.layout.indices(in: scene.visibleRect) { drawTile(index, into: frame, text: text) }
        if let pictures, pictures.count == 0, !pictures.isListing, let text {
            for (number, line) in Self.noPictures(pictures).enumerated() {
                let x = (Int(scene.size.width) - text.width(of: line)) / 2
                let y = Int(scene.viewport.height) / 2 + number * Int((20 * scene.scale).rounded())
                text.draw(line, x: max(8, x), y: y, color: .text, into: frame)
            }
        }
        // Pictures get a bar that covers no tile; generated items the HUD of figures.
        if scene.showsBar, let text {
            drawBar(into: frame, text: text)
        } else if scene.showsHUD, pictures == nil, let text {
            HUDPanel.draw(hudLines, into: frame, text: text, opacity: 0.6)
        }
    }

    /// What an empty feed says: no pictures in the folder, and what `-r` would find below it.
    static func noPictures(_ pictures: PictureFeed) -> [String] {
        // A remote feed says why it shows nothing yet: loading, offline, or what ended it.
        if let status = pictures.sourceStatus { return [status] }
        var lines = ["no pictures (\(PictureHeader.Format.names)) in \(pictures.folderName)"]
        if pictures.picturesInSubfolders > 0 {
            lines.append(PictureFiles.subfolderHint(pictures.picturesInSubfolders))
        }
        return lines
    }

    private func drawTile(_ index: Int, into frame: Framebuffer, text: TextRenderer?) {
        var tile = scene.layout.frame(at: index)
        tile.origin.y -= scene.scrollOffset
        if index == scene.selection {
            let ring = Rect(x: tile.minX - 3, y: tile.minY - 3, width: tile.width + 6, height: tile.height + 6)
            RoundedRectangle(frame: ring, cornerRadius: cornerRadius + 3, color: Self.highlight).draw(into: frame)
        }
        defer { if scene.isMarked(index) { drawMark(on: tile, into: frame) } }
        if let pictures {
            drawPicture(index, of: pictures, in: tile, into: frame, text: text)
            return
        }
        // A generated item's title: a picture's name is made only where it is drawn (a broken tile).
        let item = scene.item(index)
        RoundedRectangle(frame: tile, cornerRadius: cornerRadius, color: item.color).draw(into: frame)
        guard let text, tile.height >= Double(text.lineHeight + 12), tile.width > 24 else { return }
        let label = text.truncated(item.title, toWidth: Int(tile.width) - 16)
        let labelColor = item.color.isLight ? Color(hex: 0x14_161C) : Color.text
        text.draw(
            label, x: Int(tile.minX.rounded()) + 8, y: Int((tile.maxY - Double(text.lineHeight) - 6).rounded()),
            color: labelColor, into: frame, clip: tile)
    }

    /// The lines of the HUD, kept short so the panel covers little of the feed: what the query found
    /// and how long it took, the scroll offset, and frame rates only while a fling animates.
    var hudLines: [String] {
        var first =
            "\(scene.lastQuery.visible)/\(scene.itemCount) visible   query \(Self.microseconds(scene.lastQuery.nanoseconds)) us   "
            + "y \(Int(scene.scrollOffset.rounded()))"
        if scene.isAnimating && scene.statistics.hasRecentFrames {
            first += "   \(Int(scene.statistics.framesPerSecond.rounded())) fps"
        }
        var lines = [first]
        if let pictures {
            var line = "pictures \(pictures.loaded) loaded / \(pictures.count)"
            if !(pictures.brokenCount == 0) { line += "   \(pictures.brokenCount) broken" }
            if pictures.skippedFiles > 0 { line += "   " + Self.skipped(pictures.skippedFiles) }
            lines.append(line)
        }
        if let selection = scene.selection {
            let item = scene.item(selection)
            let size = "\(Int(item.size.width))x\(Int(item.size.height))"
            let about =
                pictures?.problem(at: selection)
                ?? ([size] + [pictures?.note(at: selection)].compactMap { $0 })
                .joined(separator: ", ")
            var line = "selected #\(selection) \"\(item.title)\" \(about)"
            if scene.openPicture != nil, let position = pictures?.animations.animationPosition(selection) {
                line += "   " + Self.frame(position)
                if pictures?.animations.arePaused == true { line += " (paused)" }
            }
            lines.append(line)
        }
        return lines
    }

    /// A picture's tile: its thumbnail once decoded (fading in over the placeholder if it just
    /// arrived), a placeholder until then, the file's name and what is wrong with it if broken; a
    /// sensitive item of a feed stays the placeholder (its blurhash), saying so, until revealed.
    private func drawPicture(
        _ index: Int, of pictures: PictureFeed, in tile: Rect, into frame: Framebuffer, text: TextRenderer?
    ) {
        let veiled = isVeiled(index)
        if !veiled, let thumbnail = pictures.animations.animationFrame(index) ?? pictures.thumbnail(index) {
            // A file that ends early shows what it holds over its tile, which shows where it lacks rows.
            let endsEarly = pictures.note(at: index) == PictureProblem.endsEarly.description
            if let opacity = scene.fading.opacity(scene.key(at: index)) {
                drawPlaceholder(index, of: pictures, in: tile, into: frame)
                frame.drawFilling(thumbnail, in: tile, opacity: opacity)
            } else {
                if endsEarly { drawPlaceholder(index, of: pictures, in: tile, into: frame) }
                // A picture smaller than its tile is enlarged smoothly, not blown up into blocks.
                frame.drawFilling(thumbnail, in: tile)
            }
            if let text, endsEarly {
                drawPlate(PictureProblem.endsEarly.description, on: tile, into: frame, text: text)
            } else if let text, pictures.header(at: index)?.isAnimated != true, let seconds = pictures.length(at: index)
            {
                drawPlate(Self.length(seconds), on: tile, into: frame, text: text)
            }
        } else if !veiled, let problem = pictures.problem(at: index) {
            RoundedRectangle(frame: tile, cornerRadius: cornerRadius, color: Self.brokenColor).draw(into: frame)
            if let text { drawProblem(problem, of: index, pictures: pictures, in: tile, into: frame, text: text) }
        } else {
            drawPlaceholder(index, of: pictures, in: tile, into: frame)
            if veiled, let text { drawPlate(Self.veiledLabel, on: tile, into: frame, text: text) }
        }
    }

    /// What a sensitive item's tile says.
    static let veiledLabel = "sensitive: v shows it"

    /// What a tile shows until its pixels come: the source's placeholder (a blurhash), else its colour.
    private func drawPlaceholder(_ index: Int, of pictures: PictureFeed, in tile: Rect, into frame: Framebuffer) {
        if let placeholder = pictures.placeholder(at: index) {
            frame.draw(placeholder, in: tile)
        } else {
            RoundedRectangle(frame: tile, cornerRadius: cornerRadius, color: PictureFeed.tileColor).draw(into: frame)
        }
    }

    /// A label in its tile's bottom-left corner, on a dark plate: a video's length (one that does not
    /// play in the grid), or that the item is sensitive.
    private func drawPlate(_ label: String, on tile: Rect, into frame: Framebuffer, text: TextRenderer) {
        let (width, height) = (Double(text.width(of: label)) + 8 * scale, Double(text.lineHeight) + 4 * scale)
        guard tile.width > width + 12 * scale, tile.height > height + 12 * scale else { return }
        let plate = Rect(x: tile.minX + 6 * scale, y: tile.maxY - height - 6 * scale, width: width, height: height)
        RoundedRectangle(frame: plate, cornerRadius: 4 * scale, color: Color(hex: 0x14_161C)).draw(into: frame)
        text.draw(
            label, x: Int((plate.minX + 4 * scale).rounded()), y: Int((plate.minY + 2 * scale).rounded()),
            color: .text, into: frame)
    }

    /// A marked tile's badge: a disc in the mark's colour, ringed, in its top-right corner.
    private func drawMark(on tile: Rect, into frame: Framebuffer) {
        let side = 18 * scale
        let badge = Rect(x: tile.maxX - side - 6 * scale, y: tile.minY + 6 * scale, width: side, height: side)
        let ring = Rect(
            x: badge.minX - 2 * scale, y: badge.minY - 2 * scale, width: side + 4 * scale, height: side + 4 * scale)
        RoundedRectangle(frame: ring, cornerRadius: ring.width / 2, color: Self.highlight).draw(into: frame)
        RoundedRectangle(frame: badge, cornerRadius: side / 2, color: Self.markColor).draw(into: frame)
    }

    /// The colour of a mark.
    static let markColor = Color(hex: 0x2F_7FE0)

    /// The colour of a tile whose picture cannot be shown.
    static let brokenColor = Color(hex: 0x5A_2A2E)

    private static func microseconds(_ nanoseconds: UInt64) -> String {
        let tenths = (nanoseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// Whether the item at `position` shows blurred: a remote feed's sensitive media, not revealed
    /// (`v`, or `--show-sensitive`).
    func isVeiled(_ position: Int) -> Bool {
        guard !scene.options.showsSensitive, pictures?.details(at: position)?.isSensitive == true else { return false }
        return !scene.held.revealed.contains(scene.key(at: position))
    }
}

extension Color {
    /// Whether dark text reads better than light text on this colour.
    var isLight: Bool {
        0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue) > 150
    }
}
