import CellscapeLayout
import CellscapeRender
import CellscapeViewer
import Foundation

/// What `cellscape bench force` measured for one cell count.
struct ForceBenchReport {
    var cells: Int
    var theta: Double
    var threads: Int
    var medianMilliseconds: Double
    var p95Milliseconds: Double
    var stepsToSettle: Int
    var settled: Bool
    var secondsToSettle: Double
    /// The median time of one force evaluation (quadtree, lists, spring and repulsion) at the final state,
    /// as the next step would make it (with the tree it keeps, below 50,000 cells).
    var forcesMilliseconds: Double
    var largestOverlap: Double?
    var exactMedianMilliseconds: Double?
    var exactP95Milliseconds: Double?
    var relativeError: Double?
    var exactSeedStepLargest: Double?
    var seedStepsToSettle: Int?
    var seedSettled: Bool?
    var peakMegabytes: Double

    var text: String {
        var lines = [
            "force, \(cells) cells (theta \(theta), \(threads) threads)",
            "  Barnes-Hut step     median \(milliseconds(medianMilliseconds))  p95 \(milliseconds(p95Milliseconds))",
            "  damped settle       \(settled ? "settled" : "NOT settled") after \(stepsToSettle) steps, "
                + String(format: "%.2f s", secondsToSettle),
        ]
        lines.append("  forces at rest      median \(milliseconds(forcesMilliseconds))")
        if let largestOverlap {
            lines.append("  largest overlap     " + String(format: "%.3f px", largestOverlap))
        }
        if let exactMedianMilliseconds, let exactP95Milliseconds {
            lines.append(
                "  exact step          median \(milliseconds(exactMedianMilliseconds))  p95 \(milliseconds(exactP95Milliseconds))"
            )
        }
        if let relativeError {
            lines.append(
                "  Barnes-Hut error    "
                    + String(format: "%.3f%% RMS relative to exact", relativeError * 100))
        }
        if let exactSeedStepLargest {
            lines.append(
                "  exact seed step     moves no cell more than "
                    + String(format: "%.4f px", exactSeedStepLargest))
        }
        if let seedStepsToSettle, let seedSettled {
            lines.append(
                "  seed integrator     \(seedSettled ? "settled" : "NOT settled") after \(seedStepsToSettle) steps (exact, no collisions)"
            )
        }
        lines.append("  peak memory         " + String(format: "%.1f MB", peakMegabytes))
        return lines.joined(separator: "\n")
    }

