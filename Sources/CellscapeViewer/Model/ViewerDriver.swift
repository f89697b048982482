import CellscapeLayout
import CellscapePictures
import CellscapeRender

/// The one path from input to state: the window, headless replay and the benches all send their input
/// here and move the frames on here.
///
/// Input travels on ``bus`` as ``InputReceived``, so everything that must hear it (the model, a
/// ``SessionRecorder``) hears the same command at the same frame; the model subscribes first.
public final class ViewerDriver {
    /// The views' state.
    public internal(set) var model: ViewerModel
    /// The bus every input travels on.
    public let bus: EventBus
    /// Frames drawn so far.
    public private(set) var frame = 0
    private var subscription: EventSubscription?
    /// Opens what the query line asks to show; without one, the line says it cannot.
    public var opener: (any SourceOpener)?
    /// Whether a session records or replays: a source opened joins its pictures on inputs and shows once
    /// whole, so the replay shows the same.
    public var recordsSources = false
    /// Whether a session replays: a source shows when the replay says, once it has loaded.
    public var replaysSources = false
    /// The source the query line opened, until it can show (``readySource()``).
    var pendingSource: (name: String, feed: PictureFeed, request: SourceRequest)?
    /// Asks for a server's suggestions as typing pauses.
    let suggestions = SuggestionAsker()

    /// A driver of `model`; input goes out on `bus`.
    public init(model: ViewerModel, bus: EventBus = EventBus()) {
        self.model = model
        self.bus = bus
        subscription = bus.subscribe { [unowned self] (input: InputReceived) in
            self.model.handle(input.command)
            self.afterInput(input.command)
        }
    }

    /// A driver of a new model of both views, showing `pictures` if given; `view` shows first.
    public convenience init(
        force: ForceScene.Options, waterfall: WaterfallScene.Options, pictures: PictureFeed? = nil,
        view: ViewerModel.View = .force
    ) {
        self.init(model: ViewerModel(force: force, waterfall: waterfall, pictures: pictures, view: view))
    }

    /// Sends one input to everyone who listens, the model first.
    public func send(_ command: ViewerCommand) {
        bus.send(InputReceived(command: command, frame: frame))
    }

    /// Takes what the picture workers finished; returns whether the frame must be drawn again.
    @discardableResult
    public func takePictureResults() -> Bool {
        model.takePictureResults()
    }

    /// Moves the animations that show on to the frames due by `now`; returns whether to draw again.
    public func advanceAnimations(to now: UInt64, early: UInt64 = 0) -> Bool {
        model.advanceAnimations(to: now, early: early)
    }

    /// Tells the model what happened outside the viewer to pictures it shows (the trash, the key-handler).
    public func apply(_ change: PictureChange) {
        model.apply(change)
    }

    /// Says `text` in the window's bar for a few seconds: what happened outside the viewer, which a
    /// launcher's standard error would not show.
    public func say(_ text: String) {
        model.say(text)
    }

    /// The descriptors the loop polls besides its own: readable while pictures finished on the workers
    /// or the folders shown changed.
    public var descriptorsToPoll: [Int32] {
        let pending = (pendingSource.map { [$0.feed.loader.wakeDescriptor] } ?? []) + [suggestions.descriptor]
        guard let pictures = model.waterfall.pictures else { return pending }
        return [pictures.loader.wakeDescriptor] + (pictures.watchDescriptor.map { [$0] } ?? []) + pending
    }

    /// Hands over what the user asked be done outside the viewer (opening, copying).
    public func takeRequests() -> [PictureRequest] {
        model.takeRequests()
    }

    /// Moves the showing view on by one frame.
    public func advance() {
        model.advance()
        frame += 1
    }

    /// Turns what the showing view shows into work for the picture loader: the loop calls it before
    /// ``render(into:rasterizer:text:)``, which only draws.
    public func prepareFrame() {
        model.prepareFrame()
    }

    /// Draws the showing view.
    public func render(into framebuffer: Framebuffer, rasterizer: CircleRasterizer, text: TextRenderer?) {
        model.render(into: framebuffer, rasterizer: rasterizer, text: text)
    }

    /// Draws the showing view once its pictures in view have arrived, `timeout` seconds at most (a
    /// snapshot's, a bench's first screen).
    public func renderWithPicturesArrived(
        into framebuffer: Framebuffer, rasterizer: CircleRasterizer, text: TextRenderer?, timeout: Double = 60
    ) {
        model.renderWithPicturesArrived(into: framebuffer, rasterizer: rasterizer, text: text, timeout: timeout)
    }

    /// Records one frame's timings for the HUD.
    public func record(start: UInt64, step: UInt64, frame duration: UInt64) {
        model.record(start: start, step: step, frame: duration)
    }

    /// Forgets the showing view's past frame times (after an idle spell).
    public func restartStatistics() {
        model.restartStatistics()
    }
}
