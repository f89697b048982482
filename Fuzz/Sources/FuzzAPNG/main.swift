import CellscapeLayout
import CellscapePictures

/// An APNG's frames composited one after another (a chunk reader feeding libpng frame by frame), and
/// its default image shrunk as a thumbnail.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return 0 }
    if let frames = try? PictureFrames(data, format: .png, maximumPixels: 4_000_000) {
        var count = 0
        while count < 64, (try? frames.next()) != nil { count += 1 }
    }
    _ = try? PictureDecoder.decode(data, fitting: Size(width: 64, height: 64))
    return 0
}
