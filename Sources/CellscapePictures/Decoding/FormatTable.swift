import CPictureCodecs
import CellscapeRender

/// What reads and decodes each format: its header reader, how a still of it decodes, where its embedded
/// colour profile lies. The pipeline asks the table and never switches on a format's name; what a
/// format can do besides (shrink on load, reduce alongside, animate) the registry declares
/// (`PictureFormats.swift`).
extension PictureHeader.Format {
    /// Reads a header of this format (its signature already seen) through `read`.
    func readHeader(_ start: [UInt8], _ read: @escaping (Int, Int) -> [UInt8]) -> PictureHeader? {
        switch self {
        case .jpeg: PictureHeader.jpeg(start, read)
        case .png: PictureHeader.png(start, read)
        case .gif: PictureHeader.gif(start, read)
        case .webp: PictureHeader.webp(start)
        case .heif: PictureHeader.heif(read)
        case .jxl: PictureHeader.jxl(read)
        case .video: PictureHeader.video(read)
        }
    }

    /// How a still of this format decodes: rows shrunk as they come (after DCT scaling, for JPEG), the
    /// first frame composited, or the whole picture from a library loaded at run time.
    var decodeStill: PictureDecoder.StillDecoder {
        switch self {
        case .jpeg: PictureDecoder.decodeJPEG
        case .png: PictureDecoder.decodePNG
        case .gif: PictureDecoder.decodeFirstFrame
        case .webp: PictureDecoder.decodeWebP
        case .heif: PictureDecoder.decodeHEIF
        case .jxl: PictureDecoder.decodeJXL
        case .video: PictureDecoder.decodeVideoFrame
        }
    }

    /// This format's code for the C side's readers of embedded colour profiles.
    var profileCode: Int32 {
        switch self {
        case .jpeg: Int32(CELLSCAPE_FORMAT_JPEG)
        case .png: Int32(CELLSCAPE_FORMAT_PNG)
        case .gif: Int32(CELLSCAPE_FORMAT_GIF)
        case .webp: Int32(CELLSCAPE_FORMAT_WEBP)
        case .heif: Int32(CELLSCAPE_FORMAT_HEIF)
        case .jxl: Int32(CELLSCAPE_FORMAT_JXL)
        // A video's colour is its stream's matrix, converted as it decodes.
        case .video: 0
        }
    }
}

extension PictureDecoder {
    /// One still decode as the table's decoders take it: the file, its header, the stored picture's part
    /// (nil: whole) and the size it shrinks to, the reduction alongside if asked, the CMYK transform.
    struct Still {
        let contents: PictureContents
        let header: PictureHeader
        let width: Int
        let height: Int
        let region: PictureRegion?
        let second: SecondReduction?
        let profile: ColourProfiles.Transform?
        let output: (Int, Int) -> Framebuffer

        /// The whole bytes: every format but those read in ranges has them in memory.
        var data: [UInt8] {
            contents.bytes ?? []
        }
    }

    /// A format's still decoder: the picture shrunk, and in `note` what it lacks ("ends early").
    typealias StillDecoder = (Still, inout PictureProblem?) throws(Failure) -> Framebuffer
}
