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
}
