/// Typed memory that the chunks of one parallel loop share: each element is written by at most one
/// chunk (its own cells, slots or rows), and an element that no chunk of the loop writes may be read
/// by any.
///
/// A plain value of plain elements, so a `@Sendable` loop body may capture it where the compiler
/// refuses a pointer; which elements a chunk writes is the loop's promise, stated beside the loop.
/// Elements are `BitwiseCopyable`, so no object is ever shared through one.
@frozen
public struct DisjointBuffer<Element: BitwiseCopyable>: Sendable {
    /// The first element. (Unsafe: a pointer is not `Sendable`; the elements' writers are disjoint.)
    nonisolated(unsafe) public let base: UnsafeMutablePointer<Element>

    /// The memory at `base`, which the caller keeps allocated while the buffer is used.
    @inlinable @inline(__always)
    public init(_ base: UnsafeMutablePointer<Element>) {
        self.base = base
    }

    /// The element at `index`.
    @inlinable
    public subscript(index: Int) -> Element {
        @inline(__always) get { base[index] }
        @inline(__always) nonmutating set { base[index] = newValue }
    }
}

extension ScratchBuffer where Element: BitwiseCopyable {
    /// The buffer's memory, for the chunks of a parallel loop; valid until it grows.
    @inline(__always)
    package var shared: DisjointBuffer<Element> { DisjointBuffer(pointer) }
}
