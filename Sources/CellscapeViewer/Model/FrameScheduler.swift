import CellscapeLayout
import CellscapePictures

/// The main loop's policy, one for the window, a session replayed in it and the window bench: which
/// commands reach the model (a replay's inputs instead of the user's), the slideshow's steps, when the
/// next frame is due, whether it is drawn whole or only where animations moved on, and how long the
/// loop may sleep. Time is given, never read: tests move it.
///
/// A turn: ``take(_:now:)`` the window's commands, ``requests()``: what the user asked be done outside
/// the viewer (the adapter does it and calls ``changed()``), ``takeProgress(now:)`` pictures and
/// animations, then ``beginFrame(now:)`` and, once drawn, ``frameDrawn(started:)``; then sleep for
/// ``timeout(now:also:)``.
public final class FrameScheduler {
    /// How a frame is drawn and presented.
    public enum Drawing: Equatable, Sendable {
        /// Everything, presented whole.
        case whole
        /// Only these parts (the tiles whose animations moved on), each drawn clipped and presented.
        case regions([Rect])
    }

    /// The driver whose model the turns move on.
    public let driver: ViewerDriver
    /// The session played instead of the user's input, if any.
    public let replay: RecordedSession?
    /// Whether the window shows (unmapped, nothing is drawn).
    public var isMapped = false
    /// Hears each replayed input once the model took it (a headless replay checks the state's digest).
    public var afterReplayedInput: ((RecordedSession.Input) -> Void)?
    private let interval: UInt64
    private var deadline: UInt64 = 0
    /// Whether something other than animation frames changed since the last frame.
    private var needsDisplay = true
    /// What animations changed since the last frame, when nothing else did.
    private var damage: [Rect] = []
    private var wasIdle = true
    private var slideshow = SlideshowClock()
    private var replayed = 0

    /// A scheduler of `framesPerSecond` frames while something moves, playing `replay` if given.
    public init(driver: ViewerDriver, framesPerSecond: Int, replay: RecordedSession? = nil) {
        self.driver = driver
        self.replay = replay
        interval = UInt64(1_000_000_000 / max(1, framesPerSecond))
    }

    /// Sends the window's `commands` (a replay takes only `q` from the window), the replayed inputs due
    /// before the next frame, and the slideshow's step if due at `now`.
    public func take(_ commands: [ViewerCommand], now: UInt64) {
        for command in commands where replay == nil || command == .key(.quit) { driver.send(command) }
        if !commands.isEmpty { needsDisplay = true }
        if let replay {
            while replayed < replay.inputs.count && replay.inputs[replayed].frame <= driver.frame {
                let input = replay.inputs[replayed]
                driver.send(input.command)
                afterReplayedInput?(input)
                replayed += 1
                needsDisplay = true
            }
        } else {
            if let step = slideshow.due(for: driver.model, now: now) {
                driver.send(step)
                needsDisplay = true
            }
            driver.askSuggestionsIfDue()
            // A source the query line opened shows once it has pictures, by an input a session records;
            // a recorded session's pictures then join by the next.
            let opening = driver.isOpeningSource
            if let source = driver.readySource() {
                driver.send(.showSource(source))
                needsDisplay = true
            } else if opening && !driver.isOpeningSource {
                needsDisplay = true  // it could not show: the bar says why
            }
            sendSourcePictures()
        }
    }

    /// While a session records, the pictures a feed's page gave join by an input, recorded with the
    /// frame they join at (``PictureFeed/joinsSourcesOnInput``).
    private func sendSourcePictures() {
        guard let pictures = driver.model.waterfall.pictures, pictures.joinsSourcesOnInput,
            pictures.sourcePicturesHeld > 0
        else { return }
        driver.send(.sourcePictures(pictures.sourcePicturesJoined + pictures.sourcePicturesHeld))
        needsDisplay = true
    }

    /// What the user asked be done outside the viewer since the last turn; nothing while a session
    /// replays (its effects are not the replay's to repeat).
    public func requests() -> [PictureRequest] {
        let requests = driver.takeRequests()
        return replay == nil ? requests : []
    }

