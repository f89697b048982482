import CellscapeFixtures
import CellscapeLayout
import CellscapePictures
import CellscapeRender
import CellscapeViewer
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What ``ForceBenchmark`` measured for one cell count, in milliseconds unless named otherwise.
package struct ForceBenchmarkReport: Sendable {
    package var cells: Int
    package var theta: Double
    package var threads: Int
    package var medianMilliseconds: Double
    package var p95Milliseconds: Double
    package var stepsToSettle: Int
    package var settled: Bool
    package var secondsToSettle: Double
    /// The median time of one force evaluation (quadtree, lists, spring and repulsion) at the final state,
    /// as the next step would make it (with the tree it keeps, below 50,000 cells).
    package var forcesMilliseconds: Double
    package var largestOverlap: Double?
    package var exactMedianMilliseconds: Double?
    package var exactP95Milliseconds: Double?
    package var relativeError: Double?
    package var exactSeedStepLargest: Double?
    package var seedStepsToSettle: Int?
    package var seedSettled: Bool?
    package var peakMegabytes: Double
}

/// `cellscape bench force`'s measurements for one cell count: the damped integrator with Barnes-Hut runs
/// from a random start until it settles, its steps timed after a warm-up; then one force evaluation at
/// the final positions; where exact sums are affordable, exact steps, Barnes-Hut's error against them and
/// one exact seed step from the settled state; up to 1,000 cells, the seed integrator's settle.
package struct ForceBenchmark {
    /// Cell counts up to this get the exact O(n^2) measurements.
    static let exactLimit = 10_000
    /// Cell counts up to this also settle the seed integrator.
    static let seedLimit = 1_000

    /// The cells.
    package var count: Int
    /// The bounds the cells start in, at random points.
    package var bounds: Rect
    /// The simulation's settings.
    package var settings: ForceSettings
    /// The seed of the random start.
    package var seed: UInt64
    /// The most steps a run takes to settle.
    package var maxSteps: Int

    /// A benchmark of `count` random cells in `bounds`.
    package init(count: Int, bounds: Rect, settings: ForceSettings, seed: UInt64, maxSteps: Int) {
        self.count = count
        self.bounds = bounds
        self.settings = settings
        self.seed = seed
        self.maxSteps = maxSteps
    }

    /// How long the same steps run untimed before the timed run.
    static let warmUpSeconds = 1.0

    /// Runs the measurements; `progress` hears each stage as it starts (`stage`), and how far the timed
    /// run has come (`step`).
    package func run(progress: (_ stage: String, _ step: Int?) -> Void = { _, _ in }) -> ForceBenchmarkReport {
        let name = "force, \(count) cells"
        progress("\(name): warming up", nil)
        let start = randomLayout(settings: settings)
        Self.warmUp(from: start, maxSteps: maxSteps)
        progress("\(name): timing steps until settled", nil)
        var layout = start
        var durations: [Double] = []
        let began = monotonicNanoseconds()
        while !layout.isSettled && durations.count < maxSteps {
            durations.append(Self.time { layout.step() })
            progress("\(name): timing steps until settled", durations.count)
        }
        let seconds = Double(monotonicNanoseconds() - began) / 1e9
        let timed = Array(durations.dropFirst(min(3, max(0, durations.count - 1))))
        var report = ForceBenchmarkReport(
            cells: count, theta: settings.repulsion.theta, threads: settings.threads,
            medianMilliseconds: Self.percentile(timed, 0.5),
            p95Milliseconds: Self.percentile(timed, 0.95),
            stepsToSettle: durations.count, settled: layout.isSettled, secondsToSettle: seconds,
            forcesMilliseconds: Self.forcesMilliseconds(&layout), peakMegabytes: 0)
        if count <= Self.exactLimit {
            progress("\(name): exact steps and Barnes-Hut's error", nil)
            measureExact(start: start, settled: layout, into: &report)
        }
        if count <= Self.seedLimit {
            progress("\(name): settling the seed integrator", nil)
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
    /// threads of a process that has been running (a fresh process's first steps are slower).
    private static func warmUp(from start: ForceDirectedLayout, maxSteps: Int) {
        let began = monotonicNanoseconds()
        func elapsed() -> Double { Double(monotonicNanoseconds() - began) / 1e9 }
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
        var layout = ForceDirectedLayout(bounds: bounds, settings: settings, seed: seed)
        for _ in 0..<count { layout.addCell() }
        return layout
    }

    private func measureExact(
        start: ForceDirectedLayout, settled: ForceDirectedLayout, into report: inout ForceBenchmarkReport
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
        let start = monotonicNanoseconds()
        body()
        return Double(monotonicNanoseconds() - start) / 1e6
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    /// The process's peak resident size, in megabytes.
    package static func peakMegabytes() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_maxrss) / 1024
    }
}
