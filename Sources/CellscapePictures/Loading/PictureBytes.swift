/// A picture's encoded bytes held by a source instead of a file (a remote feed's download, a picture
/// made in memory): read on a worker when the picture is decoded, never on the main thread.
public struct PictureBytes: Sendable {
    /// The picture's name, as a file's name is shown.
    public let name: String
    private let read: @Sendable () throws(PictureProblem) -> [UInt8]

    /// A picture named `name` whose bytes `read` gives (it may wait for them: it runs on a worker).
    public init(name: String, read: @escaping @Sendable () throws(PictureProblem) -> [UInt8]) {
        self.name = name
        self.read = read
    }

    /// A picture named `name` of the bytes `bytes`.
    public init(name: String, bytes: [UInt8]) {
        self.init(name: name) { () throws(PictureProblem) in bytes }
    }

    /// The bytes.
    public func contents() throws(PictureProblem) -> [UInt8] { try read() }
}

extension LoaderCore {
    /// Where picture `id`'s bytes are, in one look: its file's path, and its source's bytes when a
    /// source holds them (then the path is its name).
    func location(_ id: PictureID) -> (path: String, held: PictureBytes?) {
        locked { ($0.paths[id.rawValue], $0.held.isEmpty ? nil : $0.held[id.rawValue]) }
    }

    /// Picture `id`'s bytes as its decoder takes them: a video's file is read in ranges, never whole.
    func pictureContents(_ id: PictureID) throws(PictureProblem) -> PictureContents {
        let (path, held) = location(id)
        if let held { return .bytes(try held.contents()) }
        return try PictureContents.of(try PictureFile(path: path))
    }

    /// See ``PictureLoader/append(held:)``.
    func append(held pictures: [PictureBytes]) -> [PictureID] {
        append(paths: pictures.map(\.name), held: pictures)
    }
}
