import CellscapeViewer
import Foundation

/// How the X11 viewer runs.
public struct ViewerOptions {
    /// The force view it starts with (cells, seed, window size, simulation settings).
    public var scene = ForceScene.Options()
    /// The waterfall view it starts with (catalog, seed, columns); its size is the force view's.
    public var waterfall = WaterfallScene.Options()
    /// The view that shows first.
    public var view = ViewerModel.View.force
    /// The PNG file of the window's icon, if any.
    public var iconPath: String?
    /// Record the session: its header, and where each line goes.
    public var recording: (header: SessionHeader, write: (String) -> Void)?
    /// Play this session instead of the user's input (q, Escape and closing still end the program).
    public var replay: RecordedSession?
    /// Called with the final state and the pictures shown last when the viewer ends.
    public var onExit: ((ViewerState, PictureFeed?) -> Void)?
    /// Opens what the query line names; without one the line says it cannot.
    public var opener: (any SourceOpener)?
    /// Whether frames may go through MIT-SHM (off: always XPutImage).
    public var sharedMemory = true
    /// Whether the window starts fullscreen (`-f`), as if F11 were pressed first.
    public var fullscreen = false
    /// The frame rate while something animates.
    public var framesPerSecond = 60
    /// The X display to open; `nil` reads `DISPLAY`.
    public var displayName: String?
    /// Where the "ready window=0x..." line goes once the window shows (`--print-ready`): standard
    /// output, or standard error when standard output carries what the program prints on exit (`-o`);
    /// -1, nowhere.
    public var readyDescriptor: Int32 = -1
    /// The folder `w` saves pictures into (`--save-to`).
    public var saveFolder = NSHomeDirectory() + "/Pictures/Cellscape"

    /// The defaults: 200 cells in a 1280x800 window at 60 frames per second, MIT-SHM when possible.
    public init() {}
}