    /// Something the loop did changed what shows (a request carried out, a key-handler's files read
    /// again, the window exposed): the next frame is drawn whole.
    public func changed() { needsDisplay = true }

    /// Takes the pictures the workers finished and moves the animations on to `now` (frames due within
    /// ``FeedAnimations/frameCoalescing`` show together).
    public func takeProgress(now: UInt64) {
        if driver.takePictureResults() { needsDisplay = true }
        if driver.takeSuggestions() { needsDisplay = true }
        if driver.advanceAnimations(to: now, early: FeedAnimations.frameCoalescing) {
            if let rects = driver.model.animationDamage { damage += rects } else { needsDisplay = true }
        }
    }

    /// Whether the model asked to quit.
    public var wantsQuit: Bool { driver.model.wantsQuit }

    /// The model's state now (for `--state-on-exit`).
    public var state: ViewerState { ViewerState(of: driver.model) }

    /// Begins the frame due at `now`, if one is: whole, or only the parts animations changed (decided
    /// before the step: a fling's last step stops the scene moving, and that frame is drawn whole). Nil
    /// when none is due yet or none is wanted.
    public func beginFrame(now: UInt64) -> Drawing? {
        guard wantsFrames, now >= deadline else { return nil }
        if wasIdle { driver.restartStatistics() }
        return redrawsAll ? .whole : .regions(DamagedRegions.merged(damage))
    }

    /// What the window shows besides the frame: its title, size, fullscreen, and the text the HUD needs.
    public var window: WindowPlan {
        let model = driver.model
        return WindowPlan(
            title: model.title, size: model.size, fullscreen: model.wantsFullscreen, showsKeys: model.showsKeys,
            showsHUD: model.showsHUD || model.query != nil, textPixelSize: model.textPixelSize,
            showsQuery: model.query != nil)
    }

    /// The frame begun at `started` was drawn and presented: the next is due an interval later.
    public func frameDrawn(started: UInt64) {
        needsDisplay = false
        damage.removeAll(keepingCapacity: true)
        wasIdle = !driver.model.isAnimating
        deadline = max(deadline + interval, started)
    }

    /// How long `poll()` may sleep at `now`, in milliseconds: until the next frame while something
    /// moves, the next animation frame or slideshow step, or any of `also` (the adapter's own
    /// deadlines); -1 (no limit) when nothing will change by itself.
    public func timeout(now: UInt64, also: [UInt64] = []) -> Int32 {
        var wake: UInt64? = wantsFrames ? deadline : nil
        let deadlines = [driver.model.nextAnimationDeadline, slideshow.deadline, driver.suggestionDeadline]
        for due in deadlines.compactMap({ $0 }) + also {
            wake = min(wake ?? due, due)
        }
        guard let wake else { return -1 }
        // Rounded up: waking a little early would only spin until the deadline.
        return Int32(min(1000, (wake > now ? wake - now + 999_999 : 0) / 1_000_000))
    }

    /// Whether a frame is due at the next deadline: the window shows and something changed, moves, or a
    /// replayed session has frames or inputs left.
    var wantsFrames: Bool { isMapped && (redrawsAll || !damage.isEmpty) }

    /// Whether the next frame is drawn whole: something other than animation frames changed.
    var redrawsAll: Bool { needsDisplay || driver.model.isAnimating || isReplaying }

    /// Whether a replayed session has frames or inputs left: its last input may come at its last frame,
    /// after that frame is drawn, and the loop must turn once more to send it.
    var isReplaying: Bool {
        guard let replay else { return false }
        return driver.frame < replay.end.end || replayed < replay.inputs.count
    }
}

/// What the window shows besides the frame, as the model has it now.
public struct WindowPlan: Equatable, Sendable {
    /// The window's title.
    public var title: String
    /// The frame's size in pixels.
    public var size: Size
    /// Whether the window is fullscreen (F11).
    public var fullscreen: Bool
    /// Whether the key table shows: a key or click then only hides it.
    public var showsKeys: Bool
    /// Whether the HUD or bar shows (text is needed).
    public var showsHUD: Bool
    /// The text's size in pixels.
    public var textPixelSize: Int
    /// Whether the query line is open: keys type into it.
    public var showsQuery = false
}
