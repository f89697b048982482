import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// Why the viewer cannot run or had to stop: one line for the user and the exit status.
public struct ViewerError: Error, CustomStringConvertible {
    /// The message, one line, without the program's name.
    public let description: String
    /// The exit status the program ends with.
    public let exitStatus: Int32

    init(_ description: String, exitStatus: Int32 = 1) {
        self.description = description
        self.exitStatus = exitStatus
    }
}

/// Xlib's error callbacks can carry no context, so the little they record lives here.
private enum ErrorState {
    nonisolated(unsafe) static var shmOpcode: Int32 = -1
    nonisolated(unsafe) static var shmFailed = false
}

/// The connection to the X server: opened with a clear error when there is no display, with Xlib's
/// process-killing error handlers replaced by one-line reports.
package final class X11Connection {
    package let display: OpaquePointer
    let screen: Int32
    let root: Window

    package init(displayName: String?) throws(ViewerError) {
        let name = displayName ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let display = Self.open(name) else {
            let what = name.map { "cannot open display '\($0)'" } ?? "no display (DISPLAY is not set)"
            throw ViewerError(
                "\(what); run the viewer under `xvfb-run cellscape`, or render headless with `cellscape snapshot`")
        }
        self.display = display
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            if Int32(event.pointee.request_code) == ErrorState.shmOpcode {
                ErrorState.shmFailed = true
                return 0
            }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            reportLine("X error: \(message) (request \(event.pointee.request_code))")
            return 0
        }
        XSetIOErrorHandler { _ in
            reportLine("lost the connection to the X server")
            X11Connection.onLost?()
            exit(1)
        }
    }

    /// Opens the display `name`, trying again for about half a second: a server busy accepting other
    /// clients refuses a connection now and then (EAGAIN), and a launcher should not fail on that.
    private static func open(_ name: String?) -> OpaquePointer? {
        guard let name else { return nil }
        for pause in [0, 20, 40, 80, 160, 200] as [UInt32] {
            if pause > 0 { usleep(pause * 1000) }
            if let display = XOpenDisplay(name) { return display }
        }
        return nil
    }

    /// The pixels per point the display's resources ask for (see ``DisplayScale``), nil when they set none.
    package var scale: Double? {
        XResourceManagerString(display).flatMap { DisplayScale.scale(resources: String(cString: $0)) }
    }

    /// Called when the server goes away, just before the process exits (Xlib allows no return): the
    /// viewer finishes its recording here, so a session is whole up to its last event.
    nonisolated(unsafe) static var onLost: (() -> Void)?

    deinit {
        XCloseDisplay(display)
    }

    /// The file descriptor of the connection, for `poll()`.
    var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// The atom with this name, created if needed.
    func atom(_ name: String) -> Atom {
        XInternAtom(display, name, 0)
    }

    /// Whether MIT-SHM is available and, by its own account, usable from this client.
    var supportsSharedMemory: Bool {
        var opcode: Int32 = 0
        var event: Int32 = 0
        var error: Int32 = 0
        guard XQueryExtension(display, "MIT-SHM", &opcode, &event, &error) != 0, XShmQueryExtension(display) != 0
        else { return false }
        ErrorState.shmOpcode = opcode
        return true
    }

    /// Syncs with the server and says whether an MIT-SHM request failed since the last call.
    func sharedMemoryFailed() -> Bool {
        XSync(display, 0)
        defer { ErrorState.shmFailed = false }
        return ErrorState.shmFailed
    }
}

/// Writes `cellscape: <line>` to standard error in one write, safe from any thread.
func reportLine(_ line: String) {
    writeLine("cellscape: \(line)", to: 2)
}

/// Writes one line to a file descriptor in one unbuffered write.
func writeLine(_ line: String, to descriptor: Int32) {
    guard descriptor >= 0 else { return }
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
}
