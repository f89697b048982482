import Dispatch
import Synchronization
import Testing

@testable import CellscapeLayout

/// One pool per size for the process: the force steps, the raster and the thumbnailer take turns on
/// its threads; a job asked while another runs runs whole on its caller's thread.
@Suite struct WorkerPoolTests {
    /// Sums `0..<count` in chunks on `pool`. (Atomics, which the thread sanitizer follows: it does not
    /// see `Mutex`'s futex as a lock.)
    static func chunkedSum(_ count: Int, on pool: WorkerPool) -> Int {
        let total = Atomic<Int>(0)
        ParallelChunks(pool: pool).forEachChunk(count: count) { _, range in
            total.wrappingAdd(range.reduce(0, +), ordering: .relaxed)
        }
        return total.load(ordering: .relaxed)
    }

    @Test func theProcessSharesOnePoolPerSize() {
        #expect(WorkerPool.shared(workers: 3) === WorkerPool.shared(workers: 3))
        #expect(WorkerPool.shared(workers: 3) !== WorkerPool.shared(workers: 2))
        #expect(WorkerPool.shared(workers: 0).workers == 1)
    }

    @Test func jobsFromTwoThreadsAtOnceEachCoverEveryChunk() {
        let pool = WorkerPool.shared(workers: 4)
        let count = 100_000
        let expected = count * (count - 1) / 2
        let runs = Atomic<Int>(0)
        let exact = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20 {
                let sum = Self.chunkedSum(count, on: pool)
                runs.wrappingAdd(1, ordering: .relaxed)
                if sum == expected { exact.wrappingAdd(1, ordering: .relaxed) }
            }
        }
        #expect(runs.load(ordering: .relaxed) == 160 && exact.load(ordering: .relaxed) == 160)
    }

    @Test func aJobInsideAJobRunsWholeOnItsCallersThread() {
        let pool = WorkerPool.shared(workers: 3)
        // One byte of the count for each worker index.
        let inner = Atomic<Int>(0)
        pool.run { outer in
            guard outer == 0 else { return }
            // Every worker index of the inner job runs here, in turn.
            pool.run { worker in inner.wrappingAdd(1 << (8 * worker), ordering: .relaxed) }
        }
        #expect(inner.load(ordering: .relaxed) == 0x01_0101)
    }
}
