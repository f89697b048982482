import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation
import Testing

/// `cellscape snapshot` draws what the window shows once it rests, unless told a step count.
@Suite struct SnapshotCommandTests {
    static func snapshot(_ arguments: [String]) throws -> Data {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID()).png").path
        defer { CommandRunner.removeFiles(path) }
        let outcome = try CommandRunner.run(
            ["snapshot", "--cells", "60", "--size", "320x240", "--out", path] + arguments)
        #expect(outcome.status == 0, "\(outcome.error)")
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// libpng's file writer removes its file when a write fails: as root, `--out /dev/full` once took
    /// /dev/full away. A device is written as a stream, and the message is the system's reason.
    @Test func aDeviceThatCannotTakeTheSnapshotStaysAndTheReasonIsTheSystems() throws {
        var before = stat()
        try #require(stat("/dev/full", &before) == 0, "this test needs /dev/full")
        let outcome = try CommandRunner.run(["snapshot", "--cells", "10", "--size", "64x48", "--out", "/dev/full"])
        #expect(outcome.status != 0)
        #expect(outcome.error == "cellscape: cannot write '/dev/full': No space left on device\n", "\(outcome.error)")
        var after = stat()
        #expect(stat("/dev/full", &after) == 0 && after.st_mode & S_IFMT == S_IFCHR && after.st_rdev == before.st_rdev)
    }

    @Test func theDefaultIsTheSettledPicture() throws {
        let settled = try Self.snapshot(["--settle"])
        #expect(try Self.snapshot([]) == settled)
        #expect(try Self.snapshot(["--steps", "0"]) != settled)
    }

    /// `snapshot --open FILE --frame K` draws frame K of an animation as the image view shows it: the
    /// reference composite (scripts/make-picture-fixtures) over the checkerboard, at 100% in the middle.
    @Test(arguments: ["disposal-2.gif", "disposal-3.gif", "animated.webp"])
    func everyFrameOfAnOpenAnimationAsTheImageViewShowsIt(name: String) throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CellscapePicturesTests/Fixtures").path
        let reference = try #require(FileManager.default.contents(atPath: "\(fixtures)/\(name).rgba"))
        let (width, height) = (40, 32)
        let frameBytes = width * height * 4
        try #require(reference.count == 8 + 4 * frameBytes)
        for number in 1...4 {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID()).png").path
            defer { CommandRunner.removeFiles(path) }
            let outcome = try CommandRunner.run([
                "snapshot", "\(fixtures)/\(name)", "--no-disk-cache", "--open", "\(fixtures)/\(name)", "--frame",
                "\(number)", "--size", "80x64", "--out", path,
            ])
            #expect(outcome.status == 0, "\(outcome.error)")
            let shot = try PNGFile.read(from: path)
            var largest = 0
            for y in 0..<height {
                for x in 0..<width {
                    let (windowX, windowY) = (x + 20, y + 16)
                    let checker: UInt32 = (windowX / 8 + windowY / 8) % 2 == 0 ? 0x9A : 0x66
                    let at = 8 + (number - 1) * frameBytes + (y * width + x) * 4
                    let alpha = UInt32(reference[at + 3])
                    let pixel = shot[windowX, windowY]
                    for (channel, shift) in [(0, 16), (1, 8), (2, 0)] {
                        let expected = (UInt32(reference[at + channel]) * alpha + checker * (255 - alpha) + 127) / 255
                        largest = max(largest, abs(Int(pixel >> UInt32(shift) & 0xFF) - Int(expected)))
                    }
                }
            }
            #expect(largest <= 1, "\(name) frame \(number): \(largest)")
        }
    }

    /// `snapshot --open CLIP --frame K` draws frame K of a video as the image view shows it: the ffmpeg
    /// tool's own frame (scripts/make-video-fixtures), upright, at 100% in the middle of the window.
    @Test(arguments: ["video/h264.mp4", "video/rotated-90.mp4", "video/vp9.webm"])
    func everyFrameOfAnOpenVideoAsTheImageViewShowsIt(name: String) throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CellscapePicturesTests/Fixtures").path
        let reference = try #require(FileManager.default.contents(atPath: "\(fixtures)/\(name).rgba"))
        let width = Int(reference[0]) | Int(reference[1]) << 8
        let height = Int(reference[4]) | Int(reference[5]) << 8
        let frameBytes = width * height * 4
        try #require(reference.count == 8 + 6 * frameBytes)
        for number in [1, 4, 6] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID()).png").path
            defer { CommandRunner.removeFiles(path) }
            let outcome = try CommandRunner.run([
                "snapshot", "\(fixtures)/\(name)", "--no-disk-cache", "--open", "\(fixtures)/\(name)", "--frame",
                "\(number)", "--size", "\(width + 40)x\(height + 32)", "--out", path,
            ])
            #expect(outcome.status == 0, "\(outcome.error)")
            let shot = try PNGFile.read(from: path)
            var largest = 0
            for y in 0..<height {
                for x in 0..<width {
                    let at = 8 + (number - 1) * frameBytes + (y * width + x) * 4
                    let pixel = shot[x + 20, y + 16]
                    for (channel, shift) in [(0, 16), (1, 8), (2, 0)] {
                        largest = max(largest, abs(Int(pixel >> UInt32(shift) & 0xFF) - Int(reference[at + channel])))
                    }
                }
            }
            #expect(largest <= 3, "\(name) frame \(number): \(largest)")
        }
    }

    /// With pictures, `--view force` draws the round cells with the pictures in them, not the grid.
    @Test func theForceViewOfPicturesDrawsThemInTheirCells() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-cells-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let red = Framebuffer(width: 60, height: 60)
        red.fill(Color(red: 230, green: 10, blue: 10))
        let bytes = try #require(PictureEncoder.png(red))
        _ = FileManager.default.createFile(atPath: root + "/red.png", contents: Data(bytes))
        let path = root + "/out.png"
        let outcome = try CommandRunner.run([
            "snapshot", root, "--no-disk-cache", "--view", "force", "--size", "200x200", "--out", path,
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
        let shot = try PNGFile.read(from: path)
        // One cell, at the window's centre, showing the picture; the background around it.
        #expect(shot[100, 100] == red[30, 30] && shot[5, 5] == Color.background.pixel)
    }
}
