import CellscapePictures
import CellscapeRender

/// The first bytes of a picture: JPEG markers up to the frame header (with EXIF orientation), PNG's IHDR.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    if let header = PictureHeader(bytes) { _ = PictureDecoder.targetSize(header: header, fitting: nil) }
    return 0
}
