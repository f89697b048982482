import CellscapeLayout
import CellscapePictures

/// HEIF/HEIC, AVIF and JPEG XL: our readers of their boxes and codestream headers, then the decode
/// through libheif and libjxl (loaded with dlopen; without them, the one line that names the package).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let header = PictureHeader(data), header.format == .heif || header.format == .jxl else { return 0 }
    _ = try? PictureDecoder.decode(data, fitting: Size(width: 64, height: 64))
    return 0
}
