import CellscapePictures

/// The order a feed's pictures show in: one array of ids, and its inverse. Sorting, the trash,
/// removals and pictures that join change this alone; everything else is kept by id.
public struct PictureOrder: Sendable {
    /// The pictures shown, in order.
    public private(set) var ids: [PictureID] = []
    /// Each id's position, by its raw value; -1 for a picture not shown.
    private var positions: [Int] = []
    /// Counts the changes to the order: whoever follows it (the force view's cells) looks again when it moves.
    public private(set) var version = 0

    /// An empty order.
    public init() {}

    /// How many pictures show.
    public var count: Int { ids.count }

    /// The picture at `position`.
    public subscript(position: Int) -> PictureID { ids[position] }

    /// Where picture `id` shows, or nil when it does not.
    public func position(of id: PictureID) -> Int? {
        id.rawValue < positions.count && positions[id.rawValue] >= 0 ? positions[id.rawValue] : nil
    }

    /// Whether picture `id` shows.
    public func contains(_ id: PictureID) -> Bool { position(of: id) != nil }

    /// Shows `more` after the others.
    mutating func append(_ more: [PictureID]) {
        version += 1
        for id in more {
            grow(to: id)
            positions[id.rawValue] = ids.count
            ids.append(id)
        }
    }

    /// Shows the pictures in `newOrder`; those it leaves out no longer show.
    mutating func replace(with newOrder: [PictureID]) {
        version += 1
        for id in ids { positions[id.rawValue] = -1 }
        ids = newOrder
        for (position, id) in ids.enumerated() {
            grow(to: id)
            positions[id.rawValue] = position
        }
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

    private mutating func grow(to id: PictureID) {
        if id.rawValue >= positions.count { positions += repeatElement(-1, count: id.rawValue + 1 - positions.count) }
    }
}
