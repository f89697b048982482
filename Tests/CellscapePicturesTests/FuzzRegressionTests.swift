import CellscapeRender
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapePictures

/// What the fuzzers found (Fuzz/Regressions/TARGET), replayed through the same calls as their targets:
/// each must come back, with a picture or one line, and not crash or hang.
@Suite struct FuzzRegressionTests {
    static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/\(target)").path
        // A missing or empty folder fails: a replay of nothing would pass whatever the code does.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        try #require(!names.isEmpty, "no inputs in \(folder)")
        return try names.sorted().map { name in
            (name, [UInt8](try #require(FileManager.default.contents(atPath: "\(folder)/\(name)"))))
        }
    }

    /// What decoding each input gives at three sizes, as `TARGET/NAME SIDE: WxH` or the one-line
    /// message: Fuzz/Regressions/outcomes.txt, one line per input and size, every input named.
    static func outcome(_ target: String, _ name: String, _ bytes: [UInt8], side: Int) -> String {
        do {
            let picture = try PictureDecoder.decode(bytes, fitting: Size(width: Double(side), height: Double(side)))
            return "\(target)/\(name) \(side): \(picture.width)x\(picture.height)"
        } catch {
            return "\(target)/\(name) \(side): \(error)"
        }
    }

    @Test func picturesDecodeToTheirRecordedOutcome() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions").path
        let expected = try String(contentsOfFile: folder + "/outcomes.txt", encoding: .utf8).split(separator: "\n")
        var outcomes: [String] = []
        for target in ["FuzzJPEG", "FuzzPNG", "FuzzGIF", "FuzzWebP"] {
            for (name, bytes) in try Self.inputs(target) {
                outcomes += [32, 256, 1280].map { Self.outcome(target, name, bytes, side: $0) }
            }
        }
        #expect(outcomes == expected.map(String.init))
    }

