import CX11
import CellscapeViewer

/// Carries out what the user asked be done outside the viewer (a replay does nothing of it): opening
/// with the desktop, the selections offered and answered, the trash, the key-handler, saving; what
/// became of each goes back to the model as a change or a line in the bar.
final class DesktopRequests {
    private let window: X11Window
    private let saver: PictureSaver
    private lazy var selection = X11Selection(window: window)
    private var launcher = DesktopLauncher()
    private var keyHandler = KeyHandlerRunner()
    private lazy var trash = TrashActions()

    init(window: X11Window, pictures: PictureFeed?, saveFolder: String) {
        self.window = window
        var wake: @Sendable () -> Void = {}
        if let pictures { wake = pictures.wakeLoop }
        saver = PictureSaver(folder: saveFolder, wake: wake)
    }

    /// Whether a key-handler runs: it is looked after every tenth of a second, to reload what it changed.
    var isRunningKeyHandler: Bool { keyHandler.isRunning }

    /// Answers the programs that ask for the paths copied, takes what finished since the last turn and
    /// carries out the scheduler's requests.
    func carryOut(_ translator: inout EventTranslator, driver: ViewerDriver, scheduler: FrameScheduler) {
        let (asked, lost, pastes, pasted) = translator.takeSelectionEvents()
        for selectionName in lost { selection.lost(selectionName) }
        for request in asked { selection.answer(request) }
        for name in pastes { selection.request(name) }
        // A paste types into the query line as keys do; a replay takes no input of the window's.
        for answer in pasted where scheduler.replay == nil {
            guard let text = selection.read(answer), !text.isEmpty else { continue }
            driver.send(.text(text))
            scheduler.changed()
        }
        launcher.reap()
        for run in keyHandler.finished() {
            driver.apply(.changed(run.paths))
            if let failure = run.failure { tell(failure, driver) }
            scheduler.changed()
        }
        for message in saver.takeMessages() {
            if message.failed { tell(message.text, driver) } else { driver.say(message.text) }
            scheduler.changed()
        }
        for request in scheduler.requests() {
            carryOut(request, driver: driver)
            scheduler.changed()
        }
    }

    private func carryOut(_ request: PictureRequest, driver: ViewerDriver) {
        switch request {
        case .openWithDesktop(let paths): launcher.open(paths).map { tell($0, driver) }
        // The bar says what was copied (the model said it with the request).
        case .copyPaths(let paths): selection.offer(paths.joined(separator: "\n"))
        case .trash(let paths):
            let (moved, problems) = trash.trash(paths)
            for problem in problems { reportLine(problem) }
            driver.apply(.removed(moved))
            driver.say(TrashActions.trashed(moved.count, problems: problems))
        case .runKeyHandler(let key, let paths): keyHandler.run(key: key, paths: paths).map { tell($0, driver) }
        case .save(let saved):
            driver.say("saving \(saved.count) into \(saver.readableFolder)")
            let pictures = driver.pictures
            saver.save(saved) { item, answer in pictures?.original(of: item, answer: answer) }
        case .undoTrash:
            let (restored, problems) = trash.undo()
            for problem in problems { reportLine(problem) }
            driver.apply(.restored(restored))
            driver.say(TrashActions.restored(restored.count, problems: problems))
        }
    }

    /// Says `line` on standard error and in the window's bar.
    private func tell(_ line: String, _ driver: ViewerDriver) {
        reportLine(line)
        driver.say(line)
    }
}
