/// A rectangle of a picture's pixels: the part of a picture too large to hold whole that the image
/// view shows at 100%.
public struct PictureRegion: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The part of it inside `bounds`, nil when none is.
    public func clipped(to bounds: PictureRegion) -> PictureRegion? {
        let left = max(x, bounds.x)
        let top = max(y, bounds.y)
        let right = min(x + width, bounds.x + bounds.width)
        let bottom = min(y + height, bounds.y + bounds.height)
        guard right > left, bottom > top else { return nil }
        return PictureRegion(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether it covers all of `other`.
    public func contains(_ other: PictureRegion) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// This region of the upright picture `header` describes, in its stored pixels (before its EXIF
    /// orientation turns it).
    func stored(by header: PictureHeader) -> PictureRegion {
        let orientation = header.orientation
        let first = orientation.storedPosition(x: x, y: y, width: header.width, height: header.height)
        let last = orientation.storedPosition(
            x: x + width - 1, y: y + height - 1, width: header.width, height: header.height)
        return PictureRegion(
            x: min(first.x, last.x), y: min(first.y, last.y), width: abs(last.x - first.x) + 1,
            height: abs(last.y - first.y) + 1)
    }
}
