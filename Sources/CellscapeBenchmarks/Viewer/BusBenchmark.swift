import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

/// `cellscape bench bus`'s measurement: nanoseconds per send on an ``EventBus`` with 1 and 10
/// subscribers, half of the 10 listening to another type as well, as the viewer's do; median of 5 runs.
public struct BusBenchmark {
    /// The event the benchmark sends.
    struct Tick: Event {
        var frame: Int
    }

    /// An event nobody sends.
    struct Other: Event {
        var value: Double
    }

    /// Sends per run.
    public var sends: Int

    /// A benchmark of `sends` sends per run.
    public init(sends: Int) {
        self.sends = max(1, sends)
    }

    /// The median nanoseconds per send with this many subscribers.
    public func run(subscribers: Int) -> Double {
        var runs: [Double] = []
        for _ in 0..<5 {
            let bus = EventBus()
            var total = 0
            var subscriptions: [EventSubscription] = []
            for number in 0..<subscribers {
                subscriptions.append(bus.subscribe { (tick: Tick) in total &+= tick.frame })
                if number % 2 == 1 { subscriptions.append(bus.subscribe { (_: Other) in total &+= 1 }) }
            }
            let start = monotonicNanoseconds()
            for frame in 0..<sends { bus.send(Tick(frame: frame)) }
            runs.append(Double(monotonicNanoseconds() - start) / Double(sends))
            if total == 42 { runs.append(0) }  // keeps the handlers' work
            subscriptions.removeAll()
        }
        return runs.sorted()[runs.count / 2]
    }
}
