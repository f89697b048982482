import CellscapeLayout
import Testing

@testable import CellscapePictures

/// The loader's queue against a list kept by brute force: levels first, first in first out within a
/// level, a raised piece last at its new level, cancelled pieces gone, refused pieces left in place.
@Suite struct WorkQueueTests {
    @Test func aRandomRunTakesWhatBruteForceTakes() {
        typealias Queue = WorkQueue<Int>
        for seed in 1...5 as ClosedRange<UInt64> {
            var random = SplitMix64(seed: seed)
            var queue = Queue()
            // Brute force: every piece waiting with its level and when it came to that level.
            var waiting: [(work: Int, handle: Queue.Handle, level: Queue.Level, came: Int)] = []
            var clock = 0
            for step in 0..<3_000 {
                clock += 1
                let level = Queue.Level.allCases[Int(random.next() % 6)]
                switch random.next() % 10 {
                case 0..<4:
                    let handle = queue.enqueue(step, at: level)
                    waiting.append((step, handle, level, clock))
                case 4..<6 where !waiting.isEmpty:
                    let index = Int(random.next() % UInt64(waiting.count))
                    queue.raise(waiting[index].handle, to: level)
                    if level < waiting[index].level { (waiting[index].level, waiting[index].came) = (level, clock) }
                case 6 where !waiting.isEmpty:
                    let index = Int(random.next() % UInt64(waiting.count))
                    #expect(queue.cancel(waiting[index].handle) == waiting[index].work)
                    waiting.remove(at: index)
                default:
                    // Odd pieces are refused now and then, as a busy animation's frames are.
                    let refusesOdd = random.next() % 2 == 0
                    let limit = Queue.Level.allCases[Int(random.next() % 6)]
                    let expected = waiting.indices.filter {
                        waiting[$0].level <= limit && !(refusesOdd && waiting[$0].work % 2 == 1)
                    }.min { (waiting[$0].level, waiting[$0].came) < (waiting[$1].level, waiting[$1].came) }
                    let taken = queue.dequeue(through: limit) { !(refusesOdd && $0 % 2 == 1) }
                    #expect(taken == expected.map { waiting[$0].work }, "seed \(seed) step \(step)")
                    if let expected { waiting.remove(at: expected) }
                }
                #expect(queue.count == waiting.count)
            }
        }
    }
}
