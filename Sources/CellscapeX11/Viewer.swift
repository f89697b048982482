import CX11
import CellscapeLayout
import CellscapeRender
import CellscapeViewer

#if canImport(Glibc)
    import Glibc
#endif

/// The X11 viewer: a window showing the force and waterfall views, driven by one main loop.
///
/// The loop drains X events (handlers only record commands), sends them through the ``ViewerDriver``
/// (the path headless replay and the benches take too), steps and draws once per frame deadline,
/// presents and syncs, then sleeps in `poll()` until the next deadline, or without a timeout when
/// nothing animates: a settled window uses no CPU. A replayed session sends its inputs instead of the
/// user's, before the same frames.
public final class Viewer {
    private let options: ViewerOptions
    private let connection: X11Connection
    private let window: X11Window
    private let presenter: X11Presenter
    private let signals = SignalPipe()
    private let rasterizer = CircleRasterizer()
    private var text: TextRenderer?
    private var triedFont = false
    private let driver: ViewerDriver
    private var translator = EventTranslator()
    private var announcedReady = false
    private var recorder: SessionRecorder?
    private var replayed = 0
    private var title: String
    private var slideshow = SlideshowClock()
    private lazy var selection = X11Selection(window: window)
    private var launcher = DesktopLauncher()
    private var keyHandler = KeyHandlerRunner()
    private lazy var trash = TrashActions()
    private var fullscreen = false
    /// How long every frame and the longest turn of the loop took, for `--frame-times`.
    public private(set) var frameTimes = FrameTimes()
    /// What changed since the last frame when only animations moved on: their tiles.
    private var damage: [Rect] = []

    /// Opens the window showing `pictures` if given; throws when there is no display or it cannot show
    /// the frames.
    public convenience init(options: ViewerOptions, pictures: PictureFeed? = nil) throws(ViewerError) {
        try self.init(options: options, pictures: pictures, connection: X11Connection(displayName: options.displayName))
    }

    /// Opens the window on `connection`, the process's one connection to the display (the command line
    /// opens it first to read the display's scale).
    package init(options: ViewerOptions, pictures: PictureFeed?, connection: X11Connection) throws(ViewerError) {
        self.options = options
        driver = ViewerDriver(
            model: ViewerModel(
                force: options.scene, waterfall: options.waterfall, pictures: pictures, view: options.view))
        self.connection = connection
        let size = options.scene.size
        title = driver.model.title
        window = try X11Window(
            connection: connection, size: size,
            title: title, icon: options.iconPath.flatMap { try? PNGFile.read(from: $0) })
        presenter = X11Presenter(
            window: window, width: Int(size.width), height: Int(size.height), sharedMemory: options.sharedMemory)
        if let recording = options.recording {
            let recorder = SessionRecorder(header: recording.header, driver: driver, write: recording.write)
            self.recorder = recorder
            X11Connection.onLost = { recorder.finish() }
        }
        window.map()
        if options.fullscreen { driver.send(.key(.toggleFullscreen)) }
    }

    /// Whether frames go through MIT-SHM.
    public var usesSharedMemory: Bool { presenter.usesSharedMemory }

    /// Runs until the window is closed, `q` or Escape is pressed, or SIGINT or SIGTERM arrives; then ends
    /// the recording and hands the final state to ``ViewerOptions/onExit``.
    public func run() {
        loop()
        recorder?.finish()
        options.onExit?(ViewerState(of: driver.model))
    }

    private func loop() {
        let interval = UInt64(1_000_000_000 / max(1, options.framesPerSecond))
        var deadline = monotonicNanoseconds()
        var wasIdle = true
        while true {
            let woke = monotonicNanoseconds()
            translator.keyTableShows = driver.model.showsKeys
            drainEvents()
            let commands = translator.take()
            for command in commands where options.replay == nil || command == .key(.quit) { driver.send(command) }
            if !commands.isEmpty { translator.needsDisplay = true }
            sendReplayedEvents()
            if options.replay == nil, let step = slideshow.due(for: driver.model, now: monotonicNanoseconds()) {
                driver.send(step)
                translator.needsDisplay = true
            }
            carryOutRequests()
            if driver.model.wantsFullscreen != fullscreen {
                fullscreen = driver.model.wantsFullscreen
                window.setFullscreen(fullscreen)
            }
            if driver.takePictureResults() { translator.needsDisplay = true }
            if driver.advanceAnimations(to: monotonicNanoseconds(), early: PictureFeed.frameCoalescing) {
                if let rects = driver.model.animationDamage { damage += rects } else { translator.needsDisplay = true }
            }
            if translator.closeRequested || driver.model.wantsQuit || signals.hasFired { return }
            let wantsFrame = wantsFrames
            var now = monotonicNanoseconds()
            if wantsFrame && now >= deadline {
                if wasIdle { driver.restartStatistics() }
                drawFrame(started: now)
                wasIdle = !driver.model.isAnimating
                deadline = max(deadline + interval, now)
                now = monotonicNanoseconds()
                frameTimes.addFrame(now - woke)
            } else {
                frameTimes.addTurn(now - woke)
            }
            waitForInput(timeout: timeout(now: now, frameDeadline: deadline))
        }
    }

    /// How long `poll()` may sleep, in milliseconds: until the next frame while something moves, until
    /// the next animation frame is due, or without a limit (-1) when nothing will change by itself.
    private func timeout(now: UInt64, frameDeadline: UInt64) -> Int32 {
        var wake: UInt64? = wantsFrames ? frameDeadline : nil
        // A key-handler that runs is looked after every tenth of a second, to reload what it changed.
        let handler = keyHandler.isRunning ? now + 100_000_000 : nil
        for due in [driver.model.nextAnimationDeadline, slideshow.deadline, handler].compactMap({ $0 }) {
            wake = min(wake ?? due, due)
        }
        guard let wake else { return -1 }
        // Rounded up: waking a little early would only spin until the deadline.
        return Int32(min(1000, (wake > now ? wake - now + 999_999 : 0) / 1_000_000))
    }

