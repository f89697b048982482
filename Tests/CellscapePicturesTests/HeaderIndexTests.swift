import Foundation
import Testing

@testable import CellscapePictures

/// The index of headers: what it gives back is what was read, exactly; a file changed since is read
/// again; a damaged index is made again, said once, never trusted; it keeps within its bound.
@Suite struct HeaderIndexTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A new folder for an index, and a way to hear what it says.
    final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func hear(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-index-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every fixture's header, read from its file: JPEG with EXIF, orientations, PNG, APNG, GIF, WebP,
    /// HEIF, AVIF, JPEG XL (those whose header reads).
    static func fixtureHeaders() throws -> [(path: String, header: PictureHeader, file: PictureFile)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted()
        return names.compactMap { name in
            guard !name.hasSuffix(".rgba"), !name.hasSuffix(".json"),
                let file = try? PictureFile(path: fixtures.appendingPathComponent(name).path),
                let header = PictureHeader(file: file)
            else { return nil }
            return (file.path, header, file)
        }
    }

    @Test func whatComesBackIsWhatWasRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let headers = try Self.fixtureHeaders()
        #expect(headers.count > 30)
        #expect(headers.contains { $0.header.exif != nil } && headers.contains { $0.header.orientation != .upright })
        #expect(headers.contains { $0.header.isAnimated })
        let said = Said()
        do {
            let index = HeaderIndex(path: folder + "/index.sqlite3", limit: 1 << 20, report: said.hear)
            for (path, header, file) in headers {
                index.store(header, path: path, size: file.size, modified: file.modifiedNanoseconds)
            }
            index.flush()
        }
        // Another run: a new index on the same file.
        let index = HeaderIndex(path: folder + "/index.sqlite3", limit: 1 << 20, report: said.hear)
        #expect(index.count == headers.count)
        for (path, header, file) in headers {
            let kept = index.header(path: path, size: file.size, modified: file.modifiedNanoseconds)
            #expect(kept == header, "\(path)")
            // Changed since: another size or time is not the file that was read.
            #expect(index.header(path: path, size: file.size + 1, modified: file.modifiedNanoseconds) == nil)
            #expect(index.header(path: path, size: file.size, modified: file.modifiedNanoseconds + 1) == nil)
        }
        #expect(index.header(path: "/nowhere.png", size: 1, modified: 1) == nil)
        #expect(said.all.isEmpty)
    }

    @Test func aVideosLengthAndSoundComeBack() throws {
        var header = PictureHeader(format: .video, storedWidth: 854, storedHeight: 480, orientation: .upright)
        header.seconds = 10.04
        header.hasAudio = true
        let bytes = IndexedHeader.bytes(of: header)
        #expect(IndexedHeader.header(from: bytes) == header)
        #expect(bytes.count < 24, "a few bytes a picture")
    }

    /// A header is kept small (32-bit sides, values no file has for what is missing): what is set
    /// comes back as set, what is not as nil, and two headers of the same picture stay equal.
    @Test func aHeaderKeptSmallGivesBackWhatWasSet() {
        var header = PictureHeader(format: .jpeg, storedWidth: 6000, storedHeight: 4000, orientation: .upright)
        #expect(header.fileSize == nil && header.modified == nil && header.seconds == nil)
        #expect(header == PictureHeader(format: .jpeg, storedWidth: 6000, storedHeight: 4000, orientation: .upright))
        #expect(MemoryLayout<PictureHeader>.size <= 48, "a million of them are kept at once")
        header.fileSize = 0
        header.modified = -1
        header.seconds = 0
        #expect(header.fileSize == 0 && header.modified == -1 && header.seconds == 0)
        header.seconds = nil
        header.storedWidth = 1 << 40
        #expect(header.seconds == nil && header.storedWidth == Int(UInt32.max), "held, never a trap")
    }

    @Test func damagedBytesAreNeverTrusted() throws {
        let headers = try Self.fixtureHeaders()
        var generator = SystemRandomNumberGenerator()
        for (_, header, _) in headers {
            let bytes = IndexedHeader.bytes(of: header)
            // Every cut short is refused; a byte changed reads as something or nothing, never a crash.
            for end in 0..<bytes.count { #expect(IndexedHeader.header(from: Array(bytes[..<end])) == nil) }
            #expect(IndexedHeader.header(from: bytes + [0]) == nil)
            for _ in 0..<50 {
                var changed = bytes
                changed[Int.random(in: 0..<changed.count, using: &generator)] = UInt8.random(in: 0...255)
                _ = IndexedHeader.header(from: changed)
            }
        }
        #expect(IndexedHeader.header(from: []) == nil)
    }

    @Test func aDamagedIndexIsMadeAgainSaidOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/index.sqlite3"
        let headers = try Self.fixtureHeaders()
        let fill = { (index: HeaderIndex) in
            for (path, header, file) in headers {
                index.store(header, path: path, size: file.size, modified: file.modifiedNanoseconds)
            }
            index.flush()
        }
        // Not a database at all.
        try Data("not an index".utf8).write(to: URL(fileURLWithPath: path))
        let said = Said()
        fill(HeaderIndex(path: path, limit: 1 << 20, report: said.hear))
        #expect(said.all == ["the index of pictures \(path) was damaged: made again"])
        #expect(HeaderIndex(path: path, limit: 1 << 20, report: said.hear).count == headers.count)
        // Its pages overwritten in the middle, the log folded in first.
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try file.seekToEnd()
        #expect(size >= 8192)
        try file.seek(toOffset: 4096)
        try file.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try file.close()
        let again = Said()
        let index = HeaderIndex(path: path, limit: 1 << 20, report: again.hear)
        #expect(again.all.isEmpty, "opened at the first use, not before")
        #expect(index.count == 0, "its damaged pages found as read")
        #expect(again.all == ["the index of pictures \(path) was damaged: made again"])
        for (path, _, file) in headers {
            #expect(index.header(path: path, size: file.size, modified: file.modifiedNanoseconds) == nil)
        }
    }

    @Test func itKeepsWithinItsBoundTheOldestGoing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let limit = 256 << 10
        let index = HeaderIndex(path: folder + "/index.sqlite3", limit: limit, report: { _ in })
        let header = PictureHeader(format: .jpeg, storedWidth: 3000, storedHeight: 2000, orientation: .upright)
        for number in 0..<20_000 {
            index.store(header, path: "/pictures/picture\(number).jpg", size: number, modified: 1)
        }
        index.flush()
        let kept = index.count
        #expect(kept > 1000 && kept < 20_000, "\(kept)")
        #expect(index.header(path: "/pictures/picture19999.jpg", size: 19999, modified: 1) != nil)
        #expect(index.header(path: "/pictures/picture0.jpg", size: 0, modified: 1) == nil)
    }

    @Test func aFoldersRowsAreReadTogetherNotItsSubfolders() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/index.sqlite3"
        let header = PictureHeader(format: .png, storedWidth: 4, storedHeight: 3, orientation: .upright)
        let paths = ["/p/été/a.png", "/p/été/b.png", "/p/été/sub/c.png", "/p/étéx/d.png", "/p/ét/e.png"]
        do {
            let index = HeaderIndex(path: path, limit: 1 << 20) { _ in }
            for (number, picture) in paths.enumerated() {
                index.store(header, path: picture, size: number, modified: 7)
            }
            index.flush()
        }
        let index = HeaderIndex(path: path, limit: 1 << 20) { _ in }
        for (number, picture) in paths.enumerated() {
            #expect(index.header(path: picture, size: number, modified: 7)?.width == 4, "\(picture)")
            #expect(index.header(path: picture, size: number + 1, modified: 7) == nil)
        }
    }

    @Test func aRowMovedUnderAnotherKeyIsNotTrusted() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/index.sqlite3"
        let small = PictureHeader(format: .png, storedWidth: 4, storedHeight: 3, orientation: .upright)
        let large = PictureHeader(format: .jpeg, storedWidth: 4000, storedHeight: 3000, orientation: .upright)
        do {
            let index = HeaderIndex(path: path, limit: 1 << 20) { _ in }
            index.store(small, path: "/p/small.png", size: 10, modified: 7)
            index.store(large, path: "/p/large.jpg", size: 10, modified: 7)
            index.flush()
        }
        // Behind its back, the large picture's row given the small one's bytes: well formed, but not
        // what was written under that key.
        do {
            let database = try #require(SQLiteDatabase(path: path))
            database.execute(
                "UPDATE headers SET header = (SELECT header FROM headers WHERE path = '/p/small.png') "
                    + "WHERE path = '/p/large.jpg'")
        }
        let index = HeaderIndex(path: path, limit: 1 << 20) { _ in }
        #expect(index.header(path: "/p/small.png", size: 10, modified: 7)?.storedWidth == 4)
        #expect(index.header(path: "/p/large.jpg", size: 10, modified: 7) == nil)
    }
}
