import CellscapePictures
import CellscapeRender

/// A file in the shared thumbnail cache: its size checked, its text chunks read, and decoded when it
/// belongs to the picture asked for (the seeds were made for /fuzz/picture.jpg, modified at 1).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    for size in [ThumbnailCache.Size.normal, .large] {
        _ = ThumbnailCache.thumbnail(in: data, forFile: "/fuzz/picture.jpg", modified: 1, size: size)
    }
    return 0
}
