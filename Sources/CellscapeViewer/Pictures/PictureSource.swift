import CellscapeLayout
import CellscapePictures

/// Where pictures come from besides the folders and paths given: a source the feed reads at each
/// look, whose pictures join at the end in the order they arrive, as a remote feed's stream does.
/// Their bytes are the source's (`PictureBytes`), read on the loader's workers; the size the source
/// knows before any pixel (a feed's API says it) lays the tile out at once, so nothing moves when the
/// pixels arrive. The order, the thumbnails and the scenes do not know where a picture came from.
public protocol PictureSource: AnyObject {
    /// The pictures that arrived since the last look, in order.
    func takeArrived() -> [SourcePicture]
}

/// One picture a source gives: its bytes and, when known before them, its size in upright pixels.
public struct SourcePicture: Sendable {
    /// Where its bytes are read from.
    public var bytes: PictureBytes
    /// Its size, when the source knows it before its pixels.
    public var size: Size?

    /// A picture of `bytes`, of `size` when known.
    public init(bytes: PictureBytes, size: Size? = nil) {
        self.bytes = bytes
        self.size = size
    }
}

extension PictureFeed {
    /// Reads `source` from now on, at each ``takeResults()``: its pictures join at the end as they arrive.
    public func read(_ source: PictureSource) { members.read(source) }
}
