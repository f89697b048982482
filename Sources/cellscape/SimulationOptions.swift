import ArgumentParser
import CellscapeLayout

/// The options that decide a force-directed simulation, shared by every command that runs one.
struct SimulationOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The seed of every random choice.", transform: parseSeed)
    var seed: UInt64 = 1

    @Option(
        help: "How cells move each step: 'damped' (stable, quick to settle) or 'seed' (the original).")
    var integrator: Integrator = .damped

    @Option(parsing: .unconditional, help: "The Barnes-Hut opening angle; 0 computes every pair exactly.")
    var theta: Double = ForceSettings().repulsion.theta

    @Flag(help: "Compute every pair of cells exactly (the same as --theta 0).")
    var exact = false

    @Flag(help: "Let cells overlap.")
    var noCollisions = false

    @Option(
        parsing: .unconditional,
        help: "Threads that compute forces (default: every core); results are identical for any count.")
    var threads: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The most cells a quadtree leaf holds (for tuning).", visibility: .hidden))
    var leafCapacity: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The most cells in a group of leaves (for tuning).", visibility: .hidden))
    var groupCapacity: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "How far a cell may move, in sides of its quadtree leaf, before the tree is built anew; "
                + "0: every step (for tuning).",
            visibility: .hidden))
    var rebuildDrift: Double?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("The damped step's momentum (for tuning).", visibility: .hidden))
    var momentum: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The farthest a damped cell moves in one step (for tuning).", visibility: .hidden))
    var maximumStep: Double?

    func validate() throws {
        guard theta.isFinite, theta >= 0 else {
            throw ValidationError("--theta must be a number >= 0, not \(theta)")
        }
        if let rebuildDrift, !(rebuildDrift.isFinite && rebuildDrift >= 0) {
            throw ValidationError("--rebuild-drift must be a number >= 0, not \(rebuildDrift)")
        }
        if let threads, !(1...256).contains(threads) {
            throw ValidationError("--threads must be from 1 to 256, not \(threads)")
        }
        for (name, value) in [("--leaf-capacity", leafCapacity), ("--group-capacity", groupCapacity)] {
            if let value, !(1...4096).contains(value) {
                throw ValidationError("\(name) must be from 1 to 4096, not \(value)")
            }
        }
        if let momentum, !(momentum >= 0 && momentum < 1) {
            throw ValidationError("--momentum must be a number from 0 up to (not including) 1, not \(momentum)")
        }
        if let maximumStep, !(maximumStep.isFinite && maximumStep > 0) {
            throw ValidationError("--maximum-step must be a positive number, not \(maximumStep)")
        }
    }

    /// The settings these options describe.
    var settings: ForceSettings {
        var settings = ForceSettings()
        settings.integrator = integrator
        settings.repulsion = RepulsionSummation(theta: exact ? 0 : theta)
        settings.collisions = !noCollisions
        if let threads { settings.threads = threads }
        if let leafCapacity { settings.leafCapacity = max(1, leafCapacity) }
        if let groupCapacity { settings.groupCapacity = max(1, groupCapacity) }
        if let rebuildDrift { settings.rebuildDrift = rebuildDrift }
        if let momentum { settings.momentum = momentum }
        if let maximumStep { settings.maximumStep = maximumStep }
        return settings
    }
}

extension Integrator: ExpressibleByArgument {}

/// A window or layout size written `WIDTHxHEIGHT`, both positive.
struct SizeArgument: ExpressibleByArgument, CustomStringConvertible {
    var width: Double
    var height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width.isFinite, height.isFinite, width > 0, height > 0
        else { return nil }
        self.init(width: width, height: height)
    }

    /// A window's size: whole numbers of pixels from 1 to 16384 each.
    static func window(_ argument: String) throws -> SizeArgument {
        guard let size = SizeArgument(argument: argument), size.width <= 16384, size.height <= 16384,
            size.width >= 1, size.height >= 1, size.width == size.width.rounded(), size.height == size.height.rounded()
        else { throw ValidationError("a window size is WIDTHxHEIGHT, two whole numbers from 1 to 16384") }
        return size
    }

    /// The size of a layout's bounds: two positive numbers.
    static func bounds(_ argument: String) throws -> SizeArgument {
        guard let size = SizeArgument(argument: argument) else {
            throw ValidationError("a size is WIDTHxHEIGHT, two positive numbers")
        }
        return size
    }

    var description: String { "\(width.formatted)x\(height.formatted)" }
    var defaultValueDescription: String { description }

    var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }
}

extension Double {
    /// The number as JSON writes it: no fraction when whole, `null` when not finite.
    var formatted: String {
        guard isFinite else { return "null" }
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return "\(self)"
    }
}

/// A seed: a whole number from 0 to 2^64 - 1.
func parseSeed(_ argument: String) throws -> UInt64 {
    guard let seed = UInt64(argument) else {
        throw ValidationError("a seed is a whole number from 0 to \(UInt64.max)")
    }
    return seed
}
