import CellscapeLayout
import CellscapePictures
import CellscapeRender

extension ForceScene {
    /// Asks for the pictures of the cells in view, before a frame is drawn.
    public func prepareFrame() {
        guard let pictures else { return }
        pictures.want(cells: visibleCells().compactMap { pictureOfCell[layout.cell(at: $0.index).id] })
    }

    /// Draws the frame: the background, the visible cells and, when shown, the HUD.
    public func render(into frame: Framebuffer, rasterizer: CircleRasterizer, text: TextRenderer?) {
        // One query of the layout serves the circles and the pictures in them.
        let visible = visibleCells()
        rasterizer.draw(circles(of: visible), into: frame, background: .background)
        if let pictures { drawPictures(pictures, in: visible, into: frame) }
        if showsHUD, let text { HUDPanel.draw(hudLines, into: frame, text: text) }
    }

    /// Fills each visible cell whose picture has arrived with a centred circular crop of it, inside the
    /// antialiased rim the rasterizer drew.
    private func drawPictures(_ pictures: PictureFeed, in visible: [LayoutAttributes], into frame: Framebuffer) {
        for attributes in visible {
            let cell = layout.cell(at: attributes.index)
            guard let picture = pictureOfCell[cell.id], let thumbnail = pictures.thumbnail(of: picture) else {
                continue
            }
            Self.fillDisc(
                at: windowPoint(for: cell.position), radius: cell.radius * zoom - 1, with: thumbnail, into: frame)
        }
    }

    /// Fills the disc with the largest centred square of `picture`, scaled to the disc's diameter; the
    /// part outside the frame is left out (a cell at the window's edge may lie wholly outside it once
    /// its rim is taken off).
    static func fillDisc(at center: Point, radius: Double, with picture: PixelImage, into frame: Framebuffer) {
        guard radius >= 1, picture.width > 0, picture.height > 0 else { return }
        let side = min(picture.width, picture.height)
        let left = (picture.width - side) / 2
        let top = (picture.height - side) / 2
        let scale = Double(side) / (2 * radius)
        // Clamped as doubles first: the bounds of a disc off the frame would make an empty ClosedRange,
        // which traps, and a far one would not fit an Int.
        let firstRow = max(0, (center.y - radius).rounded(.down))
        let lastRow = min(Double(frame.height - 1), (center.y + radius).rounded(.down))
        let firstColumn = max(0, (center.x - radius).rounded(.down))
        let lastColumn = min(Double(frame.width - 1), (center.x + radius).rounded(.down))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        let rows = Int(firstRow)...Int(lastRow)
        let columns = Int(firstColumn)...Int(lastColumn)
        for y in rows {
            let dy = Double(y) + 0.5 - center.y
            for x in columns {
                let dx = Double(x) + 0.5 - center.x
                guard dx * dx + dy * dy <= radius * radius else { continue }
                let sourceX = left + min(side - 1, max(0, Int((dx + radius) * scale)))
                let sourceY = top + min(side - 1, max(0, Int((dy + radius) * scale)))
                frame.composite(picture[sourceX, sourceY], x: x, y: y)
            }
        }
    }

    /// The lines of the HUD: what is true now. Frame rates only while the view animates and frames
    /// are being timed (a settled view, or a snapshot, has none).
    public var hudLines: [String] {
        let statistics = statistics
        let state = isPaused ? "paused" : (layout.isSettled ? "settled" : "animating")
        var lines = ["cells \(layout.count)   \(state)   step \(layout.stepCount)"]
        if isAnimating && statistics.hasRecentFrames {
            lines.append(
                "\(Self.format(statistics.framesPerSecond, digits: 0)) fps   frame "
                    + "\(Self.format(statistics.frameMilliseconds, digits: 2)) ms   step "
                    + "\(Self.format(statistics.stepMilliseconds, digits: 2)) ms")
        }
        lines.append("largest move \(Self.format(layout.lastMovement.largest, digits: 2)) px")
        lines.append("zoom \(Self.format(zoom * 100, digits: 0))%" + (fitsWindow ? "   fit to window" : ""))
        if let pictures {
            lines.append("pictures \(pictures.loaded) loaded / \(pictures.count)")
            if let selected = selectedPicture, let header = pictures.header(of: selected) {
                lines.append("selected \"\(pictures.name(of: selected))\" \(header.width)x\(header.height)")
            }
        }
        return lines
    }

    private static func format(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        guard digits > 0 else { return String(Int(rounded)) }
        let whole = Int(rounded.rounded(.towardZero))
        let fraction = Int((abs(rounded - Double(whole)) * scale).rounded())
        let padded = String(fraction)
        return (rounded < 0 && whole == 0 ? "-" : "") + "\(whole)."
            + String(repeating: "0", count: max(0, digits - padded.count)) + padded
    }
}
