import CX11
import CellscapeLayout
import CellscapeRender
import CellscapeViewer
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The waterfall view in a private Xvfb: Tab, the wheel and a resize, checked on the window's pixels.
@Suite(.serialized, .needsXvfb)
struct WaterfallEndToEndTests {
    static let background = Color.background.pixel & 0xFF_FFFF
    static let tileColors = Set(Color.palette.map { $0.pixel & 0xFF_FFFF })

    static func tileShare(_ frame: WindowPixels) -> Double {
        Double(frame.pixels.filter { tileColors.contains($0) }.count) / Double(frame.pixels.count)
    }

    @Test func tabShowsTheTiles() throws {
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(["--cells", "0"])
        #expect(server.waitUntil(window) { Self.tileShare($0) == 0 })
        server.press(XK_Tab)
        #expect(server.waitUntil(window) { Self.tileShare($0) > 0.5 })
        server.press(XK_Tab)
        #expect(server.waitUntil(window) { Self.tileShare($0) == 0 })
        viewer.stop()
    }

    @Test func theWheelScrollsAndScrollingBackRestoresThePicture() throws {
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(["--view", "waterfall"])
        server.press(XK_b)  // the HUD shows timings that change from frame to frame
        var start: [UInt32] = []
        #expect(
            server.waitUntil(window) { frame in
                guard Self.tileShare(frame) > 0.5, frame.pixels == start else {
                    start = frame.pixels
                    return false
                }
                return true
            })
        for _ in 0..<3 { server.click(x: 640, y: 400, button: 5) }
        var scrolled: [UInt32] = []
        #expect(
            server.waitUntil(window) { frame in
                guard frame.pixels != start, frame.pixels == scrolled else {
                    scrolled = frame.pixels
                    return false
                }
                return true
            })
        for _ in 0..<3 { server.click(x: 640, y: 400, button: 4) }
        #expect(server.waitUntil(window) { $0.pixels == start })
        viewer.stop()
    }

    @Test func aResizeReflowsTheColumns() throws {
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(["--view", "waterfall"])
        server.press(XK_b)
        // Five columns at 1280: x = 300 is inside the second column, so tiles cross it.
        #expect(server.waitUntil(window) { frame in (0..<800).contains { Self.tileColors.contains(frame[300, $0]) } })
        XResizeWindow(server.display, window, 600, 500)
        XFlush(server.display)
        // Two columns at 600, 288 wide: x = 300 is the gap between them, background all the way down.
        #expect(
            server.waitUntil(window) { frame in
                frame.width == 600 && (0..<500).allSatisfy { frame[300, $0] == Self.background }
                    && (0..<500).contains { Self.tileColors.contains(frame[150, $0]) }
            })
        viewer.stop()
    }
}
