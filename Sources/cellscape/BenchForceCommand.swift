import ArgumentParser
import CellscapeBenchmarks
import CellscapeLayout
import Foundation

/// `cellscape bench force`: milliseconds per step, steps to settle, accuracy and peak memory.
struct BenchForceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "force",
        abstract: "Benchmark the force-directed simulation from random starts.",
        discussion: """
            For each cell count: the damped integrator with Barnes-Hut runs from a random start until it \
            settles; its steps are timed (median and p95; before it, the same steps run untimed for a second \
            as a warm-up, and the first 3 timed steps are left out), and then one evaluation of \
            the forces at the final positions (median of 21). Where exact O(n^2) forces \
            are affordable (up to 10,000 cells) it also times exact steps, measures the RMS relative error \
            of Barnes-Hut against exact on the random start, checks that one exact seed step from the \
            settled state moves no cell 0.3 px, and (up to 1,000 cells) settles the seed integrator. Peak \
            memory is the process's peak resident size after each count.
            """
    )

    @Option(parsing: .unconditional, help: "Comma-separated cell counts.")
    var cells = "1000,10000,100000"

    @Option(parsing: .unconditional, help: "The most steps a run takes to settle.")
    var maxSteps = 10_000

    @Option(
        help: ArgumentHelp("The bounds the cells start in, at random points.", valueName: "WxH"),
        transform: SizeArgument.bounds)
    var size = SizeArgument(width: 1280, height: 800)

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var simulation: SimulationOptions

    func validate() throws {
        guard maxSteps >= 0 else { throw ValidationError("--max-steps must be >= 0, not \(maxSteps)") }
    }

    func run() throws {
        let counts = try cells.split(separator: ",").map { text -> Int in
            guard let count = Int(text.trimmingCharacters(in: .whitespaces)),
                (1...LayoutForceCommand.cellLimit).contains(count)
            else {
                throw CommandError(
                    "--cells takes whole numbers from 1 to \(LayoutForceCommand.cellLimit), separated by commas, "
                        + "not '\(cells)'"
                )
            }
            return count
        }
        var reports: [ForceBenchmarkReport] = []
        let progress = Progress()
        for count in counts {
            let report = ForceBenchmark(
                count: count, bounds: size.bounds, settings: simulation.settings, seed: simulation.seed,
                maxSteps: maxSteps
            ).run { stage, step in
                if let step { progress.update("\(stage): step \(step)") } else { progress.stage(stage) }
            }
            progress.finish()
            if !json { print(report.text) }
            reports.append(report)
        }
        if json { print("[" + reports.map(\.json).joined(separator: ",") + "]") }
    }
}
