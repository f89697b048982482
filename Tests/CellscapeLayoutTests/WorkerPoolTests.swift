import Dispatch
import Synchronization
import Testing

@testable import CellscapeLayout

/// One pool per size for the process: the force steps, the raster and the thumbnailer take turns on
/// its threads; a job asked while another runs runs whole on its caller's thread.
@Suite struct WorkerPoolTests {
    /// Sums `0..<count` in chunks on `pool`, each chunk's sum in its own slot.
    static func chunkedSum(_ count: Int, on pool: WorkerPool) -> Int {
        let parallel = ParallelChunks(pool: pool)
        let sums = Mutex([Int](repeating: 0, count: ParallelChunks.chunkCount(for: count)))
        parallel.forEachChunk(count: count) { chunk, range in
            let sum = range.reduce(0, +)
            sums.withLock { $0[chunk] = sum }
        }
        return sums.withLock { $0.reduce(0, +) }
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
        let results = Mutex([Int]())
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20 {
                let sum = Self.chunkedSum(count, on: pool)
                results.withLock { $0.append(sum) }
            }
        }
        let sums = results.withLock { $0 }
        #expect(sums.count == 160 && sums.allSatisfy { $0 == expected })
    }

    @Test func aJobInsideAJobRunsWholeOnItsCallersThread() {
        let pool = WorkerPool.shared(workers: 3)
        let inner = Mutex([Int](repeating: 0, count: 3))
        pool.run { outer in
            guard outer == 0 else { return }
            // Every worker index of the inner job runs here, in turn.
            pool.run { worker in inner.withLock { $0[worker] += 1 } }
        }
        #expect(inner.withLock { $0 } == [1, 1, 1])
    }
}
