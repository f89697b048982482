import CellscapeLayout

/// An input on its way to the model: every listener (the model, the recorder, the HUD's statistics)
/// hears the same command, at the frame it arrived before.
public struct InputReceived: Event, Hashable {
    /// What the user asked.
    public var command: ViewerCommand
    /// How many frames were drawn before it.
    public var frame: Int

    /// An input that arrived after `frame` frames.
    public init(command: ViewerCommand, frame: Int) {
        self.command = command
        self.frame = frame
    }
}
