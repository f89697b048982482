import CellscapeLayout
import CellscapeRender

/// What the user asks of the viewer, whatever device it came from; points are in window pixels.
///
/// The one input type: the X11 layer turns events into commands, a ``ViewerDriver`` sends them on its
/// bus, and the model applies them; session files record them. Encoded flat, as a session line shows
/// it: `{"event":"press","x":100.5,"y":80}`, `{"event":"key","command":"reset"}`.
public enum ViewerCommand: Hashable, Sendable {
    /// The left button went down: on a cell it starts dragging that cell, elsewhere it adds a cell there.
    case press(Point)
    /// The pointer moved with the left button held.
    case drag(Point)
    /// The left button went up.
    case release(Point)
    /// The right button: removes the cell under the pointer.
    case remove(Point)
    /// The mouse wheel turned by this many notches (positive: down, towards later items), with the
    /// pointer where it was (an open picture zooms about it).
    case wheel(Int, at: Point? = nil)
    /// The window has a new size.
    case resize(Size)
    /// A key's command.
    case key(KeyCommand)
    /// The key pressed after the key-handler's prefix (`x`), by its X name ("r", "Delete"): the
    /// handler runs with it on the marked (or open, or selected) pictures.
    case handlerKey(String)
    /// Not the user's: the pictures a feed's sources gave join until this many joined in all (a page
    /// came). While a session records, the loop sends it as pages come; its replay joins them at the
    /// same frame (``PictureFeed/joinsSourcesOnInput``).
    case sourcePictures(Int)
    /// Text typed into the query line (through the input method, or pasted).
    case text(String)
    /// An edit of the query line (a key while it is open).
    case edit(QueryEdit)
    /// Not the user's: the source the query line opened is ready and shows now, named by what opened
    /// it. Recorded, so a replay switches at the same frame.
    case showSource(String)
}

/// The commands keys are bound to (the X11 layer keeps the bindings in one table).
public enum KeyCommand: String, Hashable, Sendable, Codable, CaseIterable {
    /// Stops or restarts the simulation.
    case togglePause
    /// Starts again with the starting number of cells, at new random places from a new seed.
    case reset
    /// Removes every cell.
    case clear
    /// Adds 100 cells at random places.
    case addCells
    /// Removes the 100 cells added last.
    case removeCells
    /// Shows or hides the HUD.
    case toggleHUD
    /// Turns fit-to-window on or off.
    case toggleFit
    /// Switches between the force view and the waterfall view.
    case switchView
    /// Selects the waterfall's tile a screen up, and scrolls a screen.
    case pageUp
    /// Selects the waterfall's tile a screen down, and scrolls a screen.
    case pageDown
    /// Selects the waterfall's first tile.
    case home
    /// Selects the last tile loaded (in an endless feed, which loads the next page).
    case end
    /// Selects the previous tile; in a picture zoomed past the window, pans, else the previous picture.
    case left
    /// Selects the next tile; in a picture zoomed past the window, pans, else the next picture.
    case right
    /// Selects the tile above in its column.
    case lineUp
    /// Selects the tile below in its column.
    case lineDown
    /// Shows the table of keys over the view; any key or click hides it.
    case showKeys
    /// Hides the table of keys: what a key bound to nothing gives while the table shows.
    case hideKeys
    /// Opens the selected picture (Enter, a double click), or goes back to the grid.
    case open
    /// Goes back from an open picture to the grid; elsewhere, ends the program (Escape).
    case back
    /// The next picture, or tile.
    case next
    /// The previous picture, or tile.
    case previous
    /// The picture at 100%: a window pixel per picture pixel.
    case actualSize
    /// A checkerboard, or the plain background, behind an open picture's transparent pixels.
    case toggleCheckerboard
    /// The next frame of the open animation (pause it first to step).
    case nextFrame
    /// The previous frame of the open animation.
    case previousFrame
    /// The open video 5 seconds on.
    case seekForward
    /// The open video 5 seconds back.
    case seekBackward
    /// The open video a minute on.
    case seekForwardMinute
    /// The open video a minute back.
    case seekBackwardMinute
    /// Asks the window manager for fullscreen, or back.
    case toggleFullscreen
    /// Starts a slideshow from the selected picture, or pauses and resumes it.
    case toggleSlideshow
    /// The slideshow's next picture (the first after the last): what its clock sends.
    case slideshowStep
    /// Shows or hides what the open picture's file says of it (date taken, camera, exposure).
    case toggleInfo
    /// Turns the open picture a quarter clockwise.
    case rotateClockwise
    /// Turns the open picture a quarter counterclockwise.
    case rotateCounterclockwise
    /// Flips the open picture left to right.
    case flipHorizontally
    /// Flips the open picture top to bottom.
    case flipVertically
    /// Opens the marked (or open, or selected) pictures with the desktop's application.
    case openWithDesktop
    /// Copies the marked (or open, or selected) pictures' paths to the clipboard.
    case copyPaths
    /// The next key goes to the key-handler (`$XDG_CONFIG_HOME/cellscape/key-handler`), as nsxiv's
    /// Ctrl-x.
    case keyHandlerPrefix
    /// Moves the picture in view (open, else selected) to the trash; never the marked ones.
    case trash
    /// Moves the marked pictures to the trash.
    case trashMarked
    /// Puts the pictures moved to the trash last back.
    case undoTrash
    /// Marks the selected (or open) picture, or takes its mark away.
    case toggleMark
    /// Marks every picture that is not marked, and unmarks the others.
    case invertMarks
    /// Takes every mark away.
    case clearMarks
    /// Shows the selected (or open) sensitive item of a remote feed unblurred, or blurs it again.
    case revealSensitive
    /// Saves the marked pictures (else the open or selected one) into the save folder (`--save-to`).
    case save
    /// Sorts the pictures by the next order: name, modification time, file size, date taken.
    case sortNext
    /// Reverses the order the pictures are sorted in.
    case reverseSort
    /// Opens the query line in the bar: words, a hashtag, an address or a folder to show instead.
    case openQuery
    /// The source shown before this one, where it was left (as a browser's back).
    case historyBack
    /// The source shown after this one, after going back.
    case historyForward
    /// Ends the program.
    case quit
}

