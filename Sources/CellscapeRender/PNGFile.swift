import CPNG
import CellscapeLayout

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a ``Framebuffer`` as a PNG file and reads PNG files back, with libpng.
public enum PNGFile {
    /// A PNG file that could not be written or read, with libpng's reason.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, in one line.
        public let description: String
    }

    /// Writes the frame to `path` as an 8-bit RGBA PNG. The file appears whole or not at all (see
    /// ``OutputPath``); a device such as `/dev/null` is written in place.
    public static func write(_ frame: Framebuffer, to path: String) throws(Failure) {
        guard frame.width > 0, frame.height > 0 else { throw Failure(description: "cannot write an empty frame") }
        var image = png_image()
        image.version = cellscape_png_image_version()
        image.width = UInt32(frame.width)
        image.height = UInt32(frame.height)
        image.format = cellscape_png_format_bgra()
        // Encoded in memory and written by OutputPath: libpng's own file writer removes its file on an
        // error, and that file may be a device (`--out /dev/full`) the program did not create.
        var size = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, frame.pixels, Int32(frame.stride * 4), nil) != 0 else {
            throw Failure(description: "cannot write '\(path)': \(message(of: &image))")
        }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, size), alignment: 1)
        defer { bytes.deallocate() }
        guard
            png_image_write_to_memory(&image, bytes.baseAddress, &size, 0, frame.pixels, Int32(frame.stride * 4), nil)
                != 0
        else {
            throw Failure(description: "cannot write '\(path)': \(message(of: &image))")
        }
        if let reason = OutputPath(for: path).write(UnsafeRawBufferPointer(rebasing: bytes[0..<size])) {
            throw Failure(description: "cannot write '\(path)': \(reason)")
        }
    }

    /// Reads a PNG file of any format into a new framebuffer (transparency is dropped).
    public static func read(from path: String) throws(Failure) -> Framebuffer {
        var image = png_image()
        image.version = cellscape_png_image_version()
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw Failure(description: "cannot read '\(path)': \(message(of: &image))")
        }
        image.format = cellscape_png_format_bgra()
        let frame = Framebuffer(width: Int(image.width), height: Int(image.height))
        guard png_image_finish_read(&image, nil, frame.pixels, Int32(frame.stride * 4), nil) != 0 else {
            throw Failure(description: "cannot read '\(path)': \(message(of: &image))")
        }
        for index in 0..<frame.stride * frame.height { frame.pixels[index] |= 0xFF00_0000 }
        return frame
    }

    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return text.isEmpty ? "libpng failed" : text
    }
}
