import CX11
import CellscapeViewer

/// Every key the viewer knows, in one table: the key's symbol and the command it gives.
let keyBindings: [(symbol: Int32, command: KeyCommand)] = [
    (XK_space, .togglePause),
    (XK_r, .reset),
    (XK_c, .clear),
    (XK_plus, .addCells),
    (XK_equal, .addCells),
    (XK_KP_Add, .addCells),
    (XK_minus, .removeCells),
    (XK_KP_Subtract, .removeCells),
    (XK_h, .toggleHUD),
    (XK_f, .toggleFit),
    (XK_Tab, .switchView),
    (XK_Page_Up, .pageUp),
    (XK_Page_Down, .pageDown),
    (XK_Home, .home),
    (XK_End, .end),
    (XK_Up, .lineUp),
    (XK_Down, .lineDown),
    (XK_question, .showKeys),
    (XK_F1, .showKeys),
    (XK_Return, .open),
    (XK_KP_Enter, .open),
    (XK_n, .next),
    (XK_Right, .next),
    (XK_p, .previous),
    (XK_Left, .previous),
    (XK_1, .actualSize),
    (XK_a, .toggleCheckerboard),
    (XK_period, .nextFrame),
    (XK_comma, .previousFrame),
    (XK_q, .quit),
    (XK_Escape, .back),
]

/// The command bound to a key symbol, if any.
func keyCommand(for symbol: KeySym) -> KeyCommand? {
    keyBindings.first { KeySym($0.symbol) == symbol }?.command
}
