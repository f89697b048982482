import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation

extension WaterfallScene {
    /// Opens the selected picture, fitted to the window.
    mutating func openSelectedPicture() {
        if let selection { openPicture(at: selection) }
    }

    /// Opens picture `index` in the image view (selecting it), fitted to the window, once its size is
    /// known: what Enter does on a selected tile.
    public mutating func open(pictureAt index: Int) {
        openPicture(at: index)
    }

    /// Opens the picture asked for at the start once its size is known; returns whether it opened.
    @discardableResult
    mutating func openPending() -> Bool {
        guard let pendingOpen else { return false }
        guard let position = position(of: pendingOpen) else {
            self.pendingOpen = nil  // its file went before it could open
            return false
        }
        guard position < itemCount else { return false }
        openPicture(at: position)
        if let zoom = options.opensAtZoom, var view = openPicture {
            view.zoom = min(PictureView.largestZoom, max(0.01, zoom))
            openPicture = view
        }
        self.pendingOpen = nil
        return true
    }

    /// Opens picture `index` (selecting it), fitted to the window, once its size is known. Only the
    /// header decides: a recorded session opens the same pictures however fast they decode.
    mutating func openPicture(at index: Int) {
        guard let pictures, index < itemCount, pictures.header(at: index) != nil || pictures.isBroken(at: index)
        else { return }
        selection = index
        openPicture = PictureView(index: index, picture: layout.size(at: index))
    }

    /// Applies a command to the open picture; returns false for those the grid takes as well (a resize).
    mutating func handleOpenPicture(_ command: ViewerCommand) -> Bool {
        guard var view = openPicture else { return false }
        let stored = layout.size(at: view.index)
        let picture = view.shown(stored)
        switch command {
        case .press(let point):
            pointer = point
        case .drag(let point):
            if let last = pointer { view.pan(by: point - last, picture: picture, window: viewport) }
            pointer = point
        case .release(let point): pointer = point
        case .wheel(let notches, let point):
            let anchor = point ?? pointer ?? Point(x: viewport.width / 2, y: viewport.height / 2)
            view.zoom(
                by: pow(PictureView.zoomStep, Double(-notches)), about: anchor, picture: picture, window: viewport)
        case .resize:
            return false
        case .remove: break
        case .handlerKey(let key): requestKeyHandler(key)
        case .key(let key):
            if mark(key, item: view.index) || request(key) || sort(key) { return true }
            switch key {
            case .open, .back:
                openPicture = nil
                slideshowRuns = false
                return true
            case .toggleSlideshow: slideshowRuns.toggle()
            case .slideshowStep where slideshowRuns:
                let next = view.index + 1 < itemCount ? view.index + 1 : 0
                view = PictureView(index: next, picture: layout.size(at: next))
                selection = next
            case .addCells, .removeCells:
                let factor = key == .addCells ? PictureView.zoomStep : 1 / PictureView.zoomStep
                view.zoom(
                    by: factor, about: Point(x: viewport.width / 2, y: viewport.height / 2), picture: picture,
                    window: viewport)
            case .toggleFit: view.zoom = nil
            case .actualSize:
                view.zoom(
                    by: 1 / view.scale(picture: picture, window: viewport),
                    about: Point(x: viewport.width / 2, y: viewport.height / 2),
                    picture: picture, window: viewport)
            case _
            where [.left, .right, .lineUp, .lineDown].contains(key)
                && view.canPan(key, picture: picture, window: viewport):
                view.pan(key, picture: picture, window: viewport)
            case .next, .previous, .left, .right:
                let step = key == .next || key == .right ? 1 : -1
                let next = min(itemCount - 1, max(0, view.index + step))
                view = PictureView(index: next, picture: layout.size(at: next))
                selection = next
            case .toggleHUD: showsHUD.toggle()
            case .toggleCheckerboard: showsCheckerboard.toggle()
            case .toggleInfo: showsInfo.toggle()
            case .rotateClockwise, .rotateCounterclockwise:
                view.turn(clockwise: key == .rotateClockwise, picture: stored)
            case .flipHorizontally, .flipVertically: view.flip(vertically: key == .flipVertically, picture: stored)
            case .togglePause:
                if let pictures { pictures.setAnimationsPaused(!pictures.animationsPaused, now: pictures.clock.now) }
            case .nextFrame, .previousFrame:
                if let pictures {
                    pictures.stepAnimation(view.index, by: key == .nextFrame ? 1 : -1, now: pictures.clock.now)
                }
            default: break
            }
        }
        openPicture = view
        return true
    }

