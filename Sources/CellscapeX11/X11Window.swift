import CX11
import CellscapeLayout
import CellscapeRender

#if canImport(Glibc)
    import Glibc
#endif

/// The viewer's top-level window: created with the properties window managers read (UTF-8 title,
/// WM_CLASS, PID, icon, WM_DELETE_WINDOW) and a background of None, so that nothing flickers.
final class X11Window {
    let connection: X11Connection
    let id: Window
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let deleteMessage: Atom

    init(connection: X11Connection, size: Size, title: String, icon: Framebuffer?) throws(ViewerError) {
        self.connection = connection
        let display = connection.display
        visual = XDefaultVisual(display, connection.screen)
        depth = XDefaultDepth(display, connection.screen)
        guard depth >= 24, visual.pointee.red_mask == 0xFF_0000, visual.pointee.green_mask == 0xFF00,
            visual.pointee.blue_mask == 0xFF
        else {
            throw ViewerError("the display needs a 24-bit TrueColor visual (this one has depth \(depth))")
        }
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = Pixmap(0)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask =
            ExposureMask | KeyPressMask | ButtonPressMask | ButtonReleaseMask | Button1MotionMask
            | StructureNotifyMask
        id = XCreateWindow(
            display, connection.root, 0, 0, UInt32(size.width), UInt32(size.height), 0, depth,
            UInt32(InputOutput), visual, UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        deleteMessage = connection.atom("WM_DELETE_WINDOW")
        setProperties(title: title, icon: icon)
    }

    deinit {
        XDestroyWindow(connection.display, id)
    }

    /// Shows the window; a MapNotify follows.
    func map() {
        XMapWindow(connection.display, id)
        XFlush(connection.display)
    }

    /// Sets the title, as WM_NAME and as the UTF-8 _NET_WM_NAME.
    func setTitle(_ title: String) {
        let display = connection.display
        XStoreName(display, id, title)
        let utf8 = Array(title.utf8)
        XChangeProperty(
            display, id, connection.atom("_NET_WM_NAME"), connection.atom("UTF8_STRING"), 8, PropModeReplace, utf8,
            Int32(utf8.count))
    }

    private func setProperties(title: String, icon: Framebuffer?) {
        let display = connection.display
        setTitle(title)
        var protocols = [deleteMessage]
        XSetWMProtocols(display, id, &protocols, 1)
        let name = strdup("cellscape")
        let className = strdup("Cellscape")
        var hint = XClassHint(res_name: name, res_class: className)
        XSetClassHint(display, id, &hint)
        free(name)
        free(className)
        setCardinals("_NET_WM_PID", [Int(getpid())])
        if let icon { setCardinals("_NET_WM_ICON", [icon.width, icon.height] + icon.packedPixels.map { Int($0) }) }
    }

    /// Sets a format-32 CARDINAL property; Xlib takes format-32 data as C longs.
    private func setCardinals(_ property: String, _ values: [Int]) {
        values.withUnsafeBytes { bytes in
            _ = XChangeProperty(
                connection.display, id, connection.atom(property), XA_CARDINAL, 32, PropModeReplace,
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }
}
