import CellscapeLayout
import CellscapeRender

/// One frame of an animation as a view shows it: composited, shrunk to the size asked for, upright
/// pixels with premultiplied alpha, and how long it shows.
public struct AnimationFrame: Sendable {
    /// Its place in the animation, from 0.
    public let number: Int
    /// The pixels.
    public let picture: PixelImage
    /// How long it shows, in milliseconds: the file's delay, or 100 ms for one under 20 ms, as
    /// browsers play them.
    public let milliseconds: Int
    /// The pixels that differ from the frame before it in the animation (the last, for the first
    /// after a loop): nil when not known, an empty region when none. What a view draws again.
    public var changed: PictureRegion?
    /// When it shows, in milliseconds from the first frame (what a video's bar says).
    public var time = 0
    /// The time its decoder was asked to start from (0: the first frame; a seek's target): a player
    /// that seeks tells the frames it asked for from those decoded before.
    public var start = 0

    public init(number: Int, picture: PixelImage, milliseconds: Int, changed: PictureRegion? = nil) {
        self.number = number
        self.picture = picture
        self.milliseconds = milliseconds
        self.changed = changed
    }

    /// The delay a frame plays for, given the file's: delays under 20 ms play as 100 ms.
    public static func playedMilliseconds(_ milliseconds: Int) -> Int { milliseconds < 20 ? 100 : milliseconds }
}

/// An animation (GIF, WebP or APNG) decoded frame after frame at one size, for a loader's worker: the file is
/// read once, each composited canvas shrunk as it comes. At the end it starts over from the first frame.
final class AnimationFrames {
    private let contents: PictureContents
    private let format: PictureHeader.Format
    private let orientation: PictureOrientation
    private let width: Int
    private let height: Int
    private var frames: PictureFrames
    /// The number of the next frame to decode, and the frame decoded last (what the next differs from).
    private(set) var position = 0
    /// When the next frame shows, in milliseconds from the first.
    private var elapsed = 0
    private var previous: PixelImage?
    /// How many frames it has, once decoded to its end.
    private(set) var count: Int?
    /// The time it was last asked to start from (``seek(to:)``), 0 from the first frame.
    private(set) var start = 0
    /// Whether the file ended early (frames or rows missing), once its end was reached.
    private(set) var endsEarly = false
    /// How many times the animation plays, nil for ever (read with its first frame). A GIF's
    /// NETSCAPE2.0 count repeats after the first play (without one: once); a WebP's counts plays.
    private(set) var plays: Int?

    /// The animation in `data`, its frames shrunk to fit `side` x `side`.
    convenience init(_ data: [UInt8], header: PictureHeader, side: Int) throws(PictureDecoder.Failure) {
        try self.init(.bytes(data), header: header, side: side)
    }

    /// The animation in `contents` (a video's read in ranges), its frames shrunk to fit `side` x `side`.
    init(_ contents: PictureContents, header: PictureHeader, side: Int) throws(PictureDecoder.Failure) {
        self.contents = contents
        format = header.format
        orientation = header.orientation
        let size = PictureDecoder.targetSize(header: header, fitting: Size(width: Double(side), height: Double(side)))
        (width, height) = orientation.swapsSides ? (size.height, size.width) : (size.width, size.height)
        frames = try Self.open(contents, format: format, size: (width, height))
    }

    /// The next frame, or nil when the animation ended (the next call starts it over); throws when
    /// not even a first frame can be read.
    func next(output: @escaping (Int, Int) -> Framebuffer = { Framebuffer(width: $0, height: $1) })
        throws(PictureDecoder.Failure) -> AnimationFrame?
    {
        guard let frame = try frames.next() else {
            guard position > 0 else { throw .withoutFrames(animation: true) }
            endsEarly = endsEarly || frames.endsEarly
            frames = try Self.open(contents, format: format, size: (width, height))
            count = position
            position = 0
            elapsed = 0
            return nil
        }
        if count == nil && position == 0 {
            switch (format, frames.loopCount) {
            case (_, 0): plays = nil
            case (.gif, let loops): plays = max(0, loops) + 1
            case (_, let loops): plays = loops
            }
        }
        var downscale = AreaDownscale(
            sourceWidth: frames.width, sourceHeight: frames.height, width: width, height: height, output: output)
        for row in 0..<frames.height { downscale.add(row: frame.canvas + row * frames.width * 4) }
        let picture = PictureDecoder.upright(downscale.output, orientation: orientation, output).finished()
        let milliseconds =
            format.keepsFrameTimes ? frame.milliseconds : AnimationFrame.playedMilliseconds(frame.milliseconds)
        defer {
            position += 1
            elapsed += milliseconds
            previous = picture
        }
        var shown = AnimationFrame(
            number: position, picture: picture, milliseconds: milliseconds,
            changed: previous.map { Self.difference($0, picture) } ?? nil)
        shown.time = elapsed
        shown.start = start
        return shown
    }

    /// Moves a video to the frame that shows at `milliseconds` from its start (past its end, the
    /// first), what ``next(output:)`` gives; its number counted by the stream's frame rate. Returns
    /// false when it cannot seek (or is not a video): it goes on from where it was.
    func seek(to milliseconds: Int) -> Bool {
        guard let landed = frames.seekVideo(to: milliseconds) else { return false }
        position = Int((Double(landed.time) / landed.frameMilliseconds).rounded())
        elapsed = landed.time
        previous = nil
        start = milliseconds
        return true
    }

    /// The frames of `contents` from the first.
    private static func open(
        _ contents: PictureContents, format: PictureHeader.Format, size: (width: Int, height: Int)
    ) throws(PictureDecoder.Failure) -> PictureFrames {
        if format.readsInRanges { return try PictureFrames(video: contents, reducedTo: size) }
        guard let data = contents.bytes else { throw .undecodable("the file cannot be read whole") }
        return try PictureFrames(data, format: format)
    }

    /// The bounding box of the pixels in which `after` differs from `before` (empty when none), nil
    /// when their sizes differ.
    static func difference(_ before: PixelImage, _ after: PixelImage) -> PictureRegion? {
        guard before.width == after.width, before.height == after.height else { return nil }
        var (left, top, right, bottom) = (after.width, after.height, 0, 0)
        for y in 0..<after.height {
            let (old, new) = (before.firstPixel + y * before.stride, after.firstPixel + y * after.stride)
            guard let first = (0..<after.width).first(where: { old[$0] != new[$0] }) else { continue }
            let last = (first..<after.width).last(where: { old[$0] != new[$0] }) ?? first
            (left, right) = (min(left, first), max(right, last + 1))
            (top, bottom) = (min(top, y), y + 1)
        }
        return right > left
            ? PictureRegion(x: left, y: top, width: right - left, height: bottom - top)
            : PictureRegion(x: 0, y: 0, width: 0, height: 0)
    }
}
