import ArgumentParser
import CellscapeLayout
import CellscapeRender
import CellscapeViewer

/// `cellscape bench bus`: nanoseconds per send on the event bus.
struct BenchBusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bus",
        abstract: "Benchmark the event bus: nanoseconds per send with 1 and 10 subscribers.",
        discussion: """
            Each run sends --sends events of the subscribed type; half of the subscribers of the 10 listen \
            to another type as well, as the viewer's do. Median of 5 runs.
            """
    )

    /// The event the benchmark sends.
    struct Tick: Event {
        var frame: Int
    }

    /// An event nobody sends.
    struct Other: Event {
        var value: Double
    }

    @Option(help: "Sends per run.")
    var sends = 200_000

    func validate() throws {
        guard sends > 0 else { throw ValidationError("--sends must be > 0, not \(sends)") }
    }

    func run() {
        for subscribers in [1, 10] {
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
                if total == 42 { print("") }  // keeps the handlers' work
                subscriptions.removeAll()
            }
            print(
                String(
                    format: "bus, %d subscriber%@: %.0f ns per send (median of 5)", subscribers,
                    subscribers == 1 ? "" : "s", runs.sorted()[2]))
        }
    }
}
