import CPictureCodecs
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The frames of a GIF, WebP or PNG (APNG), still or animated, one after another: each a whole canvas composited
/// as browsers composite it (disposal, transparency, frames clipped to the canvas), B, G, R, A with
/// straight alpha.
///
/// A file cut short ends after the frames it holds, as browsers show it (``endsEarly`` says so); only a
/// file without even a first frame is an error.
public final class PictureFrames {
    /// The canvas size.
    public let width: Int
    public let height: Int
    /// The file's loop count: 0 for ever; for a GIF, the NETSCAPE2.0 repeat count (-1 without one),
    /// known once the first frame is read (the extension comes before it); for a WebP, its plays.
    public var loopCount: Int {
        switch source {
        case .gif(let gif): Int(cellscape_gif_loop_count(gif))
        case .webp(let webp): Int(cellscape_webp_loop_count(webp))
        case .png(let png): Int(cellscape_apng_plays(png))
        case .video: 0
        }
    }
    /// Whether the file ended early: a frame cut short, or frames after the last one read missing
    /// (known once they are read).
    public var endsEarly: Bool {
        switch source {
        case .gif(let gif): cellscape_gif_ended_early(gif) != 0
        case .webp(let webp): cellscape_webp_ended_early(webp) != 0
        case .png(let png): cellscape_apng_ended_early(png) != 0
        case .video(let video): video.endsEarly
        }
    }
    /// The copy of a picture's bytes its decoder reads (none for a video, read through its stream).
    private let bytes: UnsafeMutableBufferPointer<UInt8>?
    private let source: Source

    private enum Source {
        case gif(OpaquePointer)
        case webp(OpaquePointer)
        case png(OpaquePointer)
        case video(VideoStream)
    }
    /// A video's time at the end of the frame given last, from its first frame's, in milliseconds:
    /// frames show for whole milliseconds that add up to the video's time.
    private var videoElapsed: (first: Double, end: Double)?

    /// Opens the frames of `data`, a GIF, a WebP or a PNG (an APNG's, or its one image), or a video.
    public convenience init(
        _ data: [UInt8], format: PictureHeader.Format, maximumPixels: Double = PictureDecoder.maximumCanvasPixels
    )
        throws(PictureDecoder.Failure)
    {
        if format.readsInRanges {
            try self.init(video: .bytes(data), maximumPixels: maximumPixels)
        } else {
            try self.init(picture: data, format: format, maximumPixels: maximumPixels)
        }
    }

