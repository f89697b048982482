/// A block of memory for plain values that grows when asked and never shrinks.
///
/// The simulation keeps one per scratch array, so that once warm a step allocates nothing. The memory
/// is not initialised: every element must be written before it is read. For trivial types only.
///
/// Its stored properties, like those of the other scratch classes of a step (the tree, the lists and
/// grids), skip Swift's run-time exclusivity checks: they are read in the innermost loops, each object
/// belongs to one step (or one worker), and the checks cost a large share of a small step.
package final class ScratchBuffer<Element> {
    @exclusivity(unchecked) package private(set) var pointer: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) package private(set) var capacity: Int

    package init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        pointer = .allocate(capacity: self.capacity)
    }

    deinit {
        pointer.deallocate()
    }

    /// Makes room for at least `count` elements, keeping the first `kept` ones.
    @inline(__always)
    package func reserve(_ count: Int, keeping kept: Int = 0) {
        if count > capacity { grow(to: count, keeping: kept) }
    }

    private func grow(to count: Int, keeping kept: Int) {
        let newCapacity = max(count, capacity * 2)
        let newPointer = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newPointer.initialize(from: pointer, count: kept)
        pointer.deallocate()
        pointer = newPointer
        capacity = newCapacity
    }
}
