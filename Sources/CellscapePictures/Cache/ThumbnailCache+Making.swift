import CellscapeLayout
import CellscapeRender

/// The one way from a file to its thumbnail through the shared cache, for the viewer's tiles and for
/// `cellscape thumbnails` alike: the cache's own if fresh; none, without decoding, when the cache
/// records that this version of the file failed; else decoded once at the standard size, stored, and
/// shrunk to what is asked (from the same rows, for JPEG and PNG).
extension ThumbnailCache {
    /// A thumbnail had through the cache.
    public struct Made {
        /// The thumbnail, fitting the side asked for.
        public let picture: Framebuffer
        /// Whether it was decoded now (else the cache held it).
        public let decoded: Bool
        /// Why it could not be stored, when it could not (a full disk, a folder not writable).
        public let storeProblem: String?
        /// What is missing when the file holds only part of its picture ("ends early"): such a
        /// thumbnail is not stored, so the next look says so again.
        public var note: PictureProblem?
        /// The thumbnail at the standard size, decoded and not stored yet, when the caller stores it
        /// later (``save(_:)``).
        public var unsaved: Unsaved?
    }

    /// A thumbnail decoded at a standard size whose storing was left for later (a grid's first screen
    /// shows before the PNGs are written).
    public struct Unsaved {
        /// The file it is the thumbnail of, as it was read.
        public let file: PictureFile
        /// Its standard size.
        public let size: Size
        /// The thumbnail at that size.
        public let picture: Framebuffer
        /// A video's length, written with the thumbnail.
        public let movieSeconds: Double?
    }

    /// Stores a thumbnail left `unsaved` before; returns why it could not be (a full disk, a folder not
    /// writable), else nil.
    public func save(_ unsaved: Unsaved) -> String? {
        do {
            let file = unsaved.file
            try store(
                unsaved.picture, forFile: file.path, modified: file.modified, fileSize: file.size, size: unsaved.size,
                movieSeconds: unsaved.movieSeconds)
            return nil
        } catch {
            return error.description
        }
    }

    /// The thumbnail of `file` at the standard `size`, shrunk to fit `side` pixels when smaller, its
    /// memory from `pool` if given. The file's bytes are read only when the cache has no thumbnail
    /// and no failure for it; a failure to decode is recorded, so no program tries it again until the
    /// file changes. A failure recorded before is ``PictureProblem/recorded(_:)``. `interrupted` stops
    /// a video's decoding once it says so (``PictureProblem/stopped``, never recorded). Unless
    /// `storing`, a thumbnail decoded now and shrunk for `side` comes back ``Made/unsaved`` for the
    /// caller to store.
    public func thumbnail(
        of file: PictureFile, size: Size, fitting side: Int? = nil, pool: PixelPool? = nil,
        interrupted: (() -> Bool)? = nil, storing: Bool = true
    ) throws(PictureProblem) -> Made {
        let side = min(side ?? size.pixels, size.pixels)
        if let stored = thumbnail(
            forFile: file.path, modified: file.modified, fileSize: file.size, size: size, fitting: side, pool: pool)
        {
            return Made(picture: stored, decoded: false, storeProblem: nil)
        }
        if let reason = failure(forFile: file.path, modified: file.modified, fileSize: file.size) {
            throw .recorded(reason)
        }
        let decoded: Framebuffer
        var tile: Framebuffer?
        var note: PictureProblem?
        var movieSeconds: Double?
        do {
            let fitting = CellscapeLayout.Size(width: Double(size.pixels), height: Double(size.pixels))
            var contents = try PictureContents.of(file)
            contents.interrupted = interrupted
            (decoded, tile) = try PictureDecoder.decode(
                contents, region: nil, fitting: fitting, alongside: side < size.pixels ? side : nil,
                pool: pool, note: &note)
            if contents.file != nil { movieSeconds = contents.header?.seconds }
        } catch let problem {
            if !Self.isUnreadable(problem) {
                try? recordFailure(
                    forFile: file.path, modified: file.modified, fileSize: file.size, reason: problem.description)
            }
            throw problem
        }
        let unsaved = note == nil ? Unsaved(file: file, size: size, picture: decoded, movieSeconds: movieSeconds) : nil
        // The tile from the picture's own rows where the decoder made it, else from the standard size.
        let picture = tile ?? (side < size.pixels ? PictureDecoder.shrink(decoded, fitting: side, pool: pool) : decoded)
        // A tile that is the standard size's own pixels goes to the caller: those are stored now.
        let later = !storing && picture !== decoded
        let storeProblem = later ? nil : unsaved.flatMap(save)
        return Made(
            picture: picture, decoded: true, storeProblem: storeProblem, note: note, unsaved: later ? unsaved : nil)
    }

    /// Whether `problem` is the file's, not its picture's (it could not be read), or passing (the
    /// decoding stopped): no failure is recorded.
    static func isUnreadable(_ problem: PictureProblem) -> Bool {
        switch problem {
        case .unreadable, .notARegularFile, .tooLarge, .stopped, .unavailable: true
        default: false
        }
    }
}

extension ThumbnailCache {
    /// The thumbnail of `file` fitting `side` pixels, as the standard's PNG with its keys: what a
    /// desktop's thumbnailer writes where the file manager asks (no cache of its own read or written).
    /// `interrupted` stops a video's decoding once it says so.
    public static func thumbnailPNG(
        of file: PictureFile, side: Int, interrupted: (() -> Bool)? = nil
    ) throws(PictureProblem) -> [UInt8] {
        var contents = try PictureContents.of(file)
        contents.interrupted = interrupted
        var note: PictureProblem?
        let fitting = CellscapeLayout.Size(width: Double(side), height: Double(side))
        let picture = try PictureDecoder.decode(
            contents, region: nil, fitting: fitting, alongside: nil, note: &note
        ).picture
        let seconds = contents.file != nil ? contents.header?.seconds : nil
        guard
            let png = png(
                picture, forFile: file.path, modified: file.modified, fileSize: file.size, movieSeconds: seconds)
        else { throw .undecodable("the thumbnail cannot be encoded") }
        return png
    }
}
