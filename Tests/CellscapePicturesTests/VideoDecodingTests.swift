import CellscapeLayout
import CellscapeRender
import Foundation
import Testing

@testable import CellscapePictures

/// Videos through FFmpeg against the ffmpeg tool's own frames (`scripts/make-video-fixtures`): every
/// codec, turn, bit depth and range upright and within 3/255 of its reference, timed by its stamps.
@Suite struct VideoDecodingTests {
    static let clips = [
        "h264.mp4", "hevc.mp4", "vp9.webm", "av1.mkv", "rotated-90.mp4", "ten-bit.mp4", "full-range.mp4",
        "odd-size.webm", "with-audio.mp4", "mpeg4.mp4", "mjpeg.mov",
    ]

    /// Every frame of `name` as the animation player decodes it, at full size.
    static func frames(_ name: String) throws -> (frames: [AnimationFrame], endsEarly: Bool) {
        let bytes = try PictureFixtures.bytes("video/\(name)")
        let header = try #require(PictureHeader(bytes))
        let animation = try AnimationFrames(bytes, header: header, side: max(header.width, header.height))
        var frames: [AnimationFrame] = []
        while let frame = try animation.next() { frames.append(frame) }
        return (frames, animation.endsEarly)
    }

    /// A frame's pixels in a framebuffer, for the fixtures' comparison.
    static func framebuffer(_ image: PixelImage) -> Framebuffer {
        let frame = Framebuffer(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width { frame[x, y] = image[x, y] }
        }
        return frame
    }

    @Test(arguments: clips)
    func everyFrameIsUprightAndWithinThreeOfFFmpegs(name: String) throws {
        let reference = try PictureFixtures.reference("video/\(name)")
        let header = try #require(PictureHeader(try PictureFixtures.bytes("video/\(name)")))
        #expect(header.format == .video)
        #expect(header.width == reference.width && header.height == reference.height)
        let (frames, endsEarly) = try Self.frames(name)
        #expect(frames.count == reference.frames.count && !endsEarly)
        for (frame, expected) in zip(frames, reference.frames) {
            let picture = Self.framebuffer(frame.picture)
            #expect(picture.width == reference.width && picture.height == reference.height)
            #expect(PictureFixtures.difference(picture, expected) <= 3, "frame \(frame.number) of \(name)")
        }
    }

    @Test func framesKeepTheirStampsTimeAndLoopInTheirLength() throws {
        let (frames, _) = try Self.frames("h264.mp4")
        #expect(frames.map(\.milliseconds) == Array(repeating: 100, count: 6))
        let header = try #require(PictureHeader(try PictureFixtures.bytes("video/h264.mp4")))
        #expect(abs((header.seconds ?? 0) - 0.6) < 0.01 && !header.hasAudio && header.isAnimated)
    }

    @Test func aClipWithSoundIsKnownByItsHeaderAndStillPlaysMuted() throws {
        let header = try #require(PictureHeader(try PictureFixtures.bytes("video/with-audio.mp4")))
        #expect(header.hasAudio && header.isAnimated)
    }

    @Test func aTurnedClipsStillIsUpright() throws {
        let bytes = try PictureFixtures.bytes("video/rotated-90.mp4")
        let header = try #require(PictureHeader(bytes))
        #expect(header.orientation == .quarterTurnCounterclockwise && header.storedWidth == 48)
        let still = try PictureDecoder.decode(bytes)
        #expect(still.width == 64 && still.height == 48)
    }

