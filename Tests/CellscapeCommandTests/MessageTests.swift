import Foundation
import Testing

/// Messages that tell the truth: the range for a negative number, a directory named as one, what a
/// size must be, the missing file before the missing flag.
@Suite struct MessageTests {
    static let directory = FileManager.default.temporaryDirectory.path

    @Test(arguments: [
        (["layout", "force", "--cells", "-5"], "--cells must be from 0 to 1000000, not -5"),
        (["view", "--fps", "-1"], "--fps must be from 1 to 1000, not -1"),
        (["snapshot", "--cells", "-5", "--out", "x.png"], "--cells must be from 0 to 1000000, not -5"),
        (["snapshot", "--steps", "-2", "--out", "x.png"], "--steps must be >= 0, not -2"),
        (["bench", "render", "--frames", "-3"], "--frames must be > 0, not -3"),
        (["bench", "frame", "--frames", "-3"], "--frames must be from 1 to 100000, not -3"),
        (["bench", "force", "--cells", "-5"], "--cells takes whole numbers from 1 to 1000000"),
        (["bench", "force", "--max-steps", "-5"], "--max-steps must be >= 0, not -5"),
        (["layout", "waterfall", "--count", "-5", "--width", "800"], "--count must be from 0 to"),
        (["layout", "waterfall", "--count", "5", "--width", "-800"], "--width must be a positive number"),
        (["layout", "force", "--cells", "5", "--seed", "-1"], "a seed is a whole number from 0 to"),
        (["layout", "force", "--cells", "5", "--momentum", "-0.5"], "--momentum must be a number from 0"),
        (["view", "--size", "0x0"], "a window size is WIDTHxHEIGHT, two whole numbers from 1 to 16384"),
        (["snapshot", "--size", "20000x10", "--out", "x.png"], "two whole numbers from 1 to 16384"),
        (["layout", "force", "--cells", "5", "--size", "0x10"], "a size is WIDTHxHEIGHT, two positive numbers"),
        (["layout", "force", "--input", directory], "it is a directory"),
        (["layout", "waterfall", "--items", directory, "--width", "800"], "it is a directory"),
        (["replay", directory, "--state", "x.json"], "it is a directory"),
        (["replay", "/nonexistent/session.jsonl"], "cannot read /nonexistent/session.jsonl"),
        (["/nonexistent/pictures"], "cannot read /nonexistent/pictures: No such file or directory"),
        (
            ["/etc/passwd"],
            "/etc/passwd: not a picture (JPEG, PNG, GIF, WebP, HEIF/HEIC or AVIF, JPEG XL, or video (MP4, MOV, WebM or MKV))"
        ),
        (["snapshot", "/etc/passwd", "--out", "x.png"], "/etc/passwd: not a picture"),
        (["thumbnails", "/nonexistent/pictures"], "cannot read /nonexistent/pictures: No such file"),
        (["--slideshow", "-1", directory], "--slideshow must be from 0.1 to 86400 seconds, not -1.0"),
        (["--scale", "-2"], "--scale must be from 0.5 to 4, not -2.0"),
        (["-"], "no paths on standard input"),
        (["/dev/null"], "cannot read /dev/null: not a regular file"),
        (
            ["http://mastodon.example/tags/cats"],
            "http://mastodon.example/tags/cats is plain http: only https, or http to this machine"
        ),
        (["https://mastodon.example/explore"], "https://mastodon.example/explore is not a feed Cellscape reads"),
        (["giphy:popular"], "giphy:popular is not a GIPHY feed"),
        (
            ["ftp://example.org/pictures"],
            "ftp://example.org/pictures is not https: Cellscape reads https:// (a Mastodon server's timelines), giphy:"
        ),
        (["smb://nas/photos"], "smb://nas/photos is not https"),
        (["https://m.example/public", "a.jpg"], "a feed's address is given alone"),
        (["https://m.example/public", "--api-base", "ftp://m.example"], "ftp://m.example is not https"),
        (
            ["https://m.example/public", "--ca-file", "/nonexistent/ca.pem"],
            "--ca-file /nonexistent/ca.pem cannot be read"
        ),
        (
            ["snapshot", "giphy:trending", "--timeout", "0", "--out", "x.png"],
            "--timeout must be a number > 0, not 0.0"
        ),
        (["bench", "feed", "/tmp"], "give one feed's address"),
        (["bench", "feed", "giphy:trending", "--items", "0"], "--items must be 1 or more, not 0"),
    ])
    func aBadArgumentGetsATruthfulLine(arguments: [String], mention: String) throws {
        let outcome = try CommandRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
        #expect(outcome.error.contains(mention), "\(outcome.error)")
    }

