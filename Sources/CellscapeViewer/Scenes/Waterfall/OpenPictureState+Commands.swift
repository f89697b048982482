import CellscapeLayout
import Foundation

/// What the image view does with the pointer and its keys: zooms and pans, turns and flips, goes to
/// the next picture, shows its overlays, runs the slideshow, closes.
extension OpenPictureState {
    /// Applies `command` to `view` of a feed of `count` pictures whose sizes `size` gives, in
    /// `window`; returns the view now, nil once closed.
    mutating func handle(
        _ command: ViewerCommand, view: PictureView, count: Int, size: (Int) -> Size, window: Size
    ) -> PictureView? {
        var view = view
        let stored = size(view.index)
        let picture = view.shown(stored)
        func go(_ position: Int) -> PictureView { PictureView(index: position, picture: size(position)) }
        switch command {
        case .press(let point), .release(let point): pointer = point
        case .drag(let point):
            if let last = pointer { view.pan(by: point - last, picture: picture, window: window) }
            pointer = point
        case .wheel(let notches, let point):
            let anchor = point ?? pointer ?? Point(x: window.width / 2, y: window.height / 2)
            view.zoom(by: pow(PictureView.zoomStep, Double(-notches)), about: anchor, picture: picture, window: window)
        case .key(let key):
            if view.apply(key, stored: stored, window: window) { break }
            switch key {
            case .open, .back:
                slideshowRuns = false
                return nil
            case .toggleSlideshow: slideshowRuns.toggle()
            case .slideshowStep where slideshowRuns: view = go(view.index + 1 < count ? view.index + 1 : 0)
            case .next, .previous, .left, .right:
                let step = key == .next || key == .right ? 1 : -1
                view = go(min(count - 1, max(0, view.index + step)))
            case .toggleCheckerboard: showsCheckerboard.toggle()
            case .toggleInfo: showsInfo.toggle()
            default: break
            }
        case .resize, .remove, .handlerKey, .sourcePictures, .text, .edit, .showSource: break
        }
        return view
    }
}
