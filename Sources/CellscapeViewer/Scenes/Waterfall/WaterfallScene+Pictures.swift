import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation

extension WaterfallScene {
    /// Opens the picture asked for at the start once its size is known; returns whether it opened.
    @discardableResult
    mutating func openPending() -> Bool {
        guard let pending = open.pending else { return false }
        guard let position = position(of: pending) else {
            open.pending = nil  // its file went before it could open
            return false
        }
        guard position < itemCount else { return false }
        open(pictureAt: position)
        if let zoom = options.opensAtZoom, var view = openPicture {
            view.zoom = min(PictureView.largestZoom, max(0.01, zoom))
            openPicture = view
        }
        open.pending = nil
        return true
    }

    /// Opens picture `index` in the image view (selecting it), fitted to the window, once its size is
    /// known: what Enter does on a selected tile. Only the header decides: a recorded session opens the
    /// same pictures however fast they decode.
    public mutating func open(pictureAt index: Int) {
        guard let pictures, index < itemCount, pictures.header(at: index) != nil || pictures.isBroken(at: index)
        else { return }
        selection = index
        openPicture = PictureView(index: index, picture: layout.size(at: index))
    }

    /// Applies a command to the open picture; returns false for those the grid takes as well (a resize).
    /// Marks, requests and sorts act as on the grid; the rest the image view takes
    /// (``OpenPictureState/handle(_:view:count:size:window:)``).
    mutating func handleOpenPicture(_ command: ViewerCommand) -> Bool {
        guard let view = openPicture else { return false }
        switch command {
        case .resize: return false
        case .handlerKey(let key): requestKeyHandler(key)
        case .key(let key) where mark(key, item: view.index) || request(key) || sort(key): break
        case .key(.toggleHUD): showsHUD.toggle()
        case .key(.togglePause), .key(.nextFrame), .key(.previousFrame):
            guard let pictures else { break }
            let now = pictures.clock.now
            if command == .key(.togglePause) {
                pictures.animations.togglePaused()
            } else {
                pictures.animations.stepAnimation(view.index, by: command == .key(.nextFrame) ? 1 : -1, now: now)
            }
        case .key(let key) where Self.seekOffsets[key] != nil:
            pictures?.animations.seekAnimation(view.index, by: Self.seekOffsets[key]!)
        default:
            let next = open.handle(command, view: view, count: itemCount, size: layout.size(at:), window: viewport)
            if let next, next.index != view.index { selection = next.index }
            openPicture = next
        }
        return true
    }

    /// How far each seek key moves an open video, in milliseconds.
    static let seekOffsets: [KeyCommand: Int] = [
        .seekForward: 5_000, .seekBackward: -5_000, .seekForwardMinute: 60_000, .seekBackwardMinute: -60_000,
    ]

    /// Where the open picture shows and the side it is decoded to (``PictureView/Shown``).
    func shownOpenPicture(_ view: PictureView, of pictures: PictureFeed) -> PictureView.Shown {
        view.shown(
            stored: layout.size(at: view.index), in: viewport,
            animated: pictures.header(at: view.index)?.playsWhenOpen ?? false)
    }
}
