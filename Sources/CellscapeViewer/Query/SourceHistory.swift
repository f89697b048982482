/// The sources shown before and after the one that shows, as a browser keeps its pages: each waterfall
/// as it was left (scroll, selection, open picture, marks, the pages read), its feed parked.
///
/// Bounded: past ``bound`` sources back, the oldest is closed and forgotten, and going somewhere new
/// closes the sources forward of it.
struct SourceHistory {
    /// A source left: its waterfall as it was.
    typealias Visit = WaterfallScene

    private(set) var back: [Visit] = []
    private(set) var forward: [Visit] = []

    /// How many sources back are kept.
    static let bound = 8

    /// Leaves `current` for a new source: it goes back, those forward are closed, and the oldest past
    /// the bound.
    mutating func leave(_ current: Visit) {
        current.pictures?.park()
        back.append(current)
        for visit in forward { visit.pictures?.closeSources() }
        forward.removeAll()
        while back.count > Self.bound { back.removeFirst().pictures?.closeSources() }
    }

    /// The source back from `current` (which goes forward), if any.
    mutating func goBack(from current: Visit) -> Visit? {
        guard let visit = back.popLast() else { return nil }
        current.pictures?.park()
        forward.append(current)
        visit.pictures?.resume()
        return visit
    }

    /// The source forward from `current` (which goes back), if any.
    mutating func goForward(from current: Visit) -> Visit? {
        guard let visit = forward.popLast() else { return nil }
        current.pictures?.park()
        back.append(current)
        visit.pictures?.resume()
        return visit
    }

    /// Closes every source kept (the window closed).
    mutating func closeAll() {
        for visit in back + forward { visit.pictures?.closeSources() }
        back.removeAll()
        forward.removeAll()
    }
}
