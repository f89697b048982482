/// The sources shown before and after the one that shows, as a browser keeps its pages: each waterfall
/// as it was left (scroll, selection, open picture, marks, the pages read), its feed parked.
///
/// Bounded: past ``bound`` sources kept, the oldest is closed, and only what opens it again and where
/// it was left are kept (its pages then come from the cache of downloads); going somewhere new closes
/// the sources forward of it.
struct SourceHistory {
    /// A source left: its waterfall as it was, or, closed, where it was.
    enum Visit {
        case kept(WaterfallScene)
        case closed(SourcePlace)
    }

    private(set) var back: [Visit] = []
    private(set) var forward: [Visit] = []

    /// How many sources are kept in memory, back and forward.
    static let bound = 8

    /// Leaves `current` for a new source: it goes back, those forward are closed.
    mutating func leave(_ current: WaterfallScene) {
        current.pictures?.park()
        back.append(.kept(current))
        for visit in forward { Self.close(visit) }
        forward.removeAll()
        keepBound()
    }

    /// Takes the visit `move` goes to, `current` going the other way; nil when there is none. A closed
    /// visit is left in place: ``arrive(_:leaving:)`` takes it once its source opened again.
    mutating func move(_ move: HistoryMove, from current: WaterfallScene) -> Visit? {
        guard let visit = move == .back ? back.last : forward.last else { return nil }
        guard case .kept(let scene) = visit else { return visit }
        arrive(move, leaving: current)
        scene.pictures?.resume()
        return visit
    }

    /// Moves `move`'s way: the visit there leaves its stack and `current`, parked, joins the other.
    mutating func arrive(_ move: HistoryMove, leaving current: WaterfallScene) {
        current.pictures?.park()
        if move == .back {
            back.removeLast()
            forward.append(.kept(current))
        } else {
            forward.removeLast()
            back.append(.kept(current))
        }
        keepBound()
    }

    /// Whether the next visit `move`'s way is the closed source `place`.
    func leadsTo(_ move: HistoryMove, _ place: SourcePlace) -> Bool {
        guard case .closed(let next) = move == .back ? back.last : forward.last else { return false }
        return next == place
    }

    /// Closes the sources kept (the window closed).
    mutating func closeAll() {
        for visit in back + forward { Self.close(visit) }
        back.removeAll()
        forward.removeAll()
    }

    /// Closes the kept sources farthest back (then forward) past the bound: a named one keeps its place.
    private mutating func keepBound() {
        let kept = { (visits: [Visit]) in visits.count { if case .kept = $0 { true } else { false } } }
        while kept(back) + kept(forward) > Self.bound {
            if let index = back.firstIndex(where: { if case .kept = $0 { true } else { false } }) {
                back[index] = Self.closed(back[index])
                if case .kept = back[index] { back.remove(at: index) }
            } else if let index = forward.firstIndex(where: { if case .kept = $0 { true } else { false } }) {
                forward[index] = Self.closed(forward[index])
                if case .kept = forward[index] { forward.remove(at: index) }
            }
        }
    }

    /// `visit` closed: its place when its source has a name, else itself (to be dropped).
    private static func closed(_ visit: Visit) -> Visit {
        guard case .kept(let scene) = visit else { return visit }
        close(visit)
        guard let name = scene.sourceName else { return visit }
        return .closed(SourcePlace(name: name, scroll: scene.scrollOffset, selection: scene.selection))
    }

    private static func close(_ visit: Visit) {
        if case .kept(let scene) = visit { scene.pictures?.closeSources() }
    }
}
