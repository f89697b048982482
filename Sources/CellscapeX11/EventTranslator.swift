import CX11
import CellscapeLayout
import CellscapeViewer

/// Turns X events into viewer commands and records what the main loop must know; it changes no state
/// of the scene itself.
struct EventTranslator {
    /// The commands recorded since the last ``take()``, in order; consecutive resizes are merged.
    private(set) var commands: [ViewerCommand] = []
    /// Whether the window must be redrawn (exposed, or mapped) since the last ``takeExposed()``.
    private var needsDisplay = false
    /// Whether the window has been mapped.
    var isMapped = false
    /// Whether the window manager asked the window to close.
    var closeRequested = false
    /// Whether the key table shows: then a key bound to nothing hides it.
    var keyTableShows = false
    /// Whether the key-handler's prefix was pressed: the next key goes to the handler.
    private var handlerKeyNext = false
    /// Whether the query line is open: keys edit it and type into it. The loop sets it from the model
    /// each turn; `/` and Enter set it here too, for the keys that follow in the same turn.
    var queryOpen = false
    /// The selections to paste into the query line ("CLIPBOARD", "PRIMARY"), and those that answered.
    private(set) var pastes: [String] = []
    private(set) var pasted: [XSelectionEvent] = []
    /// Programs asking for the selection the viewer holds, and selections other programs took.
    private(set) var selectionRequests: [XSelectionRequestEvent] = []
    private(set) var selectionsLost: [Atom] = []
    /// The last left press: when (server milliseconds) and where, to tell a double click.
    private var lastPress: (time: Time, x: Int32, y: Int32)?
    /// The most time between the presses of a double click, and how far apart they may be.
    static let doubleClickMilliseconds: Time = 400
    static let doubleClickSlop: Int32 = 4

    /// Records one event. `nextIsMotion` says whether the next queued event is another motion, in which
    /// case this one is dropped.
    mutating func record(
        _ event: inout XEvent, deleteMessage: Atom, nextIsMotion: Bool, inputMethod: X11InputMethod
    ) {
        switch event.type {
        case Expose where event.xexpose.count == 0: needsDisplay = true
        case MapNotify:
            isMapped = true
            needsDisplay = true
        case ConfigureNotify:
            append(.resize(Size(width: Double(event.xconfigure.width), height: Double(event.xconfigure.height))))
        case ButtonPress: buttonPress(event.xbutton)
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
            append(.release(point(event.xbutton.x, event.xbutton.y)))
        case MotionNotify where !nextIsMotion:
            append(.drag(point(event.xmotion.x, event.xmotion.y)))
        case KeyPress: keyPress(&event.xkey, inputMethod: inputMethod)
        case ClientMessage where UInt(bitPattern: event.xclient.data.l.0) == deleteMessage: closeRequested = true
        case SelectionRequest: selectionRequests.append(event.xselectionrequest)
        case SelectionClear: selectionsLost.append(event.xselectionclear.selection)
        case SelectionNotify: pasted.append(event.xselection)
        // The keyboard's map changed (another layout, xdotool typing a character no key has): Xlib's
        // copy is read again, or keys would type what they typed before.
        case MappingNotify: XRefreshKeyboardMapping(&event.xmapping)
        default: break
        }
    }

    /// Hands over the selection events recorded.
    mutating func takeSelectionEvents() -> (
        requests: [XSelectionRequestEvent], lost: [Atom], pastes: [String], pasted: [XSelectionEvent]
    ) {
        defer {
            selectionRequests.removeAll()
            selectionsLost.removeAll()
            pastes.removeAll()
            pasted.removeAll()
        }
        return (selectionRequests, selectionsLost, pastes, pasted)
    }

    /// Whether the window was exposed or mapped since the last call: it is drawn whole again.
    mutating func takeExposed() -> Bool {
        defer { needsDisplay = false }
        return needsDisplay
    }

    /// Hands over the recorded commands.
    mutating func take() -> [ViewerCommand] {
        defer { commands.removeAll(keepingCapacity: true) }
        return commands
    }

    private mutating func buttonPress(_ button: XButtonEvent) {
        switch Int32(button.button) {
        case Button1:
            append(.press(point(button.x, button.y)))
            // A second press soon after, near the first: a double click opens what the first selected.
            if let last = lastPress, button.time &- last.time <= Self.doubleClickMilliseconds,
                abs(button.x - last.x) <= Self.doubleClickSlop, abs(button.y - last.y) <= Self.doubleClickSlop
            {
                append(.key(.open))
                lastPress = nil
            } else {
                lastPress = (button.time, button.x, button.y)
            }
        case Button2 where queryOpen: pastes.append("PRIMARY")
        case Button3: append(.remove(point(button.x, button.y)))
        // The mouse's back and forward buttons, as browsers read them.
        case 8: append(.key(.historyBack))
        case 9: append(.key(.historyForward))
        case Button4: append(.wheel(-1, at: point(button.x, button.y)))
        case Button5: append(.wheel(1, at: point(button.x, button.y)))
        default: break
        }
    }

    private mutating func keyPress(_ key: inout XKeyEvent, inputMethod: X11InputMethod) {
        let (symbol, typed) = inputMethod.lookup(&key)
        let chord = KeyChord(symbol: symbol, state: key.state)
        if queryOpen { return queryKeyPress(chord, typed: typed) }
        if handlerKeyNext, !isModifier(symbol), let name = XKeysymToString(symbol) {
            handlerKeyNext = false
            append(.handlerKey(String(cString: name)))
        } else if let command = keyCommand(for: chord) {
            handlerKeyNext = command == .keyHandlerPrefix
            if command == .openQuery { queryOpen = true }
            append(.key(command))
        } else if keyTableShows, !isModifier(symbol) {
            append(.key(.hideKeys))
        }
    }

    /// A key while the query line is open: an edit, a paste, or text typed (never with Control).
    private mutating func queryKeyPress(_ chord: KeyChord, typed: String) {
        if let edit = queryBindings[chord] {
            if edit == .submit || edit == .cancel { queryOpen = false }
            append(.edit(edit))
        } else if chord.control && chord.symbol == KeySym(XK_v) || chord.symbol == KeySym(XK_Insert) {
            pastes.append(chord.control ? "CLIPBOARD" : "PRIMARY")
        } else if !chord.control, !typed.isEmpty,
            !typed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            append(.text(typed))
        }
    }

    private mutating func append(_ command: ViewerCommand) {
        if case .resize = command, case .resize = commands.last {
            commands[commands.count - 1] = command
        } else {
            commands.append(command)
        }
    }

    /// The centre of the pixel the pointer is on.
    private func point(_ x: Int32, _ y: Int32) -> Point {
        Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
    }
}
