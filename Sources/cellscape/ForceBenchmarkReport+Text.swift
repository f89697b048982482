import CellscapeBenchmarks
import CellscapeLayout
import Foundation

/// How `cellscape bench force` prints a report: a table, or one JSON object.
extension ForceBenchmarkReport {
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
                "  exact step          median \(milliseconds(exactMedianMilliseconds))"
                    + "  p95 \(milliseconds(exactP95Milliseconds))"
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
                "  seed integrator     \(seedSettled ? "settled" : "NOT settled") after \(seedStepsToSettle) steps"
                    + " (exact, no collisions)"
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