    @Test func aGIPHYFeedWithoutAKeySaysHowToGetOne() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString)").path
        let outcome = try CommandRunner.run(
            ["giphy:trending"], environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "DISPLAY": ":0"])
        #expect(outcome.status != 0)
        #expect(outcome.error.hasPrefix("cellscape: giphy: needs your own API key: make one at developers.giphy.com"))
        #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
    }

    @Test func replaysUsageSaysOneOutputIsRequired() throws {
        let outcome = try CommandRunner.run(["replay", "--help"])
        #expect(outcome.output.contains("cellscape replay <file> --state <json>"))
        #expect(outcome.output.contains("One of --snapshot and --state is required"))
    }

    @Test func everyCommandThatOpensAWindowTakesTheDisplayOption() throws {
        for command in [["view"], ["bench", "frame"]] {
            let outcome = try CommandRunner.run(command + ["--help"])
            #expect(outcome.output.contains("--display <display>"), "\(command)")
        }
    }

    @Test func benchesSayWhatTheyMeasureOnStandardError() throws {
        let outcome = try CommandRunner.run(["bench", "waterfall", "--items", "1000"])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("waterfall 1000 items"))
        #expect(outcome.error == "cellscape: waterfall, 1000 items: layout, appends and queries\n")
    }

    /// A pipe named as a picture is no picture file, as a device is not: one rule, said in one line.
    @Test func aPipeNamedAsAPictureIsNotARegularFile() throws {
        let pipe = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID()).jpg").path
        #expect(mkfifo(pipe, 0o600) == 0)
        defer { CommandRunner.removeFiles(pipe) }
        let outcome = try CommandRunner.run([pipe])
        #expect(outcome.status == 2 && outcome.error == "cellscape: cannot read \(pipe): not a regular file\n")
    }

    /// A folder of folders says what -r would find.
    @Test func aFolderOfFoldersSaysWhatRecursingFinds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        defer { CommandRunner.removeFiles(root) }
        let png = try #require(Data(base64Encoded: Self.onePixelPNG))
        try png.write(to: URL(fileURLWithPath: root + "/sub/a.png"))
        let outcome = try CommandRunner.run(["snapshot", root, "--out", root + "/x.png"])
        #expect(outcome.status == 2)
        #expect(outcome.error.hasSuffix("in \(root); its subfolders hold 1 picture: cellscape -r lists them\n"))
    }

    /// A folder that cannot be read says so and why, in the window's command (before a window opens)
    /// and in the others, and the exit is non-zero when nothing given could be read.
    @Test(arguments: [[], ["snapshot"]])
    func aFolderThatCannotBeReadSaysSo(command: [String]) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID())").path
        let locked = root + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        defer {
            chmod(locked, 0o700)
            CommandRunner.removeFiles(root)
        }
        try #require(Data(base64Encoded: Self.onePixelPNG)).write(to: URL(fileURLWithPath: locked + "/a.png"))
        #expect(chmod(locked, 0) == 0)
        // Root reads any folder: the program runs as nobody then (setpriv, from util-linux).
        var executable = CommandRunner.executable
        var arguments = command + [locked] + (command.isEmpty ? [] : ["--out", root + "/out.png"])
        if geteuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "setpriv is missing")
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
            executable = URL(fileURLWithPath: "/usr/bin/setpriv")
        }
        let outcome = try CommandRunner.run(arguments, executable: executable, environment: ["DISPLAY": ":999"])
        #expect(outcome.status == 2)
        #expect(outcome.error == "cellscape: cannot read the folder \(locked): Permission denied\n")
    }

    static let onePixelPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="

    /// Binary data fed as paths is said quoted and cut short, not echoed raw, in one line however many
    /// lines it has.
    @Test func binaryOnStandardInputIsQuoted() throws {
        let outcome = try CommandRunner.run(["-"], input: Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x0A]))
        #expect(outcome.status == 2)
        #expect(outcome.error == "cellscape: standard input: not a path: \"\\u{7F}ELF\\u{02}\\u{01}\"\n")

        let lines = Data((0..<12).flatMap { [0x01, UInt8(0x41 + $0), 0x0A] })
        let many = try CommandRunner.run(["-"], input: lines)
        #expect(many.status == 2)
        #expect(many.error == "cellscape: standard input: not a path: \"\\u{01}A\" (and 11 more lines like it)\n")

        // Beside paths, such lines are passed over, said in one line.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { CommandRunner.removeFiles(root) }
        try #require(Data(base64Encoded: Self.onePixelPNG)).write(to: URL(fileURLWithPath: root + "/a.png"))
        let mixed = try CommandRunner.run(
            ["snapshot", "-", "--out", root + "/out.png"], input: Data("\u{01}A\n\(root)/a.png\n".utf8))
        #expect(mixed.status == 0)
        #expect(mixed.error == "cellscape: standard input: not a path: \"\\u{01}A\", passed over\n")
    }

    /// Plain `cellscape` is the viewer: its help shows the viewer's options, then the subcommands.
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func theOverallHelpShowsTheViewersOptions(arguments: [String]) throws {
        let outcome = try CommandRunner.run(arguments)
        #expect(outcome.status == 0 && outcome.error.isEmpty)
        #expect(outcome.output.contains("USAGE: cellscape [<options>] [<path> ...]\n       cellscape <subcommand>"))
        for option in ["--slideshow <seconds>", "--sort <sort>", "-r, --recursive", "--version", "SUBCOMMANDS:"] {
            #expect(outcome.output.contains(option), "\(option)")
        }
        #expect(outcome.output.contains("thumbnails") && outcome.output.contains("'cellscape help view' for the keys"))
    }

    @Test func theVersionIsPrinted() throws {
        let outcome = try CommandRunner.run(["--version"])
        #expect(outcome.status == 0 && outcome.output == "0.5.0\n")
    }
}
