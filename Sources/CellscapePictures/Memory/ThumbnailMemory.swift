import CellscapeRender

/// Decoded thumbnails kept in memory by picture, bounded in bytes: adding one past the bound drops the ones used
/// least recently. Lookups and additions are O(1) (a dictionary over a doubly linked list in arrays).
public struct ThumbnailMemory {
    /// The most bytes of pixels kept.
    public private(set) var capacity: Int
    /// The bytes of pixels kept now.
    public private(set) var bytes = 0

    private struct Entry {
        var key: PictureID
        /// Nil once the slot is freed, so it keeps no pixels alive.
        var thumbnail: PixelImage?
        var cost: Int
        var newer: Int
        var older: Int
    }

    private var entries: [Entry] = []
    private var slots: [PictureID: Int] = [:]
    private var free: [Int] = []
    /// The most and the least recently used slots, or -1.
    private var newest = -1
    private var oldest = -1

    /// An empty memory of `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// How many thumbnails are kept.
    public var count: Int { slots.count }

    /// The thumbnail of `key`, now the most recently used, if kept.
    public mutating func thumbnail(for key: PictureID) -> PixelImage? {
        guard let slot = slots[key] else { return nil }
        touch(slot)
        return entries[slot].thumbnail
    }

    /// The thumbnail of `key`, if kept, without counting as a use (for drawing, which changes nothing).
    public func peek(_ key: PictureID) -> PixelImage? { slots[key].flatMap { entries[$0].thumbnail } }

    /// Counts `key` as used now, if kept.
    public mutating func use(_ key: PictureID) {
        if let slot = slots[key] { touch(slot) }
    }

    /// Whether `key` is kept, without counting as a use.
    public func contains(_ key: PictureID) -> Bool { slots[key] != nil }

    /// Keeps `thumbnail` for `key`, dropping the least recently used ones until the bound holds; a
    /// thumbnail larger than the whole bound is not kept.
    public mutating func insert(_ thumbnail: PixelImage, for key: PictureID) {
        remove(key)
        let cost = thumbnail.capacity * 4
        guard cost <= capacity else { return }
        while bytes + cost > capacity, oldest >= 0 { remove(entries[oldest].key) }
        let entry = Entry(key: key, thumbnail: thumbnail, cost: cost, newer: -1, older: newest)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            entries[slot] = entry
        } else {
            slot = entries.count
            entries.append(entry)
        }
        if newest >= 0 { entries[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
        slots[key] = slot
        bytes += cost
    }

    /// Changes the bound, dropping the thumbnails used least recently until the new one holds (the
    /// feed gives room to animation frames this way).
    public mutating func setCapacity(_ capacity: Int) {
        self.capacity = max(0, capacity)
        while bytes > self.capacity, oldest >= 0 { remove(entries[oldest].key) }
    }

    /// Drops the thumbnail of `key`, if kept.
    public mutating func remove(_ key: PictureID) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        bytes -= entries[slot].cost
        entries[slot].thumbnail = nil
        free.append(slot)
    }

    private mutating func touch(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        entries[slot].older = newest
        entries[slot].newer = -1
        if newest >= 0 { entries[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (entries[slot].newer, entries[slot].older)
        if newer >= 0 { entries[newer].older = older } else { newest = older }
        if older >= 0 { entries[older].newer = newer } else { oldest = newer }
    }
}
