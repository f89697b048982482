import CellscapeRender

/// Videos in the format table: a header from the container alone, and a still that is a frame showing
/// what the video is.
extension PictureHeader {
    /// A video's header: its frames' stored size, its turn, its length and whether it has sound, read
    /// from the container (the demuxer reads its boxes, seeking past the media data). A clip without
    /// sound, or of at most 30 seconds, plays in its tile as an animation does.
    static func video(_ read: @escaping (Int, Int) -> [UInt8]) -> PictureHeader? {
        guard let video = try? VideoContainer(reading: read) else { return nil }
        var header = PictureHeader(
            format: .video, width: video.width, height: video.height, orientation: video.orientation)
        header.seconds = video.seconds
        header.hasAudio = video.hasAudio
        header.isAnimated = !video.hasAudio || (video.seconds ?? .infinity) <= 30
        return header
    }
}

extension PictureDecoder {
    /// A video's still: a frame about a tenth in that is not near black, shrunk by area.
    static func decodeVideoFrame(_ still: Still, note: inout PictureProblem?) throws(Failure) -> Framebuffer {
        let video = try VideoStream(still.contents)
        if still.region == nil && (still.width < video.width || still.height < video.height) {
            try video.reduce(toWidth: still.width, height: still.height)
        }
        try video.representativeFrame()
        let canvas = video.canvasSize
        let part = still.region ?? PictureRegion(x: 0, y: 0, width: canvas.width, height: canvas.height)
        var downscale = AreaDownscale(
            sourceWidth: part.width, sourceHeight: part.height, width: still.width, height: still.height,
            output: still.output)
        for row in part.y..<part.y + part.height {
            downscale.add(row: video.canvas + (row * canvas.width + part.x) * 4)
        }
        return downscale.output
    }
}
