import CX11
import CellscapeLayout
import CellscapeRender

#if canImport(Glibc)
    import Glibc
#endif

/// The viewer's top-level window: created with the properties window managers read (UTF-8 title,
/// WM_CLASS, PID, icon, WM_DELETE_WINDOW) and a background of None, so that nothing flickers.
package final class X11Window {
    let connection: X11Connection
    let id: Window
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let deleteMessage: Atom

    package init(connection: X11Connection, size: Size, title: String, icon: Framebuffer?) throws(ViewerError) {
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
    package func map() {
        XMapWindow(connection.display, id)
        XFlush(connection.display)
    }

    /// Fullscreen, or back: asked of the window manager as EWMH says (a `_NET_WM_STATE` message to the
    /// root window); with no window manager running, the window covers the screen itself and goes
    /// back to where it was.
    func setFullscreen(_ on: Bool) {
        let display = connection.display
        var check: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let managed =
            XGetWindowProperty(
                display, connection.root, connection.atom("_NET_SUPPORTING_WM_CHECK"), 0, 1, 0, XA_WINDOW, &check,
                &format, &count, &after, &data) == Success && count > 0
        if let data { XFree(data) }
        if managed {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = id
            event.xclient.message_type = connection.atom("_NET_WM_STATE")
            event.xclient.format = 32
            event.xclient.data.l.0 = on ? 1 : 0
            event.xclient.data.l.1 = Int(connection.atom("_NET_WM_STATE_FULLSCREEN"))
            event.xclient.data.l.3 = 1  // a normal application asks
            XSendEvent(display, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        } else if on {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, id, &attributes)
            geometryBeforeFullscreen = (attributes.x, attributes.y, attributes.width, attributes.height)
            XMoveResizeWindow(
                display, id, 0, 0, UInt32(XDisplayWidth(display, connection.screen)),
                UInt32(XDisplayHeight(display, connection.screen)))
        } else if let old = geometryBeforeFullscreen {
            XMoveResizeWindow(display, id, old.x, old.y, UInt32(old.width), UInt32(old.height))
            geometryBeforeFullscreen = nil
        }
        XFlush(display)
    }

    /// Where the window was before it covered the screen without a window manager.
    private var geometryBeforeFullscreen: (x: Int32, y: Int32, width: Int32, height: Int32)?

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
