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
    /// Ends the program.
    case quit
}
