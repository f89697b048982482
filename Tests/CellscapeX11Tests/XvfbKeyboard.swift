import CX11
import Foundation

/// Typing on the test's display as a user does, through XTest: text key by key (Shift where the
/// keyboard's map puts the character on the shifted level), chords, and spare key codes given symbols
/// no key has (a dead key, a CJK character), set before the viewer starts so no remapping races it.
extension XvfbServer {
    /// Types `text`: each character's key symbol (`XStringToKeysym`'s name, a punctuation name, or
    /// Unicode's `Uxxxx`), shifted when the map has it there.
    func type(_ text: String) {
        for character in text {
            let symbol = Self.symbol(of: character)
            let code = XKeysymToKeycode(display, symbol)
            var perCode: Int32 = 0
            let symbols = XGetKeyboardMapping(display, code, 1, &perCode)
            let shifted = perCode > 1 && symbols?[0] != symbol && symbols?[1] == symbol
            if let symbols { XFree(symbols) }
            press(Int32(symbol), shifted: shifted)
        }
    }

    /// Presses `symbol` with Control and/or Alt held.
    func chord(_ symbol: Int32, control: Bool = false, alt: Bool = false) {
        let xtest = XTest.shared!
        let modifiers = [(control, XK_Control_L), (alt, XK_Alt_L)].filter(\.0).map {
            UInt32(XKeysymToKeycode(display, KeySym($0.1)))
        }
        for code in modifiers { _ = xtest.key(display, code, 1, 0) }
        press(symbol)
        for code in modifiers.reversed() { _ = xtest.key(display, code, 0, 0) }
        XFlush(display)
    }

    /// Presses and releases the key of key code `code` (one ``remap(_:to:)`` gave a symbol).
    func press(code: Int32) {
        let xtest = XTest.shared!
        _ = xtest.key(display, UInt32(code), 1, 0)
        _ = xtest.key(display, UInt32(code), 0, 0)
        XFlush(display)
    }

    /// Gives the unused key code `code` the symbol `name` ("dead_acute", "U732B").
    func remap(_ code: Int32, to name: String) {
        var symbol = XStringToKeysym(name)
        XChangeKeyboardMapping(display, code, 1, &symbol, 1)
        XSync(display, 0)
    }

    private static func symbol(of character: Character) -> KeySym {
        let names: [Character: String] = [
            "/": "slash", "#": "numbersign", "-": "minus", ".": "period", " ": "space", "_": "underscore",
            ":": "colon", "~": "asciitilde",
        ]
        if let name = names[character] { return XStringToKeysym(name) }
        let scalar = character.unicodeScalars.first!.value
        if scalar < 0x80 { return XStringToKeysym(String(character)) }
        return XStringToKeysym(String(format: "U%04X", scalar))
    }
}
