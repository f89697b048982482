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
    private let scheduler: FrameScheduler
    private var translator = EventTranslator()
    private var announcedReady = false
    private var recorder: SessionRecorder?
    private var shown: WindowPlan
    private let requests: DesktopRequests
    private let inputMethod: X11InputMethod
    /// How long every frame and the longest turn of the loop took, for `--frame-times`.
    public private(set) var frameTimes = FrameTimes()

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
            force: options.scene, waterfall: options.waterfall, pictures: pictures, view: options.view)
        driver.opener = options.opener
        driver.recordsSources = options.recording != nil || options.replay != nil
        driver.replaysSources = options.replay != nil
        scheduler = FrameScheduler(driver: driver, framesPerSecond: options.framesPerSecond, replay: options.replay)
        self.connection = connection
        let size = options.scene.size
        shown = scheduler.window
        shown.fullscreen = false
        window = try X11Window(
            connection: connection, size: size,
            title: shown.title, icon: options.iconPath.flatMap { try? PNGFile.read(from: $0) })
        inputMethod = X11InputMethod(window: window)
        requests = DesktopRequests(window: window, pictures: pictures, saveFolder: options.saveFolder)
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
        if let frames = driver.pictures?.animations.animationFrames { frameTimes.addAnimationFrames(frames) }
        recorder?.finish()
        options.onExit?(scheduler.state, driver.pictures)
        // The window closed: every source's pages and downloads are cancelled, none started after.
        driver.closeSources()
    }

    /// Turns until the window closes or the model quits: X events in as commands, the scheduler's
    /// frame drawn and presented, then a sleep until the scheduler's next deadline or input.
    private func loop() {
        while true {
            let woke = monotonicNanoseconds()
            translator.keyTableShows = shown.showsKeys
            translator.queryOpen = shown.showsQuery
            drainEvents()
            scheduler.isMapped = translator.isMapped
            if translator.takeExposed() { scheduler.changed() }
            scheduler.take(translator.take(), now: monotonicNanoseconds())
            requests.carryOut(&translator, driver: driver, scheduler: scheduler)
            scheduler.takeProgress(now: monotonicNanoseconds())
            if translator.closeRequested || scheduler.wantsQuit || signals.hasFired { return }
            // What the window shows besides the frame, once a turn: a step changes none of it.
            let plan = scheduler.window
            if plan.fullscreen != shown.fullscreen { window.setFullscreen(plan.fullscreen) }
            if plan.title != shown.title { window.setTitle(plan.title) }
            shown = plan
            var now = monotonicNanoseconds()
            if let drawing = scheduler.beginFrame(now: now) {
                drawFrame(drawing, plan: plan, started: now)
                scheduler.frameDrawn(started: now)
                now = monotonicNanoseconds()
                frameTimes.addFrame(now - woke)
            } else {
                frameTimes.addTurn(now - woke)
            }
            // A key-handler that runs is looked after every tenth of a second, to reload what it changed.
            let handler = requests.isRunningKeyHandler ? [now + 100_000_000] : []
            waitForInput(timeout: scheduler.timeout(now: now, also: handler))
        }
    }

    /// One frame as the scheduler asks it: step, draw (whole, or clipped to the parts animations
    /// changed), present, sync; the timings go to the HUD.
    private func drawFrame(_ drawing: FrameScheduler.Drawing, plan: WindowPlan, started: UInt64) {
        driver.advance()
        let stepped = monotonicNanoseconds()
        if !triedFont && plan.showsHUD { loadFont(pixelSize: plan.textPixelSize) }
        let resized = presenter.resize(width: Int(plan.size.width), height: Int(plan.size.height))
        var regions: [Rect]?
        if case .regions(let parts) = drawing, !resized { regions = parts }
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
        let finished = monotonicNanoseconds()
        driver.record(start: started, step: stepped - started, frame: finished - started)
        if !announcedReady {
            announcedReady = true
            writeLine("ready window=0x\(String(window.id, radix: 16))", to: options.readyDescriptor)
        }
    }

    /// Loads the HUD's font once; without one the HUD is left out, said once on standard error.
    private func loadFont(pixelSize: Int) {
        triedFont = true
        do {
            text = try TextRenderer(pixelSize: pixelSize)
        } catch {
            reportLine("no HUD text: \(error)")
        }
    }

    private func drainEvents() {
        let display = connection.display
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            if inputMethod.filter(&event) { continue }
            var nextIsMotion = false
            if event.type == MotionNotify, XPending(display) > 0 {
                var next = XEvent()
                XPeekEvent(display, &next)
                nextIsMotion = next.type == MotionNotify
            }
            translator.record(
                &event, deleteMessage: window.deleteMessage, nextIsMotion: nextIsMotion, inputMethod: inputMethod)
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
