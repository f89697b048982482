import CX11

/// The text the viewer offers as the CLIPBOARD and PRIMARY selections (the paths of pictures copied),
/// answered to every program that asks, as ICCCM says, until another program takes a selection.
final class X11Selection {
    private let window: X11Window
    private var offered: [Atom: [UInt8]] = [:]

    init(window: X11Window) {
        self.window = window
    }

    /// Takes both selections with `text`.
    func offer(_ text: String) {
        let display = window.connection.display
        for name in ["CLIPBOARD", "PRIMARY"] {
            let selection = window.connection.atom(name)
            XSetSelectionOwner(display, selection, window.id, UInt(CurrentTime))
            if XGetSelectionOwner(display, selection) == window.id { offered[selection] = Array(text.utf8) }
        }
        XFlush(display)
    }

    /// Another program took `selection`.
    func lost(_ selection: Atom) {
        offered[selection] = nil
    }

    /// Answers a program that asks for a selection: the text as UTF8_STRING (or STRING, TEXT,
    /// text/plain), or the targets offered; refused for anything else.
    func answer(_ request: XSelectionRequestEvent) {
        let connection = window.connection
        let display = connection.display
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = 0
        // An obsolete client names no property: the target serves.
        let property = request.property != 0 ? request.property : request.target
        let texts = ["UTF8_STRING", "STRING", "TEXT", "text/plain;charset=utf-8", "text/plain"].map(connection.atom)
        if let text = offered[request.selection] {
            if request.target == connection.atom("TARGETS") {
                let targets = ([connection.atom("TARGETS")] + texts).map { Int($0) }
                targets.withUnsafeBytes { bytes in
                    _ = XChangeProperty(
                        display, request.requestor, property, XA_ATOM, 32, PropModeReplace,
                        bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(targets.count))
                }
                reply.xselection.property = property
            } else if texts.contains(request.target) {
                XChangeProperty(
                    display, request.requestor, property, request.target, 8, PropModeReplace, text, Int32(text.count))
                reply.xselection.property = property
            }
        }
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
    }

    /// Asks the owner of the selection `name` ("CLIPBOARD", "PRIMARY") for its text; a SelectionNotify
    /// answers, read with ``read(_:)``.
    func request(_ name: String) {
        let connection = window.connection
        XConvertSelection(
            connection.display, connection.atom(name), connection.atom("UTF8_STRING"),
            connection.atom("CELLSCAPE_PASTE"),
            window.id, UInt(CurrentTime))
        XFlush(connection.display)
    }

    /// The text a selection's owner answered with, nil when it had none (at most 64 KB: a query line's).
    func read(_ answer: XSelectionEvent) -> String? {
        guard answer.property != 0 else { return nil }
        let display = window.connection.display
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        defer { if let data { XFree(data) } }
        guard
            XGetWindowProperty(
                display, window.id, answer.property, 0, 16384, 1, Atom(AnyPropertyType), &type, &format, &count, &after,
                &data) == Success, format == 8, let data
        else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}
