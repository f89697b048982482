import CellscapeLayout
import CellscapePictures

/// What a frame of the waterfall asks of its feed, before it is drawn: the thumbnails in view by
/// priority (then a screen ahead and one behind), the animations to play, the open picture at the
/// size it shows and the region of it zoomed past the window, and what to let go. It reads the scene
/// and tells the feed; the scene does not change.
struct WaterfallWork {
    /// The scene whose window is turned into work.
    let scene: WaterfallScene
    /// Its pictures.
    let pictures: PictureFeed

    /// Asks for what the window shows, the items `visible` in the grid.
    func ask(visible: [Int]) {
        if let openPicture = scene.openPicture { return prepareOpenPicture(openPicture) }
        pictures.releaseRegion()
        wantThumbnails(visible: visible)
        let screen = scene.viewport.height
        pictures.viewed(
            bottom: scene.scrollOffset + screen, screen: screen, contentEnd: scene.layout.contentSize.height)
        // Frames at the tile's own size: there are many of each, and they are never reused elsewhere.
        pictures.animations.play(visible, now: pictures.clock.now)
    }

    /// Asks for the visible pictures' thumbnails, then a screen ahead in the scroll direction, then a
    /// screen behind.
    func wantThumbnails(visible: [Int]) {
        let (layout, offset, width) = (scene.layout, scene.scrollOffset, scene.size.width)
        let screen = scene.viewport.height
        let below = layout.indices(in: Rect(x: 0, y: offset + screen, width: width, height: screen))
        let above = layout.indices(
            in: Rect(x: 0, y: max(0, offset - screen), width: width, height: min(screen, offset)))
        let span = { (indices: [Int]) in (indices.min() ?? 0)..<((indices.max() ?? -1) + 1) }
        let ahead = scene.velocity < 0 ? span(above) : span(below)
        let behind = scene.velocity < 0 ? span(below) : span(above)
        pictures.want(visible: span(visible), ahead: ahead, behind: behind, tileWidth: layout.columnWidth)
    }

    /// Asks for the open picture at the size it shows (its neighbours at the window's fit), plays it,
    /// and asks for the region around what shows when it is zoomed past the window.
    func prepareOpenPicture(_ view: PictureView) {
        guard pictures.problem(at: view.index) == nil else { return }
        let shown = scene.shownOpenPicture(view, of: pictures)
        let neighbours = [view.index - 1, view.index + 1].filter { (0..<scene.itemCount).contains($0) }
        // A video shows its frames from the first: a still of it besides would be a second decoder's memory.
        if pictures.header(at: view.index)?.format.readsInRanges != true {
            pictures.wantView(
                view.index, side: shown.side, prefetching: neighbours, prefetchSide: Int(shown.fitSide.rounded(.up)))
        }
        pictures.animations.play([view.index], side: shown.side, opened: true, now: pictures.clock.now)
        if !shown.inRegions {
            pictures.releaseRegion()
            return
        }
        // Panned past its edge, none of the picture shows: there is nothing to decode (and no error).
        guard
            let region = view.wantedRegion(
                picture: scene.layout.size(at: view.index), window: scene.viewport, in: shown.rect)
        else { return }
        if let held = pictures.region, held.index == view.index, held.scale == region.scale,
            held.part.contains(region.shows)
        {
            return
        }
        pictures.wantRegion(view.index, part: region.around, scale: region.scale)
    }

    /// Whether what the frame draws has arrived: every header, then the open picture (its image at the
    /// size drawn, or its first frame) or the thumbnails in view (or their placeholders, where a
    /// download failed for now).
    var arrived: Bool {
        guard !pictures.isListing, !pictures.sourcesLoading, pictures.headersArrived == pictures.count,
            scene.itemCount == pictures.count
        else {
            return false
        }
        if let open = scene.openPicture {
            if pictures.isBroken(at: open.index) { return true }
            if pictures.header(at: open.index)?.playsWhenOpen == true {
                return pictures.animations.animationFrame(open.index) != nil
            }
            return pictures.viewArrived(open.index)
        }
        return scene.layout.indices(in: scene.visibleRect).allSatisfy {
            pictures.hasThumbnail(at: $0) || pictures.isPassedOver(at: $0)
        }
    }
}
