import CellscapeLayout
import CellscapeRender

/// What the user asks of the viewer, whatever device it came from; points are in window pixels.
///
/// The X11 layer turns events into commands and the scene applies them: the only path from input to state.
public enum ViewerCommand: Hashable, Sendable, Codable {
    /// The left button went down: on a cell it starts dragging that cell, elsewhere it adds a cell there.
    case press(Point)
    /// The pointer moved with the left button held.
    case drag(Point)
    /// The left button went up.
    case release(Point)
    /// The right button: removes the cell under the pointer.
    case remove(Point)
    /// The mouse wheel turned by this many notches (positive: down, towards later items).
    case wheel(Int)
    /// The window has a new size.
    case resize(Size)
    /// A key's command.
    case key(KeyCommand)
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
    /// Scrolls the waterfall up by a screen.
    case pageUp
    /// Scrolls the waterfall down by a screen.
    case pageDown
    /// Scrolls the waterfall to its top.
    case home
    /// Scrolls the waterfall to the end of what is loaded (which loads the next page).
    case end
    /// Scrolls the waterfall up a little.
    case lineUp
    /// Scrolls the waterfall down a little.
    case lineDown
    /// Ends the program.
    case quit
}
