import CX11
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A private Xvfb server for one test, and the test's own connection to it, with XTest for input.
final class XvfbServer {
    /// Whether the end-to-end tests can run here: Xvfb on PATH and libXtst loadable.
    static let isAvailable = ChildProcess.find("Xvfb") != nil && XTest.shared != nil

    let server: ChildProcess
    let name: String
    let display: OpaquePointer

    init() throws {
        // -displayfd 1: Xvfb picks a free display and writes its number on standard output.
        server = try ChildProcess(
            ChildProcess.find("Xvfb")!,
            ["-displayfd", "1", "-screen", "0", "1600x1000x24", "-nolisten", "tcp", "-noreset"])
        guard let number = server.readLine(within: 10), !number.isEmpty else {
            throw TestFailure("Xvfb did not report a display")
        }
        name = ":" + number.trimmingCharacters(in: .whitespaces)
        guard let display = XOpenDisplay(name) else { throw TestFailure("cannot open \(name)") }
        self.display = display
        _ = Self.errorsIgnored
    }

    /// Xlib's default handler ends the process on any X error: a window that changes size between
    /// `XGetWindowAttributes` and `XGetImage` (F11, a resize) gives BadMatch, and the image is then
    /// simply taken again.
    private static let errorsIgnored: Void = { _ = XSetErrorHandler { _, _ in 0 } }()

    private var connected = true

    deinit {
        if connected { XCloseDisplay(display) }
        server.stop()
    }

    /// Kills the server outright, as a crash would, after closing this test's own connection (Xlib
    /// would end the test's process on losing it). The display is not to be used after.
    func killServer() {
        XCloseDisplay(display)
        connected = false
        kill(server.process.processIdentifier, SIGKILL)
    }

    /// Starts `cellscape` on this display and waits for its `ready window=0x...` line (on standard
    /// error with `-o`, whose output is the marked files).
    func startViewer(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (
        ChildProcess, Window
    ) {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["DISPLAY"] = name
        let viewer = try ChildProcess(ChildProcess.cellscape, arguments + ["--print-ready"], environment: environment)
        let readyOnError = arguments.contains("-o") || arguments.contains("-0")
        guard let line = viewer.readLine(within: 10, fromStandardError: readyOnError),
            line.hasPrefix("ready window=0x"),
            let window = Window(line.dropFirst("ready window=0x".count), radix: 16)
        else {
            viewer.stop()
            throw TestFailure("no ready line: \(viewer.errorText)")
        }
        return (viewer, window)
    }

    /// Clicks a button at a point of the screen (the window sits at 0,0: there is no window manager).
    func click(x: Int32, y: Int32, button: UInt32 = 1) {
        let xtest = XTest.shared!
        _ = xtest.motion(display, -1, x, y, 0)
        _ = xtest.button(display, button, 1, 0)
        _ = xtest.button(display, button, 0, 0)
        XFlush(display)
    }

    /// The text a selection (CLIPBOARD, PRIMARY) holds as UTF8_STRING, asked as any program asks its
    /// owner; nil when none answers within `seconds`.
    func selectionText(_ name: String, within seconds: Double = 5) -> String? {
        let requestor = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        defer { XDestroyWindow(display, requestor) }
        let property = XInternAtom(display, "CELLSCAPE_TEST", 0)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        XConvertSelection(display, XInternAtom(display, name, 0), utf8, property, requestor, UInt(CurrentTime))
        XFlush(display)
        let deadline = Date().addingTimeInterval(seconds)
        var event = XEvent()
        while Date() < deadline {
            guard XPending(display) > 0 else {
                // Sleeps until the server writes to the connection (the answer comes as an event).
                var connection = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
                _ = poll(&connection, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
                continue
            }
            XNextEvent(display, &event)
            guard event.type == SelectionNotify, event.xselection.requestor == requestor else { continue }
            guard event.xselection.property != 0 else { return nil }
            return String(decoding: self.property(requestor, property, type: utf8, delete: true).bytes, as: UTF8.self)
        }
        return nil
    }

    /// A window's property `name` of type `type`, as bytes (format 8) or longs (format 32).
    func property(_ window: Window, _ name: String, type: String) -> (bytes: [UInt8], longs: [Int]) {
        property(window, XInternAtom(display, name, 0), type: XInternAtom(display, type, 0))
    }

    /// A window's property, as bytes (format 8) or longs (format 32); `delete` takes it away once read
    /// (as a selection's requestor does).
    func property(_ window: Window, _ property: Atom, type: Atom, delete: Bool = false) -> (
        bytes: [UInt8], longs: [Int]
    ) {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(
            display, window, property, 0, 1 << 20, delete ? 1 : 0, type, &actualType, &format, &count, &remaining,
            &data)
        defer { if let data { XFree(data) } }
        guard let data, count > 0 else { return ([], []) }
        guard format == 32 else { return (Array(UnsafeBufferPointer(start: data, count: Int(count))), []) }
        let longs = UnsafeRawPointer(data).withMemoryRebound(to: Int.self, capacity: Int(count)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(count)))
        }
        return ([], longs)
    }

