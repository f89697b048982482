import CPictureCodecs

/// What a file's first bytes say when no header can be read from it, and the formats decoded by
/// libraries loaded when first needed (HEIF and AVIF by libheif, JPEG XL by libjxl).
extension PictureHeader {
    /// Why no header could be read from the file (whose reading found none): "empty file", "a JPEG cut
    /// short or damaged before its size" when it starts as a picture does, else "not a picture".
    public static func problem(reading file: PictureFile) -> PictureProblem {
        problem(start: file.bytes(at: 0, count: 256), empty: file.size == 0)
    }

    /// The same for a file's bytes, whole or its start.
    public static func problem(of bytes: some Collection<UInt8>) -> PictureProblem {
        problem(start: Array(bytes.prefix(256)), empty: bytes.isEmpty)
    }

    private static func problem(start: [UInt8], empty: Bool) -> PictureProblem {
        guard !empty else { return .empty }
        if let format = optionalFormat(of: start), let library = format.library, !library.installed {
            return .needsLibrary(format: format.name, package: library.package)
        }
        guard let format = formatName(of: start) else {
            return FileContents.said(start).map(PictureProblem.holds) ?? .notAPicture
        }
        return .cutBeforeSize(format: format)
    }

    /// Whether `start` begins as a HEIF/HEIC or AVIF file (an ISO box `ftyp` of theirs), or a JPEG XL
    /// one (its codestream, or its container); nil for neither.
    static func optionalFormat(of start: [UInt8]) -> Format? {
        [Format.heif, .jxl].first { $0.starts(start) }
    }

    /// The package that decodes `format` when it is not installed, and whether it is.
    public static func library(for format: Format) -> (package: String, installed: Bool)? { format.library }

    /// A HEIF or AVIF picture's header, its size from libheif; nil without it. Its boxes may be anywhere
    /// in the file: libheif reads them through `read` and seeks past the media data.
    static func heif(_ read: @escaping (Int, Int) -> [UInt8]) -> PictureHeader? {
        let source = Unmanaged.passRetained(HeaderSource(read))
        defer { source.release() }
        return sized(.heif) { width, height in
            cellscape_heif_size_reading(HeaderSource.readAt, source.toOpaque(), width, height)
        }
    }

    /// A JPEG XL picture's header, its size from libjxl reading its start; nil without it.
    static func jxl(_ read: @escaping (Int, Int) -> [UInt8]) -> PictureHeader? {
        let bytes = read(0, 1 << 16)
        return sized(.jxl) { width, height in
            bytes.withUnsafeBufferPointer { cellscape_jxl_size($0.baseAddress, $0.count, width, height) }
        }
    }

    /// A header of `format` whose size `measure` gives (its C status 0, else none).
    private static func sized(
        _ format: Format, _ measure: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Int32
    ) -> PictureHeader? {
        var width: Int32 = 0
        var height: Int32 = 0
        guard measure(&width, &height) == 0 else { return nil }
        return PictureHeader(format: format, width: Int(width), height: Int(height))
    }

    /// The name of the format whose signature `start` (a file's first 12 bytes) begins with, if any.
    public static func formatName(of start: [UInt8]) -> String? { Format.of(start: start)?.name }
}

/// A header's reads for a C reader (libheif's), through an opaque pointer to it.
final class HeaderSource {
    let read: (Int, Int) -> [UInt8]
    /// Whether the reader's work is no longer wanted, if it can stop being.
    let interrupted: (() -> Bool)?

    init(_ read: @escaping (Int, Int) -> [UInt8], interrupted: (() -> Bool)? = nil) {
        self.read = read
        self.interrupted = interrupted
    }

    /// The largest read handed over at once: a box that claims more is read in parts, so a damaged
    /// length never asks for that much memory in one go.
    static let largestRead = 1 << 24

    static let readAt: cellscape_read_at = { source, offset, into, count in
        guard let source, let into, offset >= 0 else { return -1 }
        let reader = Unmanaged<HeaderSource>.fromOpaque(source).takeUnretainedValue()
        let bytes = reader.read(Int(offset), min(count, largestRead))
        guard !bytes.isEmpty else { return 0 }
        bytes.withUnsafeBufferPointer { into.update(from: $0.baseAddress!, count: $0.count) }
        return bytes.count
    }
}
