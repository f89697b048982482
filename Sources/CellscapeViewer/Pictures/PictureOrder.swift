import CellscapePictures

/// The order a feed's pictures show in: one array of ids, and its inverse. Sorting, the trash,
/// removals and pictures that join change this alone; everything else is kept by id.
public struct PictureOrder: Sendable {
    /// The pictures shown, in order.
    public private(set) var ids: [PictureID] = []
    /// Each id's position; -1 for a picture not shown (pages of pictures gone are let go).
    private var positions = PictureTable<Int>(empty: -1)
    /// Counts the changes to the order: whoever follows it (the force view's cells) looks again when it moves.
    public private(set) var version = 0
    /// Counts the changes other than pictures shown after the others: a grid that lays them out in
    /// turn places those as they come, and lays out anew only when this moves.
    public private(set) var rearrangements = 0
    /// For each picture that stopped showing since ``forgetDepartures()``, the picture that took its
    /// place: the next that stayed, else the last before it. A selection follows it.
    private var departures: [PictureID: PictureID] = [:]

    /// An empty order.
    public init() {}

    /// How many pictures show.
    public var count: Int { ids.count }

    /// The picture at `position`.
    public subscript(position: Int) -> PictureID { ids[position] }

    /// Where picture `id` shows, or nil when it does not.
    public func position(of id: PictureID) -> Int? {
        let position = positions[id]
        return position >= 0 ? position : nil
    }

    /// How many pages of the ids' positions are held (``PictureTable``): the order's memory.
    var pagesHeld: Int { positions.pagesHeld }

    /// Whether picture `id` shows.
    public func contains(_ id: PictureID) -> Bool { position(of: id) != nil }

    /// Shows `more` after the others.
    mutating func append(_ more: [PictureID]) {
        version += 1
        for id in more {
            positions[id] = ids.count
            ids.append(id)
        }
    }

    /// Shows the pictures in `newOrder`; those it leaves out no longer show.
    mutating func replace(with newOrder: [PictureID]) {
        version += 1
        rearrangements += 1
        let before = ids
        ids = newOrder
        for (position, id) in ids.enumerated() { positions[id] = position }
        // Those left out no longer show (set after the others, so no page is let go and made again).
        for id in before {
            let position = positions[id]
            if position >= 0 && (position >= ids.count || ids[position] != id) { positions[id] = -1 }
        }
        noteDepartures(from: before)
    }

    /// The picture `id` if it shows, else the one that took its place when it went (following those
    /// that went since), nil when none did.
    public func successor(of id: PictureID) -> PictureID? {
        var current = id
        for _ in 0...departures.count {
            if contains(current) { return current }
            guard let next = departures[current] else { return nil }
            current = next
        }
        return nil
    }

    /// Forgets which pictures took the places of those that went: whoever follows the order has.
    mutating func forgetDepartures() {
        departures.removeAll()
    }

    /// Notes who takes the place of each picture of `before` that no longer shows, in one pass.
    private mutating func noteDepartures(from before: [PictureID]) {
        var next: PictureID?
        var last: [PictureID] = []
        for id in before.reversed() {
            if contains(id) {
                next = id
            } else if let next {
                departures[id] = next
            } else {
                last.append(id)
            }
        }
        // Those after the last that stayed give their places to it.
        if let stayed = before.last(where: { contains($0) }) { for id in last { departures[id] = stayed } }
    }

    /// Shows each of `entries` just before the picture now at `before` (`count`: at the end), in one
    /// pass however many join; entries with the same place keep their order.
    mutating func insert(_ entries: [(id: PictureID, before: Int)]) {
        guard !entries.isEmpty else { return }
        let sorted = entries.enumerated().sorted {
            $0.element.before != $1.element.before ? $0.element.before < $1.element.before : $0.offset < $1.offset
        }.map(\.element)
        var merged: [PictureID] = []
        merged.reserveCapacity(ids.count + entries.count)
        var next = 0
        for (position, id) in ids.enumerated() {
            while next < sorted.count && sorted[next].before <= position {
                merged.append(sorted[next].id)
                next += 1
            }
            merged.append(id)
        }
        merged += sorted[next...].map(\.id)
        replace(with: merged)
    }
}
