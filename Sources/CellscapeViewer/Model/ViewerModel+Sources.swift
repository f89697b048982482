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

    /// Shows `feed`, named `name` (the address or folder it was opened by), instead of the source
    /// that shows, which goes back in the history; the waterfall starts at its top, with the options it
    /// started with.
    public mutating func show(_ feed: PictureFeed, name: String) {
        show(feed, name: name, for: SourceRequest(query: name))
    }

    /// Shows `feed` as `request` asked: a new source, or one the history closed, back where it was.
    mutating func show(_ feed: PictureFeed, name: String, for request: SourceRequest) {
        var options = waterfall.options
        options.size = size
        options.showsHUD = waterfall.showsHUD
        options.opensPicture = nil
        options.startsSlideshow = false
        options.sourceName = name
        if let revisit = request.revisit {
            // Moved elsewhere meanwhile: it is no longer where the history goes.
            guard history.leadsTo(revisit.move, revisit.place) else { return feed.closeSources() }
            history.arrive(revisit.move, leaving: waterfall)
        } else {
            history.leave(waterfall)
        }
        switchTo(WaterfallScene(options: options, pictures: feed))
        restoring = request.revisit?.place
        restorePlace()
    }

    /// Scrolls towards the place a source opened again was left, as far as its pictures reach now (on
    /// as its next pages join), and selects its tile once laid out.
    mutating func restorePlace() {
        guard let place = restoring else { return }
        waterfall.scroll(toOffset: place.scroll)
        if let tile = place.selection, tile < waterfall.itemCount { waterfall.selection = tile }
        let tileShown = place.selection.map { $0 < waterfall.itemCount } ?? true
        if waterfall.scrollOffset >= place.scroll - 0.5 && tileShown { restoring = nil }
    }

    /// Whether a source was shown before this one, or after it.
    public var canGoBack: Bool { !history.back.isEmpty }
    public var canGoForward: Bool { !history.forward.isEmpty }

    private mutating func goBack() { go(.back) }

    private mutating func goForward() { go(.forward) }

    /// Back or forward: a source kept shows at once; one closed opens again, where it was left.
    private mutating func go(_ move: HistoryMove) {
        switch history.move(move, from: waterfall) {
        case nil: say(move == .back ? "nothing back" : "nothing forward")
        case .kept(let scene): switchTo(scene)
        case .closed(let place):
            var request = SourceRequest(query: place.name)
            request.revisit = Revisit(move: move, place: place)
            sourceRequests.append(request)
            say("opening \(place.name) again")
        }
    }

    /// Shows `scene` in the waterfall, at the window's size; the force view's cells follow its pictures.
    private mutating func switchTo(_ scene: WaterfallScene) {
        restoring = nil
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
