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

    @Test func theDefaultIsTheSettledPicture() throws {
        let settled = try Self.snapshot(["--settle"])
        #expect(try Self.snapshot([]) == settled)
        #expect(try Self.snapshot(["--steps", "0"]) != settled)
    }
}