    /// A 1.2 KB AVIF whose decoded image is smaller than its boxes claim: its rows were copied by the
    /// claim, past the end of libheif's plane. It decodes to what libheif gave (1.15, Debian 12), or is
    /// one line where libheif refuses it (1.19 and later, Debian 13).
    @Test(.enabled(if: PictureHeader.library(for: .heif)?.installed == true, "libheif1 is not installed"))
    func aHEIFDecodedSmallerThanItClaimsGivesWhatWasDecoded() throws {
        let inputs = try Self.inputs("FuzzOptionalCodecs")
        let outcomes = inputs.flatMap { input in
            [32, 256, 1280].map { Self.outcome("FuzzOptionalCodecs", input.name, input.bytes, side: $0) }
        }
        let refused = [32, 256, 1280].map {
            "FuzzOptionalCodecs/plane-smaller-than-claimed.avif \($0): damaged HEIF or AVIF data"
        }
        #expect(
            outcomes == [
                "FuzzOptionalCodecs/plane-smaller-than-claimed.avif 32: 32x1",
                "FuzzOptionalCodecs/plane-smaller-than-claimed.avif 256: 64x1",
                "FuzzOptionalCodecs/plane-smaller-than-claimed.avif 1280: 64x2",
            ] || outcomes == refused, "\(outcomes)")
    }

    @Test func aSmallJPEGClaimingHalfAGigapixelIsRefusedAtOnce() throws {
        let (_, bytes) = try #require(try Self.inputs("FuzzJPEG").first { $0.name.hasPrefix("huge-claim") })
        #expect(PictureHeader(bytes).map { ($0.width, $0.height) } ?? (0, 0) == (63_768, 8_216))
        #expect {
            _ = try PictureDecoder.decode(bytes, fitting: Size(width: 256, height: 256))
        } throws: { error in
            (error as? PictureDecoder.Failure)?.description == "ends early: 799 bytes cannot hold 63768x8216 pixels"
        }
    }

    /// A 3 KB movie whose box claims 2 GB, and another whose boxes ask for exactly 256 MB: FFmpeg's
    /// demuxer allocated what they claimed. Every allocation of FFmpeg's is held under 256 MB: each is
    /// refused in one line, as its header (FFmpeg 5.1) or as its frames (7.1 reads the header).
    @Test(arguments: ["box-claims-2-GB.mp4", "boxes-ask-256-MB.mp4"])
    func aMovieWhoseBoxClaimsGigabytesIsRefused(name: String) throws {
        let (_, bytes) = try #require(try Self.inputs("FuzzVideo").first { $0.name == name })
        #expect(PictureHeader.Format.of(start: Array(bytes.prefix(32))) == .video)
        for side in [32, 256, 1280] {
            let outcome = Self.outcome("FuzzVideo", name, bytes, side: side)
            let said = ["cut short or damaged before its size", "no frame of it could be decoded"]
            #expect(
                said.contains { outcome.hasSuffix($0) } && (PictureHeader(bytes) == nil) == outcome.hasSuffix(said[0]),
                "\(outcome)")
        }
    }

    /// A 3 KB damaged AV1 WebM on which dav1d 1.0's frame threads (Debian 12's) waited on each other for
    /// ever: its frames, on as many threads as an open video takes, end (with a frame or one line).
    @Test(.timeLimit(.minutes(1))) func aDamagedAV1StreamDoesNotHangItsDecoder() throws {
        let (_, bytes) = try #require(try Self.inputs("FuzzVideo").first { $0.name == "dav1d-threads-wait.webm" })
        let frames = try PictureFrames(bytes, format: .video, maximumPixels: 4_000_000)
        var count = 0
        while count < 32, (try? frames.next()) != nil { count += 1 }
        for time in [0, 100, 10_000] {
            _ = frames.seekVideo(to: time)
            _ = try? frames.next()
        }
    }

    /// A 3.5 KB MP4 whose index claims 196,620 frames: FFmpeg 5.1's seek searched it for minutes
    /// (FuzzVideo's timeout). A file whose index claims more frames than it has bytes is not sought in.
    @Test(.timeLimit(.minutes(1))) func aMovieWhoseIndexClaimsMoreFramesThanBytesIsNotSoughtIn() throws {
        let (_, bytes) = try #require(
            try Self.inputs("FuzzVideo").first { $0.name == "index-claims-196620-frames.mp4" })
        // Its thumbnail, whose frame a tenth in is not sought either.
        _ = try? PictureDecoder.decode(bytes, fitting: Size(width: 256, height: 256))
        let frames = try PictureFrames(bytes, format: .video, maximumPixels: 4_000_000)
        _ = try? frames.next()
        for time in [0, 100, 10_000] {
            #expect(frames.seekVideo(to: time) == nil, "no seek in a file whose index cannot be")
            _ = try? frames.next()
        }
    }

    @Test func aSmallGIFClaimingAHugeScreenIsRefusedAtOnce() throws {
        let (_, bytes) = try #require(try Self.inputs("FuzzGIF").first { $0.name.hasPrefix("huge-screen") })
        #expect {
            _ = try PictureDecoder.decode(bytes, fitting: Size(width: 64, height: 64))
        } throws: { error in
            (error as? PictureDecoder.Failure)?.description == "a 4607x65280 GIF screen, not a size that can be shown"
        }
    }

    /// A 316-byte animated WebP claiming a 40 x 1048608 canvas took over a second to composite: canvases
    /// of animations are held to 32 megapixels.
    @Test func aSmallAnimationClaimingAHugeCanvasIsRefusedAtOnce() throws {
        let (_, bytes) = try #require(try Self.inputs("FuzzWebP").first { $0.name.hasPrefix("tall-animation") })
        #expect {
            _ = try PictureDecoder.decode(bytes, fitting: Size(width: 64, height: 64))
        } throws: { error in
            (error as? PictureDecoder.Failure)?.description
                == "40x1048608 pixels is too large: 42 megapixels, 1.3 times the 32 allowed"
        }
    }

    @Test func aPNGChunkClaimingMoreThanTheFileHoldsIsRefusedFirst() throws {
        let (_, bytes) = try #require(try Self.inputs("FuzzPNG").first { $0.name.hasPrefix("text-chunk-claims") })
        #expect {
            _ = try PictureDecoder.decode(bytes, fitting: nil)
        } throws: { error in
            (error as? PictureDecoder.Failure)?.description == "a chunk claims more than the file holds"
        }
        #expect(ThumbnailCache.text("Thumb::URI", in: bytes) == nil)
    }

    @Test func hostileThumbnailCacheFilesAreTakenForMissing() throws {
        for (name, bytes) in try Self.inputs("FuzzThumbnailCache") {
            #expect(
                ThumbnailCache.thumbnail(in: bytes, forFile: "/fuzz/picture.jpg", modified: 1, size: .large) == nil,
                "\(name)")
        }
    }
}
