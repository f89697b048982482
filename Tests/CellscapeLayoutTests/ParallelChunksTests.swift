import Synchronization
import Testing

@testable import CellscapeLayout

/// The parallel loop hands each chunk its own memory and objects: results by index, a scratch object
/// per worker that no two running chunks share, a part per chunk, and two jobs on two objects.
@Suite struct ParallelChunksTests {
    /// A worker's scratch: counts how many chunks hold it now, and the most that ever did.
    final class Scratch {
        let holders = Atomic<Int>(0)
        let mostHolders = Atomic<Int>(0)
        let chunks = Atomic<Int>(0)
    }

    @Test(arguments: [0, 1, 7, 256, 257, 10_000])
    func mapGivesEveryIndexsResultInOrder(count: Int) {
        let parallel = ParallelChunks(pool: WorkerPool.shared(workers: 3))
        let results = parallel.map(count: count) { index in "\(index * index)" }
        #expect(results == (0..<count).map { "\($0 * $0)" })
    }

    @Test func eachRunningChunkHoldsAScratchNoOtherHolds() {
        let parallel = ParallelChunks(pool: WorkerPool.shared(workers: 4))
        let scratch = (0..<4).map { _ in Scratch() }
        let sum = Atomic<Int>(0)
        parallel.forEachChunk(count: 50_000, chunkSize: 16, scratch: scratch) { scratch, _, range in
            let holding = scratch.holders.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
            scratch.mostHolders.max(holding, ordering: .relaxed)
            scratch.chunks.wrappingAdd(1, ordering: .relaxed)
            sum.wrappingAdd(range.reduce(0, +), ordering: .relaxed)
            scratch.holders.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        }
        #expect(sum.load(ordering: .relaxed) == 50_000 * 49_999 / 2)
        #expect(scratch.map { $0.mostHolders.load(ordering: .relaxed) }.allSatisfy { $0 <= 1 })
        #expect(scratch.reduce(0) { $0 + $1.chunks.load(ordering: .relaxed) } == 3_125)
    }

    @Test func eachChunkIsHandedItsOwnPartAndNoneBeyondThem() {
        let parallel = ParallelChunks(pool: WorkerPool.shared(workers: 2))
        let scratch = (0..<2).map { _ in Scratch() }
        let parts = (0..<10).map { _ in Scratch() }
        let missing = Atomic<Int>(0)
        parallel.forEachChunk(count: 12, chunkSize: 1, scratch: scratch, parts: parts) { _, part, chunk, _ in
            guard let part else {
                missing.wrappingAdd(chunk, ordering: .relaxed)
                return
            }
            part.chunks.wrappingAdd(chunk + 1, ordering: .relaxed)
        }
        #expect(parts.map { $0.chunks.load(ordering: .relaxed) } == Array(1...10))
        #expect(missing.load(ordering: .relaxed) == 10 + 11)
    }

    @Test func bothJobsRunEachOnItsOwnObject() {
        let parallel = ParallelChunks(pool: WorkerPool.shared(workers: 2))
        let first = Scratch()
        let second = Scratch()
        parallel.both(
            first, { $0.chunks.wrappingAdd(1, ordering: .relaxed) },
            second, { $0.chunks.wrappingAdd(2, ordering: .relaxed) })
        #expect(first.chunks.load(ordering: .relaxed) == 1 && second.chunks.load(ordering: .relaxed) == 2)
    }
}
