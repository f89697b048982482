import Foundation
import Testing

/// `cellscape bench images` makes a folder of generated pictures and measures it.
@Suite struct BenchImagesCommandTests {
    @Test func aSmallGeneratedFolderIsMeasured() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-bench-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Small pictures keep the test quick; the figures come from `--make 2000` in a release build.
        let outcome = try CommandRunner.run(["bench", "images", folder, "--make", "10", "--side", "64"])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.hasPrefix("images, 11 pictures: headers "), "\(outcome.output)")
        #expect(outcome.output.contains("0 not pictures"))
    }
}
