/// What a picture's first bytes say: its format, its stored size and how to turn it upright.
///
/// Read from the header alone (a JPEG's markers up to its frame header, a PNG's IHDR), so a folder's
/// sizes are known long before any pixel is decoded.
public struct PictureHeader: Hashable, Sendable {
    /// The file formats Cellscape decodes.
    public enum Format: String, Hashable, Sendable {
        case jpeg
        case png
    }

    /// The format.
    public var format: Format
    /// The size as stored, in pixels.
    public var storedWidth: Int
    public var storedHeight: Int
    /// The EXIF orientation, 1 to 8 (1: stored upright).
    public var orientation: PictureOrientation

    /// The size as shown: width and height swapped for the orientations that turn the picture a
    /// quarter.
    public var width: Int { orientation.swapsSides ? storedHeight : storedWidth }
    public var height: Int { orientation.swapsSides ? storedWidth : storedHeight }

    /// Reads the header at the start of `bytes`; `nil` when they are not the start of a JPEG or PNG
    /// whose size they give (too short, another format, a zero size).
    public init?(_ bytes: some Collection<UInt8>) {
        let bytes = Array(bytes.prefix(Self.readLimit))
        if let header = Self.png(bytes) ?? Self.jpeg(bytes) { self = header } else { return nil }
    }

    /// How many bytes of a file the header may take: a JPEG's EXIF segment can fill 64 KB before the
    /// frame header.
    public static let readLimit = 256 * 1024

    private init(format: Format, width: Int, height: Int, orientation: PictureOrientation) {
        self.format = format
        storedWidth = width
        storedHeight = height
        self.orientation = orientation
    }

    private static func png(_ bytes: [UInt8]) -> PictureHeader? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        let width = bigEndian(bytes, at: 16, count: 4)
        let height = bigEndian(bytes, at: 20, count: 4)
        guard width > 0, height > 0 else { return nil }
        return PictureHeader(format: .png, width: width, height: height, orientation: .upright)
    }

    private static func jpeg(_ bytes: [UInt8]) -> PictureHeader? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var orientation = PictureOrientation.upright
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1  // fill byte
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2  // markers without a length
                continue
            }
            let length = bigEndian(bytes, at: offset + 2, count: 2)
            guard length >= 2 else { return nil }
            let segment = offset + 4
            // SOF0 to SOF15; C4, C8 and CC are other markers.
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard segment + 5 <= bytes.count else { return nil }
                let height = bigEndian(bytes, at: segment + 1, count: 2)
                let width = bigEndian(bytes, at: segment + 3, count: 2)
                guard width > 0, height > 0 else { return nil }
                return PictureHeader(format: .jpeg, width: width, height: height, orientation: orientation)
            }
            if marker == 0xE1, segment + length - 2 <= bytes.count {
                orientation = exifOrientation(bytes[segment..<(segment + length - 2)]) ?? orientation
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan data before any frame header
            offset = segment + length - 2
        }
        return nil
    }

    /// The orientation tag (0x0112) of IFD0 in an APP1 segment that starts with `Exif\0\0`.
    static func exifOrientation(_ segment: ArraySlice<UInt8>) -> PictureOrientation? {
        let bytes = Array(segment)
        guard bytes.count >= 14, Array(bytes[0..<6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] else { return nil }
        let tiff = 6
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= bytes.count else { return nil }
            var value = 0
            for index in 0..<count {
                let byte = Int(bytes[at + (little ? count - 1 - index : index)])
                value = value << 8 | byte
            }
            return value
        }
        guard let ifd = read(tiff + 4, 4), let entries = read(tiff + ifd, 2) else { return nil }
        for entry in 0..<min(entries, 512) {
            let at = tiff + ifd + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            if tag == 0x0112, let value = read(at + 8, 2) { return PictureOrientation(rawValue: value) }
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        (offset..<offset + count).reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }
}

/// The eight EXIF orientations: how the stored pixels must be turned and flipped to stand upright.
public enum PictureOrientation: Int, Hashable, Sendable, CaseIterable {
    case upright = 1
    case mirrored = 2
    case upsideDown = 3
    case upsideDownMirrored = 4
    case quarterTurnMirrored = 5
    case quarterTurnClockwise = 6
    case quarterTurnClockwiseMirrored = 7
    case quarterTurnCounterclockwise = 8

    /// Whether showing it upright swaps width and height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// Where the stored pixel at (`x`, `y`) of a `width` x `height` picture goes when it is shown upright.
    public func shownPosition(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .upright: return (x, y)
        case .mirrored: return (width - 1 - x, y)
        case .upsideDown: return (width - 1 - x, height - 1 - y)
        case .upsideDownMirrored: return (x, height - 1 - y)
        case .quarterTurnMirrored: return (y, x)
        case .quarterTurnClockwise: return (height - 1 - y, x)
        case .quarterTurnClockwiseMirrored: return (height - 1 - y, width - 1 - x)
        case .quarterTurnCounterclockwise: return (y, width - 1 - x)
        }
    }
}
