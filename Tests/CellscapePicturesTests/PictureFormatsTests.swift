import Foundation
import Testing

@testable import CellscapePictures

/// One registry of formats: each fixture's first bytes name its format as its header does, every
/// ending the registry gives is one the listing takes, and the messages name every format.
@Suite struct PictureFormatsTests {
    @Test(arguments: [
        ("lossy.webp", PictureHeader.Format.webp), ("sticker-rgba.png", .png), ("display-p3.jpg", .jpeg),
        ("disposal-0.gif", .gif), ("photo.heic", .heif), ("photo.avif", .heif), ("sticker.jxl", .jxl),
    ])
    func aFileStartsAsItsFormat(name: String, format: PictureHeader.Format) throws {
        let bytes = try PictureFixtures.bytes(name)
        #expect(PictureHeader.Format.of(start: Array(bytes.prefix(12))) == format)
        #expect(PictureHeader.Format.allCases.filter { $0.starts(Array(bytes.prefix(12))) } == [format])
        #expect(format.endings.contains((name as NSString).pathExtension.lowercased()))
    }

    /// The desktop entry offers Cellscape for every media type of every format it reads, and folders.
    @Test func theDesktopEntryListsEveryFormatRead() throws {
        let entry = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/cellscape.desktop")
        let text = try String(contentsOf: entry, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        let listed = Set(line.dropFirst("MimeType=".count).split(separator: ";").map(String.init))
        let read = Set(PictureHeader.Format.allCases.flatMap(\.mediaTypes))
        #expect(read.subtracting(listed).isEmpty, "missing: \(read.subtracting(listed).sorted())")
        #expect(listed == read.union(["inode/directory"]))
    }

    @Test func theListingTakesEveryEndingTheRegistryGivesAndTheMessagesNameEveryFormat() throws {
        #expect(PictureFiles.extensions == Set(PictureHeader.Format.allCases.flatMap(\.endings)))
        for format in PictureHeader.Format.allCases {
            #expect(PictureHeader.Format.names.contains(format.name))
            for ending in format.endings {
                #expect(PictureFiles.hasPictureEnding("a.\(ending.uppercased())"), "\(ending)")
            }
        }
        #expect(
            PictureHeader.Format.names
                == "JPEG, PNG, GIF, WebP, HEIF/HEIC or AVIF, JPEG XL, or video (MP4, MOV, WebM or MKV)")
        #expect(PictureHeader.problem(of: Array("plain text".utf8)) == .holds("not a picture: it holds text"))
        #expect(
            PictureHeader.problem(of: [0xFF, 0xD8, 0xFF]).description == "a JPEG cut short or damaged before its size")
    }

    /// A file that is no picture says what it holds, by its first bytes; unknown bytes say "not a picture".
    @Test(arguments: [
        ("hello, this is text\n", "not a picture: it holds text"),
        ("café — 猫\n", "not a picture: it holds text"),
        ("%PDF-1.7\n%\u{E2}", "not a picture: a PDF document"),
        ("  <!DOCTYPE html><html>", "not a picture: a web page (HTML)"),
        ("<?xml version=\"1.0\"?>\n<svg xmlns=", "an SVG drawing: Cellscape reads"),
        ("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ", "not a picture: WAV audio"),
        ("RIFF\u{0}\u{0}\u{0}\u{0}AVI LIST", "an AVI video: Cellscape plays MP4, MOV, WebM and MKV"),
        ("BM\u{1}\u{1}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{36}\u{0}\u{0}\u{0}", "a BMP picture: Cellscape reads"),
        ("BMW cars and bikes", "not a picture: it holds text"),
    ])
    func aFileThatIsNoPictureSaysWhatItHolds(start: String, said: String) {
        #expect(PictureHeader.problem(of: Array(start.utf8)).description.hasPrefix(said))
    }

    @Test func bytesThatAreNeitherTextNorKnownSayNotAPicture() {
        #expect(PictureHeader.problem(of: [0x00, 0x01, 0x02, 0x03, 0xFE, 0x80]) == .notAPicture)
        // A character cut by the sample's end is still text.
        #expect(FileContents.isText(Array(Array("ab猫".utf8).dropLast())))
        #expect(!FileContents.isText([0x61, 0x00, 0x62]))
    }
}
