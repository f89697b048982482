import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// The X input method the query line types through: compose and dead keys, and the input methods of
/// other scripts ("café", "猫"). Without one (a locale Xlib does not support), a key types the character
/// its symbol names.
final class X11InputMethod {
    private let method: XIM?
    private let context: XIC?
    /// Held so the window (and the display) outlive the input context: destroying the context
    /// unregisters its filter from the window.
    private let window: X11Window

    /// Opens the input method of the user's locale (`XMODIFIERS` names it) for `window`.
    init(window: X11Window) {
        self.window = window
        let display = window.connection.display
        // Xlib types only what the locale's encoding holds (the C locale's is ASCII): UTF-8 always.
        let locale = setlocale(LC_CTYPE, "")
        if locale == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" || XSupportsLocale() == 0 {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        XSetLocaleModifiers("")
        method = XSupportsLocale() != 0 ? XOpenIM(display, nil, nil, nil) : nil
        context = method.flatMap { cellscape_create_input_context($0, window.id) }
        guard let context else { return }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window.id, &attributes)
        XSelectInput(display, window.id, attributes.your_event_mask | cellscape_input_context_events(context))
        XSetICFocus(context)
    }

    deinit {
        if let context { XDestroyIC(context) }
        if let method { XCloseIM(method) }
    }

    /// Whether the input method took `event` (part of a compose sequence): it is not the viewer's.
    func filter(_ event: inout XEvent) -> Bool {
        context != nil && XFilterEvent(&event, 0) != 0
    }

    /// The key symbol of a key press and the text it types (empty for keys that type nothing).
    func lookup(_ key: inout XKeyEvent) -> (symbol: KeySym, text: String) {
        var symbol: KeySym = 0
        guard let context else {
            var bytes = [CChar](repeating: 0, count: 8)
            XLookupString(&key, &bytes, Int32(bytes.count), &symbol, nil)
            return (symbol, Self.character(of: symbol).map(String.init) ?? "")
        }
        var status: Int32 = 0
        var bytes = [CChar](repeating: 0, count: 64)
        var count = Xutf8LookupString(context, &key, &bytes, Int32(bytes.count), &symbol, &status)
        if status == XBufferOverflow {
            bytes = [CChar](repeating: 0, count: Int(count) + 1)
            count = Xutf8LookupString(context, &key, &bytes, Int32(bytes.count), &symbol, &status)
        }
        let typed = status == XLookupChars || status == XLookupBoth
        let text = typed ? String(decoding: bytes.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return (status == XLookupChars ? 0 : symbol, text)
    }

    /// The character a key symbol names: Latin-1's are their code points, and Unicode's are marked so.
    static func character(of symbol: KeySym) -> Character? {
        let value: UInt32
        if (0x20...0x7E).contains(symbol) || (0xA0...0xFF).contains(symbol) {
            value = UInt32(symbol)
        } else if symbol & 0xFF00_0000 == 0x0100_0000 {
            value = UInt32(symbol & 0x00FF_FFFF)
        } else {
            return nil
        }
        return Unicode.Scalar(value).map(Character.init)
    }
}
