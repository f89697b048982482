import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// A JPEG decoded as a thumbnail (the 1/8 decoder, or libjpeg at the scale it needs) and for a window.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard data.starts(with: [0xFF, 0xD8]) else { return 0 }
    for side in [32.0, 256.0, 1280.0] { _ = try? PictureDecoder.decode(data, fitting: Size(width: side, height: side)) }
    return 0
}
