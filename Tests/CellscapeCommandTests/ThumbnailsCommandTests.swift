import CellscapeFixtures
import CellscapePictures
import CellscapeRender
import CellscapeViewer
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
        #expect(first.error.contains("broken.jpg: not a picture"))
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: root + "/cache/thumbnails/normal")
        #expect(thumbnails.count == 3 && thumbnails.allSatisfy { $0.count == 36 && $0.hasSuffix(".png") })
        let second = try CommandRunner.run(
            ["thumbnails", root + "/pictures", "--size", "normal"], executable: CommandRunner.executable,
            environment: environment)
        // The same failures end the same way, named again with why they failed.
        #expect(second.status == 1)
        #expect(second.output.hasPrefix("4 pictures: 0 made, 3 already cached, 0 failed, 1 failed before;"))
        #expect(
            second.error.contains("cellscape: \(root)/pictures/broken.jpg: not a picture: it holds text\n"),
            "\(second.error)")
        #expect(!second.error.contains("unchanged since"), "why it failed, not only that it did")
        let one = try CommandRunner.run(
            ["thumbnails", root + "/pictures/p1.png"], executable: CommandRunner.executable, environment: environment)
        #expect(one.status == 0)
        #expect(one.output.hasPrefix("1 picture: 0 made, 1 already cached, 0 failed; 0 other files skipped;"))
    }

    @Test(.notUnderThreadSanitizer) func aCacheThatFillsUpStopsWithOneLineAndLeavesNoPartialFile() throws {
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

    @Test func aSignalStopsBetweenPicturesAndEveryThumbnailWrittenIsWhole() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-signal-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try FixtureFolders.photos(in: root + "/pictures", count: 100, width: 1600, height: 1000)
        for signal in [SIGINT, SIGTERM] {
            try? FileManager.default.removeItem(atPath: root + "/cache")
            let process = Process()
            process.executableURL = CommandRunner.executable
            process.arguments = ["thumbnails", root + "/pictures", "--size", "large"]
            process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": root + "/cache"]) {
                $1
            }
            let error = Pipe()
            process.standardError = error
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // Under way (the first tenth counted), the run is frozen, so however fast the machine it
            // cannot finish before the signal; it takes the signal when it thaws.
            var said = ""
            let deadline = Date().addingTimeInterval(60)
            while said.range(of: #"[0-9]+ of 110 pictures"#, options: .regularExpression) == nil && Date() < deadline {
                said += String(decoding: error.fileHandleForReading.availableData, as: UTF8.self)
            }
            kill(process.processIdentifier, SIGSTOP)
            kill(process.processIdentifier, signal)
            kill(process.processIdentifier, SIGCONT)
            process.waitUntilExit()
            said += String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 128 + signal)
            #expect(said.contains("stopped by a signal after"), "\(said)")
            let folder = root + "/cache/thumbnails/large"
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(!files.isEmpty && files.count < 110 && files.allSatisfy { $0.hasSuffix(".png") }, "\(files)")
            for file in files {
                let data = try #require(FileManager.default.contents(atPath: "\(folder)/\(file)"))
                #expect((try? PictureDecoder.decode([UInt8](data))) != nil, "\(file) is whole")
            }
        }
    }

    @Test(.notUnderThreadSanitizer) func aSnapshotThatCannotBeWrittenWholeLeavesNothing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-snapfull-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let full = try CommandRunner.run(
            [
                "-c", "ulimit -f 4 && exec \"$0\" snapshot --cells 500 --out \"$1\"", CommandRunner.executable.path,
                root + "/out.png",
            ],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(full.status != 0)
        #expect(full.error.split(separator: "\n").count == 1 && full.error.contains("cannot write"), "\(full.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    }
}
