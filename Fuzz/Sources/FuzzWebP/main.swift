import CellscapeLayout
import CellscapePictures

/// A WebP's frames (still or animated) composited one after another, and its first frame shrunk as a thumbnail.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard data.starts(with: Array("RIFF".utf8)) else { return 0 }
    if let frames = try? PictureFrames(data, format: .webp, maximumPixels: 4_000_000) {
        var count = 0
        while count < 64, (try? frames.next()) != nil { count += 1 }
    }
    _ = try? PictureDecoder.decode(data, fitting: Size(width: 64, height: 64))
    return 0
}
