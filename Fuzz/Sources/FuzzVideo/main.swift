import CellscapeLayout
import CellscapePictures

/// A video's container and frames through FFmpeg from memory (the reader glue as the custom input), its
/// header, its frames one after another, seeks (to the start, into it, past its end, and to a time the
/// input's last bytes give) each followed by steps, and its still a tenth in.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard PictureHeader.Format.of(start: Array(data.prefix(32))) == .video else { return 0 }
    _ = PictureHeader(data)
    if let frames = try? PictureFrames(data, format: .video, maximumPixels: 4_000_000) {
        var elapsed = 0
        for _ in 0..<32 {
            guard let frame = try? frames.next() else { break }
            elapsed += frame.milliseconds
        }
        let chosen = data.suffix(2).reduce(0) { $0 << 8 | Int($1) }
        for time in [elapsed / 2, 0, elapsed * 4 + 1_000, chosen, elapsed / 3] {
            guard frames.seekVideo(to: time) != nil else { continue }
            var steps = 0
            while steps < 4, (try? frames.next()) != nil { steps += 1 }
        }
    }
    _ = try? PictureDecoder.decode(data, fitting: Size(width: 64, height: 64))
    return 0
}
