import CPictureCodecs
import CellscapeRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The formats decoded whole by a library loaded when first needed (libheif, libjxl), then shrunk.
extension PictureDecoder {
    /// A HEIF or AVIF decoded whole by libheif (loaded when first needed; its smallest thumbnail item
    /// large enough serves a whole picture), shrunk to the still's size.
    static func decodeHEIF(_ still: Still, note: inout PictureProblem?) throws(Failure) -> Framebuffer {
        let (width, height) = still.region == nil ? (Int32(still.width), Int32(still.height)) : (0, 0)
        return try decodeWithLibrary(still) { bytes, pixels, decodedWidth, decodedHeight, message in
            cellscape_heif_decode(
                bytes.baseAddress, bytes.count, maximumPixels, width, height, pixels, decodedWidth, decodedHeight,
                message, 256)
        }
    }

    /// A JPEG XL decoded whole by libjxl (loaded when first needed), shrunk to the still's size.
    static func decodeJXL(_ still: Still, note: inout PictureProblem?) throws(Failure) -> Framebuffer {
        try decodeWithLibrary(still) { bytes, pixels, decodedWidth, decodedHeight, message in
            cellscape_jxl_decode(
                bytes.baseAddress, bytes.count, maximumPixels, pixels, decodedWidth, decodedHeight, message, 256)
        }
    }

    /// A picture a library decodes whole (`decode` gives its pixels, malloc'd, and their size, or a
    /// message), its part `still.region` shrunk to the still's size.
    private static func decodeWithLibrary(
        _ still: Still,
        _ decode: (
            UnsafeBufferPointer<UInt8>, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
            UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>
        ) -> Int32
    ) throws(Failure) -> Framebuffer {
        var pixels: UnsafeMutablePointer<UInt8>?
        var decodedWidth: Int32 = 0
        var decodedHeight: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = still.data.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer {
                decode(bytes, &pixels, &decodedWidth, &decodedHeight, $0.baseAddress!)
            }
        }
        guard status == 0, let pixels else { throw .undecodable(text(message)) }
        defer { free(pixels) }
        let full = PictureRegion(x: 0, y: 0, width: Int(decodedWidth), height: Int(decodedHeight))
        guard let part = (still.region ?? full).clipped(to: full) else {
            throw .regionOutside
        }
        var downscale = AreaDownscale(
            sourceWidth: part.width, sourceHeight: part.height, width: still.width, height: still.height,
            output: still.output)
        for row in part.y..<part.y + part.height {
            downscale.add(row: pixels + (row * Int(decodedWidth) + part.x) * 4)
        }
        return downscale.output
    }
}
