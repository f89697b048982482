import CPictureCodecs

/// Every picture format Cellscape reads, in one place: its name, the endings its files have, the bytes
/// it starts with, whether it animates, how it shrinks while it decodes, the colour it carries, and the
/// library that decodes it when that is loaded at run time. The listing, the folder watcher, the
/// messages, `--help` and the man page read it.
extension PictureHeader.Format {
    /// What a user calls the format.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .heif: "HEIF/HEIC or AVIF"
        case .jxl: "JPEG XL"
        case .video: "video"
        }
    }

    /// Its name where the formats are listed: a video's with the containers it comes in.
    public var listedName: String { self == .video ? "video (MP4, MOV, WebM or MKV)" : name }

    /// The endings of its files, lower case, without the dot.
    public var endings: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg", "jpe", "jfif"]
        case .png: ["png", "apng"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .heif: ["heic", "heif", "avif"]
        case .jxl: ["jxl"]
        case .video: ["mp4", "m4v", "mov", "webm", "mkv"]
        }
    }

    /// The media types of its files, as the shared MIME database names them: the desktop entry lists
    /// every one, so file managers offer Cellscape for them.
    public var mediaTypes: [String] {
        switch self {
        case .jpeg: ["image/jpeg"]
        case .png: ["image/png", "image/apng", "image/vnd.mozilla.apng"]
        case .gif: ["image/gif"]
        case .webp: ["image/webp"]
        case .heif: ["image/heif", "image/heic", "image/heif-sequence", "image/heic-sequence", "image/avif"]
        case .jxl: ["image/jxl"]
        case .video: ["video/mp4", "video/x-m4v", "video/quicktime", "video/webm", "video/x-matroska"]
        }
    }

    /// Whether a file's first bytes (12 or more) are this format's: every format's signature, written
    /// here once (the header readers, the decoders and the colour profiles go by the format it names).
    public func starts(_ start: [UInt8]) -> Bool {
        let has = { (prefix: [UInt8], offset: Int) in
            start.count >= offset + prefix.count && Array(start[offset..<offset + prefix.count]) == prefix
        }
        switch self {
        case .jpeg: return has([0xFF, 0xD8], 0)
        // The first bytes of the signatures, so a file cut short inside them is said to be one.
        case .png: return has([0x89, 0x50, 0x4E, 0x47], 0)
        case .gif: return has(Array("GIF8".utf8), 0)
        case .webp: return has(Array("RIFF".utf8), 0) && has(Array("WEBP".utf8), 8)
        case .heif:
            let brands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"]
            return has(Array("ftyp".utf8), 4) && start.count >= 12
                && brands.contains(String(decoding: start[8..<12], as: UTF8.self))
        case .jxl:
            // Its bare codestream, or its container's signature box.
            return has([0xFF, 0x0A], 0) || has([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A], 0)
        case .video:
            // An ISO or QuickTime movie (an `ftyp` that is not a HEIF picture's, or the old top-level
            // atoms), or Matroska and WebM's EBML header.
            let atoms = ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].map { Array($0.utf8) }
            return (atoms.contains { has($0, 4) } && !Self.heif.starts(start)) || has([0x1A, 0x45, 0xDF, 0xA3], 0)
        }
    }

    /// Whether a decode can make a second, smaller reduction from the same rows (a tile at its exact size
    /// beside the cache's standard thumbnail): the formats decoded row by row.
    public var reducesAlongside: Bool { self == .jpeg || self == .png }

    /// Whether its decoder reads the file in ranges as it needs them, never whole (a video's demuxer).
    public var readsInRanges: Bool { self == .video }

    /// Whether its frames play as they are decoded, never all held: a video's, whose frames would
    /// outgrow any memory budget (its decoder holds its own reference frames besides).
    public var streamsFrames: Bool { self == .video }

    /// Whether its frames carry their own times, played as given: a video's. A picture's short delays
    /// play as browsers play them (``AnimationFrame/playedMilliseconds(_:)``).
    public var keepsFrameTimes: Bool { self == .video }

    /// Whether each of its files plays when opened, even one whose tile shows a still (a long video).
    public var playsWhenOpened: Bool { self == .video }

    /// Whether its files may hold an animation that plays (an APNG for a PNG).
    public var animates: Bool { self == .gif || self == .webp || self == .png || self == .video }

    /// How a thumbnail shrinks while it decodes, rather than after a decode at full size.
    public var shrinksOnLoad: String {
        switch self {
        case .jpeg: "DCT scaling to 1/2, 1/4 or 1/8, row by row"
        case .png: "row by row into the area reduction"
        case .gif, .webp: "the first frame composited, then reduced"
        case .heif: "the file's own thumbnail item when large enough"
        case .jxl: "decoded whole, then reduced"
        case .video: "a reference frame a tenth in, decoded without its loop filter, then reduced"
        }
    }

    /// The colour it carries that is converted to sRGB.
    public var colour: String {
        switch self {
        case .jpeg, .png: "an embedded ICC profile"
        case .webp: "an ICCP chunk"
        case .gif: "none (sRGB by definition)"
        case .heif: "an ICC profile, or its nclx primaries and transfer"
        case .jxl: "the colour of the pixels libjxl gives, unless sRGB"
        case .video: "the stream's matrix and range (BT.601, BT.709, BT.2020; full or limited)"
        }
    }

    /// Whether its files may carry colour other than sRGB, converted with lcms2 when they do.
    public var carriesColour: Bool { self != .gif && self != .video }

    /// The Debian package that decodes it when it is not linked in, and whether it is installed.
    public var library: (package: String, installed: Bool)? {
        switch self {
        case .heif: ("libheif1", cellscape_heif_available() != 0)
        case .jxl: (String(cString: cellscape_jxl_package()), cellscape_jxl_available() != 0)
        default: nil
        }
    }

    /// Every ending of every format.
    public static let allEndings: Set<String> = Set(allCases.flatMap(\.endings))

    /// The formats' names as a sentence lists them: "JPEG, PNG, GIF, WebP, HEIF/HEIC or AVIF, JPEG XL, or video (MP4,
    /// MOV, WebM or MKV)".
    public static let names: String = {
        let names = allCases.map(\.listedName)
        return names.dropLast().joined(separator: ", ") + ", or " + names.last!
    }()

    /// The format whose first bytes `start` are, if any.
    public static func of(start: [UInt8]) -> Self? { allCases.first { $0.starts(start) } }
}
