import CX11
import CellscapeViewer

/// A key as bound: its symbol and whether Control or Alt is held ("Control+l", "Alt+Left" in the table).
struct KeyChord: Hashable {
    var symbol: KeySym
    var control = false
    var alt = false

    /// The chord a table names: modifiers, then the key symbol's name.
    init(named name: String) {
        var parts = name.split(separator: "+").map(String.init)
        let key = parts.removeLast()
        symbol = XStringToKeysym(key)
        precondition(symbol != KeySym(NoSymbol), "the key table names an unknown key symbol: \(key)")
        control = parts.contains("Control")
        alt = parts.contains("Alt")
    }

    /// The chord of a key pressed with the modifiers `state` holds.
    init(symbol: KeySym, state: UInt32) {
        self.symbol = symbol
        control = state & UInt32(ControlMask) != 0
        alt = state & UInt32(Mod1Mask) != 0
    }
}

/// The chords of ``KeyTable``, resolved once: the viewer binds no key the table does not list.
let keyBindings: [KeyChord: KeyCommand] = {
    var bindings: [KeyChord: KeyCommand] = [:]
    for binding in KeyTable.bindings {
        for (command, names) in binding.commands {
            for name in names { bindings[KeyChord(named: name)] = command }
        }
    }
    return bindings
}()

/// The query line's chords (``KeyTable/queryKeys``), resolved once.
let queryBindings: [KeyChord: QueryEdit] = {
    var bindings: [KeyChord: QueryEdit] = [:]
    for key in KeyTable.queryKeys {
        for (edit, names) in key.edits {
            for name in names { bindings[KeyChord(named: name)] = edit }
        }
    }
    return bindings
}()

/// The command bound to a chord: the chord as pressed, else its key alone (Shift+m is M; a Control
/// held by mistake changes nothing the table does not name).
func keyCommand(for chord: KeyChord) -> KeyCommand? {
    keyBindings[chord] ?? keyBindings[KeyChord(symbol: chord.symbol, state: 0)]
}

/// Whether the key is a modifier (Shift, Control, Alt, AltGr and the like), which alone is no key
/// press a user means.
func isModifier(_ symbol: KeySym) -> Bool {
    (KeySym(XK_Shift_L)...KeySym(XK_Hyper_R)).contains(symbol)
        || (KeySym(XK_ISO_Lock)...KeySym(XK_ISO_Last_Group_Lock)).contains(symbol)
        || symbol == KeySym(XK_Mode_switch) || symbol == KeySym(XK_Num_Lock)
}
