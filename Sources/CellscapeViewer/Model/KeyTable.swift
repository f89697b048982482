/// Where an input acts: the view that shows, or the picture open over the grid.
public enum InputContext: String, CaseIterable, Hashable, Sendable {
    /// The force view's cells.
    case cells
    /// The waterfall's grid.
    case grid
    /// A picture open over the grid.
    case picture

    /// Where the context's paragraph of the key table says it acts.
    public var phrase: String {
        switch self {
        case .cells: "In the force view"
        case .grid: "In the waterfall"
        case .picture: "With a picture open"
        }
    }

    /// The context's name in the key table's heading.
    public var title: String {
        switch self {
        case .cells: "force view"
        case .grid: "waterfall"
        case .picture: "open picture"
        }
    }
}

/// One row of the key table: an input (keys, or the pointer) and what it does in each context.
public struct KeyBinding: Sendable {
    /// The input as the user reads it: "+ (or =) / -", "left click".
    public let input: String
    /// The commands it gives and, for each, the X key symbols bound to it by name (as `XStringToKeysym`
    /// reads them); none for pointer input, which the X layer translates itself.
    public let commands: [(command: KeyCommand, symbols: [String])]
    /// What it does in each context it does something in.
    public let actions: [InputContext: String]

    init(_ input: String, _ commands: [(KeyCommand, [String])] = [], _ actions: [InputContext: String]) {
        self.input = input
        self.commands = commands.map { (command: $0.0, symbols: $0.1) }
        self.actions = actions
    }
}

/// A key of the query line: what it edits, by the X key symbols bound to it (as ``KeyBinding``'s).
public struct QueryKey: Sendable {
    public let input: String
    public let edits: [(edit: QueryEdit, symbols: [String])]
    public let action: String

    init(_ input: String, _ edits: [(QueryEdit, [String])], _ action: String) {
        self.input = input
        self.edits = edits.map { (edit: $0.0, symbols: $0.1) }
        self.action = action
    }
}