    /// Whether a frame is due at the next deadline: the window is mapped and something to show changed,
    /// moves, or a replayed session has frames or inputs left.
    private var wantsFrames: Bool {
        return translator.isMapped && (redrawsAll || !damage.isEmpty)
    }

    /// Whether the next frame is drawn whole: something other than animation frames changed.
    private var redrawsAll: Bool {
        return translator.needsDisplay || driver.model.isAnimating || isReplaying
    }

    /// Whether a replayed session has frames or inputs left: its last input may come at its last frame,
    /// after that frame is drawn, and the loop must turn once more to send it.
    private var isReplaying: Bool {
        guard let session = options.replay else { return false }
        return driver.frame < session.end.end || replayed < session.inputs.count
    }

    /// Does what the user asked be done outside the viewer (a replay does nothing of it), and answers
    /// the programs that ask for the paths copied.
    private func carryOutRequests() {
        let requests = driver.takeRequests()
        let (asked, lost) = translator.takeSelectionEvents()
        for selectionName in lost { selection.lost(selectionName) }
        for request in asked { selection.answer(request) }
        launcher.reap()
        for run in keyHandler.finished() {
            driver.apply(.changed(run.paths))
            if let failure = run.failure { tell(failure) }
            translator.needsDisplay = true
        }
        guard options.replay == nil else { return }
        for request in requests {
            switch request {
            case .openWithDesktop(let paths): launcher.open(paths).map(tell)
            case .copyPaths(let paths):
                selection.offer(paths.joined(separator: "\n"))
                driver.say(paths.count == 1 ? "copied the path" : "copied \(paths.count) paths")
            case .trash(let paths):
                let (moved, problems) = trash.trash(paths)
                for problem in problems { reportLine(problem) }
                driver.apply(.removed(moved))
                driver.say(TrashActions.trashed(moved.count, problems: problems))
            case .runKeyHandler(let key, let paths): keyHandler.run(key: key, paths: paths).map(tell)
            case .undoTrash:
                let (restored, problems) = trash.undo()
                for problem in problems { reportLine(problem) }
                driver.apply(.restored(restored))
                driver.say(TrashActions.restored(restored.count, problems: problems))
            }
            translator.needsDisplay = true
        }
    }

    /// Says `line` on standard error and in the window's bar.
    private func tell(_ line: String) {
        reportLine(line)
        driver.say(line)
    }

    /// Sends the replayed session's inputs that come before the next frame.
    private func sendReplayedEvents() {
        guard let session = options.replay else { return }
        while replayed < session.inputs.count && session.inputs[replayed].frame <= driver.frame {
            driver.send(session.inputs[replayed].command)
            replayed += 1
            translator.needsDisplay = true
        }
    }

    /// One frame: step, draw, present, sync; the timings go to the HUD.
    private func drawFrame(started: UInt64) {
        // Decided before the step: a fling's last step stops the scene moving, and that frame is drawn whole.
        let whole = redrawsAll
        driver.advance()
        let stepped = monotonicNanoseconds()
        if !triedFont && driver.model.showsHUD { loadFont() }
        let resized = presenter.resize(width: Int(driver.model.size.width), height: Int(driver.model.size.height))
        // Only animation frames moved on: their tiles are drawn again, clipped, and presented alone.
        let regions = whole || resized ? nil : DamagedRegions.merged(damage)
        damage.removeAll(keepingCapacity: true)
        driver.prepareFrame()
        let frame = presenter.framebuffer
        let clips: [Rect?] = regions ?? [nil]
        for clip in clips {
            frame.clip = clip
            driver.render(into: frame, rasterizer: rasterizer, text: text)
        }
        frame.clip = nil
        let pixels = regions.map { $0.reduce(0) { $0 + Int($1.width * $1.height) } } ?? frame.width * frame.height
        frameTimes.addPresent(pixels: pixels, partial: regions != nil)
        presenter.present(regions)
        let newTitle = driver.model.title
        if newTitle != title {
            title = newTitle
            window.setTitle(title)
        }
        translator.needsDisplay = false
        let finished = monotonicNanoseconds()
        driver.record(start: started, step: stepped - started, frame: finished - started)
        if !announcedReady {
            announcedReady = true
            writeLine("ready window=0x\(String(window.id, radix: 16))", to: options.readyDescriptor)
        }
    }

    /// Loads the HUD's font once; without one the HUD is left out, said once on standard error.
    private func loadFont() {
        triedFont = true
        do {
            text = try TextRenderer(pixelSize: driver.model.textPixelSize)
        } catch {
            reportLine("no HUD text: \(error)")
        }
    }

    private func drainEvents() {
        let display = connection.display
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            var nextIsMotion = false
            if event.type == MotionNotify, XPending(display) > 0 {
                var next = XEvent()
                XPeekEvent(display, &next)
                nextIsMotion = next.type == MotionNotify
            }
            translator.record(&event, deleteMessage: window.deleteMessage, nextIsMotion: nextIsMotion)
        }
    }

    /// Sleeps until the X connection or the signal pipe has something, or `timeout` milliseconds pass
    /// (-1: no limit); returns at once when Xlib already holds queued events.
    private func waitForInput(timeout: Int32) {
        guard XEventsQueued(connection.display, QueuedAfterFlush) == 0 else { return }
        var descriptors = [
            pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        // Finished pictures wake the loop (the main thread never waits for a decoder), and so do
        // pictures written into a folder shown.
        for descriptor in driver.descriptorsToPoll {
            descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    }
}
