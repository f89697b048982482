import CVideoCodecs

/// A video's container opened through FFmpeg (MP4, MOV, WebM, MKV) for what a header needs: its
/// size, turn, length and sound. It has no decoder and nothing to seek or decode with: a header
/// reader is a type of its own, so it cannot be asked for a frame.
///
/// Bytes come through `read(offset, count)`, so a header reads only what the demuxer asks for.
final class VideoContainer {
    fileprivate let handle: OpaquePointer
    private let source: Unmanaged<HeaderSource>
    /// The stored size of a frame, before it is turned upright.
    let width: Int
    let height: Int
    /// How the frames stand upright: a phone's display matrix, as the ffmpeg tool turns it.
    let orientation: PictureOrientation
    /// The length in seconds, when the container says.
    let seconds: Double?
    /// Whether it has sound (which is never played: the bar says "muted").
    let hasAudio: Bool

    /// Opens the container `read` gives, for its header alone.
    convenience init(reading read: @escaping (Int, Int) -> [UInt8], size: Int? = nil) throws(PictureDecoder.Failure) {
        try self.init(
            reading: read, size: size, decoderThreads: 0, maximumPixels: PictureDecoder.maximumCanvasPixels,
            fromServer: false, interrupted: nil)
    }

    /// Opens the container whose bytes are `data`, for its header alone.
    convenience init(_ data: [UInt8]) throws(PictureDecoder.Failure) {
        let contents = PictureContents.bytes(data)
        try self.init(reading: contents.read, size: contents.size)
    }

    /// Opens the container, and its decoder on `decoderThreads` threads when above 0 (a
    /// ``VideoStream``'s); `interrupted` stops it once it says so.
    fileprivate init(
        reading read: @escaping (Int, Int) -> [UInt8], size: Int?, decoderThreads: Int, maximumPixels: Double,
        fromServer: Bool, interrupted: (() -> Bool)?
    ) throws(PictureDecoder.Failure) {
        source = Unmanaged.passRetained(HeaderSource(read, interrupted: interrupted))
        var message = [CChar](repeating: 0, count: 256)
        guard
            let handle = cellscape_video_open(
                VideoStream.readAt, interrupted == nil ? nil : VideoStream.isInterrupted, source.toOpaque(),
                Int64(size ?? -1), maximumPixels, Int32(decoderThreads), fromServer ? 1 : 0, &message, 256)
        else {
            let stopped = source.takeUnretainedValue().interrupted?() == true
            source.release()
            throw stopped ? .stopped : .undecodable(PictureDecoder.text(message))
        }
        self.handle = handle
        var (width, height): (Int32, Int32) = (0, 0)
        cellscape_video_size(handle, &width, &height)
        (self.width, self.height) = (Int(width), Int(height))
        orientation = VideoStream.orientation(quarterTurns: Int(cellscape_video_quarter_turns(handle)))
        let seconds = cellscape_video_seconds(handle)
        self.seconds = seconds > 0 ? seconds : nil
        hasAudio = cellscape_video_has_audio(handle) != 0
    }

    deinit {
        cellscape_video_close(handle)
        source.release()
    }
}

/// A video opened through FFmpeg with its decoder: its container's facts, and its frames one after
/// another as canvases of B, G, R, A, from the start or from where it seeks.
final class VideoStream {
    private let container: VideoContainer
    private var video: OpaquePointer { container.handle }
    /// The stored size of a frame, before it is turned upright.
    var width: Int { container.width }
    var height: Int { container.height }
    /// How the frames stand upright.
    var orientation: PictureOrientation { container.orientation }
    /// The length in seconds, when the container says.
    var seconds: Double? { container.seconds }
    /// Whether it has sound.
    var hasAudio: Bool { container.hasAudio }

    /// Opens the video `read` gives with its decoder on `threads` threads; `fromServer`, in the codecs
    /// browsers play alone.
    init(
        reading read: @escaping (Int, Int) -> [UInt8], size: Int? = nil, threads: Int = 1,
        maximumPixels: Double = PictureDecoder.maximumCanvasPixels, fromServer: Bool = false,
        interrupted: (() -> Bool)? = nil
    ) throws(PictureDecoder.Failure) {
        container = try VideoContainer(
            reading: read, size: size, decoderThreads: max(1, threads), maximumPixels: maximumPixels,
            fromServer: fromServer, interrupted: interrupted)
    }

