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
        guard let pending = open.pending else { return false }
        guard let position = position(of: pending) else {
            open.pending = nil  // its file went before it could open
            return false
        }
        guard position < itemCount else { return false }
        openPicture(at: position)
        if let zoom = options.opensAtZoom, var view = openPicture {
            view.zoom = min(PictureView.largestZoom, max(0.01, zoom))
            openPicture = view
        }
        open.pending = nil
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
            open.pointer = point
        case .drag(let point):
            if let last = open.pointer { view.pan(by: point - last, picture: picture, window: viewport) }
            open.pointer = point
        case .release(let point): open.pointer = point
        case .wheel(let notches, let point):
            let anchor = point ?? open.pointer ?? Point(x: viewport.width / 2, y: viewport.height / 2)
            view.zoom(
                by: pow(PictureView.zoomStep, Double(-notches)), about: anchor, picture: picture, window: viewport)
        case .resize:
            return false
        case .remove: break
        case .handlerKey(let key): requestKeyHandler(key)
        case .key(let key):
            if mark(key, item: view.index) || request(key) || sort(key) { return true }
            if view.apply(key, stored: stored, window: viewport) { break }
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
            case .next, .previous, .left, .right:
                let step = key == .next || key == .right ? 1 : -1
                let next = min(itemCount - 1, max(0, view.index + step))
                view = PictureView(index: next, picture: layout.size(at: next))
                selection = next
            case .toggleHUD: showsHUD.toggle()
            case .toggleCheckerboard: open.showsCheckerboard.toggle()
            case .toggleInfo: open.showsInfo.toggle()
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
        guard let region = view.wantedRegion(picture: layout.size(at: view.index), window: viewport, in: shown.rect)
        else { return }
        if let held = pictures.region, held.index == view.index, held.scale == region.scale,
            held.part.contains(region.shows)
        {
            return
        }
        pictures.wantRegion(view.index, part: region.around, scale: region.scale)
    }

    /// Where the open picture shows and the side it is decoded to (``PictureView/Shown``).
    func shownOpenPicture(_ view: PictureView, of pictures: PictureFeed) -> PictureView.Shown {
        view.shown(
            stored: layout.size(at: view.index), in: viewport,
            animated: pictures.header(at: view.index)?.isAnimated ?? false)
    }
}
