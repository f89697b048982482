import CellscapeRender
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures

/// The freedesktop.org thumbnail cache: names, chunks, freshness, and writes that leave no half file.
@Suite struct ThumbnailCacheTests {
    static func temporaryRoot() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-thumbnails-\(UUID())").path
    }

    @Test func namesFollowTheStandard() {
        // The standard's own example.
        #expect(
            ThumbnailCache.fileName(forURI: "file:///home/jens/photos/me.png") == "c6ee772d9e49320e97ec29a7eb5b1697.png"
        )
        #expect(
            ThumbnailCache.uri(forPath: "/home/ann/My Pictures/été #1.jpg")
                == "file:///home/ann/My%20Pictures/%C3%A9t%C3%A9%20%231.jpg")
        let cache = ThumbnailCache(environment: ["HOME": "/home/ann"])
        #expect(cache.root == "/home/ann/.cache/thumbnails")
        #expect(ThumbnailCache(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c"]).root == "/c/thumbnails")
        #expect(
            ThumbnailCache(environment: ["HOME": "/h", "XDG_CACHE_HOME": "relative"]).root == "/h/.cache/thumbnails")
        #expect(cache.path(forFile: "/a.png", size: .large).hasPrefix("/home/ann/.cache/thumbnails/large/"))
    }

    /// URIs as GLib's `g_filename_to_uri` gives them, read off `gio info` (libglib2.0-bin 2.74) for
    /// files of these names, and the thumbnail names GNOME Files gives them.
    @Test(arguments: [
        ("/tmp/u/holiday (1).jpg", "file:///tmp/u/holiday%20(1).jpg"),
        ("/tmp/u/a;b.jpg", "file:///tmp/u/a%3Bb.jpg"),
        ("/tmp/u/c!$&'()*+,=:@~.jpg", "file:///tmp/u/c!$&'()*+,=:@~.jpg"),
        ("/tmp/u/ü.jpg", "file:///tmp/u/%C3%BC.jpg"),
        ("/tmp/u/x#?%[]{}^`|\"<>\\ y.jpg", "file:///tmp/u/x%23%3F%25%5B%5D%7B%7D%5E%60%7C%22%3C%3E%5C%20y.jpg"),
        ("/tmp/u/日本.png", "file:///tmp/u/%E6%97%A5%E6%9C%AC.png"),
    ])
    func urisAreGLibs(path: String, uri: String) {
        #expect(ThumbnailCache.uri(forPath: path) == uri)
    }

    /// A sticker's thumbnail keeps its alpha in the shared cache (an RGBA PNG, colour type 6, as the
    /// standard allows) and reads back as it was stored; an opaque one stays RGB.
    @Test func transparentThumbnailsAreStoredWithTheirAlpha() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ThumbnailCache(root: root)
        let sticker = try PictureDecoder.decode(try PictureFixtures.bytes("sticker-rgba.png"))
        try cache.store(sticker, forFile: "/stickers/a.png", modified: 7, size: .normal)
        let file = try #require(
            FileManager.default.contents(atPath: cache.path(forFile: "/stickers/a.png", size: .normal)))
        #expect(file[25] == 6, "colour type RGBA")
        let read = try #require(cache.thumbnail(forFile: "/stickers/a.png", modified: 7, size: .normal))
        // Stored straight and premultiplied again: within a step of rounding where alpha is low.
        var largest = 0
        for y in 0..<read.height {
            for x in 0..<read.width {
                for shift: UInt32 in [0, 8, 16, 24] {
                    largest = max(largest, abs(Int(read[x, y] >> shift & 0xFF) - Int(sticker[x, y] >> shift & 0xFF)))
                }
            }
        }
        #expect(largest <= 1)
        let opaque = PictureDecoderTests.pattern(width: 20, height: 10)
        try cache.store(opaque, forFile: "/b.png", modified: 7, size: .normal)
        let plain = try #require(FileManager.default.contents(atPath: cache.path(forFile: "/b.png", size: .normal)))
        #expect(plain[25] == 2, "colour type RGB")
    }

    @Test func aStoredThumbnailIsReadBackWhileTheFileIsUnchanged() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ThumbnailCache(root: root)
        let thumbnail = PictureDecoderTests.pattern(width: 128, height: 85)
        try cache.store(thumbnail, forFile: "/pictures/cat.jpg", modified: 1_700_000_000, size: .normal)
        // A second run: a new cache object over the same folder.
        let again = ThumbnailCache(root: root)
        let read = try #require(again.thumbnail(forFile: "/pictures/cat.jpg", modified: 1_700_000_000, size: .normal))
        #expect(read.width == 128 && read.height == 85)
        #expect(PictureDecoderTests.difference(read, thumbnail).largest == 0)
        #expect(again.thumbnail(forFile: "/pictures/cat.jpg", modified: 1_700_000_001, size: .normal) == nil)
        #expect(again.thumbnail(forFile: "/pictures/cat.jpg", modified: 1_700_000_000, size: .large) == nil)
        let path = cache.path(forFile: "/pictures/cat.jpg", size: .normal)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: root + "/normal")
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.range(of: Data("Thumb::URI\u{0}file:///pictures/cat.jpg".utf8)) != nil)
        #expect(data.range(of: Data("Thumb::MTime\u{0}1700000000".utf8)) != nil)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/normal")
        #expect(leftovers.count == 1 && !leftovers[0].hasSuffix(".partial"))
    }

    @Test func failuresAreRecordedPerVersionOfTheFile() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ThumbnailCache(root: root)
        try cache.recordFailure(forFile: "/pictures/broken.jpg", modified: 42)
        #expect(cache.hasFailure(forFile: "/pictures/broken.jpg", modified: 42))
        #expect(!cache.hasFailure(forFile: "/pictures/broken.jpg", modified: 43))
        #expect(cache.failurePath(forFile: "/x").contains("/fail/cellscape-\(CellscapeVersion.current)/"))
    }

    /// A file rewritten within the second it was read (its time the same to the second) is another
    /// version when its size differs: neither its thumbnail nor its failure stands for the new one.
    /// An entry without `Thumb::Size` (another program's) is taken by its time alone.
    @Test func theSizeOfTheFileTellsVersionsOfOneSecondApart() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ThumbnailCache(root: root)
        try cache.recordFailure(forFile: "/p/a.jpg", modified: 42, fileSize: 0)
        #expect(cache.hasFailure(forFile: "/p/a.jpg", modified: 42, fileSize: 0))
        #expect(!cache.hasFailure(forFile: "/p/a.jpg", modified: 42, fileSize: 2_048))
        let thumbnail = Framebuffer(width: 4, height: 4)
        try cache.store(thumbnail, forFile: "/p/a.jpg", modified: 42, fileSize: 2_048, size: .normal)
        #expect(cache.thumbnail(forFile: "/p/a.jpg", modified: 42, fileSize: 2_048, size: .normal) != nil)
        #expect(cache.thumbnail(forFile: "/p/a.jpg", modified: 42, fileSize: 2_049, size: .normal) == nil)
        try cache.store(thumbnail, forFile: "/p/b.jpg", modified: 42, size: .normal)
        #expect(cache.thumbnail(forFile: "/p/b.jpg", modified: 42, fileSize: 2_049, size: .normal) != nil)
    }

    @Test func aReadOnlyCacheGivesOneLine() throws {
        let root = Self.temporaryRoot()
        defer {
            chmod(root, 0o700)
            try? FileManager.default.removeItem(atPath: root)
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        chmod(root, 0o500)
        guard getuid() != 0 else { return }  // root writes anyway; /dev/full covers the full disk below
        #expect(throws: ThumbnailCache.Failure.self) {
            try ThumbnailCache(root: root).store(
                PictureDecoderTests.pattern(width: 4, height: 4), forFile: "/a.jpg", modified: 1, size: .normal)
        }
    }

    @Test func aCacheThatCannotBeMadeGivesOneLine() {
        do {
            try ThumbnailCache(root: "/dev/null/thumbnails").store(
                PictureDecoderTests.pattern(width: 4, height: 4), forFile: "/a.jpg", modified: 1, size: .normal)
            Issue.record("stored into /dev/null")
        } catch {
            #expect(
                error.description.hasPrefix("cannot make /dev/null/thumbnails") && !error.description.contains("\n"))
        }
    }

    @Test func aCachedThumbnailLargerThanItsSizeIsTakenForMissing() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ThumbnailCache(root: root)
        // Stored as normal (128 px) but 2000 px wide: damaged, or written by someone else.
        let wide = PictureDecoderTests.pattern(width: 2000, height: 10)
        try cache.store(wide, forFile: "/pictures/wide.jpg", modified: 7, size: .normal)
        #expect(cache.thumbnail(forFile: "/pictures/wide.jpg", modified: 7, size: .normal) == nil)
        #expect(cache.thumbnail(forFile: "/pictures/wide.jpg", modified: 7, size: .normal) == nil)
        let fits = PictureDecoderTests.pattern(width: 128, height: 10)
        try cache.store(fits, forFile: "/pictures/wide.jpg", modified: 7, size: .normal)
        #expect(cache.thumbnail(forFile: "/pictures/wide.jpg", modified: 7, size: .normal) != nil)
    }
}