    /// Asks for the open picture at the size it shows (its neighbours at the window's fit), plays it,
    /// and asks for the region around what shows when it is zoomed past the window.
    func prepareOpenPicture(_ view: PictureView, of pictures: PictureFeed) {
        guard pictures.problem(at: view.index) == nil else { return }
        let shown = shownOpenPicture(view, of: pictures)
        let neighbours = [view.index - 1, view.index + 1].filter { (0..<itemCount).contains($0) }
        pictures.wantView(
            view.index, side: shown.side, prefetching: neighbours, prefetchSide: Int(shown.fitSide.rounded(.up)))
        pictures.play([view.index], side: shown.side, now: pictures.clock.now)
        if !shown.inRegions {
            pictures.releaseRegion()
            return
        }
        // Panned past its edge, none of the picture shows: there is nothing to decode (and no error).
        guard let region = wantedRegion(of: view, in: shown.rect) else { return }
        if let held = pictures.region, held.index == view.index, held.scale == region.scale,
            held.part.contains(region.shows)
        {
            return
        }
        pictures.wantRegion(view.index, part: region.around, scale: region.scale)
    }

    /// Where the open picture shows and the side it is decoded to: the size shown (full size only when
    /// zoomed in), or the window's fit when what shows comes from regions.
    func shownOpenPicture(_ view: PictureView, of pictures: PictureFeed)
        -> (rect: Rect, side: Int, fitSide: Double, inRegions: Bool)
    {
        let picture = view.shown(layout.size(at: view.index))
        let rect = view.rect(picture: picture, window: viewport)
        let fitSide = PictureView.fitZoom(picture: picture, window: viewport) * max(picture.width, picture.height)
        let shownSide = rect.width >= rect.height ? rect.width : rect.height
        // Zoomed past the window, a still picture is held whole only at the window's size; what shows
        // comes from a region decoded at the zoom, so memory stays bounded however large the picture.
        let inRegions =
            !(pictures.header(at: view.index)?.isAnimated ?? false) && view.quarterTurns == 0 && !view.mirrored
            && (rect.width > viewport.width * 1.5 || rect.height > viewport.height * 1.5)
        // Decoded at the size shown, so a reduction is an area reduction, never one by nearest pixels.
        let side = max(1, Int(min(max(picture.width, picture.height), inRegions ? fitSide : shownSide).rounded()))
        return (rect, side, fitSide, inRegions)
    }

    /// The part of the open picture that shows, the part to decode (what shows and half a window
    /// around it), and the scale to decode it at; nil when none of it shows.
    private func wantedRegion(of view: PictureView, in rect: Rect)
        -> (shows: PictureRegion, around: PictureRegion, scale: Double)?
    {
        let picture = layout.size(at: view.index)
        let scale = view.scale(picture: picture, window: viewport)
        let part = { (margin: Double) -> PictureRegion in
            let left = max(0, (-rect.minX - margin * self.viewport.width) / scale).rounded(.down)
            let top = max(0, (-rect.minY - margin * self.viewport.height) / scale).rounded(.down)
            let right = min(picture.width, ((1 + margin) * self.viewport.width - rect.minX) / scale).rounded(.up)
            let bottom = min(picture.height, ((1 + margin) * self.viewport.height - rect.minY) / scale).rounded(.up)
            return PictureRegion(
                x: Int(left), y: Int(top), width: max(1, Int(right - left)), height: max(1, Int(bottom - top)))
        }
        let visible = Rect(origin: .zero, size: viewport)
        guard visible.intersects(rect) else { return nil }
        return (part(0), part(0.5), min(1, scale))
    }
}
