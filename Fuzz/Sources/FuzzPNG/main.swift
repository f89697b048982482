import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// A PNG decoded row by row and shrunk, as a thumbnail and for a window.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return 0 }
    for side in [32.0, 1280.0] { _ = try? PictureDecoder.decode(data, fitting: Size(width: side, height: side)) }
    return 0
}
