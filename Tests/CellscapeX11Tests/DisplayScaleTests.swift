import CX11
import CellscapeX11
import Foundation
import Testing

/// HiDPI: the scale comes from `Xft.dpi` among the display's resources (or `--scale`), and the bar
/// under the pictures grows with it.
@Suite struct DisplayScaleTests {
    @Test func xftDpiGivesTheScale() {
        #expect(DisplayScale.scale(resources: "Xft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n") == 2)
        #expect(DisplayScale.scale(resources: "Xft.dpi: 144") == 1.5)
        #expect(DisplayScale.scale(resources: "Xft.dpi:\t1000") == 4, "held to 4")
        #expect(DisplayScale.scale(resources: "Xft.dpi:\tnone\n*.dpi: 192") == nil)
        #expect(DisplayScale.scale(resources: "") == nil)
    }

    /// A display whose resources say 192 dpi: the bar is 48 pixels tall, twice a 96-dpi one's.
    @Test(.needsXvfb, arguments: [nil, "1"])
    func theBarFollowsTheDisplaysScale(override: String?) throws {
        let root = try PictureEndToEndTests.folder(count: 20)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try XvfbServer()
        server.setResources("Xft.dpi:\t192\n")
        let (viewer, window) = try server.startViewer(
            [root, "--no-disk-cache", "--size", "800x600"] + (override.map { ["--scale", $0] } ?? []))
        let panel: UInt32 = 0x0E_1118
        let barHeight = override == nil ? 48 : 24
        #expect(
            server.waitUntil(window, within: 20) { frame in
                frame[2, 600 - barHeight] == panel && frame[2, 600 - barHeight - 1] != panel
            }, "a bar \(barHeight) pixels tall")
        viewer.stop()
    }
}
