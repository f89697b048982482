/// Switching sources: what the query line asks is opened at once and shown once it has pictures, the
/// source that shows staying until then (a query that fails leaves it as it was).
extension ViewerDriver {
    /// Opens what the model's query line asked for after `command`, and shows a source the input says
    /// is ready.
    func afterInput(_ command: ViewerCommand) {
        for request in model.takeSourceRequests() { open(request) }
        switch command {
        case .showSource(let name): showPending(named: name)
        case .text, .key(.openQuery), .edit(.deleteBackward), .edit(.deleteWord), .edit(.deleteToStart):
            guard let typed = model.query?.text else { break }
            model.query?.suggestions = opener?.suggestions(for: typed) ?? []
            // A replay's line shows what its recording typed; no server is asked.
            if !replaysSources { suggestions.typed(typed, now: model.waterfall.clock.now) }
        case .edit(.submit), .edit(.cancel): suggestions.cancel()
        default: break
        }
    }

    /// When the suggestions are next asked for, if typing paused.
    public var suggestionDeadline: UInt64? { suggestions.deadline }

    /// Asks the server for suggestions if typing has paused long enough.
    public func askSuggestionsIfDue() {
        suggestions.askIfDue(now: model.waterfall.clock.now, opener: opener)
    }

    /// Shows the server's suggestions that came, after the recent queries, when the line still says
    /// what they answer; returns whether the line changed.
    public func takeSuggestions() -> Bool {
        guard let answer = suggestions.take(), let line = model.query, line.text == answer.typed else { return false }
        var merged = opener?.suggestions(for: line.text) ?? []
        for word in answer.words where !merged.contains(word) && word != line.text { merged.append(word) }
        model.query?.suggestions = Array(merged.prefix(QueryLine.suggestionLimit))
        return model.query != line
    }

    private func open(_ request: SourceRequest) {
        guard let opener else { return model.say("cannot open \(request.query): no sources here") }
        switch opener.open(request, recording: recordsSources) {
        case .success(let opened):
            pendingSource?.feed.closeSources()
            pendingSource = (opened.name, opened.feed, request)
        case .failure(let refusal): model.say(refusal.description)
        }
    }

    /// The name of the source opened once it can show, for the loop to send as
    /// ``ViewerCommand/showSource(_:)``; nil while it loads, or when none waits. One that ended with no
    /// picture is said on the bar and let go. A replay's sources show when the replay says.
    public func readySource() -> String? {
        guard !replaysSources, let (name, feed, _) = pendingSource else { return nil }
        feed.takeResults()
        let settled = !feed.isListing && !feed.sourcesLoading
        if recordsSources ? settled && feed.headersArrived == feed.count : feed.count > 0 {
            if feed.count + feed.sourcePicturesHeld > 0 { return name }
        }
        guard settled, feed.count + feed.sourcePicturesHeld == 0 else { return nil }
        model.say(feed.sourceProblem.map { "\(name): \($0)" } ?? "no pictures in \(name)")
        feed.closeSources()
        pendingSource = nil
        return nil
    }

    /// Shows the source opened as `name`; a replay waits until it has loaded, as its recording did.
    private func showPending(named name: String) {
        // A replay whose line chose another suggestion (the recent queries differ) opens the one recorded.
        if replaysSources, pendingSource?.name != name { open(SourceRequest(query: name)) }
        guard let (pendingName, feed, request) = pendingSource, pendingName == name else { return }
        pendingSource = nil
        if replaysSources {
            feed.waitForSources()
            feed.waitForAllHeaders()
        }
        model.show(feed, name: name, for: request)
    }

    /// Closes every source but the one that shows (the window closed): the history's and one opening.
    public func closeOtherSources() {
        pendingSource?.feed.closeSources()
        pendingSource = nil
        model.closeHistory()
    }

    /// Closes every source, the one that shows too: their pages and downloads are cancelled.
    public func closeSources() {
        closeOtherSources()
        pictures?.closeSources()
    }

    /// The pictures that show, if any.
    public var pictures: PictureFeed? { model.waterfall.pictures }

    /// Whether a source the query line opened is loading, not yet shown.
    public var isOpeningSource: Bool { pendingSource != nil }

    /// How many times a server was asked for suggestions.
    public var suggestionAsks: Int { suggestions.asks }
}
