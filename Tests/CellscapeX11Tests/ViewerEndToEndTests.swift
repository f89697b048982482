import CX11
import CellscapeLayout
import CellscapeRender
import CellscapeViewer
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The viewer as a user meets it, in a private Xvfb, driven by XTest.
@Suite(.serialized, .needsXvfb)
struct ViewerEndToEndTests {
    static let background = Color.background.pixel & 0xFF_FFFF
    static let firstCell = Color.palette(for: 0).pixel & 0xFF_FFFF

    /// Whether the first cell is drawn centred on `point`, to within 2 px.
    static func cellIsCentred(_ frame: WindowPixels, on point: (x: Int, y: Int)) -> Bool {
        let inside = [(0, 0), (7, 0), (-7, 0), (0, 7), (0, -7)]
        let outside = [(13, 0), (-13, 0), (0, 13), (0, -13)]
        return inside.allSatisfy { frame[point.x + $0.0, point.y + $0.1] == firstCell }
            && outside.allSatisfy { frame[point.x + $0.0, point.y + $0.1] == background }
    }

    /// Waits until the cell is centred on `point` and stays there: the frame unchanged for 0.4 s (the
    /// animation stopped), not passing through.
    static func settles(_ server: XvfbServer, _ window: Window, on point: (x: Int, y: Int), width: Int) -> Bool {
        server.stillPixels(of: window, still: 0.4) { $0.width == width && cellIsCentred($0, on: point) } != nil
    }

    @Test func aClickAddsACellThatSettlesAtTheCentreAndFollowsAResize() throws {
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(["--cells", "0"])
        server.press(XK_space)  // paused, the new cell stays under the pointer
        server.click(x: 300, y: 200)
        #expect(server.waitUntil(window) { $0[300, 200] == Self.firstCell && $0[300, 215] == Self.background })
        server.press(XK_space)
        #expect(Self.settles(server, window, on: (640, 400), width: 1280))
        XResizeWindow(server.display, window, 800, 600)
        XFlush(server.display)
        #expect(Self.settles(server, window, on: (400, 300), width: 800))
        server.press(XK_q)
        #expect(viewer.waitForExit(within: 2) == 0)
    }

    @Test func plusAddsAHundredCells() throws {
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(["--cells", "0", "--no-shm"])
        func covered(_ frame: WindowPixels) -> Int { frame.pixels.filter { $0 != Self.background }.count }
        var before = 0
        #expect(
            server.waitUntil(window) {
                before = covered($0)
                return before > 0
            })  // the HUD
        server.press(XK_plus, shifted: true)
        #expect(server.waitUntil(window) { covered($0) > before + 100 * 200 })
        viewer.stop()
    }

    /// One connection to the display for the process: launched again and again, and two at once, the
    /// window opens every time (a second open at start failed about one launch in ten).
    @Test func theWindowOpensEveryTime() throws {
        let server = try XvfbServer()
        for _ in 0..<12 {
            let (first, _) = try server.startViewer(["--cells", "3", "--no-shm"])
            let (second, _) = try server.startViewer(["--cells", "3"])
            first.stop()
            second.stop()
        }
    }

    /// `-f` starts fullscreen, as F11 would; F11 then gives the window its size back.
    @Test func dashFStartsFullscreen() throws {
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(["--cells", "20", "--size", "640x480", "-f"])
        #expect(server.waitUntil(window) { $0.width == 1600 && $0.height == 1000 }, "the screen of the Xvfb")
        server.move(x: 100, y: 100)
        server.press(XK_F11)
        #expect(server.waitUntil(window) { $0.width == 640 && $0.height == 480 })
        viewer.stop()
    }

    /// F11 without a window manager: the window covers the screen, then goes back to its size.
    @Test func f11CoversTheScreenAndComesBack() throws {
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(["--cells", "20", "--size", "640x480"])
        #expect(server.waitUntil(window) { $0.width == 640 && $0.height == 480 })
        server.move(x: 100, y: 100)  // keys go to the window under the pointer: there is no window manager
        server.press(XK_F11)
        #expect(server.waitUntil(window) { $0.width == 1600 && $0.height == 1000 }, "the screen of the Xvfb")
        server.press(XK_F11)
        #expect(server.waitUntil(window) { $0.width == 640 && $0.height == 480 })
        viewer.stop()
    }

    @Test func theWindowCarriesItsNamePIDAndIcon() throws {
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(["--cells", "3"])
        let name = server.property(window, "_NET_WM_NAME", type: "UTF8_STRING")
        #expect(String(decoding: name.bytes, as: UTF8.self) == "Cellscape")
        let pid = server.property(window, "_NET_WM_PID", type: "CARDINAL")
        #expect(pid.longs == [Int(viewer.process.processIdentifier)])
        let icon = server.property(window, "_NET_WM_ICON", type: "CARDINAL")
        #expect(icon.longs.count >= 2 && icon.longs.count == 2 + icon.longs[0] * icon.longs[1])
        var hint = XClassHint()
        #expect(XGetClassHint(server.display, window, &hint) != 0)
        #expect(hint.res_class.map { String(cString: $0) } == "Cellscape")
        XFree(hint.res_name)
        XFree(hint.res_class)
        viewer.stop()
    }

    @Test func wmDeleteWindowEndsTheProgramWithStatusZero() throws {
        let server = try XvfbServer()
        let (viewer, window) = try server.startViewer(["--cells", "50"])
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(server.display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(server.display, "WM_DELETE_WINDOW", 0))
        XSendEvent(server.display, window, 0, NoEventMask, &event)
        XFlush(server.display)
        #expect(viewer.waitForExit(within: 2) == 0)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func signalsEndTheProgramWithStatusZero(signal: Int32) throws {
        let server = try XvfbServer()
        let (viewer, _) = try server.startViewer(["--cells", "200"])
        kill(viewer.process.processIdentifier, signal)
        #expect(viewer.waitForExit(within: 2) == 0)
    }
}

/// Without a display the viewer says so in one line and exits with status 1.
@Suite struct NoDisplayTests {
    @Test(arguments: [nil, ":987"])
    func noDisplayGivesOneLineAndStatusOne(display: String?) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        let viewer = try ChildProcess(ChildProcess.cellscape, ["--cells", "5"], environment: environment)
        #expect(viewer.waitForExit(within: 10) == 1)
        let lines = viewer.errorText.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("cellscape: ") == true)
        #expect(lines.first?.contains("xvfb-run cellscape") == true)
        #expect(lines.first?.contains(display ?? "DISPLAY is not set") == true)
    }
}
