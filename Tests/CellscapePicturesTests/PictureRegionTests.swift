import CellscapeFixtures
import CellscapeLayout
import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures

/// A part of a picture decoded alone is that part of the whole: for JPEG (cropped and skipped by
/// libjpeg), PNG and GIF, at every EXIF orientation, at full size and shrunk.
@Suite struct PictureRegionTests {
    /// The largest channel difference between `part` and the pixels of `whole` under `region`.
    static func difference(_ part: Framebuffer, _ whole: Framebuffer, _ region: PictureRegion) -> Int {
        var largest = 0
        for y in 0..<region.height {
            for x in 0..<region.width {
                let a = part[x, y]
                let b = whole[region.x + x, region.y + y]
                for shift: UInt32 in [0, 8, 16, 24] {
                    largest = max(largest, abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)))
                }
            }
        }
        return largest
    }

    @Test func orientationsMapShownPixelsBackToWhereTheyAreStored() {
        var random = SplitMix64(seed: 5)
        for orientation in PictureOrientation.allCases {
            for _ in 0..<50 {
                let (width, height) = (Int(random.next() % 50) + 1, Int(random.next() % 50) + 1)
                let (x, y) = (Int(random.next() % UInt64(width)), Int(random.next() % UInt64(height)))
                let shown = orientation.shownPosition(x: x, y: y, width: width, height: height)
                let (shownWidth, shownHeight) = orientation.swapsSides ? (height, width) : (width, height)
                let stored = orientation.storedPosition(x: shown.x, y: shown.y, width: shownWidth, height: shownHeight)
                #expect(stored.x == x && stored.y == y, "\(orientation)")
            }
        }
    }

    @Test(arguments: [
        "exif-orientation-8.jpg", "exif-orientation-6.png", "display-p3.jpg", "sticker-rgba.png",
        "disposal-3.gif", "adobe-cmyk.jpg",
    ])
    func aRegionIsThatPartOfTheWholePicture(name: String) throws {
        let bytes = try PictureFixtures.bytes(name)
        let whole = try PictureDecoder.decode(bytes)
        var random = SplitMix64(seed: 9)
        for _ in 0..<20 {
            let x = Int(random.next() % UInt64(whole.width - 1))
            let y = Int(random.next() % UInt64(whole.height - 1))
            let region = PictureRegion(
                x: x, y: y, width: 1 + Int(random.next() % UInt64(whole.width - x)),
                height: 1 + Int(random.next() % UInt64(whole.height - y)))
            let part = try PictureDecoder.decode(bytes, region: region, fitting: nil)
            #expect(part.width == region.width && part.height == region.height)
            #expect(Self.difference(part, whole, region) <= 2, "\(name) \(region)")
        }
    }

    /// The smaller picture a JPEG or PNG decode makes alongside (a tile beside the cache's thumbnail)
    /// is the picture reduced by area to that size: upright, its colour converted, from the same rows
    /// (converted after the mean, as the picture is, not before it: within 1/255 on the mean).
    @Test(arguments: [
        "exif-orientation-8.jpg", "exif-orientation-6.png", "display-p3.jpg", "sticker-rgba.png", "adobe-cmyk.jpg",
    ])
    func theReductionAlongsideIsThePictureReducedToItsSize(name: String) throws {
        let bytes = try PictureFixtures.bytes(name)
        let whole = try PictureDecoder.decode(bytes)
        let side = max(whole.width, whole.height) * 2 / 3
        var note: PictureProblem?
        let (picture, alongside) = try PictureDecoder.decode(
            bytes, region: nil, fitting: Size(width: 1000, height: 1000), alongside: side, note: &note)
        let alone = PictureDecoder.shrink(picture, fitting: side)
        let made = try #require(alongside)
        #expect(picture.width == whole.width && made.width == alone.width && made.height == alone.height)
        var total = 0
        for y in 0..<alone.height {
            for x in 0..<alone.width {
                for shift: UInt32 in [0, 8, 16, 24] {
                    total += abs(Int(made[x, y] >> shift & 0xFF) - Int(alone[x, y] >> shift & 0xFF))
                }
            }
        }
        let mean = Double(total) / Double(4 * alone.width * alone.height)
        #expect(mean <= 1, "\(name): \(mean)/255")
        let gif = try PictureDecoder.decode(
            try PictureFixtures.bytes("disposal-3.gif"), region: nil, fitting: nil, alongside: 8, note: &note)
        #expect(gif.alongside == nil, "other formats are shrunk from the picture by the caller")
    }

    /// A region of a large JPEG shrunk to fit: the area mean of that part of the full-size picture.
    @Test func aShrunkRegionOfALargeJPEGIsTheMeanOfItsPart() throws {
        let frame = FixturePictures.pattern(width: 1600, height: 1200)
        let bytes = try #require(FixturePictures.jpeg(frame, quality: 95, chroma: .full))
        let whole = try PictureDecoder.decode(bytes)
        let region = PictureRegion(x: 808, y: 400, width: 400, height: 320)
        let part = try PictureDecoder.decode(bytes, region: region, fitting: Size(width: 100, height: 100))
        #expect(part.width == 100 && part.height == 80)
        var largest = 0
        for y in 0..<80 {
            for x in 0..<100 {
                var sum = SIMD3<Int>.zero
                for dy in 0..<4 {
                    for dx in 0..<4 {
                        let pixel = whole[region.x + 4 * x + dx, region.y + 4 * y + dy]
                        sum &+= SIMD3(Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
                    }
                }
                let pixel = part[x, y]
                let mine = SIMD3(Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
                let mean = (sum &+ 8) / 16
                largest = max(largest, abs(mine.x - mean.x), abs(mine.y - mean.y), abs(mine.z - mean.z))
            }
        }
        #expect(largest <= 3)
    }

    @Test func aRegionOutsideThePictureIsRefused() throws {
        let bytes = try PictureFixtures.bytes("sticker-rgba.png")
        #expect(throws: PictureDecoder.Failure.self) {
            try PictureDecoder.decode(bytes, region: PictureRegion(x: 100, y: 0, width: 5, height: 5), fitting: nil)
        }
    }
}
