/// Work waiting for a worker, in levels of priority, first in first out within a level (as Nuke's
/// `WorkQueue`): taking the next piece costs no scan of everything waiting, and each piece has a
/// handle that moves it to a better level or cancels it.
struct WorkQueue<Work: Sendable>: Sendable {
    /// A piece of work in the queue, to move or cancel it.
    struct Handle: Hashable, Sendable {
        fileprivate let number: Int
    }

    /// How urgent a piece of work is, most urgent first.
    enum Level: Int, CaseIterable, Comparable, Sendable {
        /// The open picture's animation frames, then its image, then its neighbours'.
        case openFrames, open, neighbours
        /// What the window shows.
        case onScreen
        /// A screen ahead in the scroll direction, then a screen behind.
        case ahead, behind

        static func < (first: Level, second: Level) -> Bool { first.rawValue < second.rawValue }
    }

    private struct Entry: Sendable {
        let handle: Handle
        var level: Level
        var work: Work
    }

    /// Each level's handles in the order they came, from `heads[level]` on; a handle whose entry moved
    /// or went is passed over when reached.
    private var levels = Array(repeating: [Handle](), count: Level.allCases.count)
    private var heads = Array(repeating: 0, count: Level.allCases.count)
    private var entries: [Handle: Entry] = [:]
    private var nextNumber = 0

    /// An empty queue.
    init() {}

    /// How many pieces wait.
    var count: Int { entries.count }

    /// Adds `work` at `level`; returns its handle.
    mutating func enqueue(_ work: Work, at level: Level) -> Handle {
        let handle = Handle(number: nextNumber)
        nextNumber += 1
        entries[handle] = Entry(handle: handle, level: level, work: work)
        levels[level.rawValue].append(handle)
        return handle
    }

    /// The work of `handle`, while it waits.
    func work(_ handle: Handle) -> Work? { entries[handle]?.work }

    /// The level `handle` waits at.
    func level(_ handle: Handle) -> Level? { entries[handle]?.level }

    /// Changes the work of `handle` in place, if it waits (more frames asked of an animation).
    mutating func update(_ handle: Handle, _ change: (inout Work) -> Void) {
        guard var entry = entries[handle] else { return }
        change(&entry.work)
        entries[handle] = entry
    }

    /// Moves `handle` to `level` when that is more urgent than where it waits; it goes last there.
    mutating func raise(_ handle: Handle, to level: Level) {
        guard var entry = entries[handle], level < entry.level else { return }
        entry.level = level
        entries[handle] = entry
        levels[level.rawValue].append(handle)
    }

    /// Takes `handle` out of the queue; returns its work.
    @discardableResult
    mutating func cancel(_ handle: Handle) -> Work? {
        entries.removeValue(forKey: handle)?.work
    }

    /// Takes out every piece whose work `matches`.
    mutating func cancelAll(where matches: (Work) -> Bool) {
        entries = entries.filter { !matches($0.value.work) }
    }

    /// The most urgent level with work waiting, if any.
    mutating func firstLevel() -> Level? {
        Level.allCases.first { level in
            compact(level)
            return heads[level.rawValue] < levels[level.rawValue].count
        }
    }

    /// Takes the first piece of the most urgent level that `isReady` accepts (at or above `limit`);
    /// pieces it refuses stay where they are, in their order. What the scan passed over is let go, so
    /// a piece refused for long (a busy animation's frames) costs no rescan of everything behind it.
    mutating func dequeue(through limit: Level = .behind, where isReady: (Work) -> Bool = { _ in true }) -> Work? {
        for level in Level.allCases where level <= limit {
            compact(level)
            let index = level.rawValue
            var refused: [Handle] = []
            var position = heads[index]
            var taken: Work?
            while position < levels[index].count {
                let handle = levels[index][position]
                if let entry = entries[handle], entry.level == level {
                    if isReady(entry.work) {
                        entries[handle] = nil
                        taken = entry.work
                        break
                    }
                    refused.append(handle)
                }
                position += 1
            }
            // Everything from the head to where the scan stopped was stale or refused: the refused
            // ones move up against it, in order, and the head follows them.
            let start = position - refused.count
            for (offset, handle) in refused.enumerated() { levels[index][start + offset] = handle }
            heads[index] = start
            if let taken { return taken }
        }
        return nil
    }

    /// Passes over the handles at the head of `level` whose entries moved or went, and lets go of the
    /// part of the level already passed once it is large.
    private mutating func compact(_ level: Level) {
        let index = level.rawValue
        while heads[index] < levels[index].count {
            let handle = levels[index][heads[index]]
            guard let entry = entries[handle], entry.level == level else {
                heads[index] += 1
                continue
            }
            break
        }
        if heads[index] > 1024 && heads[index] * 2 > levels[index].count {
            levels[index].removeFirst(heads[index])
            heads[index] = 0
        }
    }
}
