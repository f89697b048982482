/// The slideshow's clock, kept by the main loop: while a slideshow runs, the open picture moves on
/// every ``WaterfallScene/slideshowSeconds``. The step is a command the loop sends like any input, so
/// a recorded session replays it at the frame it came.
public struct SlideshowClock: Sendable {
    /// When the next step is due (monotonic nanoseconds), nil while no slideshow runs.
    public private(set) var deadline: UInt64?
    /// The picture the deadline was set for: one the user moves to gets its own full interval.
    private var shown: Int?
    /// Whether the last call sent a step, whose picture keeps the deadline set with it.
    private var stepped = false

    /// A clock with nothing due.
    public init() {}

    /// The command due at `now` for `model`, if any; keeps the deadline in step with what shows.
    public mutating func due(for model: ViewerModel, now: UInt64) -> ViewerCommand? {
        let scene = model.waterfall
        guard model.view == .waterfall, scene.slideshowRuns, let open = scene.openPicture else {
            deadline = nil
            shown = nil
            return nil
        }
        let interval = UInt64(max(0.05, scene.slideshowSeconds) * 1e9)
        if stepped {
            stepped = false
            shown = open.index
        }
        guard let deadline, shown == open.index else {
            self.deadline = now + interval
            shown = open.index
            return nil
        }
        guard now >= deadline else { return nil }
        self.deadline = deadline + interval
        stepped = true
        return .key(.slideshowStep)
    }
}
