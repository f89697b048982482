import CellscapeLayout

extension WaterfallScene {
    /// The parts of the window that the animations at `positions` moving on changed: each tile in view,
    /// a little wider than drawn, or the open picture and the bar (which counts its frames). Nothing
    /// else changes when only frames move on, so a frame redraws and presents these alone.
    public func damage(animating positions: [Int]) -> [Rect] {
        let window = Rect(origin: .zero, size: size)
        if let openPicture, let pictures {
            guard positions.contains(openPicture.index) else { return [] }
            var rects = [shownOpenPicture(openPicture, of: pictures).rect]
            if showsBar { rects.append(Rect(x: 0, y: viewport.height, width: size.width, height: size.height)) }
            return rects.compactMap { $0.insetBy(-2).intersection(window) }
        }
        let shown = Rect(origin: .zero, size: viewport)
        return positions.filter { $0 < items.count }.compactMap { position in
            var tile = layout.frame(at: position)
            tile.origin.y -= scrollOffset
            return tile.insetBy(-2).intersection(shown)
        }
    }
}
