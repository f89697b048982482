import CPictureCodecs
import CellscapeRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Encodes framebuffers as PNG with text chunks (libpng), in memory: thumbnails for the shared cache.
public enum PictureEncoder {
    /// The frame (premultiplied, as decoders give it) as a PNG carrying `text` (key, value) as tEXt
    /// chunks before its pixels: RGB when every pixel is opaque, else RGBA with straight alpha, as PNG
    /// keeps it. Nil when libpng fails.
    public static func png(_ frame: Framebuffer, text: [(key: String, value: String)] = []) -> [UInt8]? {
        let opaque = (0..<frame.height).allSatisfy { y in
            UnsafeBufferPointer(start: frame.pixels + y * frame.stride, count: frame.width).allSatisfy {
                $0 >> 24 == 255
            }
        }
        var straight: [UInt32] = []
        if !opaque {
            straight.reserveCapacity(frame.width * frame.height)
            for y in 0..<frame.height {
                for x in 0..<frame.width { straight.append(ColourProfiles.unpremultiplied(frame[x, y])) }
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let keys = text.map { strdup($0.key) }
        let values = text.map { strdup($0.value) }
        defer { for pointer in keys + values { free(pointer) } }
        var keyPointers = keys.map { UnsafePointer($0) }
        var valuePointers = values.map { UnsafePointer($0) }
        let encode = { (pixels: UnsafeRawPointer, rowBytes: Int) in
            cellscape_png_encode(
                pixels.assumingMemoryBound(to: UInt8.self), Int32(frame.width), Int32(frame.height), Int32(rowBytes),
                opaque ? 1 : 0, &keyPointers, &valuePointers, Int32(text.count), &output, &length)
        }
        let status =
            opaque
            ? encode(UnsafeRawPointer(frame.pixels), frame.stride * 4)
            : straight.withUnsafeBytes { encode($0.baseAddress!, frame.width * 4) }
        guard status == 0, let output else { return nil }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