    /// A seek decodes from the keyframe before its time to the frame that shows then: the same pixels
    /// as decoding in turn, numbered and timed as in turn, and the frames after it follow.
    @Test(arguments: ["keyframes.mp4", "keyframes.webm"])
    func aSeekLandsOnTheFrameThatShowsAtItsTime(name: String) throws {
        let reference = try PictureFixtures.reference("video/\(name)")
        try #require(reference.frames.count == 30)
        let bytes = try PictureFixtures.bytes("video/\(name)")
        let header = try #require(PictureHeader(bytes))
        // One decoder seeked back and forth, across keyframes and within a group of pictures.
        let animation = try AnimationFrames(bytes, header: header, side: 32)
        for target in [1_250, 2_999, 300, 0, 2_000, 1_999, 50, 1_000, 2_500] {
            #expect(animation.seek(to: target))
            let frame = try #require(try animation.next())
            let expected = target / 100
            #expect(frame.number == expected && frame.time == expected * 100, "\(name) at \(target) ms")
            #expect(frame.start == target && frame.milliseconds == 100)
            #expect(PictureFixtures.difference(Self.framebuffer(frame.picture), reference.frames[expected]) <= 3)
            let after = try animation.next()
            #expect(after?.number == (expected == 29 ? nil : expected + 1))
            if let after {
                #expect(
                    PictureFixtures.difference(Self.framebuffer(after.picture), reference.frames[expected + 1]) <= 3)
            }
        }
        // To the end from a seek: the count as in turn, and the next play from the first frame.
        #expect(animation.seek(to: 2_850))
        while try animation.next() != nil {}
        #expect(animation.count == 30)
        #expect(try animation.next()?.number == 0)
        // Past the end of the stream (a container that overstates its length): the first frame.
        #expect(animation.seek(to: 60_000))
        #expect(try animation.next()?.time == 0)
    }

    @Test func aFileCutShortPlaysWhatItHoldsAndSaysItEndsEarly() throws {
        let reference = try PictureFixtures.reference("video/cut-short.mp4")
        let (frames, endsEarly) = try Self.frames("cut-short.mp4")
        #expect(endsEarly)
        #expect(frames.count >= reference.frames.count && frames.count < 12)
        for (frame, expected) in zip(frames, reference.frames) {
            #expect(PictureFixtures.difference(Self.framebuffer(frame.picture), expected) <= 3)
        }
    }

    @Test func soundWithoutPicturesIsSaidInAUsersWords() throws {
        let bytes = try PictureFixtures.bytes("video/audio-only.mp4")
        #expect(PictureHeader(bytes) == nil)
        #expect(throws: PictureDecoder.Failure.undecodable("audio only: it has no video stream")) {
            _ = try VideoStream(bytes)
        }
    }

    @Test(arguments: [("ffv1.mkv", "ffv1"), ("snow.mkv", "snow"), ("cinepak.mov", "cinepak")])
    func aCodecNoCameraPhoneOrFeedMakesIsRefusedByName(name: String, codec: String) throws {
        let bytes = try PictureFixtures.bytes("video/\(name)")
        let refusal = PictureDecoder.Failure.undecodable("its video codec (\(codec)) is not one Cellscape plays")
        #expect(throws: refusal) { _ = try VideoContainer(bytes) }
        #expect(throws: refusal) { _ = try VideoStream(bytes) }
        #expect(PictureHeader(bytes) == nil)
    }

    @Test func fromAServerOnlyWhatBrowsersPlayIsPlayed() throws {
        let mpeg4 = try PictureFixtures.bytes("video/mpeg4.mp4")
        let served = try PictureBytes.Held.bytes(mpeg4).contents()
        #expect(served.fromServer)
        #expect(
            throws: PictureDecoder.Failure.undecodable(
                "its video codec (mpeg4) is not one Cellscape plays from a server")
        ) { _ = try VideoStream(served) }
        let h264 = try PictureBytes.Held.bytes(try PictureFixtures.bytes("video/h264.mp4")).contents()
        #expect(try VideoStream(h264).width == 64)
        // The same file of the user's own plays: cameras made it.
        #expect(try VideoStream(mpeg4).width == 64)
    }

    @Test func aContainerOtherThanMP4MOVWebMOrMatroskaIsRefused() throws {
        let bytes = try PictureFixtures.bytes("video/h264.avi")
        #expect(
            throws: PictureDecoder.Failure.undecodable(
                "not a video container Cellscape plays (MP4, MOV, WebM or Matroska)")
        ) {
            _ = try VideoStream(bytes)
        }
    }

    @Test func containersAreRecognisedByContentNotByName() throws {
        for name in Self.clips {
            let start = Array(try PictureFixtures.bytes("video/\(name)").prefix(32))
            #expect(PictureHeader.Format.of(start: start) == .video, "\(name)")
        }
        #expect(PictureHeader.Format.of(start: Array(try PictureFixtures.bytes("lossy.webp").prefix(32))) == .webp)
    }

    /// A clip's thumbnail goes to the shared cache upright, with the standard's keys and its length.
    @Test func aClipsThumbnailIsCachedWithItsLength() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-video-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = root + "/turned.mp4"
        try Data(try PictureFixtures.bytes("video/rotated-90.mp4")).write(to: URL(fileURLWithPath: path))
        let cache = ThumbnailCache(root: root + "/cache")
        let made = try cache.thumbnail(of: try PictureFile(path: path), size: .normal)
        #expect(made.decoded && made.picture.width == 64 && made.picture.height == 48)
        let stored = try #require(FileManager.default.contents(atPath: cache.path(forFile: path, size: .normal)))
        #expect(ThumbnailCache.text("Thumb::Movie::Length", in: [UInt8](stored)) == "1")
        #expect(ThumbnailCache.text("Thumb::URI", in: [UInt8](stored)) == ThumbnailCache.uri(forPath: path))
    }

    /// A decoding no longer wanted (its tile left the view) stops part way, from the demuxer's probing
    /// to the frames, and says so as passing: nothing is recorded against the file, which decodes
    /// whole when wanted again.
    @Test func aDecodingNoLongerWantedStopsAndIsNotAFailure() throws {
        let bytes = try PictureFixtures.bytes("video/h264.mp4")
        final class Asked { var count = 0 }
        /// The thumbnail's decoding, asked whether to stop; it stops after `asks` answers of no.
        func decode(stoppingAfter asks: Int) -> (Result<Void, PictureProblem>, asked: Int) {
            let asked = Asked()
            var contents = PictureContents.bytes(bytes)
            contents.interrupted = {
                asked.count += 1
                return asked.count > asks
            }
            var note: PictureProblem?
            do throws(PictureProblem) {
                _ = try PictureDecoder.decode(
                    contents, region: nil, fitting: Size(width: 64, height: 64), alongside: nil, note: &note)
                return (.success(()), asked.count)
            } catch {
                return (.failure(error), asked.count)
            }
        }
        let (whole, asks) = decode(stoppingAfter: .max)
        #expect((try? whole.get()) != nil)
        try #require(asks >= 3, "asked \(asks) times in a whole decoding")
        // From the demuxer's probing to the frames: stopped wherever it is asked.
        for stop in [0, 1, asks / 2, asks - 1] {
            #expect(throws: PictureProblem.stopped, "after \(stop) of \(asks)") {
                try decode(stoppingAfter: stop).0.get()
            }
        }
        #expect(PictureProblem.stopped.isTransient)
        // Through the shared cache: no failure entry, and the next look makes the thumbnail.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-stop-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = root + "/clip.mp4"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let cache = ThumbnailCache(root: root + "/cache")
        let file = try PictureFile(path: path)
        #expect(throws: PictureProblem.stopped) {
            _ = try cache.thumbnail(of: file, size: .normal, interrupted: { true })
        }
        #expect(cache.failure(forFile: path, modified: file.modified, fileSize: file.size) == nil)
        #expect(try cache.thumbnail(of: file, size: .normal).decoded)
    }

    /// Frames being decoded stop too, and a stop is not taken for the clip's end.
    @Test func framesNoLongerWantedStopWithoutEndingTheClip() throws {
        let bytes = try PictureFixtures.bytes("video/h264.mp4")
        final class Wanted { var value = true }
        let wanted = Wanted()
        var contents = PictureContents.bytes(bytes)
        contents.interrupted = { !wanted.value }
        let frames = try PictureFrames(video: contents, reducedTo: (32, 32))
        #expect(try frames.next() != nil)
        wanted.value = false
        #expect(throws: PictureProblem.stopped) { _ = try frames.next() }
    }

    /// A tile's frames are reduced by area as they are converted: close to the full frames reduced.
    @Test func framesForATileAreReducedByAreaAsTheyConvert() throws {
        let bytes = try PictureFixtures.bytes("video/h264.mp4")
        let header = try #require(PictureHeader(bytes))
        let small = try AnimationFrames(bytes, header: header, side: 32)
        let whole = try AnimationFrames(bytes, header: header, side: 64)
        for _ in 0..<6 {
            let reduced = Self.framebuffer(try #require(try small.next()).picture)
            let full = PictureDecoder.shrink(Self.framebuffer(try #require(try whole.next()).picture), fitting: 32)
            #expect(reduced.width == 32 && reduced.height == 24)
            #expect(PictureDecoderTests.difference(reduced, full).largest <= 32)
            #expect(PictureDecoderTests.difference(reduced, full).mean < 1.5)
        }
    }

    /// Frames reduced 3x or more for a tile are decoded without the deblocking filter (the reduction
    /// averages the block edges it smooths): against the full decode reduced by area, they differ by
    /// what the same frames decoded with the filter do (means of 1.79 to 1.83 on this clip both ways:
    /// the two reductions' own difference).
    @Test func framesReducedThreeTimesGiveUpTheDeblockingFilterUnseen() throws {
        let bytes = try PictureFixtures.bytes("video/h264.mp4")
        let header = try #require(PictureHeader(bytes))
        let side = max(header.width, header.height) / 3
        let small = try AnimationFrames(bytes, header: header, side: side)
        let whole = try AnimationFrames(bytes, header: header, side: max(header.width, header.height))
        var frames = 0
        while let frame = try small.next(), let full = try whole.next() {
            let reduced = Self.framebuffer(frame.picture)
            let expected = PictureDecoder.shrink(Self.framebuffer(full.picture), fitting: side)
            #expect(reduced.width == expected.width && reduced.height == expected.height)
            let difference = PictureDecoderTests.difference(reduced, expected)
            frames += 1
            #expect(difference.largest <= 32 && difference.mean < 1.9, "frame \(frame.number)")
        }
        #expect(frames > 5)
    }

    /// Damaged packets are skipped and the clip plays on; a file that is a movie's start and nothing
    /// more, or noise behind a movie's signature, is said in one line, never a crash.
    @Test func damagedClipsPlayWhatTheyCanAndBrokenOnesSaySo() throws {
        var bytes = try PictureFixtures.bytes("video/h264.mp4")
        let header = try #require(PictureHeader(bytes))
        for index in stride(from: bytes.count * 6 / 10, to: bytes.count * 8 / 10, by: 7) { bytes[index] ^= 0x5A }
        let animation = try AnimationFrames(bytes, header: header, side: 64)
        var frames = 0
        while (try animation.next()) != nil { frames += 1 }
        #expect(frames >= 1 && frames <= 6)
        var noise = SplitMix64(seed: 9)
        let start = Array(try PictureFixtures.bytes("video/h264.mp4").prefix(12))
        for length in [12, 40, 300, 5_000] {
            let broken = start + (0..<length).map { _ in UInt8(truncatingIfNeeded: noise.next()) }
            #expect(PictureHeader(broken) == nil)
            #expect(throws: PictureDecoder.Failure.self) { _ = try PictureDecoder.decode(broken) }
        }
    }
}
