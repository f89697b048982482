import CPictureEncoders
import CellscapeRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pictures made for tests, benches and fuzzing seeds: JPEGs (libjpeg-turbo) and animated GIFs (giflib)
/// encoded in memory, and a test pattern. The product never writes these formats.
public enum FixturePictures {
    /// How a JPEG stores colour.
    public enum Chroma: Int32, Sendable, CaseIterable {
        /// Colour at half the resolution both ways (4:2:0), as cameras write it.
        case halved = 0
        /// Colour at full resolution (4:4:4).
        case full = 1
        /// Grey only.
        case grey = 2
    }

    /// The frame as a JPEG of `quality` (1 to 100) with its colour stored as `chroma`, a restart marker
    /// every `restartInterval` MCUs (0: none), in progressive scans when `progressive`; nil when libjpeg
    /// fails.
    public static func jpeg(
        _ frame: Framebuffer, quality: Int = 90, chroma: Chroma = .halved, restartInterval: Int = 0,
        progressive: Bool = false
    ) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = UnsafeRawPointer(frame.pixels).withMemoryRebound(to: UInt8.self, capacity: frame.stride * 4) {
            cellscape_jpeg_encode(
                $0, Int32(frame.width), Int32(frame.height), Int32(frame.stride * 4), Int32(max(1, min(100, quality))),
                chroma.rawValue, Int32(max(0, min(65535, restartInterval))), progressive ? 1 : 0, &output, &length)
        }
        guard status == 0, let output else { return nil }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    /// `frames` frames of `width` x `height` palette indices (frame after frame) as an animated GIF
    /// with a 256-colour `palette` (R, G, B), an optional transparent index (each frame then clears
    /// before the next), a delay in centiseconds and a loop count (0: for ever); nil when giflib fails.
    public static func gif(
        indices: [UInt8], width: Int, height: Int, frames: Int, palette: [UInt8], transparentIndex: Int?,
        centiseconds: Int, loopCount: Int = 0
    ) -> [UInt8]? {
        guard indices.count >= width * height * frames, palette.count >= 768 else { return nil }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = cellscape_gif_encode(
            indices, Int32(width), Int32(height), Int32(frames), palette, Int32(transparentIndex ?? -1),
            Int32(centiseconds), Int32(loopCount), &output, &length)
        guard status == 0, let output else { return nil }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    /// A test picture: a diagonal gradient crossed by bars 16 px wide, so both scale and position show.
    public static func pattern(width: Int, height: Int) -> Framebuffer {
        let frame = Framebuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let red = UInt32(x * 255 / max(1, width - 1))
                let green = UInt32(y * 255 / max(1, height - 1))
                let blue: UInt32 = (x / 16) % 2 == 0 ? 40 : 220
                frame[x, y] = 0xFF00_0000 | red << 16 | green << 8 | blue
            }
        }
        return frame
    }
}
