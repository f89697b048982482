import Foundation
import Testing

@testable import CellscapePictures

/// EXIF as cameras write it: what Pillow wrote into the fixture and read back (camera-exif.jpg.json),
/// and a big-endian TIFF made by hand.
@Suite struct PictureExifTests {
    @Test func aCamerasEXIFReadsAsPillowReadsIt() throws {
        let bytes = try PictureFixtures.bytes("camera-exif.jpg")
        let expected = try JSONSerialization.jsonObject(with: Data(try PictureFixtures.bytes("camera-exif.jpg.json")))
        let values = try #require(expected as? [String: Any])
        let exif = try #require(PictureHeader(bytes)?.exif)
        func ratio(_ key: String) -> PictureExif.Ratio? {
            (values[key] as? [Int]).map { PictureExif.Ratio(numerator: $0[0], denominator: $0[1]) }
        }
        #expect(exif.make == values["make"] as? String && exif.model == values["model"] as? String)
        #expect(exif.dateTaken == values["taken"] as? String)
        #expect(exif.exposureTime == ratio("exposure") && exif.fNumber == ratio("fNumber"))
        #expect(exif.iso == values["iso"] as? Int && exif.focalLength == ratio("focalLength"))
        #expect(exif.camera == "Canon EOS 5D Mark IV", "the make is not said twice")
        #expect(exif.exposure == "1/250 s   f/2.8   ISO 400   35 mm")
    }

    @Test func aBigEndianTIFFWithTheDateInTheFirstIFD() throws {
        // MM, IFD0 at 8 with two entries: Make "Nikon" (at 38) and DateTime (at 44); no EXIF sub-IFD.
        var tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 2]
        tiff += [0x01, 0x0F, 0, 2, 0, 0, 0, 6, 0, 0, 0, 38]
        tiff += [0x01, 0x32, 0, 2, 0, 0, 0, 20, 0, 0, 0, 44]
        tiff += [0, 0, 0, 0]
        tiff += Array("Nikon\0".utf8) + Array("2023:01:02 03:04:05\0".utf8)
        let exif = try #require(PictureExif(tiff: tiff))
        #expect(exif.make == "Nikon" && exif.camera == "Nikon" && exif.dateTaken == "2023:01:02 03:04:05")
        #expect(exif.exposure == nil)
        #expect(PictureExif(tiff: Array(tiff[0..<10])) == nil, "cut short: nothing")
    }
}
