import CellscapeLayout
import CellscapePictures

/// A video's container and frames through FFmpeg from memory (the reader glue as the custom input), its
/// header, its frames one after another, and its still a tenth in.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard PictureHeader.Format.of(start: Array(data.prefix(32))) == .video else { return 0 }
    _ = PictureHeader(data)
    if let frames = try? PictureFrames(data, format: .video, maximumPixels: 4_000_000) {
        var count = 0
        while count < 64, (try? frames.next()) != nil { count += 1 }
    }
    _ = try? PictureDecoder.decode(data, fitting: Size(width: 64, height: 64))
    return 0
}
