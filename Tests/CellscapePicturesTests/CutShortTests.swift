import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures

/// Files browsers forgive: cut short, a file shows the rows and frames it holds (against the whole
/// file's reference) and says it ends early; bytes after the end, or a block of the wrong size, lose
/// nothing and say nothing.
@Suite struct CutShortTests {
    /// The first `rows` rows of `picture` as a picture of their own.
    static func top(_ picture: Framebuffer, rows: Int) -> Framebuffer {
        let part = Framebuffer(width: picture.width, height: rows)
        for y in 0..<rows { for x in 0..<picture.width { part[x, y] = picture[x, y] } }
        return part
    }

    @Test(arguments: [("cut-short.png", 1), ("cut-short.webp", 2), ("cut-short.jpg", 1)])
    func aStillCutShortShowsTheRowsItHolds(name: String, tolerance: Int) throws {
        let reference = try PictureFixtures.reference(name)
        var note: PictureProblem?
        let picture = try PictureDecoder.decode(try PictureFixtures.bytes(name), region: nil, fitting: nil, note: &note)
        #expect(note == .endsEarly)
        #expect(picture.width == reference.width && picture.height == reference.height)
        // The rows it holds match the whole file's; a PNG's or WebP's missing rows are transparent
        // (libjpeg fills a JPEG's with grey, as browsers show it).
        let transparent = { (y: Int) in (0..<picture.width).allSatisfy { picture[$0, y] >> 24 == 0 } }
        let shown = name.hasSuffix(".jpg") ? 16 : (0..<picture.height).first(where: transparent) ?? picture.height
        #expect(shown >= 8 && shown < picture.height, "\(name): \(shown) rows")
        if !name.hasSuffix(".jpg") { #expect((shown..<picture.height).allSatisfy(transparent)) }
        let rows = Array(reference.frames[0][0..<shown * reference.width * 4])
        let difference = PictureFixtures.difference(Self.top(picture, rows: shown), rows)
        #expect(difference <= tolerance, "\(name): \(difference)")
    }

    @Test(arguments: ["cut-short-animated.webp", "cut-short.apng.png", "truncated.gif"])
    func anAnimationCutShortPlaysTheFramesItHolds(name: String) throws {
        let bytes = try PictureFixtures.bytes(name)
        let whole = name == "truncated.gif" ? "disposal-1.gif" : name
        let reference = try PictureFixtures.reference(whole)
        let frames = try PictureFrames(bytes, format: try #require(PictureHeader(bytes)).format)
        var index = 0
        while let frame = try frames.next() {
            try #require(index < reference.frames.count)
            let picture = Framebuffer(width: frames.width, height: frames.height)
            for y in 0..<frames.height {
                for x in 0..<frames.width {
                    let at = frame.canvas + (y * frames.width + x) * 4
                    let alpha = UInt32(at[3])
                    let (blue, green, red) = (
                        UInt32(at[0]) * alpha / 255, UInt32(at[1]) * alpha / 255, UInt32(at[2]) * alpha / 255
                    )
                    picture[x, y] = alpha << 24 | red << 16 | green << 8 | blue
                }
            }
            // A GIF's last frame shows the rows it has over the frame before.
            if !(name == "truncated.gif" && index == reference.frames.count - 1) {
                #expect(PictureFixtures.difference(picture, reference.frames[index]) <= 3, "\(name) frame \(index)")
            }
            index += 1
        }
        #expect(index >= 1 && index <= reference.frames.count, "\(name): \(index) frames")
        #expect(frames.endsEarly, "\(name)")
    }

    @Test(arguments: [("after-trailer.gif", 4), ("control-block-size-5.gif", 2), ("disposal-1.gif", 4)])
    func aGIFWithNothingMissingSaysNothing(name: String, count: Int) throws {
        let frames = try PictureFrames(try PictureFixtures.bytes(name), format: .gif)
        var played = 0
        while try frames.next() != nil { played += 1 }
        #expect(played == count && !frames.endsEarly)
    }

    @Test func bytesAfterAPNGsEndLoseNothing() throws {
        var note: PictureProblem?
        let picture = try PictureDecoder.decode(
            try PictureFixtures.bytes("after-end.png"), region: nil, fitting: nil, note: &note)
        #expect(note == nil)
        #expect(PictureFixtures.difference(picture, try PictureFixtures.reference("sticker-rgba.png").frames[0]) <= 1)
    }
}