    var json: String {
        func value(_ number: Double?) -> String { number.map { $0.formatted } ?? "null" }
        let fields: [(String, String)] = [
            ("cells", "\(cells)"), ("theta", value(theta)), ("threads", "\(threads)"),
            ("medianMs", value(medianMilliseconds)), ("p95Ms", value(p95Milliseconds)),
            ("stepsToSettle", "\(stepsToSettle)"), ("settled", "\(settled)"),
            ("secondsToSettle", value(secondsToSettle)),
            ("forcesMs", value(forcesMilliseconds)), ("largestOverlap", value(largestOverlap)),
            ("exactMedianMs", value(exactMedianMilliseconds)),
            ("exactP95Ms", value(exactP95Milliseconds)),
            ("relativeError", value(relativeError)),
            ("exactSeedStepLargest", value(exactSeedStepLargest)),
            ("seedStepsToSettle", seedStepsToSettle.map(String.init) ?? "null"),
            ("seedSettled", seedSettled.map { "\($0)" } ?? "null"), ("peakMB", value(peakMegabytes)),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private func milliseconds(_ value: Double) -> String { String(format: "%8.3f ms", value) }
}

/// The measurements behind one ``ForceBenchReport``.
struct ForceBench {
    /// Cell counts up to this get the exact O(n^2) measurements.
    static let exactLimit = 10_000
    /// Cell counts up to this also settle the seed integrator.
    static let seedLimit = 1_000

    var count: Int
    var settings: ForceSettings
    var seed: UInt64
    var maxSteps: Int

    /// How long the same steps run untimed before the timed run.
    static let warmUpSeconds = 1.0

    func run() -> ForceBenchReport {
        let start = randomLayout(settings: settings)
        Self.warmUp(from: start, maxSteps: maxSteps)
        var layout = start
        var durations: [Double] = []
        let began = DispatchTime.now().uptimeNanoseconds
        while !layout.isSettled && durations.count < maxSteps {
            durations.append(Self.time { layout.step() })
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        let timed = Array(durations.dropFirst(min(3, max(0, durations.count - 1))))
        var report = ForceBenchReport(
            cells: count, theta: settings.repulsion.theta, threads: settings.threads,
            medianMilliseconds: Self.percentile(timed, 0.5),
            p95Milliseconds: Self.percentile(timed, 0.95),
            stepsToSettle: durations.count, settled: layout.isSettled, secondsToSettle: seconds,
            forcesMilliseconds: Self.forcesMilliseconds(&layout), peakMegabytes: 0)
        if count <= Self.exactLimit {
            measureExact(start: start, settled: layout, into: &report)
        }
        if count <= Self.seedLimit {
            var exactSeed = settings
            exactSeed.integrator = .seed
            exactSeed.repulsion = .exact
            exactSeed.collisions = false
            var seedLayout = randomLayout(settings: exactSeed)
            var steps = 0
            while !seedLayout.isSettled && steps < maxSteps {
                seedLayout.step()
                steps += 1
            }
            report.seedStepsToSettle = steps
            report.seedSettled = seedLayout.isSettled
        }
        report.peakMegabytes = Self.peakMegabytes()
        return report
    }

    /// Runs the steps about to be timed, untimed, for ``warmUpSeconds`` on a copy of `start` (from the
    /// start again whenever it settles), so that the timed run finds the processors, the memory and the
    /// threads of a process that has been running: a first run in a fresh process measured 0.56 to 0.88 ms
    /// per 1,000-cell step where the same run repeated in the process measured 0.30 to 0.46.
    private static func warmUp(from start: ForceDirectedLayout, maxSteps: Int) {
        let began = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9 }
        while maxSteps > 0 && elapsed() < warmUpSeconds {
            var layout = start
            var steps = 0
            while !layout.isSettled && steps < maxSteps && elapsed() < warmUpSeconds {
                layout.step()
                steps += 1
            }
        }
    }

    private func randomLayout(settings: ForceSettings) -> ForceDirectedLayout {
        var layout = ForceDirectedLayout(settings: settings, seed: seed)
        for _ in 0..<count { layout.addCell() }
        return layout
    }

    private func measureExact(
        start: ForceDirectedLayout, settled: ForceDirectedLayout, into report: inout ForceBenchReport
    ) {
        var exact = start
        exact.settings.repulsion = .exact
        var durations: [Double] = []
        for _ in 0..<(count <= 1_000 ? 50 : 8) { durations.append(Self.time { exact.step() }) }
        let timed = Array(durations.dropFirst(2))
        report.exactMedianMilliseconds = Self.percentile(timed, 0.5)
        report.exactP95Milliseconds = Self.percentile(timed, 0.95)
        report.relativeError = Self.relativeError(of: start)

        var seedStep = settled
        seedStep.settings.integrator = .seed
        seedStep.settings.repulsion = .exact
        report.exactSeedStepLargest = seedStep.step().largest
        if settings.collisions { report.largestOverlap = Self.largestOverlap(in: settled) }
    }

    /// The median over 21 evaluations of the forces at the layout's positions, which stay as they are.
    /// In place: a copy of the layout would build a workspace of its own, and count in peak memory.
    static func forcesMilliseconds(_ layout: inout ForceDirectedLayout) -> Double {
        percentile((0..<21).map { _ in time { _ = layout.forces() } }, 0.5)
    }

    /// The RMS over cells of |repulsion by Barnes-Hut - exact repulsion| / |exact repulsion|.
    static func relativeError(of layout: ForceDirectedLayout) -> Double {
        var approximate = layout
        var exact = layout
        exact.settings.repulsion = .exact
        let approximateForces = approximate.forces()
        let exactForces = exact.forces()
        let spring = layout.settings.springStiffness
        var sum = 0.0
        for index in 0..<layout.count {
            let position = layout.cell(at: index).position
            let pull = (layout.center - position) * spring
            let repulsion = exactForces[index] - pull
            let error = approximateForces[index] - exactForces[index]
            sum += error.squaredLength / repulsion.squaredLength
        }
        return (sum / Double(max(layout.count, 1))).squareRoot()
    }

    /// The most any two cells overlap, by brute force.
    static func largestOverlap(in layout: ForceDirectedLayout) -> Double {
        let cells = layout.cells
        var largest = 0.0
        for first in cells.indices {
            for second in (first + 1)..<cells.count {
                let reach = cells[first].radius + cells[second].radius
                let distance = cells[first].position.distance(to: cells[second].position)
                largest = max(largest, reach - distance)
            }
        }
        return largest
    }

    static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    static func peakMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
