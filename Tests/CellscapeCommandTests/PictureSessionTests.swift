import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation
import Testing

/// A session of pictures: recorded with every header read, it replays to the same state, the open
/// picture's zoom and centre included; a picture changed since gives one line and no replay.
@Suite struct PictureSessionTests {
    /// A folder of solid PNGs, 240 px high and 300, 400 or 500 wide.
    static func folder(count: Int) throws -> (root: String, paths: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-session-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var paths: [String] = []
        for index in 0..<count {
            let frame = Framebuffer(width: 300 + (index % 3) * 100, height: 240)
            frame.fill(Color(hex: 0x3C_3CC8))
            let path = "\(root)/picture\(index + 1).png"
            _ = FileManager.default.createFile(atPath: path, contents: Data(try #require(PictureEncoder.png(frame))))
            paths.append(path)
        }
        return (root, paths)
    }

    /// A session recorded headless over `paths`: a scroll, a click on a tile, the picture opened,
    /// the next one, zoomed about a point and panned; then the waterfall again, scrolled.
    static func recordedLines(paths: [String], closing: Bool, sorting: Bool = false) -> [String] {
        let feed = PictureFeed(paths: paths, diskCache: nil, memoryBytes: 16 << 20) { _ in }
        feed.waitForAllHeaders()
        var force = ForceScene.Options()
        force.size = Size(width: 640, height: 480)
        var waterfall = WaterfallScene.Options()
        waterfall.size = force.size
        if sorting { waterfall.pictureOrder = .time }
        let header = SessionHeader(
            force: force, waterfall: waterfall, view: .waterfall,
            items: SessionHeader.Items(source: .pictures, paths: paths, items: feed.arrivedItems))
        let driver = ViewerDriver(
            model: ViewerModel(force: force, waterfall: waterfall, pictures: feed, view: .waterfall))
        var lines: [String] = []
        let recorder = SessionRecorder(header: header, driver: driver) { lines.append($0) }
        let inputs: [Int: [ViewerCommand]] = [
            1: [.wheel(2)],
            2: sorting ? [.key(.sortNext), .key(.reverseSort)] : [],
            4: [.press(Point(x: 100, y: 100)), .release(Point(x: 100, y: 100))],
            5: [.key(.open)],
            6: [.key(.next)],
            7: [.wheel(-3, at: Point(x: 200, y: 150))],
            8: [.press(Point(x: 300, y: 300)), .drag(Point(x: 340, y: 280)), .release(Point(x: 340, y: 280))],
            10: closing ? [.key(.back), .wheel(1)] : [],
        ]
        for frame in 0..<12 {
            for command in inputs[frame] ?? [] { driver.send(command) }
            driver.advance()
        }
        recorder.finish()
        return lines
    }

    @Test(arguments: [false, true])
    func aSessionOfPicturesReplaysToTheSameState(closingThePicture closing: Bool) throws {
        let (root, paths) = try Self.folder(count: 40)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let session = try CommandRunner.temporaryFile(
            Self.recordedLines(paths: paths, closing: closing).joined(separator: "\n") + "\n")
        defer { CommandRunner.removeFiles(session, session + ".state") }
        let outcome = try CommandRunner.run(["replay", session, "--state", session + ".state"])
        #expect(outcome.status == 0, "\(outcome.error)")
        let state = try String(contentsOfFile: session + ".state", encoding: .utf8)
        #expect(state.contains(#""items":40"#) && state.contains(#""selection":"#))
        if closing {
            #expect(!state.contains(#""open""#))
        } else {
            let open = try #require(state.range(of: #""open":\{[^}]*\}"#, options: .regularExpression))
            #expect(state[open].contains(#""index":"#) && state[open].contains(#""zoom":"#), "\(state)")
        }
    }

    @Test func aSessionThatSortsAgainReplaysFromTheOrderItStartedIn() throws {
        let (root, paths) = try Self.folder(count: 40)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lines = Self.recordedLines(paths: paths, closing: false, sorting: true)
        #expect(lines.first?.contains(#""pictureOrder":"time""#) == true)
        let session = try CommandRunner.temporaryFile(lines.joined(separator: "\n") + "\n")
        defer { CommandRunner.removeFiles(session, session + ".state") }
        let outcome = try CommandRunner.run(["replay", session, "--state", session + ".state"])
        #expect(outcome.status == 0, "\(outcome.error)")
    }

    /// What `replay --snapshot` writes is what the window showed: the pictures decoded, in the tiles
    /// and open (it drew grey placeholders and no open picture).
    @Test(arguments: [false, true])
    func aReplaysSnapshotShowsThePictures(closingThePicture closing: Bool) throws {
        let (root, paths) = try Self.folder(count: 40)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let session = try CommandRunner.temporaryFile(
            Self.recordedLines(paths: paths, closing: closing).joined(separator: "\n") + "\n")
        defer { CommandRunner.removeFiles(session, session + ".png") }
        let outcome = try CommandRunner.run(["replay", session, "--snapshot", session + ".png"])
        #expect(outcome.status == 0, "\(outcome.error)")
        let frame = try PNGFile.read(from: session + ".png")
        let blue = Color(hex: 0x3C_3CC8).pixel
        let shown = frame.packedPixels.filter { $0 == blue }.count
        // Open and zoomed in, the picture fills most of the window; closed, the tiles cover half of it.
        #expect(Double(shown) > Double(frame.width * frame.height) * (closing ? 0.4 : 0.6), "\(shown) pixels")
    }

    @Test func picturesChangedSinceTheRecordingAreSaidInOneLine() throws {
        let (root, paths) = try Self.folder(count: 12)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let session = try CommandRunner.temporaryFile(
            Self.recordedLines(paths: paths, closing: true).joined(separator: "\n") + "\n")
        defer { CommandRunner.removeFiles(session, session + ".state") }
        let wider = Framebuffer(width: 640, height: 240)
        _ = FileManager.default.createFile(atPath: paths[3], contents: Data(try #require(PictureEncoder.png(wider))))
        let outcome = try CommandRunner.run(["replay", session, "--state", session + ".state"])
        #expect(outcome.status == 2)
        #expect(outcome.error == "cellscape: the session's pictures changed since it was recorded\n")
        #expect(!FileManager.default.fileExists(atPath: session + ".state"))
    }
}
