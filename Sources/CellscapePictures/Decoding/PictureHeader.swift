/// What a picture's first bytes say: its format, its stored size and how to turn it upright.
///
/// Read from the header alone (a JPEG's markers up to its frame header, a PNG's chunks up to its
/// pixels, a GIF's screen descriptor, a WebP's first chunk), so a folder's sizes are known long before
/// any pixel is decoded. A JPEG is read by its segments' lengths, seeking past what it does not need,
/// and stray bytes between segments are skipped as libjpeg's marker reader skips them: only what
/// libjpeg refuses is refused.
public struct PictureHeader: Hashable, Sendable {
    /// The file formats Cellscape decodes.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case jpeg
        case png
        case gif
        case webp
        /// HEIF/HEIC or AVIF, decoded by libheif when it is installed.
        case heif
        /// JPEG XL, decoded by libjxl when it is installed.
        case jxl
        /// A video (MP4, MOV, WebM or MKV), decoded by FFmpeg's libraries.
        case video
    }

    /// The format.
    public var format: Format
    /// The EXIF orientation, 1 to 8 (1: stored upright).
    public var orientation: PictureOrientation
    /// Whether it has more than one frame (a GIF, WebP or APNG animation).
    public var isAnimated = false
    /// Whether it is an APNG whose default image (its IDAT picture) is not one of its frames: what
    /// shows, still or playing, is its first frame, as browsers show it.
    public var hidesDefaultImage = false
    /// Whether a video has sound (never played).
    public var hasAudio = false
    // Stored small: a header a picture is kept for every picture of a folder (a million at once), so
    // sides are 32 bits (every format's are) and what may be missing is a value no file has.
    private var width32: UInt32
    private var height32: UInt32
    private var fileSize64 = Int64.min
    private var modified64 = Int64.min
    /// A NaN's bits when unknown (bits, not a Double: a NaN is not equal to itself).
    private var secondsBits = Double.nan.bitPattern
    /// The EXIF in a box of its own: most headers have none.
    private var exifBox: ExifBox?

    /// The size as stored, in pixels.
    public var storedWidth: Int {
        get { Int(width32) }
        set { width32 = UInt32(clamping: newValue) }
    }
    public var storedHeight: Int {
        get { Int(height32) }
        set { height32 = UInt32(clamping: newValue) }
    }
    /// The file's size in bytes, when the header was read from a file.
    public var fileSize: Int? {
        get { fileSize64 == .min ? nil : Int(fileSize64) }
        set { fileSize64 = newValue.map { Int64($0) } ?? .min }
    }
    /// The file's modification time in seconds since 1970, when the header was read from a file.
    public var modified: Int? {
        get { modified64 == .min ? nil : Int(modified64) }
        set { modified64 = newValue.map { Int64($0) } ?? .min }
    }
    /// A video's length in seconds, when its container says.
    public var seconds: Double? {
        get { Double(bitPattern: secondsBits).isNaN ? nil : Double(bitPattern: secondsBits) }
        set { secondsBits = (newValue ?? .nan).bitPattern }
    }
    /// What the camera wrote (date taken, camera, exposure), when the header holds EXIF.
    public var exif: PictureExif? {
        get { exifBox?.exif }
        set { exifBox = newValue.map(ExifBox.init) }
    }

    /// Whether it plays when open in the image view: an animation, or any video (a long one plays
    /// there only; in the grid it shows its still and its length).
    public var playsWhenOpen: Bool { isAnimated || format.playsWhenOpened }

    /// The size as shown: width and height swapped for the orientations that turn the picture a
    /// quarter.
    public var width: Int { orientation.swapsSides ? storedHeight : storedWidth }
    public var height: Int { orientation.swapsSides ? storedWidth : storedHeight }

    /// Reads the header of the picture in `bytes` (a whole file, or as much of its start as the
    /// header takes); `nil` when they are not a JPEG, PNG, GIF or WebP whose size they give.
    public init?(_ bytes: some Collection<UInt8>) {
        self.init(reading: PictureContents.bytes(Array(bytes)).read)
    }

    /// Reads the header of the picture in `file`, a few reads of a few bytes each.
    public init?(file: PictureFile) {
        self.init { file.bytes(at: $0, count: $1) }
        fileSize = file.size
        modified = file.modified
    }

    /// Reads a header through `read(offset, count)`, which gives up to `count` bytes from `offset`.
    init?(reading read: @escaping (Int, Int) -> [UInt8]) {
        let start = read(0, 32)
        guard let format = Format.of(start: start), let header = format.readHeader(start, read) else { return nil }
        self = header
    }

    init(format: Format, width: Int, height: Int, orientation: PictureOrientation = .upright) {
        self.format = format
        width32 = UInt32(clamping: width)
        height32 = UInt32(clamping: height)
        self.orientation = orientation
    }

    static func png(_ start: [UInt8], _ read: @escaping (Int, Int) -> [UInt8]) -> PictureHeader? {
        guard start.count >= 24, Array(start[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        let width = bigEndian(start, at: 16, count: 4)
        let height = bigEndian(start, at: 20, count: 4)
        guard width > 0, height > 0 else { return nil }
        let chunks = pngChunks(read)
        var header = PictureHeader(format: .png, width: width, height: height, orientation: chunks.orientation)
        header.exif = chunks.exif
        header.isAnimated = chunks.frames > 1
        header.hidesDefaultImage = chunks.frames >= 1 && !chunks.controlBeforePixels
        return header
    }

    /// The orientation and EXIF in a PNG's eXIf chunk (a TIFF header, as in a JPEG's APP1 after
    /// `Exif\0\0`), the frames its acTL declares (an APNG's, else 0), and whether a frame control
    /// (fcTL) comes before the pixels (the default image is then the first frame), looked for among
    /// the chunks before the pixels.
    private static func pngChunks(_ read: @escaping (Int, Int) -> [UInt8])
        -> (orientation: PictureOrientation, exif: PictureExif?, frames: Int, controlBeforePixels: Bool)
    {
        var offset = 8
        var found: (PictureOrientation, PictureExif?) = (.upright, nil)
        var frames = 0
        var controlBeforePixels = false
        for _ in 0..<256 {
            let chunk = read(offset, 16)
            guard chunk.count >= 8 else { break }
            let length = bigEndian(chunk, at: 0, count: 4)
            let type = String(decoding: chunk[4..<8], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { break }
            if type == "acTL", length == 8, chunk.count == 16 { frames = bigEndian(chunk, at: 8, count: 4) }
            if type == "fcTL" { controlBeforePixels = true }
            if type == "eXIf", length <= 1 << 20 {
                let tiff = read(offset + 8, length)
                found = (exifOrientation(tiff: tiff) ?? .upright, PictureExif(tiff: tiff))
            }
            offset += 12 + length
        }
        return (found.0, found.1, frames, controlBeforePixels)
    }

    static func jpeg(_ start: [UInt8], _ read: @escaping (Int, Int) -> [UInt8]) -> PictureHeader? {
        guard start.count >= 4 else { return nil }
        var orientation = PictureOrientation.upright
        var exif: PictureExif?
        var offset = 2
        // Each turn reads one segment's marker and length; a header has a few dozen at most, but a
        // damaged file may have any number of stray bytes: the scan ends where the file does.
        while true {
            guard let (marker, at) = nextMarker(read, from: offset) else { return nil }
            offset = at
            switch marker {
            case 0x01, 0xD0...0xD7: continue  // markers without a length
            case 0xD8, 0xD9, 0xDA: return nil  // a second SOI, the end, or scan data before any frame
            default: break
            }
            let length = read(offset, 2)
            guard length.count == 2 else { return nil }
            let size = bigEndian(length, at: 0, count: 2)
            // SOF0 to SOF15; C4, C8 and CC are other markers.
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                let frame = read(offset + 2, 5)
                guard frame.count == 5 else { return nil }
                let height = bigEndian(frame, at: 1, count: 2)
                let width = bigEndian(frame, at: 3, count: 2)
                guard width > 0, height > 0 else { return nil }
                var header = PictureHeader(format: .jpeg, width: width, height: height, orientation: orientation)
                header.exif = exif
                return header
            }
            if marker == 0xE1, size > 2 {
                let segment = read(offset + 2, size - 2)
                if segment.count >= 6, Array(segment[0..<6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                    let tiff = Array(segment[6...])
                    orientation = exifOrientation(tiff: tiff) ?? orientation
                    exif = PictureExif(tiff: tiff) ?? exif
                }
            }
            // A length below 2 skips the length alone, as libjpeg does; the scan for the next marker
            // then finds its way.
            offset += max(2, size)
        }
    }

    /// The next marker at or after `offset`, and where its segment starts (after the marker), skipping
    /// stray bytes and fill bytes as libjpeg's `next_marker` does; nil where the file ends first.
    private static func nextMarker(_ read: @escaping (Int, Int) -> [UInt8], from offset: Int) -> (UInt8, Int)? {
        var bytes = ByteReader(read)
        var offset = offset
        while true {
            // Up to an 0xFF, then past the fill bytes; 0xFF 0x00 is a stuffed byte, not a marker.
            while let value = bytes[offset], value != 0xFF { offset += 1 }
            while let value = bytes[offset], value == 0xFF { offset += 1 }
            guard let marker = bytes[offset] else { return nil }
            offset += 1
            if marker != 0 { return (marker, offset) }
        }
    }

    /// The orientation tag (0x0112) of IFD0 in a TIFF header (`II` or `MM`), as EXIF holds it.
    static func exifOrientation(tiff bytes: [UInt8]) -> PictureOrientation? {
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
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
        guard let ifd = read(4, 4), let entries = read(ifd, 2) else { return nil }
        for entry in 0..<min(entries, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            if tag == 0x0112, let value = read(at + 8, 2) { return PictureOrientation(rawValue: value) }
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        (offset..<offset + count).reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }
}

/// A header's EXIF, boxed (``PictureHeader/exif``), compared and hashed by what it holds.
private final class ExifBox: Hashable, Sendable {
    let exif: PictureExif
    init(_ exif: PictureExif) { self.exif = exif }
    static func == (first: ExifBox, second: ExifBox) -> Bool { first.exif == second.exif }
    func hash(into hasher: inout Hasher) { hasher.combine(exif) }
}
