import CX11
import CellscapeViewer

/// The key symbols of ``KeyTable``, resolved once: the viewer binds no key the table does not list.
let keyBindings: [KeySym: KeyCommand] = {
    var bindings: [KeySym: KeyCommand] = [:]
    for binding in KeyTable.bindings {
        for (command, names) in binding.commands {
            for name in names {
                let symbol = XStringToKeysym(name)
                precondition(symbol != KeySym(NoSymbol), "the key table names an unknown key symbol: \(name)")
                bindings[symbol] = command
            }
        }
    }
    return bindings
}()

/// The command bound to a key symbol, if any.
func keyCommand(for symbol: KeySym) -> KeyCommand? {
    keyBindings[symbol]
}

/// Whether the key is a modifier (Shift, Control, Alt, AltGr and the like), which alone is no key
/// press a user means.
func isModifier(_ symbol: KeySym) -> Bool {
    (KeySym(XK_Shift_L)...KeySym(XK_Hyper_R)).contains(symbol)
        || (KeySym(XK_ISO_Lock)...KeySym(XK_ISO_Last_Group_Lock)).contains(symbol)
        || symbol == KeySym(XK_Mode_switch) || symbol == KeySym(XK_Num_Lock)
}
