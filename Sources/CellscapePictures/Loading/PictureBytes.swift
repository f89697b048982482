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
    /// Picture `id`'s bytes held by its source, if a source holds them (else they are its file's).
    func held(_ id: PictureID) -> PictureBytes? { locked { $0.held[id.rawValue] } }

    /// Picture `id`'s whole encoded bytes: its source's, or its file's.
    func contents(_ id: PictureID) throws(PictureProblem) -> [UInt8] {
        if let held = held(id) { return try held.contents() }
        return try PictureFile.contents(of: path(id))
    }

    /// See ``PictureLoader/append(held:)``.
    func append(held pictures: [PictureBytes]) -> [PictureID] {
        let ids = append(paths: pictures.map(\.name))
        locked { state in
            for (id, picture) in zip(ids, pictures) { state.held[id.rawValue] = picture }
        }
        return ids
    }
}
