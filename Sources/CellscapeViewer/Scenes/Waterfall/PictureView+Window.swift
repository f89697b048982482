import CellscapeLayout
import CellscapePictures
import Foundation

/// The open picture in its window: what the zoom and pan keys do to it, where it shows, and what
/// must be decoded for it.
extension PictureView {
    /// Where the picture shows and the side it is decoded to: the size shown (full size only when
    /// zoomed in), or the window's fit when what shows comes from regions.
    struct Shown {
        var rect: Rect
        var side: Int
        var fitSide: Double
        var inRegions: Bool
    }

    /// Applies a key that zooms, pans, turns or flips the picture of size `stored` in `window`;
    /// returns false for other keys.
    mutating func apply(_ key: KeyCommand, stored: Size, window: Size) -> Bool {
        let picture = shown(stored)
        let centre = Point(x: window.width / 2, y: window.height / 2)
        switch key {
        case .addCells, .removeCells:
            let factor = key == .addCells ? Self.zoomStep : 1 / Self.zoomStep
            zoom(by: factor, about: centre, picture: picture, window: window)
        case .toggleFit: zoom = nil
        case .actualSize:
            zoom(by: 1 / scale(picture: picture, window: window), about: centre, picture: picture, window: window)
        case _
        where [.left, .right, .lineUp, .lineDown].contains(key) && canPan(key, picture: picture, window: window):
            pan(key, picture: picture, window: window)
        case .rotateClockwise, .rotateCounterclockwise: turn(clockwise: key == .rotateClockwise, picture: stored)
        case .flipHorizontally, .flipVertically: flip(vertically: key == .flipVertically, picture: stored)
        default: return false
        }
        return true
    }

    /// Where the picture of size `stored` shows in `window`, and at what side to decode it; an
    /// animated one is never decoded in regions.
    func shown(stored: Size, in window: Size, animated: Bool) -> Shown {
        let picture = shown(stored)
        let rect = rect(picture: picture, window: window)
        let fitSide = Self.fitZoom(picture: picture, window: window) * max(picture.width, picture.height)
        let shownSide = rect.width >= rect.height ? rect.width : rect.height
        // Zoomed past the window, a still picture is held whole only at the window's size; what shows
        // comes from a region decoded at the zoom, so memory stays bounded however large the picture.
        let inRegions =
            !animated && quarterTurns == 0 && !mirrored
            && (rect.width > window.width * 1.5 || rect.height > window.height * 1.5)
        // Decoded at the size shown, so a reduction is an area reduction, never one by nearest pixels.
        let side = max(1, Int(min(max(picture.width, picture.height), inRegions ? fitSide : shownSide).rounded()))
        return Shown(rect: rect, side: side, fitSide: fitSide, inRegions: inRegions)
    }

    /// The part of the picture of size `picture` drawn at `rect` that shows in `window`, the part to
    /// decode (what shows and half a window around it), and the scale to decode it at; nil when none
    /// of it shows.
    func wantedRegion(picture: Size, window: Size, in rect: Rect)
        -> (shows: PictureRegion, around: PictureRegion, scale: Double)?
    {
        let scale = scale(picture: picture, window: window)
        let part = { (margin: Double) -> PictureRegion in
            let left = max(0, (-rect.minX - margin * window.width) / scale).rounded(.down)
            let top = max(0, (-rect.minY - margin * window.height) / scale).rounded(.down)
            let right = min(picture.width, ((1 + margin) * window.width - rect.minX) / scale).rounded(.up)
            let bottom = min(picture.height, ((1 + margin) * window.height - rect.minY) / scale).rounded(.up)
            return PictureRegion(
                x: Int(left), y: Int(top), width: max(1, Int(right - left)), height: max(1, Int(bottom - top)))
        }
        guard Rect(origin: .zero, size: window).intersects(rect) else { return nil }
        return (part(0), part(0.5), min(1, scale))
    }
}
