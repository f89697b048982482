import CellscapePictures
import CellscapeRender
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The index of headers survives the program killed while it writes: opened after, it checks out
/// (nothing said, nothing made again), and every header it kept is the one its file holds.
@Suite struct HeaderIndexKillTests {
    @Test func killedMidWriteTheIndexHoldsOnlyWhatIsTrue() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-kill-\(UUID())").path
        let pictures = root + "/pictures"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // 10,000 small PNGs of 50 widths: a header index of a few seconds' writing.
        var encoded: [Int: Data] = [:]
        for width in 1...50 {
            encoded[width] = Data(try #require(PictureEncoder.png(Framebuffer(width: width, height: 3))))
        }
        for number in 0..<10_000 {
            _ = FileManager.default.createFile(atPath: "\(pictures)/p\(number).png", contents: encoded[number % 50 + 1])
        }
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["snapshot", pictures, "--out", root + "/snapshot.png", "--no-disk-cache"]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": root + "/cache"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed once it has written rows (its log past the table's making), with more to write.
        let log = root + "/cache/cellscape/index.sqlite3-wal"
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline {
            if let size = try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int, size > 100_000 {
                break
            }
            var nothing = pollfd()
            _ = poll(&nothing, 0, 1)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "killed, not ended")
        final class Said: @unchecked Sendable {
            var lines: [String] = []
        }
        let said = Said()
        let index = HeaderIndex(path: root + "/cache/cellscape/index.sqlite3", limit: 128 << 20) {
            said.lines.append($0)
        }
        #expect(said.lines.isEmpty, "the index checks out")
        let kept = index.count
        #expect(kept > 0 && kept < 10_000, "\(kept) kept: killed mid-way")
        var found = 0
        for number in 0..<10_000 {
            let path = "\(pictures)/p\(number).png"
            let version = try #require(PictureFile.version(of: path))
            guard let header = index.header(path: path, size: version.size, modified: version.modified) else {
                continue
            }
            found += 1
            #expect(header.width == number % 50 + 1 && header.height == 3 && header.format == .png)
        }
        #expect(found == kept)
    }
}
