import CellscapeCore

/// How the X11 viewer runs.
public struct ViewerOptions: Sendable {
    /// The scene it starts with (cells, seed, window size, simulation settings).
    public var scene = ForceScene.Options()
    /// Whether frames may go through MIT-SHM (off: always XPutImage).
    public var sharedMemory = true
    /// The frame rate while something animates.
    public var framesPerSecond = 60
    /// The X display to open; `nil` reads `DISPLAY`.
    public var displayName: String?

    /// The defaults: 200 cells in a 1280x800 window at 60 frames per second, MIT-SHM when possible.
    public init() {}
}