    /// Sets the screen's X resources (RESOURCE_MANAGER on the root window), as `xrdb` does.
    func setResources(_ resources: String) {
        let bytes = Array(resources.utf8)
        XChangeProperty(
            display, XDefaultRootWindow(display), XInternAtom(display, "RESOURCE_MANAGER", 0), XA_STRING, 8,
            PropModeReplace, bytes, Int32(bytes.count))
        XSync(display, 0)
    }

    /// Moves the pointer to a point of the screen.
    func move(x: Int32, y: Int32) {
        _ = XTest.shared!.motion(display, -1, x, y, 0)
        XFlush(display)
    }

    /// Presses and releases the key that produces `symbol`.
    func press(_ symbol: Int32, shifted: Bool = false) {
        let xtest = XTest.shared!
        let code = UInt32(XKeysymToKeycode(display, KeySym(symbol)))
        let shift = UInt32(XKeysymToKeycode(display, KeySym(XK_Shift_L)))
        if shifted { _ = xtest.key(display, shift, 1, 0) }
        _ = xtest.key(display, code, 1, 0)
        _ = xtest.key(display, code, 0, 0)
        if shifted { _ = xtest.key(display, shift, 0, 0) }
        XFlush(display)
    }

    /// The pixels of a window, row after row, as `0xRRGGBB`.
    func pixels(of window: Window) -> (width: Int, height: Int, pixels: [UInt32]) {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        guard
            let image = XGetImage(
                display, window, 0, 0, UInt32(attributes.width), UInt32(attributes.height), cellscape_all_planes(),
                ZPixmap)
        else { return (0, 0, []) }
        defer { _ = image.pointee.f.destroy_image(image) }
        let width = Int(image.pointee.width)
        let height = Int(image.pointee.height)
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(image.pointee.data!).advanced(by: y * Int(image.pointee.bytes_per_line))
            for x in 0..<width { pixels.append(row.load(fromByteOffset: 4 * x, as: UInt32.self) & 0xFF_FFFF) }
        }
        return (width, height, pixels)
    }

    /// Asks `condition` every 10 ms until it holds or `seconds` pass; returns whether it held.
    static func waitUntil(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            var nothing = pollfd()
            _ = poll(&nothing, 0, 10)
        }
        return true
    }

    /// Polls the window's pixels until `condition` holds or `seconds` pass; returns whether it held.
    func waitUntil(_ window: Window, within seconds: Double = 10, _ condition: (WindowPixels) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let (width, height, pixels) = pixels(of: window)
            if width > 0, condition(WindowPixels(width: width, height: height, pixels: pixels)) { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    /// The window's pixels once they have stayed the same for `still` seconds and satisfy `condition`
    /// (a slow machine may draw no frame between two polls, midway through a fade), or nil after
    /// `seconds`.
    func stillPixels(
        of window: Window, within seconds: Double = 20, still: Double = 0.5,
        _ condition: (WindowPixels) -> Bool = { _ in true }
    ) -> [UInt32]? {
        var last: [UInt32] = []
        var since = Date()
        var result: [UInt32]?
        _ = waitUntil(window, within: seconds) { frame in
            if frame.pixels != last {
                last = frame.pixels
                since = Date()
                return false
            }
            guard Date().timeIntervalSince(since) >= still, condition(frame) else { return false }
            result = frame.pixels
            return true
        }
        return result
    }
}

/// A window's pixels as `0xRRGGBB`.
struct WindowPixels {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }
}

/// XTest's functions, loaded at run time: libxtst-dev (its header and link name) is not on every machine,
/// the library itself comes with Xlib.
struct XTest: @unchecked Sendable {
    typealias Motion = @convention(c) (OpaquePointer?, Int32, Int32, Int32, UInt) -> Int32
    typealias Button = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32

    let motion: Motion
    let button: Button
    let key: Button

    static let shared: XTest? = {
        guard let library = dlopen("libXtst.so.6", RTLD_NOW), let motion = dlsym(library, "XTestFakeMotionEvent"),
            let button = dlsym(library, "XTestFakeButtonEvent"), let key = dlsym(library, "XTestFakeKeyEvent")
        else { return nil }
        return XTest(
            motion: unsafeBitCast(motion, to: Motion.self), button: unsafeBitCast(button, to: Button.self),
            key: unsafeBitCast(key, to: Button.self))
    }()
}

/// A failure of the test's own set-up.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only where Xvfb and libXtst are there, and says so where they are not.
    static var needsXvfb: Self {
        .enabled(
            if: XvfbServer.isAvailable,
            "Xvfb (or libXtst) is not installed: skipping the X11 end-to-end tests; .ci/run installs xvfb")
    }
}

extension Trait where Self == ConditionTrait {
    /// Leaves out a test that runs Cellscape under a file size limit while the tests run under
    /// ThreadSanitizer: its runtime dies of SIGBUS before `main` under a limit below 256 KB.
    static var notUnderThreadSanitizer: Self {
        .disabled(
            if: dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil,
            "ThreadSanitizer cannot start under a file size limit below 256 KB: this fault is tested without it")
    }
}
