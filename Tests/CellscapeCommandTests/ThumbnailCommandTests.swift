import CellscapePictures
import Foundation
import Testing

/// `cellscape thumbnail -s SIZE INPUT OUTPUT`, as a file manager calls its thumbnailers: the PNG fits
/// the size, carries the standard's keys for the file; a failure writes nothing and says why.
@Suite struct ThumbnailCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CellscapePicturesTests/Fixtures").path

    @Test(arguments: [("video/rotated-90.mp4", 32), ("adobe-rgb.png", 128), ("animated.webp", 256)])
    func aThumbnailFitsItsSizeAndNamesItsFile(name: String, size: Int) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-thumb-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = "\(Self.fixtures)/\(name)"
        // A path given as a file:// URI, as GNOME and Thunar give it.
        let ran = try CommandRunner.run(
            ["thumbnail", "-s", "\(size)", ThumbnailCache.uri(forPath: path), root + "/out.png"])
        #expect(ran.status == 0, "\(ran.error)")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/out.png")))
        let header = try #require(PictureHeader(png))
        let source = try #require(PictureHeader(file: try PictureFile(path: path)))
        #expect(max(header.width, header.height) == min(size, max(source.width, source.height)))
        #expect(ThumbnailCache.text("Thumb::URI", in: png) == ThumbnailCache.uri(forPath: path))
        let modified = try PictureFile(path: path).modified
        #expect(ThumbnailCache.text("Thumb::MTime", in: png) == String(modified))
    }

    @Test(arguments: [
        ("/etc/hostname", "/etc/hostname: not a picture"),
        ("http://example.org/a.png", "is not a file on this computer"),
        ("/nonexistent.png", "/nonexistent.png: cannot read"),
    ])
    func aFailureWritesNothingAndSaysWhy(input: String, said: String) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-none-\(UUID()).png").path
        let ran = try CommandRunner.run(["thumbnail", "-s", "128", input, output])
        #expect(ran.status != 0)
        #expect(
            ran.error.hasPrefix("cellscape: ") && ran.error.contains(said)
                && ran.error.split(separator: "\n").count == 1, "\(ran.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// The entry file managers read: Cellscape's command with the standard's fields, for types it reads.
    @Test func theThumbnailerEntryCallsTheCommand() throws {
        let entry = try String(
            contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("assets/cellscape.thumbnailer").path,
            encoding: .utf8)
        #expect(entry.contains("\nExec=cellscape thumbnail -s %s %u %o\n"))
        #expect(entry.contains("MimeType=image/heif;") && entry.contains("image/avif;") && entry.contains("image/jxl;"))
    }
}
