import CellscapeLayout
import CellscapePictures
import CellscapeRender

extension WaterfallScene {
    /// The highlight around the selected tile.
    static let highlight = Color(hex: 0xFF_FFFF)
    /// The corner radius of tiles.
    var cornerRadius: Double { 8 * scale }

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

    /// Draws the frame: the background, the tiles the layout finds in the visible rect, and the HUD.
    /// It reads the scene and the feed and writes pixels, nothing else: ``prepareFrame()`` asks for
    /// what shows.
    public func render(into frame: Framebuffer, text: TextRenderer?) {
        if let openPicture, let pictures {
            drawOpenPicture(openPicture, of: pictures, into: frame, text: text)
            if showsInfo, let text { HUDPanel.draw(infoLines, into: frame, text: text, opacity: 0.75) }
            if showsBar, let text { drawBar(into: frame, text: text) }
            return
        }
        frame.fill(.background)
        for index in layout.indices(in: visibleRect) { drawTile(index, into: frame, text: text) }
        if let pictures, pictures.count == 0, !pictures.isListing, let text {
            for (number, line) in Self.noPictures(pictures).enumerated() {
                let x = (Int(size.width) - text.width(of: line)) / 2
                let y = Int(viewport.height) / 2 + number * Int((20 * scale).rounded())
                text.draw(line, x: max(8, x), y: y, color: .text, into: frame)
            }
        }
        // Pictures get a bar that covers no tile; generated items the HUD of figures.
        if showsBar, let text {
            drawBar(into: frame, text: text)
        } else if showsHUD, pictures == nil, let text {
            HUDPanel.draw(hudLines, into: frame, text: text, opacity: 0.6)
        }
    }

    /// What an empty feed says: no pictures in the folder, and what `-r` would find below it.
    static func noPictures(_ pictures: PictureFeed) -> [String] {
        var lines = ["no pictures (\(PictureHeader.Format.names)) in \(pictures.folderName)"]
        if pictures.picturesInSubfolders > 0 { lines.append(subfolderHint(pictures.picturesInSubfolders)) }
        return lines
    }

    /// "its subfolders hold 12 pictures: cellscape -r lists them".
    public static func subfolderHint(_ count: Int) -> String {
        "its subfolders hold \(count) \(count == 1 ? "picture" : "pictures"): cellscape -r lists them"
    }

    private func drawTile(_ index: Int, into frame: Framebuffer, text: TextRenderer?) {
        var tile = layout.frame(at: index)
        tile.origin.y -= scrollOffset
        if index == selection {
            let ring = Rect(x: tile.minX - 3, y: tile.minY - 3, width: tile.width + 6, height: tile.height + 6)
            RoundedRectangle(frame: ring, cornerRadius: cornerRadius + 3, color: Self.highlight).draw(into: frame)
        }
        let item = item(index)
        defer { if isMarked(index) { drawMark(on: tile, into: frame) } }
        if let pictures {
            drawPicture(index, of: pictures, in: tile, into: frame, text: text)
            return
        }
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
    public var hudLines: [String] {
        var first =
            "\(lastQuery.visible)/\(itemCount) visible   query \(Self.microseconds(lastQuery.nanoseconds)) us   "
            + "y \(Int(scrollOffset.rounded()))"
        if isAnimating && statistics.hasRecentFrames { first += "   \(Int(statistics.framesPerSecond.rounded())) fps" }
        var lines = [first]
        if let pictures {
            var line = "pictures \(pictures.loaded) loaded / \(pictures.count)"
            if !(pictures.brokenCount == 0) { line += "   \(pictures.brokenCount) broken" }
            if pictures.skippedFiles > 0 { line += "   " + Self.skipped(pictures.skippedFiles) }
            lines.append(line)
        }
        if let selection {
            let item = item(selection)
            let size = "\(Int(item.size.width))x\(Int(item.size.height))"
            let about =
                pictures?.problem(at: selection)
                ?? ([size] + [pictures?.note(at: selection)].compactMap { $0 })
                .joined(separator: ", ")
            var line = "selected #\(selection) \"\(item.title)\" \(about)"
            if openPicture != nil, let position = pictures?.animationPosition(selection) {
                line += "   " + Self.frame(position)
                if pictures?.animationsPaused == true { line += " (paused)" }
            }
            lines.append(line)
        }
        return lines
    }

    /// A picture's tile: its thumbnail once decoded (fading in over the placeholder if it just
    /// arrived), a placeholder until then, the file's name and what is wrong with it if broken.
    private func drawPicture(
        _ index: Int, of pictures: PictureFeed, in tile: Rect, into frame: Framebuffer, text: TextRenderer?
    ) {
        if let thumbnail = pictures.animationFrame(index) ?? pictures.thumbnail(index) {
            if let frames = fading[key(at: index)] {
                RoundedRectangle(frame: tile, cornerRadius: cornerRadius, color: item(index).color)
                    .draw(into: frame)
                frame.draw(thumbnail, in: tile, opacity: Double(frames + 1) / Double(Self.fadeFrames + 1))
            } else {
                frame.draw(thumbnail, in: tile)
            }
        } else if let problem = pictures.problem(at: index) {
            RoundedRectangle(frame: tile, cornerRadius: cornerRadius, color: Self.brokenColor).draw(into: frame)
            if let text { drawProblem(problem, of: index, pictures: pictures, in: tile, into: frame, text: text) }
        } else {
            RoundedRectangle(frame: tile, cornerRadius: cornerRadius, color: item(index).color).draw(into: frame)
        }
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
}

extension Color {
    /// Whether dark text reads better than light text on this colour.
    var isLight: Bool {
        0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue) > 150
    }
}