    /// Opens the frames of a GIF, WebP or PNG.
    private init(picture data: [UInt8], format: PictureHeader.Format, maximumPixels: Double)
        throws(PictureDecoder.Failure)
    {
        // The decoders keep a pointer to the bytes: a copy of our own outlives them.
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, data.count))
        _ = bytes.initialize(from: data)
        self.bytes = bytes
        var message = [CChar](repeating: 0, count: 256)
        let opened: Source? =
            switch format {
            case .gif: cellscape_gif_open(bytes.baseAddress, data.count, maximumPixels, &message, 256).map(Source.gif)
            case .webp:
                cellscape_webp_open(bytes.baseAddress, data.count, maximumPixels, &message, 256).map(Source.webp)
            case .png: cellscape_apng_open(bytes.baseAddress, data.count, maximumPixels, &message, 256).map(Source.png)
            case .jpeg, .heif, .jxl, .video: nil
            }
        guard let opened else {
            bytes.deallocate()
            let known = format == .gif || format == .webp || format == .png
            throw .undecodable(known ? PictureDecoder.text(message) : "not a GIF, WebP or PNG picture")
        }
        source = opened
        var (width, height): (Int32, Int32) = (0, 0)
        switch opened {
        case .gif(let gif): cellscape_gif_size(gif, &width, &height)
        case .webp(let webp): cellscape_webp_size(webp, &width, &height)
        case .png(let png): cellscape_apng_size(png, &width, &height)
        case .video: break
        }
        self.width = Int(width)
        self.height = Int(height)
    }

    /// Opens the frames of the video in `contents`, read in ranges; `reducedTo` a size (stored
    /// orientation), each frame is reduced by area as it is converted, and that is the canvas's size.
    /// Frames shown at `threadsFrom` pixels or more (the image view's, not a tile's) of a video up to
    /// 1080p decode on every core, up to four: one video plays, and its seeks decode a group of
    /// pictures at once.
    init(
        video contents: PictureContents, reducedTo size: (width: Int, height: Int)? = nil,
        maximumPixels: Double = PictureDecoder.maximumCanvasPixels, threadsFrom: Int = 640 * 360
    ) throws(PictureDecoder.Failure) {
        let shown = size.map { $0.width * $0.height } ?? Int.max
        let threads = shown >= threadsFrom ? min(4, ProcessInfo.processInfo.activeProcessorCount) : 1
        let video = try VideoStream(
            reading: contents.read, size: contents.size, threads: threads, maximumPixels: maximumPixels,
            fromServer: contents.fromServer, interrupted: contents.interrupted)
        if let size, size.width < video.width || size.height < video.height {
            try video.reduce(toWidth: size.width, height: size.height)
        }
        bytes = nil
        source = .video(video)
        (width, height) = video.canvasSize
    }

    deinit {
        switch source {
        case .gif(let gif): cellscape_gif_close(gif)
        case .webp(let webp): cellscape_webp_close(webp)
        case .png(let png): cellscape_apng_close(png)
        case .video: break
        }
        bytes?.deallocate()
    }

    /// A frame: the canvas after it (valid until the next call) and how long it shows, in milliseconds
    /// as the file gives it.
    public struct Frame {
        /// `width` x `height` pixels of B, G, R, A (straight alpha), rows `width * 4` bytes apart.
        public let canvas: UnsafePointer<UInt8>
        /// How long the frame shows, as the file gives it.
        public let milliseconds: Int
    }

    /// The next frame, or nil after the last; throws when not even a first frame can be read.
    public func next() throws(PictureDecoder.Failure) -> Frame? {
        if case .video(let video) = source { return try nextVideoFrame(video) }
        var message = [CChar](repeating: 0, count: 256)
        var delay: Int32 = 0
        let status: Int32
        let canvas: UnsafePointer<UInt8>?
        switch source {
        case .gif(let gif):
            status = cellscape_gif_next_frame(gif, &delay, &message, 256)
            canvas = cellscape_gif_canvas(gif)
            delay *= 10
        case .webp(let webp):
            status = cellscape_webp_next_frame(webp, &delay, &message, 256)
            canvas = cellscape_webp_canvas(webp)
        case .png(let png):
            status = cellscape_apng_next_frame(png, &delay, &message, 256)
            canvas = cellscape_apng_canvas(png)
        case .video: return nil
        }
        if status < 0 { throw .undecodable(PictureDecoder.text(message)) }
        guard status == 1, let canvas else { return nil }
        return Frame(canvas: canvas, milliseconds: Int(delay))
    }

    /// Moves a video to the frame that shows at `milliseconds` from its start (past the end, the first),
    /// which ``next()`` gives; returns when it shows and how long a frame shows by the stream's rate,
    /// nil when it cannot seek (or is not a video).
    public func seekVideo(to milliseconds: Int) -> (time: Int, frameMilliseconds: Double)? {
        guard case .video(let video) = source, let time = video.seek(to: Double(milliseconds)) else { return nil }
        let first = videoElapsed?.first ?? 0
        videoElapsed = (first, max(0, time - first))
        return (Int(max(0, time - first).rounded()), video.frameMilliseconds)
    }

    /// A video's next frame; its milliseconds the rounded end of its time less the rounded start, so
    /// a loop of 10 s plays in 10 s.
    private func nextVideoFrame(_ video: VideoStream) throws(PictureDecoder.Failure) -> Frame? {
        guard let frame = video.next() else {
            if video.isStopped { throw .stopped }  // not its end: its count is not learnt
            if videoElapsed == nil { throw .withoutFrames(animation: true) }
            return nil
        }
        let first = videoElapsed?.first ?? frame.time
        let start = videoElapsed?.end ?? 0
        let end = max(start, frame.time + frame.milliseconds - first)
        videoElapsed = (first, end)
        return Frame(canvas: video.canvas, milliseconds: Int(end.rounded()) - Int(start.rounded()))
    }
}