/// Every input of the viewer in one table, as nsxiv's `keys[]`: the X layer binds its symbols, and the
/// `?` overlay, `cellscape help view`, the man page and the README's table are written from it.
public enum KeyTable {
    /// The rows, in the order they are shown.
    public static let bindings: [KeyBinding] = [
        KeyBinding(
            "left click", [], [.cells: "add a cell (with pictures: select one)", .grid: "select a tile"]),
        KeyBinding(
            "double click", [],
            [.cells: "with pictures: open one", .grid: "open the picture", .picture: "back to the grid"]),
        KeyBinding("left drag", [], [.cells: "move a cell", .grid: "scroll, with momentum", .picture: "pan"]),
        KeyBinding("right click", [], [.cells: "remove a cell"]),
        KeyBinding("wheel", [], [.grid: "scroll", .picture: "zoom about the pointer"]),
        KeyBinding(
            "Page Up / Page Down", [(.pageUp, ["Prior"]), (.pageDown, ["Next"])], [.grid: "a screen up / down"]),
        KeyBinding("Home / End", [(.home, ["Home"]), (.end, ["End"])], [.grid: "the first / the last tile"]),
        KeyBinding(
            "Up / Down, k / j", [(.lineUp, ["Up", "k"]), (.lineDown, ["Down", "j"])],
            [.grid: "the tile above / below", .picture: "pan, when zoomed past the window"]),
        KeyBinding(
            "Left / Right, h / l", [(.left, ["Left", "h"]), (.right, ["Right", "l"])],
            [.grid: "the previous / next tile", .picture: "pan when zoomed past the window, else previous / next"]),
        KeyBinding(
            "n / p", [(.next, ["n"]), (.previous, ["p"])],
            [.grid: "the next / previous tile", .picture: "next / previous picture"]),
        KeyBinding(
            "Enter", [(.open, ["Return", "KP_Enter"])],
            [.cells: "with pictures: open the selected one", .grid: "open the picture", .picture: "back to the grid"]),
        KeyBinding(
            "space", [(.togglePause, ["space"])],
            [.cells: "pause or resume", .grid: "pause or resume animations", .picture: "pause or resume animations"]),
        KeyBinding("r / c", [(.reset, ["r"]), (.clear, ["c"])], [.cells: "reset with a new seed / clear"]),
        KeyBinding(
            "+ / -", [(.addCells, ["plus", "KP_Add"]), (.removeCells, ["minus", "KP_Subtract"])],
            [.cells: "add / remove 100 cells", .grid: "larger / smaller tiles", .picture: "zoom in / out"]),
        KeyBinding("f", [(.toggleFit, ["f"])], [.cells: "fit to window (on at start)", .picture: "fit to window"]),
        KeyBinding("1 or =", [(.actualSize, ["1", "equal"])], [.picture: "100%"]),
        KeyBinding(
            "> / <, | / _",
            [
                (.rotateClockwise, ["greater"]), (.rotateCounterclockwise, ["less"]), (.flipHorizontally, ["bar"]),
                (.flipVertically, ["underscore"]),
            ],
            [.picture: "turn clockwise / counterclockwise, flip left to right / top to bottom"]),
        KeyBinding("i", [(.toggleInfo, ["i"])], [.picture: "date taken, camera and exposure"]),
        KeyBinding("a", [(.toggleCheckerboard, ["a"])], [.picture: "checkerboard or plain behind transparency"]),
        KeyBinding(
            ". / ,", [(.nextFrame, ["period"]), (.previousFrame, ["comma"])], [.picture: "next / previous frame"]),
        KeyBinding(
            "] / [, } / {",
            [
                (.seekForward, ["bracketright"]), (.seekBackward, ["bracketleft"]),
                (.seekForwardMinute, ["braceright"]), (.seekBackwardMinute, ["braceleft"]),
            ],
            [.picture: "a video 5 s on / back, 1 min on / back"]),
        KeyBinding(
            "m / M / u", [(.toggleMark, ["m"]), (.invertMarks, ["M"]), (.clearMarks, ["u"])],
            [
                .grid: "mark or unmark / invert the marks / unmark all",
                .picture: "mark or unmark / invert / unmark all",
            ]),
        KeyBinding(
            "o / y", [(.openWithDesktop, ["o"]), (.copyPaths, ["y"])],
            [
                .grid: "open with the desktop's application / copy the paths (marked, else selected)",
                .picture: "open with the desktop's application / copy the paths (marked, else this)",
            ]),
        KeyBinding(
            "v", [(.revealSensitive, ["v"])],
            [.grid: "show a feed's sensitive item unblurred, or blur it", .picture: "show unblurred, or blur"]),
        KeyBinding(
            "w", [(.save, ["w"])],
            [
                .grid: "save the marked (else selected) pictures into the --save-to folder",
                .picture: "save the marked, else this one",
            ]),
        KeyBinding(
            "x, then a key", [(.keyHandlerPrefix, ["x"])],
            [
                .grid: "run the key-handler with that key on the marked (else selected) pictures",
                .picture: "run the key-handler with that key on the marked pictures, else this one",
            ]),
        KeyBinding(
            "Delete / D / z", [(.trash, ["Delete"]), (.trashMarked, ["D"]), (.undoTrash, ["z"])],
            [
                .grid: "move the selected picture / the marked ones to the trash / undo",
                .picture: "move this picture / the marked ones to the trash / undo",
            ]),
        KeyBinding(
            "S / R", [(.sortNext, ["S"]), (.reverseSort, ["R"])],
            [
                .grid: "sort by name, time, size or date taken, in turn / reverse the order",
                .picture: "sort by name, time, size or date taken, in turn / reverse the order",
            ]),
        KeyBinding(
            "s", [(.toggleSlideshow, ["s"])],
            [
                .cells: "with pictures: a slideshow", .grid: "a slideshow from the selected picture",
                .picture: "start or pause the slideshow",
            ]),
        KeyBinding(
            "/ or Ctrl+L", [(.openQuery, ["slash", "Control+l"])],
            [.cells: "the query line", .grid: "the query line", .picture: "the query line"]),
        KeyBinding(
            "Alt+Left / Alt+Right, mouse back / forward",
            [(.historyBack, ["Alt+Left"]), (.historyForward, ["Alt+Right"])],
            [.cells: "source back / forward", .grid: "source back / forward", .picture: "source back / forward"]),
        KeyBinding(
            "F11", [(.toggleFullscreen, ["F11"])], [.cells: "fullscreen", .grid: "fullscreen", .picture: "fullscreen"]),
        KeyBinding(
            "b", [(.toggleHUD, ["b"])], [.cells: "HUD", .grid: "the bar (HUD without pictures)", .picture: "the bar"]),
        KeyBinding("Tab", [(.switchView, ["Tab"])], [.cells: "the waterfall", .grid: "the force view"]),
        KeyBinding(
            "? or F1", [(.showKeys, ["question", "F1"])],
            [.cells: "the key table", .grid: "the key table", .picture: "the key table"]),
        KeyBinding(
            "Escape", [(.back, ["Escape"])],
            [
                .cells: "quit, unless pictures are marked", .grid: "quit, unless pictures are marked",
                .picture: "back to the grid",
            ]),
        KeyBinding("q", [(.quit, ["q"])], [.cells: "quit", .grid: "quit", .picture: "quit"]),
    ]

