/// A picture's encoded bytes as its decoder takes them: whole in memory, or an open file read in the
/// ranges the decoder asks for (a video's: its demuxer reads the boxes and packets it needs, so a
/// film of a gigabyte costs what a frame does). Which a format takes, the table says
/// (``PictureHeader/Format/readsInRanges``).
enum PictureContents {
    case bytes([UInt8])
    case file(PictureFile)

    /// The contents of `file` as its format takes them.
    static func of(_ file: PictureFile) throws(PictureProblem) -> PictureContents {
        let format = PictureHeader.Format.of(start: file.bytes(at: 0, count: 32))
        return format?.readsInRanges == true ? .file(file) : .bytes(try file.contents())
    }

    /// Up to `count` bytes from `offset`.
    func read(_ offset: Int, _ count: Int) -> [UInt8] {
        switch self {
        case .bytes(let bytes):
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        case .file(let file): return file.bytes(at: offset, count: count)
        }
    }

    /// The number of bytes.
    var size: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .file(let file): file.size
        }
    }

    /// The whole bytes (read now for a file), or none for a format `readingInRanges`.
    func whole(readingInRanges: Bool = false) throws(PictureProblem) -> [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .file(let file): readingInRanges ? [] : try file.contents()
        }
    }

    /// The header the bytes begin with, if any.
    var header: PictureHeader? {
        if case .bytes(let bytes) = self { return PictureHeader(bytes) }
        return PictureHeader(reading: read)
    }
}
