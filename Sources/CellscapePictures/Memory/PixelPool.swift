import CellscapeLayout
import CellscapeRender
import Foundation

/// Blocks of pixel memory that framebuffers borrow and give back when they go away, so a viewer that
/// decodes picture after picture reuses the same few blocks and its resident memory stays flat,
/// instead of following the heap's fragmentation up.
///
/// Blocks are mapped from the system, not the heap, so what the pool lets go leaves at once; those mapped ahead for
/// later borrowers are written then, so what the pool keeps is resident. Every free block has the size of the largest
/// frame asked for so far. The first borrower reserves all ``keptBlocks`` at once, and a larger frame replaces every
/// free block at once (and each smaller one as it comes back), so the memory steps up when a larger frame is first
/// asked for and not as borrowers happen to overlap. A borrower finding no free block gets one mapped for it, unmapped
/// when given back past the kept ones; with no kept blocks, each framebuffer has a mapping of its own size. Safe from
/// any thread.
public final class PixelPool: Sendable {
    /// The most free blocks kept for the next borrower, all reserved by the first.
    public let keptBlocks: Int

    /// A mapped block: lent to one borrower at a time, under the pool's lock, so it may cross threads
    /// though a pointer is not `Sendable`.
    private struct Block: Sendable {
        nonisolated(unsafe) let memory: UnsafeMutablePointer<UInt32>
        let pixels: Int
    }

    private struct Blocks: Sendable {
        var free: [Block] = []
        var largest = 0
        var lent = 0
    }

    private let blocks = Guarded(Blocks())

    /// A pool keeping up to `keptBlocks` free blocks (0: none, each framebuffer mapped on its own).
    public init(keptBlocks: Int) {
        self.keptBlocks = max(0, keptBlocks)
    }

    deinit {
        for block in blocks.withLock({ $0.free }) { Self.unmap(block) }
    }

    /// How many blocks are lent and free now, and the pixels of the largest frame asked for.
    public var state: (lent: Int, free: Int, largestPixels: Int) {
        blocks.withLock { ($0.lent, $0.free.count, $0.largest) }
    }

    /// A `width` x `height` framebuffer over a pooled block, filled with `Color.background` as a new
    /// one is (a picture cut short leaves rows unwritten); a plain one if the system has no memory to map.
    public func framebuffer(width: Int, height: Int) -> Framebuffer {
        let width = max(1, width)
        let height = max(1, height)
        guard let block = borrow(width * height) else { return Framebuffer(width: width, height: height) }
        block.memory.update(repeating: Color.background.pixel, count: width * height)
        return Framebuffer(
            width: width, height: height, stride: width, rowCapacity: block.pixels / width, memory: block.memory
        ) { [self] memory in
            giveBack(Block(memory: memory, pixels: block.pixels))
        }
    }

    private func borrow(_ needed: Int) -> Block? {
        let (reused, stale, sizes): (Block?, [Block], [Int]) = blocks.withLock { blocks in
            blocks.lent += 1
            if needed > blocks.largest {
                // The borrower takes one of the blocks that replace the free ones.
                let count = blocks.largest == 0 ? max(1, keptBlocks) : max(1, blocks.free.count)
                blocks.largest = needed
                defer { blocks.free.removeAll() }
                return (nil, blocks.free, Array(repeating: needed, count: count))
            }
            if let index = blocks.free.lastIndex(where: { $0.pixels >= needed }) {
                return (blocks.free.remove(at: index), [], [])
            }
            // A block that may be kept is of the largest size, so it serves any borrower after.
            return (nil, [], [keptBlocks == 0 ? needed : blocks.largest])
        }
        if let reused { return reused }
        stale.forEach(Self.unmap)
        let kept = sizes.dropLast().compactMap { Self.map($0, written: true) }
        if !kept.isEmpty { blocks.withLock { $0.free += kept } }
        // The borrower's block is written once, by `framebuffer`, over the pixels it uses.
        guard let size = sizes.last, let block = Self.map(size, written: false) else {
            blocks.withLock { $0.lent -= 1 }
            return nil
        }
        return block
    }

    private func giveBack(_ block: Block) {
        let (kept, size) = blocks.withLock { blocks in
            blocks.lent -= 1
            let kept = blocks.free.count < keptBlocks
            if kept && block.pixels >= blocks.largest { blocks.free.append(block) }
            return (kept, blocks.largest)
        }
        guard !kept || block.pixels < size else { return }
        Self.unmap(block)
        // A block smaller than the largest frame comes back as one of that size.
        if kept, let larger = Self.map(size, written: true) { blocks.withLock { $0.free.append(larger) } }
    }

    /// A block of `pixels` mapped from the system; one `written` to be kept is resident from now on.
    private static func map(_ pixels: Int, written: Bool) -> Block? {
        let bytes = pixels * MemoryLayout<UInt32>.stride
        let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else { return nil }
        let memory = address.bindMemory(to: UInt32.self, capacity: pixels)
        if written { memory.initialize(repeating: Color.background.pixel, count: pixels) }
        return Block(memory: memory, pixels: pixels)
    }

    private static func unmap(_ block: Block) {
        munmap(UnsafeMutableRawPointer(block.memory), block.pixels * MemoryLayout<UInt32>.stride)
    }
}
