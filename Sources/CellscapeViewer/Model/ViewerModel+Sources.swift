import CellscapeLayout

/// The query line and the sources' history: what to show instead is typed in the bar, and back and
/// forward go between the sources shown, each where it was left.
extension ViewerModel {
    /// Applies a command of the query line or the history.
    mutating func handleSources(_ command: ViewerCommand) {
        switch command {
        case .key(.openQuery): query = query ?? QueryLine()
        case .text(let typed): query?.insert(typed)
        case .edit(let edit): self.edit(edit)
        case .key(.historyBack): goBack()
        case .key(.historyForward): goForward()
        default: break
        }
    }

    private mutating func edit(_ edit: QueryEdit) {
        guard var line = query else { return }
        if line.apply(edit) {
            query = line
            return
        }
        query = nil
        guard edit == .submit, !line.query.isEmpty else { return }
        sourceRequests.append(SourceRequest(query: line.query, kind: line.kind))
        say("opening \(line.query)")
    }

    /// Hands over what the query line asked to show since the last call.
    public mutating func takeSourceRequests() -> [SourceRequest] {
        defer { sourceRequests.removeAll() }
        return sourceRequests
    }

    /// Shows `feed` instead of the source that shows, which goes back in the history; the waterfall
    /// starts at its top, with the options it started with.
    public mutating func show(_ feed: PictureFeed) {
        history.leave(waterfall)
        var options = waterfall.options
        options.size = size
        options.showsHUD = waterfall.showsHUD
        options.opensPicture = nil
        options.startsSlideshow = false
        switchTo(WaterfallScene(options: options, pictures: feed))
    }

    /// Whether a source was shown before this one, or after it.
    public var canGoBack: Bool { !history.back.isEmpty }
    public var canGoForward: Bool { !history.forward.isEmpty }

    private mutating func goBack() {
        guard let visit = history.goBack(from: waterfall) else { return say("nothing back") }
        switchTo(visit)
    }

    private mutating func goForward() {
        guard let visit = history.goForward(from: waterfall) else { return say("nothing forward") }
        switchTo(visit)
    }

    /// Shows `scene` in the waterfall, at the window's size; the force view's cells follow its pictures.
    private mutating func switchTo(_ scene: WaterfallScene) {
        waterfall = scene
        if waterfall.size != size { waterfall.handle(.resize(size)) }
        var forceOptions = force.options
        forceOptions.size = size
        force = ForceScene(options: forceOptions, pictures: scene.pictures)
        view = .waterfall
    }

    /// Closes the sources the history keeps (the window closed); the one that shows is the caller's.
    public mutating func closeHistory() {
        history.closeAll()
    }
}
