import ArgumentParser
import CellscapeBenchmarks
import CellscapeViewer
import Foundation

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

    @Option(parsing: .unconditional, help: "Sends per run.")
    var sends = 200_000

    func validate() throws {
        guard sends > 0 else { throw ValidationError("--sends must be > 0, not \(sends)") }
    }

    func run() {
        let benchmark = BusBenchmark(sends: sends)
        for subscribers in [1, 10] {
            print(
                String(
                    format: "bus, %d subscriber%@: %.0f ns per send (median of 5)", subscribers,
                    subscribers == 1 ? "" : "s", benchmark.run(subscribers: subscribers)))
        }
    }
}
