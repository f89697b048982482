/// A picture's encoded bytes held by a source instead of a file (a remote feed's download, a picture
/// made in memory): read on a worker when the picture is decoded, never on the main thread.
public struct PictureBytes: Sendable {
    /// The picture's name, as a file's name is shown.
    public let name: String
    /// Whether reading the bytes is a download: its header is then read with its thumbnail, from the
    /// same bytes, never for a picture no tile showed (a feed would download every item it listed).
    /// Its source gives its size, which lays its tile out until then.
    public let readWhenShown: Bool
    private let read: @Sendable () throws(PictureProblem) -> [UInt8]
    private let readFitting: (@Sendable (Int, ReadCancellation) throws(PictureProblem) -> [UInt8])?
    private let readMoving: (@Sendable (Int) throws(PictureProblem) -> [UInt8])?

    /// A picture named `name` whose bytes `read` gives (it may wait for them: it runs on a worker);
    /// `fitting`, when given, gives the bytes of a file of it fit for a side of so many pixels (a
    /// remote item's rendition: a tile's small, the window's large), of the same shape; it may stop
    /// early once its ``ReadCancellation`` is cancelled (the loader then lets its result go).
    /// `moving`, when given, gives the bytes it plays from when opened, where its tiles show a still
    /// (a remote video: its file, fit for a side of so many pixels).
    public init(
        name: String, readWhenShown: Bool = false,
        fitting: (@Sendable (Int, ReadCancellation) throws(PictureProblem) -> [UInt8])? = nil,
        moving: (@Sendable (Int) throws(PictureProblem) -> [UInt8])? = nil,
        read: @escaping @Sendable () throws(PictureProblem) -> [UInt8]
    ) {
        self.name = name
        self.readWhenShown = readWhenShown
        readMoving = moving
        self.read = read
        readFitting = fitting
    }

    /// A picture named `name` of the bytes `bytes`.
    public init(name: String, bytes: [UInt8]) {
        self.init(name: name) { () throws(PictureProblem) in bytes }
    }

    /// The bytes.
    public func contents() throws(PictureProblem) -> [UInt8] { try read() }

    /// The bytes of a file of the picture fit for `side` pixels, where the source has several; the
    /// read may stop early once `cancellation` is cancelled.
    public func contents(
        fitting side: Int, cancellation: ReadCancellation = .never
    ) throws(PictureProblem) -> [UInt8] {
        if let readFitting { return try readFitting(side, cancellation) }
        return try read()
    }

    /// Whether the picture plays from other bytes than its still's (``contents(moving:)``).
    public var movesWhenOpened: Bool { readMoving != nil }

    /// The bytes it plays from, fit for `side` pixels: its moving file's where it has one, else
    /// those that show (``contents(fitting:cancellation:)``).
    public func contents(moving side: Int) throws(PictureProblem) -> [UInt8] {
        if let readMoving { return try readMoving(side) }
        return try contents(fitting: side)
    }
}

extension LoaderCore {
    /// Where picture `id`'s bytes are, in one look: its file's path, and its source's bytes when a
    /// source holds them (then the path is its name).
    func location(_ id: PictureID) -> (path: String, held: PictureBytes?) {
        locked { ($0.paths[id.rawValue], $0.held.isEmpty ? nil : $0.held[id.rawValue]) }
    }

    /// Picture `id`'s bytes as its decoder takes them: a video's file is read in ranges, never whole.
    /// `moving`: the bytes it plays from (a remote video's file, where its tile shows a still).
    func pictureContents(_ id: PictureID, side: Int? = nil, moving: Bool = false) throws(PictureProblem)
        -> PictureContents
    {
        let (path, held) = location(id)
        if let held {
            guard let side else { return .bytes(try held.contents()) }
            return .bytes(try moving ? held.contents(moving: side) : held.contents(fitting: side))
        }
        return try PictureContents.of(try PictureFile(path: path))
    }

    /// See ``PictureLoader/append(held:)``.
    func append(held pictures: [PictureBytes]) -> [PictureID] {
        append(paths: pictures.map(\.name), held: pictures)
    }
}
