import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a loop over `0..<count` in fixed-size chunks spread over the threads of a ``WorkerPool``.
///
/// The chunk boundaries depend only on `count` and the chunk size, never on the thread count, so
/// anything computed per chunk (a partial sum, say) comes out bit-identical whether one thread or many
/// do the work. Each worker takes the next chunk nobody has taken yet, so a worker whose chunks were
/// quick takes more of them (which worker computes a chunk never changes what it computes).
package struct ParallelChunks {
    /// The number of items in one chunk unless a loop says otherwise.
    package static let chunkSize = 256

    /// The threads that share the work.
    package let pool: WorkerPool

    /// A loop over the threads of `pool`.
    package init(pool: WorkerPool) {
        self.pool = pool
    }

    /// How many threads share the work.
    package var threads: Int { pool.workers }

    /// The number of chunks that cover `count` items.
    package static func chunkCount(for count: Int, chunkSize: Int = chunkSize) -> Int {
        (count + chunkSize - 1) / chunkSize
    }

    /// Calls `body(chunk, range)` once for every chunk of `0..<count`; chunks may run concurrently.
    ///
    /// The caller guarantees that different chunks write to different memory.
    package func forEachChunk(
        count: Int, chunkSize: Int = chunkSize, _ body: (_ chunk: Int, _ range: Range<Int>) -> Void
    ) {
        forEachChunk(count: count, chunkSize: chunkSize) { _, chunk, range in body(chunk, range) }
    }

    /// Calls `body(worker, chunk, range)` once for every chunk; `worker` is in `0..<threads` and no two
    /// chunks with the same worker run at the same time, so per-worker scratch memory is safe to use.
    package func forEachChunk(
        count: Int, chunkSize: Int = chunkSize, _ body: (_ worker: Int, _ chunk: Int, _ range: Range<Int>) -> Void
    ) {
        let chunks = Self.chunkCount(for: count, chunkSize: chunkSize)
        let workers = min(pool.workers, chunks)
        if workers <= 1 {
            for chunk in 0..<chunks { body(0, chunk, chunk * chunkSize..<min((chunk + 1) * chunkSize, count)) }
            return
        }
        let next = Atomic<Int>(0)
        withoutActuallyEscaping(body) { body in
            pool.run { worker in
                guard worker < workers else { return }
                while true {
                    let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard chunk < chunks else { return }
                    body(worker, chunk, chunk * chunkSize..<min((chunk + 1) * chunkSize, count))
                }
            }
        }
    }

    /// The number of processors online, at least 1.
    package static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
