import CX11
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Browsing a generated folder of pictures in a private Xvfb: tiles show picture pixels, scrolling loads
/// more, Enter opens a picture and Escape comes back to the same place.
@Suite(.serialized, .needsXvfb)
struct PictureEndToEndTests {
    /// Pictures in a few solid colours, none of them the viewer's own.
    static let colours: [UInt32] = [0xC8_3C3C, 0x3C_C83C, 0x3C_3CC8, 0xC8_C83C]

    static func folder(count: Int) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-e2e-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for index in 0..<count {
            let frame = Framebuffer(width: 300 + (index % 3) * 100, height: 240)
            frame.fill(Color(hex: colours[index % colours.count]))
            let bytes = try #require(PictureEncoder.png(frame))
            _ = FileManager.default.createFile(atPath: "\(root)/picture\(index + 1).png", contents: Data(bytes))
        }
        return root
    }

    /// A tile's colour until its picture arrives.
    static let placeholder: UInt32 = 0x2A_2F3C

    static func pictureShare(_ frame: WindowPixels) -> Double {
        let colours = Set(Self.colours)
        return Double(frame.pixels.filter { colours.contains($0) }.count) / Double(frame.pixels.count)
    }

    @Test func theFolderBrowsesAndAPictureOpensAndCloses() throws {
        let root = try Self.folder(count: 300)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer([root, "--no-disk-cache"])
        server.press(XK_b)
        #expect(server.waitUntil(window, within: 20) { Self.pictureShare($0) > 0.6 }, "tiles show the pictures")
        // The first screen once every tile in view has its picture (no placeholder left) and is still.
        let top = try #require(server.stillPixels(of: window) { !$0.pixels.contains(Self.placeholder) })
        for _ in 0..<30 { server.click(x: 640, y: 400, button: 5) }
        #expect(
            server.waitUntil(window, within: 20) { $0.pixels != top && Self.pictureShare($0) > 0.6 },
            "scrolled far down, the new tiles load too")
        for _ in 0..<30 { server.click(x: 640, y: 400, button: 4) }
        #expect(server.waitUntil(window, within: 20) { $0.pixels == top }, "back at the top")
        server.click(x: 100, y: 100)
        // The grid with the first tile selected, as it must look again after Escape.
        let selected = try #require(server.stillPixels(of: window) { $0.pixels != top })
        server.press(XK_Return)
        // An open picture: a dark surround, one colour in the middle.
        #expect(
            server.waitUntil(window, within: 20) { frame in
                frame[5, 400] == 0x0B_0D12 && Self.colours.contains(frame[640, 400])
            })
        server.press(XK_Escape)
        #expect(server.waitUntil(window, within: 20) { $0.pixels == selected }, "the grid at the same place")
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 5) == 0)
    }

    /// `y` offers the marked pictures' paths as CLIPBOARD and PRIMARY; `o` opens the selected one with
    /// the desktop's application (here an `xdg-open` that writes down what it was given).
    @Test func pathsAreCopiedAndAPictureOpensWithTheDesktop() throws {
        let root = try Self.folder(count: 40)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let tools = root + "/tools"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let opened = root + "/opened.txt"
        _ = FileManager.default.createFile(
            atPath: tools + "/xdg-open", contents: Data("#!/bin/sh\necho \"$1\" >> '\(opened)'\n".utf8),
            attributes: [.posixPermissions: 0o755])
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(
            [root, "--no-disk-cache"],
            environment: ["PATH": tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        #expect(server.waitUntil(window, within: 20) { Self.pictureShare($0) > 0.6 })
        server.click(x: 100, y: 100)
        server.press(XK_o)
        server.press(XK_m)
        server.press(XK_Right)
        server.press(XK_m)
        server.press(XK_y)
        let expected = "\(root)/picture1.png\n\(root)/picture2.png"
        #expect(XvfbServer.waitUntil(within: 10) { server.selectionText("CLIPBOARD") == expected })
        #expect(server.selectionText("PRIMARY") == expected)
        // The shell creates the file, then writes the line: a whole line is what was given.
        _ = XvfbServer.waitUntil(within: 10) {
            (try? String(contentsOfFile: opened, encoding: .utf8))?.hasSuffix("\n") ?? false
        }
        #expect((try? String(contentsOfFile: opened, encoding: .utf8)) == "\(root)/picture1.png\n")
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 5) == 0)
    }

    /// x then a key runs the key-handler with the key and the selected picture's path on its standard
    /// input; what it changes shows once it ends (here it paints the first picture over with the
    /// second's colour).
    @Test func theKeyHandlerRunsAndTheGridShowsWhatItChanged() throws {
        let root = try Self.folder(count: 40)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let config = root + "/config"
        try FileManager.default.createDirectory(atPath: config + "/cellscape", withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            read -r path
            echo "$1 $path" > '\(root)/handled.txt'
            cp '\(root)/picture2.png' "$path.new" && mv "$path.new" "$path"
            """
        _ = FileManager.default.createFile(
            atPath: config + "/cellscape/key-handler", contents: Data(script.utf8),
            attributes: [.posixPermissions: 0o755])
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(
            [root, "--no-disk-cache"], environment: ["XDG_CONFIG_HOME": config])
        #expect(server.waitUntil(window, within: 20) { Self.pictureShare($0) > 0.6 })
        server.click(x: 100, y: 100)
        #expect(server.waitUntil(window) { $0[100, 100] == Self.colours[0] })
        server.press(XK_x)
        server.press(XK_r)
        #expect(server.waitUntil(window, within: 20) { $0[100, 100] == Self.colours[1] }, "reloaded")
        #expect((try? String(contentsOfFile: root + "/handled.txt", encoding: .utf8)) == "r \(root)/picture1.png\n")
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 5) == 0)
    }

    /// R reverses the order and the grid shows the last picture first; Delete moves the selected
    /// picture to the trash and the next takes its tile; z puts it back in its place.
    @Test func reversingTrashingAndPuttingBackReorderTheGrid() throws {
        let root = try Self.folder(count: 40)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(
            [root, "--no-disk-cache"], environment: ["XDG_DATA_HOME": root + "/data"])
        #expect(server.waitUntil(window, within: 20) { Self.pictureShare($0) > 0.6 })
        server.move(x: 640, y: 400)
        #expect(server.waitUntil(window) { $0[100, 100] == Self.colours[0] }, "picture1 first")
        server.press(XK_R, shifted: true)
        #expect(server.waitUntil(window, within: 20) { $0[100, 100] == Self.colours[39 % 4] }, "picture40 first")
        server.press(XK_R, shifted: true)
        #expect(server.waitUntil(window, within: 20) { $0[100, 100] == Self.colours[0] }, "picture1 first again")
        server.click(x: 100, y: 100)
        server.press(XK_Delete)
        #expect(server.waitUntil(window, within: 20) { $0[100, 100] == Self.colours[1] }, "picture2 took its tile")
        #expect(!FileManager.default.fileExists(atPath: root + "/picture1.png"))
        #expect(FileManager.default.fileExists(atPath: root + "/data/Trash/files/picture1.png"))
        server.press(XK_z)
        #expect(server.waitUntil(window, within: 20) { $0[100, 100] == Self.colours[0] }, "picture1 back in place")
        #expect(FileManager.default.fileExists(atPath: root + "/picture1.png"))
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 5) == 0)
    }

    /// nsxiv's -o: the marked pictures' paths on standard output at exit, NUL-ended with -0, so the
    /// browser works in a pipeline.
    @Test(arguments: [["-o"], ["-o", "-0"]])
    func markedPicturesArePrintedOnExit(flags: [String]) throws {
        let root = try Self.folder(count: 40)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer([root, "--no-disk-cache"] + flags)
        #expect(server.waitUntil(window, within: 20) { Self.pictureShare($0) > 0.6 }, "tiles show the pictures")
        server.click(x: 100, y: 100)
        server.press(XK_m)
        server.press(XK_Right)
        server.press(XK_Right)
        server.press(XK_m)
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 5) == 0)
        let end = flags.contains("-0") ? "\0" : "\n"
        #expect(viewer.outputText == "\(root)/picture1.png\(end)\(root)/picture3.png\(end)")
    }
}
