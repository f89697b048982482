/// A picture's encoded bytes as its decoder takes them: whole in memory, or an open file read in the
/// ranges the decoder asks for (a video's: its demuxer reads the boxes and packets it needs, so a
/// film of a gigabyte costs what a frame does). Which a format takes, the table says
/// (``PictureHeader/Format/readsInRanges``).
///
/// Two optionals, not an enum with a payload each: a case's tag would sit in the spare bits of the
/// object's pointer, where the leak checker no longer sees it as a reference.
struct PictureContents {
    /// The whole bytes, when held in memory.
    let bytes: [UInt8]?
    /// The open file, when read in ranges.
    let file: PictureFile?
    /// Whether a source gave them (a feed's server) rather than the user's own file: a video then
    /// plays only in the codecs browsers play.
    var fromServer = false
    /// Whether the decoding they are read for is no longer wanted (a grid tile that left the view):
    /// asked as a video is read and decoded, which then stops (``PictureProblem/stopped``).
    var interrupted: (() -> Bool)?

    /// Bytes held in memory.
    static func bytes(_ bytes: [UInt8]) -> PictureContents { PictureContents(bytes: bytes, file: nil) }

    /// A file read in ranges.
    static func file(_ file: PictureFile) -> PictureContents { PictureContents(bytes: nil, file: file) }

    /// The contents of `file` as its format takes them.
    static func of(_ file: PictureFile) throws(PictureProblem) -> PictureContents {
        let format = PictureHeader.Format.of(start: file.bytes(at: 0, count: 32))
        return format?.readsInRanges == true ? .file(file) : .bytes(try file.contents())
    }

    /// `bytes` (these contents read whole) in memory, marked as these are: a server's, and stopped
    /// when these are.
    func holding(_ bytes: [UInt8]) -> PictureContents {
        var held = PictureContents.bytes(bytes)
        held.fromServer = fromServer
        held.interrupted = interrupted
        return held
    }

    /// Up to `count` bytes from `offset`.
    func read(_ offset: Int, _ count: Int) -> [UInt8] {
        if let file { return file.bytes(at: offset, count: count) }
        let bytes = bytes ?? []
        guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }

    /// The number of bytes.
    var size: Int { file?.size ?? bytes?.count ?? 0 }

    /// The whole bytes (read now for a file), or none for a format `readingInRanges`.
    func whole(readingInRanges: Bool = false) throws(PictureProblem) -> [UInt8] {
        guard let file else { return bytes ?? [] }
        return readingInRanges ? [] : try file.contents()
    }

    /// The header the bytes begin with, if any.
    var header: PictureHeader? {
        if let bytes { return PictureHeader(bytes) }
        return PictureHeader(reading: read)
    }
}
