import CX11
import CellscapeLayout
import Foundation
import Testing

/// `cellscape FILE`, as a file manager runs it: the picture opens full window at once, Escape shows
/// its folder's grid with it selected, and n / p walk the folder; several files show those alone,
/// the first open.
@Suite(.serialized, .needsXvfb)
struct OpenedPictureEndToEndTests {
    static let colours = PictureEndToEndTests.colours

    /// Whether `frame` shows an open picture of `colour`: a dark surround, the colour in the middle.
    static func shows(_ colour: UInt32, _ frame: WindowPixels) -> Bool {
        frame[5, 400] == 0x0B_0D12 && frame[640, 400] == colour
    }

    @Test func aPictureGivenAloneOpensAndItsFolderIsBrowsed() throws {
        let root = try PictureEndToEndTests.folder(count: 40)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let state = root + "/state.json"
        let server = try XvfbServer()
        // picture18: the second colour; its neighbours 17 and 19 the first and third.
        let (viewer, window) = try server.startViewer(
            [root + "/picture18.png", "--no-disk-cache", "--state-on-exit", state])
        #expect(server.waitUntil(window, within: 20) { Self.shows(Self.colours[1], $0) }, "open at once")
        let name = server.property(window, "_NET_WM_NAME", type: "UTF8_STRING")
        #expect(String(decoding: name.bytes, as: UTF8.self) == "picture18.png - Cellscape")
        server.press(XK_Escape)
        #expect(
            server.waitUntil(window, within: 20) { PictureEndToEndTests.pictureShare($0) > 0.6 },
            "the grid of its folder")
        server.press(XK_Return)
        #expect(server.waitUntil(window, within: 20) { Self.shows(Self.colours[1], $0) }, "the same picture again")
        server.press(XK_n)
        #expect(server.waitUntil(window, within: 20) { Self.shows(Self.colours[2], $0) }, "picture19")
        server.press(XK_p)
        server.press(XK_p)
        #expect(server.waitUntil(window, within: 20) { Self.shows(Self.colours[0], $0) }, "picture17")
        server.press(XK_Escape)
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 5) == 0)
        let json = try String(contentsOfFile: state, encoding: .utf8)
        #expect(json.contains("\"items\":40"), "every picture of the folder, once: \(json)")
        #expect(json.contains("\"selection\":16"), "picture17 selected in name order: \(json)")
        #expect(!json.contains("\"open\""), "back on the grid: \(json)")
    }

    @Test func severalFilesShowThoseAloneTheFirstOpen() throws {
        let root = try PictureEndToEndTests.folder(count: 12)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let state = root + "/state.json"
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(
            [root + "/picture3.png", root + "/picture2.png", "--no-disk-cache", "--state-on-exit", state])
        #expect(server.waitUntil(window, within: 20) { Self.shows(Self.colours[2], $0) }, "picture3 open")
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 5) == 0)
        let json = try String(contentsOfFile: state, encoding: .utf8)
        #expect(json.contains("\"items\":2"), "the two files alone: \(json)")
    }
}
