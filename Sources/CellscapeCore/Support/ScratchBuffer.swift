/// A block of memory for plain values that grows when asked and never shrinks.
///
/// The simulation keeps one per scratch array, so that once warm a step allocates nothing. The memory
/// is not initialised: every element must be written before it is read. For trivial types only.
final class ScratchBuffer<Element> {
    private(set) var pointer: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        pointer = .allocate(capacity: self.capacity)
    }

    deinit {
        pointer.deallocate()
    }

    /// Makes room for at least `count` elements, keeping the first `kept` ones.
    @inline(__always)
    func reserve(_ count: Int, keeping kept: Int = 0) {
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