extension ViewerCommand: Codable {
    private enum CodingKeys: String, CodingKey {
        case event, x, y, notches, width, height, command, name, count, text, edit, query
    }

    /// Reads a command from its flat form.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        func point() throws -> Point {
            Point(x: try fields.decode(Double.self, forKey: .x), y: try fields.decode(Double.self, forKey: .y))
        }
        let event = try fields.decode(String.self, forKey: .event)
        switch event {
        case "press": self = .press(try point())
        case "drag": self = .drag(try point())
        case "release": self = .release(try point())
        case "remove": self = .remove(try point())
        case "wheel":
            let x = try fields.decodeIfPresent(Double.self, forKey: .x)
            let y = try fields.decodeIfPresent(Double.self, forKey: .y)
            let point = x.flatMap { x in y.map { Point(x: x, y: $0) } }
            self = .wheel(try fields.decode(Int.self, forKey: .notches), at: point)
        case "resize":
            self = .resize(
                Size(
                    width: try fields.decode(Double.self, forKey: .width),
                    height: try fields.decode(Double.self, forKey: .height)))
        case "key": self = .key(try fields.decode(KeyCommand.self, forKey: .command))
        case "handler": self = .handlerKey(try fields.decode(String.self, forKey: .name))
        case "pictures": self = .sourcePictures(try fields.decode(Int.self, forKey: .count))
        case "text": self = .text(try fields.decode(String.self, forKey: .text))
        case "edit": self = .edit(try fields.decode(QueryEdit.self, forKey: .edit))
        case "source": self = .showSource(try fields.decode(String.self, forKey: .query))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .event, in: fields, debugDescription: "unknown event '\(event)'")
        }
    }

    /// Writes the command in its flat form.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(eventName, forKey: .event)
        switch self {
        case .press(let point), .drag(let point), .release(let point), .remove(let point):
            try fields.encode(point.x, forKey: .x)
            try fields.encode(point.y, forKey: .y)
        case .wheel(let notches, let point):
            try fields.encode(notches, forKey: .notches)
            try fields.encodeIfPresent(point?.x, forKey: .x)
            try fields.encodeIfPresent(point?.y, forKey: .y)
        case .resize(let size):
            try fields.encode(size.width, forKey: .width)
            try fields.encode(size.height, forKey: .height)
        case .key(let key): try fields.encode(key, forKey: .command)
        case .handlerKey(let name): try fields.encode(name, forKey: .name)
        case .sourcePictures(let count): try fields.encode(count, forKey: .count)
        case .text(let text): try fields.encode(text, forKey: .text)
        case .edit(let edit): try fields.encode(edit, forKey: .edit)
        case .showSource(let query): try fields.encode(query, forKey: .query)
        }
    }

    private var eventName: String {
        switch self {
        case .press: "press"
        case .drag: "drag"
        case .release: "release"
        case .remove: "remove"
        case .wheel: "wheel"
        case .resize: "resize"
        case .key: "key"
        case .handlerKey: "handler"
        case .sourcePictures: "pictures"
        case .text: "text"
        case .edit: "edit"
        case .showSource: "source"
        }
    }
}