    /// Opens the video whose bytes are `data`.
    convenience init(_ data: [UInt8]) throws(PictureDecoder.Failure) {
        try self.init(.bytes(data))
    }

    /// Opens the video in `contents`, read in the ranges the demuxer asks for.
    convenience init(_ contents: PictureContents) throws(PictureDecoder.Failure) {
        try self.init(
            reading: contents.read, size: contents.size, fromServer: contents.fromServer,
            interrupted: contents.interrupted)
    }

    /// The frame decoded last: ``canvasSize`` pixels of B, G, R, A, 4 bytes a pixel, rows side by side.
    var canvas: UnsafePointer<UInt8> { cellscape_video_canvas(video) }

    /// The canvas's size: the stored size, or the size it was reduced to.
    var canvasSize: (width: Int, height: Int) {
        var (width, height): (Int32, Int32) = (0, 0)
        cellscape_video_output_size(video, &width, &height)
        return (Int(width), Int(height))
    }

    /// Makes every frame `width` x `height` (stored orientation), reduced by area as it is converted:
    /// a tile's frames never exist at the video's own size.
    func reduce(toWidth width: Int, height: Int) throws(PictureDecoder.Failure) {
        guard cellscape_video_set_output_size(video, Int32(width), Int32(height)) != 0 else {
            throw .undecodable("not enough memory for its frames")
        }
    }

    /// Whether the file ended before its container said it would, once read to its end.
    var endsEarly: Bool { cellscape_video_ended_early(video) != 0 }

    /// Whether its work was stopped as no longer wanted: a frame or a seek then failed for that alone.
    var isStopped: Bool { cellscape_video_stopped(video) != 0 }

    /// The codec's name ("h264", "vp9").
    var codecName: String { String(cString: cellscape_video_codec_name(video)) }

    /// Decodes the next frame into the canvas: its time from the start and how long it shows, in
    /// milliseconds; nil after the last.
    func next() -> (time: Double, milliseconds: Double)? {
        var (milliseconds, time) = (0.0, 0.0)
        var message = [CChar](repeating: 0, count: 256)
        guard cellscape_video_next_frame(video, &milliseconds, &time, &message, 256) == 1 else { return nil }
        return (time, milliseconds)
    }

    /// Decodes a frame that shows what the video is (about a tenth in, past near-black frames) into the
    /// canvas.
    func representativeFrame() throws(PictureDecoder.Failure) {
        var message = [CChar](repeating: 0, count: 256)
        guard cellscape_video_representative_frame(video, &message, 256) == 1 else {
            throw isStopped ? .stopped : .undecodable(PictureDecoder.text(message))
        }
    }

    /// Moves to the frame that shows at `milliseconds` from the start (past the end, the first), which
    /// ``next()`` gives; returns when it shows, nil when the file cannot seek.
    func seek(to milliseconds: Double) -> Double? {
        var time = 0.0
        return cellscape_video_seek(video, milliseconds, &time) == 1 ? time : nil
    }

    /// How long a frame shows by the stream's average rate, in milliseconds.
    var frameMilliseconds: Double { cellscape_video_frame_milliseconds(video) }

    /// Starts over from the first frame; false when the file cannot seek back.
    func rewind() -> Bool { cellscape_video_rewind(video) != 0 }

    /// The orientation that turns a frame `quarterTurns` quarters clockwise.
    static func orientation(quarterTurns: Int) -> PictureOrientation {
        switch quarterTurns {
        case 1: .quarterTurnClockwise
        case 2: .upsideDown
        case 3: .quarterTurnCounterclockwise
        default: .upright
        }
    }

    fileprivate static let isInterrupted: cellscape_video_interrupt = { source in
        guard let source else { return 0 }
        return Unmanaged<HeaderSource>.fromOpaque(source).takeUnretainedValue().interrupted?() == true ? 1 : 0
    }

    fileprivate static let readAt: cellscape_video_reader = { source, offset, into, count in
        guard let source, let into, offset >= 0, count > 0 else { return 0 }
        let reader = Unmanaged<HeaderSource>.fromOpaque(source).takeUnretainedValue()
        let bytes = reader.read(Int(offset), Int(count))
        guard !bytes.isEmpty else { return 0 }
        let taken = min(bytes.count, Int(count))
        bytes.withUnsafeBufferPointer { into.update(from: $0.baseAddress!, count: taken) }
        return Int32(taken)
    }
}
