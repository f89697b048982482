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
    /// The body is `@Sendable`: what it shares with the other chunks is values, and the memory it
    /// writes is its own chunk's part of a ``DisjointBuffer``.
    package func forEachChunk(
        count: Int, chunkSize: Int = chunkSize, _ body: @Sendable (_ chunk: Int, _ range: Range<Int>) -> Void
    ) {
        forEachChunk(count: count, chunkSize: chunkSize) { _, chunk, range in body(chunk, range) }
    }

    /// Calls `body(scratch, chunk, range)` once for every chunk, handing it the scratch object of the
    /// worker that runs it (`scratch` holds one per thread): no two chunks that run at the same time
    /// are handed the same one.
    package func forEachChunk<Scratch>(
        count: Int, chunkSize: Int = chunkSize, scratch: [Scratch],
        _ body: @Sendable (_ scratch: Scratch, _ chunk: Int, _ range: Range<Int>) -> Void
    ) {
        precondition(scratch.count >= min(threads, Self.chunkCount(for: count, chunkSize: chunkSize)))
        // Unsafe: the array crosses to the workers, and each touches only its own element.
        nonisolated(unsafe) let scratch = scratch
        forEachChunk(count: count, chunkSize: chunkSize) { worker, chunk, range in
            body(scratch[worker], chunk, range)
        }
    }

    /// As ``forEachChunk(count:chunkSize:scratch:_:)``, also handing each chunk its own object of
    /// `parts` (nil past its end): a chunk's results that outlive the loop.
    package func forEachChunk<Scratch, Part>(
        count: Int, chunkSize: Int = chunkSize, scratch: [Scratch], parts: [Part],
        _ body: @Sendable (_ scratch: Scratch, _ part: Part?, _ chunk: Int, _ range: Range<Int>) -> Void
    ) {
        // Unsafe: the array crosses to the workers, and each chunk touches only its own element.
        nonisolated(unsafe) let parts = parts
        forEachChunk(count: count, chunkSize: chunkSize, scratch: scratch) { scratch, chunk, range in
            body(scratch, chunk < parts.count ? parts[chunk] : nil, chunk, range)
        }
    }

    /// `transform(index)` for every index of `0..<count`, in order, the indices spread over the threads
    /// one at a time (for work of a millisecond or more each, as a file's).
    package func map<Result: Sendable>(count: Int, _ transform: @Sendable (_ index: Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Unsafe: the memory crosses to the workers, and each index is written once, by its chunk.
            nonisolated(unsafe) let results = buffer.baseAddress!
            forEachChunk(count: count, chunkSize: 1) { _, range in
                for index in range { (results + index).initialize(to: transform(index)) }
            }
            initialized = count
        }
    }

    /// Runs `first(firstObject)` and `second(secondObject)` at once, on two workers: two jobs on two
    /// different objects, each handed only its own.
    package func both<First: AnyObject, Second: AnyObject>(
        _ firstObject: First, _ first: @Sendable (First) -> Void,
        _ secondObject: Second, _ second: @Sendable (Second) -> Void
    ) {
        precondition(firstObject !== secondObject)
        // Unsafe: each object crosses to the one worker that runs its job.
        nonisolated(unsafe) let firstObject = firstObject
        nonisolated(unsafe) let secondObject = secondObject
        forEachChunk(count: 2, chunkSize: 1) { _, task, _ in
            if task == 0 { first(firstObject) } else { second(secondObject) }
        }
    }

    /// Calls `body(worker, chunk, range)` once for every chunk; `worker` is in `0..<threads` and no two
    /// chunks with the same worker run at the same time.
    private func forEachChunk(
        count: Int, chunkSize: Int, _ body: @Sendable (_ worker: Int, _ chunk: Int, _ range: Range<Int>) -> Void
    ) {
        let chunks = Self.chunkCount(for: count, chunkSize: chunkSize)
        let workers = min(pool.workers, chunks)
        if workers <= 1 {
            for chunk in 0..<chunks { body(0, chunk, chunk * chunkSize..<min((chunk + 1) * chunkSize, count)) }
            return
        }
        let next = Atomic<Int>(0)
        pool.run { worker in
            guard worker < workers else { return }
            while true {
                let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunks else { return }
                body(worker, chunk, chunk * chunkSize..<min((chunk + 1) * chunkSize, count))
            }
        }
    }

    /// The number of processors online, at least 1.
    package static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
