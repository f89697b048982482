import Foundation
import Testing

/// `cellscape thumbnails` fills the cache under $XDG_CACHE_HOME, says in one line which picture is
/// bad, and a second run finds the thumbnails made by the first.
@Suite struct ThumbnailsCommandTests {
    @Test func aFolderIsThumbnailedOnceAndABadPictureNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-thumbs-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/pictures", withIntermediateDirectories: true)
        for seed in 1...3 {
            let made = try CommandRunner.run([
                "snapshot", "--cells", "20", "--size", "300x200", "--seed", "\(seed)", "--out",
                "\(root)/pictures/p\(seed).png",
            ])
            #expect(made.status == 0)
        }
        _ = FileManager.default.createFile(atPath: root + "/pictures/broken.jpg", contents: Data("text".utf8))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = root + "/cache"
        let first = try CommandRunner.run(
            ["thumbnails", root + "/pictures"], executable: CommandRunner.executable, environment: environment)
        #expect(first.status == 1)
        #expect(first.output.hasPrefix("4 pictures: 3 made, 0 already cached, 1 failed;"), "\(first.output)")
        #expect(first.error.contains("broken.jpg: not a JPEG or PNG picture"))
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: root + "/cache/thumbnails/normal")
        #expect(thumbnails.count == 3 && thumbnails.allSatisfy { $0.count == 36 && $0.hasSuffix(".png") })
        let second = try CommandRunner.run(
            ["thumbnails", root + "/pictures", "--size", "normal"], executable: CommandRunner.executable,
            environment: environment)
        #expect(second.status == 0)
        #expect(second.output.hasPrefix("4 pictures: 0 made, 3 already cached, 0 failed, 1 failed before;"))
    }

    @Test func aCacheThatFillsUpStopsWithOneLineAndLeavesNoPartialFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-full-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/pictures", withIntermediateDirectories: true)
        for seed in 1...6 {
            let made = try CommandRunner.run([
                "snapshot", "--cells", "50", "--size", "400x300", "--seed", "\(seed)", "--out",
                "\(root)/pictures/p\(seed).png",
            ])
            #expect(made.status == 0)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = root + "/cache"
        // A file size limit of 1 KB: every thumbnail's write fails part way, as on a full disk.
        let full = try CommandRunner.run(
            ["-c", "ulimit -f 1 && exec \"$0\" thumbnails \"$1\"", CommandRunner.executable.path, root + "/pictures"],
            executable: URL(fileURLWithPath: "/bin/sh"), environment: environment)
        #expect(full.status == 1)
        // One line for the whole run, beside the progress stages a run without a terminal prints.
        let failures = full.error.split(separator: "\n").filter { $0.contains("cannot write") }
        #expect(failures.count == 1 && failures[0].hasSuffix("File too large; stopped"), "\(full.error)")
        let left = try FileManager.default.contentsOfDirectory(atPath: root + "/cache/thumbnails/normal")
        #expect(left.isEmpty, "\(left)")
    }
}
