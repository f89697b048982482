/// A picture's encoded bytes held by a source instead of a file (a remote feed's download, a picture
/// made in memory): the loader's data stage asks for them, and its workers decode them once they came.
/// A download is asked for asynchronously, so no worker waits on the network.
public struct PictureBytes: Sendable {
    /// Which of a picture's files a read asks for.
    public enum Rendition: Hashable, Sendable {
        /// The file its header is read from (and a region of the open picture).
        case original
        /// A file fit for a side of so many pixels, of the same shape (a tile's small, the window's large).
        case fitting(Int)
        /// The file it plays from when opened, fit for a side of so many pixels (a remote video's movie).
        case moving(Int)
        /// The file saved when the user saves it: the largest the source has (a remote item's original).
        case saved
    }

    /// What a read gives: the bytes, or why there are none.
    public typealias Answer = Result<Held, PictureProblem>

    /// What a read holds: the bytes in memory, or the file they were written to as they came (a
    /// movie, too large to hold in memory: its decoder reads it in ranges). Two optionals, as
    /// `PictureContents` keeps them.
    public struct Held: Sendable {
        public let bytes: [UInt8]?
        public let path: String?

        /// Bytes in memory.
        public static func bytes(_ bytes: [UInt8]) -> Held { Held(bytes: bytes, path: nil) }
        /// The file at `path`.
        public static func file(_ path: String) -> Held { Held(bytes: nil, path: path) }

        /// The whole bytes, read from the file when they are in one.
        public func whole() throws(PictureProblem) -> [UInt8] {
            guard let path else { return bytes ?? [] }
            return try PictureFile(path: path).contents()
        }

        /// The bytes as a decoder takes them: in memory, or the file (read in ranges when its format is).
        func contents() throws(PictureProblem) -> PictureContents {
            var contents =
                try path.map { path throws(PictureProblem) in try PictureContents.of(try PictureFile(path: path)) }
                ?? .bytes(bytes ?? [])
            contents.fromServer = true
            return contents
        }
    }
    /// Asks for a rendition's bytes, calling back once with them (on any thread, or at once): the read
    /// may stop early once its ``ReadCancellation`` is cancelled (what it answers then is let go).
    public typealias Fetch = @Sendable (Rendition, ReadCancellation, @escaping @Sendable (Answer) -> Void) -> Void

    /// The picture's name, as a file's name is shown.
    public let name: String
    /// Whether reading the bytes is a download: its header is then read with its thumbnail, from the
    /// same bytes, never for a picture no tile showed (a feed would download every item it listed).
    /// Its source gives its size, which lays its tile out until then.
    public let readWhenShown: Bool
    /// Whether the picture plays from other bytes than its still's (``Rendition/moving(_:)``).
    public let movesWhenOpened: Bool
    private let fetch: Fetch

    /// A picture named `name` whose bytes `fetch` gives, asynchronously (a download): the loader asks
    /// for them before a worker decodes them.
    public init(name: String, readWhenShown: Bool = false, movesWhenOpened: Bool = false, fetch: @escaping Fetch) {
        self.name = name
        self.readWhenShown = readWhenShown
        self.movesWhenOpened = movesWhenOpened
        self.fetch = fetch
    }

    /// A picture named `name` whose bytes `read` gives at once, whatever the rendition (a picture made
    /// in memory).
    public init(name: String, read: @escaping @Sendable () throws(PictureProblem) -> [UInt8]) {
        self.init(name: name) { _, _, answer in
            answer(Result { () throws(PictureProblem) in .bytes(try read()) })
        }
    }

    /// A picture named `name` of the bytes `bytes`.
    public init(name: String, bytes: [UInt8]) {
        self.init(name: name) { _, _, answer in answer(.success(.bytes(bytes))) }
    }

    /// Asks for `rendition`'s bytes; `answer` is called once, perhaps at once, perhaps on another thread.
    public func contents(
        _ rendition: Rendition, cancellation: ReadCancellation = .never,
        answer: @escaping @Sendable (Answer) -> Void
    ) {
        fetch(rendition, cancellation, answer)
    }
}

extension LoaderCore {
    /// Where picture `id`'s bytes are, in one look: its file's path, and its source's bytes when a
    /// source holds them (then the path is its name).
    func location(_ id: PictureID) -> (path: String, held: PictureBytes?) {
        locked { ($0.paths[id.rawValue], $0.held.isEmpty ? nil : $0.held[id.rawValue]) }
    }

    /// Picture `id`'s bytes as its decoder takes them: the held bytes that came, else its file's (a
    /// video's file is read in ranges, never whole).
    func pictureContents(_ id: PictureID, bytes: PictureBytes.Answer?) throws(PictureProblem) -> PictureContents {
        if let bytes { return try bytes.get().contents() }
        return try PictureContents.of(try PictureFile(path: path(id)))
    }

    /// See ``PictureLoader/append(held:)``.
    func append(held pictures: [PictureBytes]) -> [PictureID] {
        append(paths: pictures.map(\.name), held: pictures)
    }
}