    /// The query line's keys: each edits the line while it is open, and every other key types.
    public static let queryKeys: [QueryKey] = [
        QueryKey("Enter", [(.submit, ["Return", "KP_Enter"])], "open it"),
        QueryKey("Escape", [(.cancel, ["Escape"])], "leave the line"),
        QueryKey(
            "Backspace / Ctrl+W / Ctrl+U",
            [(.deleteBackward, ["BackSpace"]), (.deleteWord, ["Control+w"]), (.deleteToStart, ["Control+u"])],
            "delete a character / a word / to the caret"),
        QueryKey(
            "Left / Right, Home / End",
            [(.left, ["Left"]), (.right, ["Right"]), (.start, ["Home", "Control+a"]), (.end, ["End", "Control+e"])],
            "move the caret"),
        QueryKey("Up / Down", [(.suggestionUp, ["Up"]), (.suggestionDown, ["Down"])], "choose a suggestion"),
        QueryKey("Tab", [(.switchKind, ["Tab"])], "GIPHY's GIFs or stickers"),
        QueryKey("Ctrl+V, middle click", [], "paste the clipboard, the selection"),
    ]

    /// What the query line opens, said once in the help.
    public static let queryOpens =
        "words search GIPHY (with a key) or a hashtag on the Mastodon instance last used; #word is a hashtag; "
        + "an address (https://..., giphy:...) or a folder opens it"

    /// What hides the table once it shows.
    public static let hiding = "any key or click hides the key table"

    /// The rows that do something in `context`: input and action.
    public static func rows(for context: InputContext) -> [(input: String, action: String)] {
        bindings.compactMap { binding in binding.actions[context].map { (binding.input, $0) } }
    }

    /// The table in Markdown, a column per context, as the README shows it.
    public static var markdown: String {
        var lines = ["| input | " + InputContext.allCases.map(\.title).joined(separator: " | ") + " |"]
        lines.append("|---" + String(repeating: "|---", count: InputContext.allCases.count) + "|")
        // A cell's own | would end it.
        let escaped = { (text: String) in
            text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
        }
        for binding in bindings {
            let cells = InputContext.allCases.map { escaped(binding.actions[$0] ?? "") }
            lines.append("| \(escaped(binding.input)) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table as paragraphs of text, one per context, as `cellscape help view` and the man page
    /// say it.
    public static var paragraphs: [String] {
        InputContext.allCases.map { context in
            "\(context.phrase): "
                + rows(for: context).map { "\($0.input): \($0.action)" }.joined(separator: "; ") + "."
        } + [queryParagraph]
    }

    /// The query line's keys as a paragraph, as the README, the help and the man page say them.
    public static var queryParagraph: String {
        "In the query line (\(queryOpens)): "
            + queryKeys.map { "\($0.input): \($0.action)" }.joined(separator: "; ") + "; any other key types."
    }
}
