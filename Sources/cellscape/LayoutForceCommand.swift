import ArgumentParser
import CellscapeLayout
import CellscapeViewer
import Foundation

/// `cellscape layout force`: runs the force-directed simulation headless and writes the cells as JSON.
struct LayoutForceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "force",
        abstract: "Run the force-directed layout headless and write the cells' positions as JSON.",
        discussion: """
            Output: {"steps":K,"settled":bool,"totalMovement":..,"maxMovement":..,"cells":[{"x":..,"y":..}]}, \
            cells in input order; the movements are those of the last step.
            """
    )

    /// The most cells a command lays out.
    static let cellLimit = ForceInput.limit

    @Option(parsing: .unconditional, help: "Start with this many cells at random points (seeded).")
    var cells: Int?

    @Option(
        help: ArgumentHelp(
            "Read the cells from JSON: {\"width\":W,\"height\":H,\"cells\":[{\"x\":..,\"y\":..}]}.",
            valueName: "file"))
    var input: String?

    @Option(
        help: ArgumentHelp("The bounds (default 1280x800, or the input's width and height).", valueName: "WxH"),
        transform: SizeArgument.bounds)
    var size: SizeArgument?

    @Option(parsing: .unconditional, help: "Take exactly this many steps.")
    var steps: Int?

    @Flag(help: "Step until the layout settles (the default), or --max-steps.")
    var untilSettled = false

    @Option(parsing: .unconditional, help: "The most steps --until-settled takes.")
    var maxSteps = 10_000

    @Option(help: ArgumentHelp("Write the JSON here instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var simulation: SimulationOptions

    func validate() throws {
        switch (cells, input) {
        case (nil, nil): throw ValidationError("give --cells N or --input FILE")
        case (.some, .some): throw ValidationError("give --cells or --input, not both")
        case (.some(let count), nil) where !(0...LayoutForceCommand.cellLimit).contains(count):
            throw ValidationError("--cells must be from 0 to \(LayoutForceCommand.cellLimit), not \(count)")
        default: break
        }
        if steps != nil && untilSettled {
            throw ValidationError("give --steps or --until-settled, not both")
        }
        if let steps, steps < 0 { throw ValidationError("--steps must be >= 0, not \(steps)") }
        if maxSteps < 0 { throw ValidationError("--max-steps must be >= 0, not \(maxSteps)") }
    }

    func run() throws {
        var layout = try makeLayout()
        var taken = 0
        let progress = Progress()
        progress.update(
            "force layout of \(layout.count) cells: " + (steps.map { "\($0) steps" } ?? "stepping until settled"))
        if let steps {
            while taken < steps {
                layout.step()
                taken += 1
                progress.update("force layout: step \(taken) of \(steps)")
            }
        } else {
            while !layout.isSettled && taken < maxSteps {
                layout.step()
                taken += 1
                progress.update("force layout: step \(taken), settling")
            }
        }
        progress.finish()
        let json = Self.json(layout: layout, steps: taken)
        if let output {
            try OutputFile.write(json, to: output)
        } else {
            FileHandle.standardOutput.write(Data(json.utf8))
        }
    }

    private func makeLayout() throws -> ForceDirectedLayout {
        let file = try input.map(ForceInput.load(path:))
        let bounds =
            size?.bounds ?? file.map { Rect(x: 0, y: 0, width: $0.width, height: $0.height) }
            ?? SizeArgument(width: 1280, height: 800).bounds
        var layout = ForceDirectedLayout(
            bounds: bounds, settings: simulation.settings, seed: simulation.seed)
        if let file {
            file.add(to: &layout)
        } else {
            for _ in 0..<(cells ?? 0) { layout.addCell() }
        }
        return layout
    }

    /// The layout as the command's JSON output.
    static func json(layout: ForceDirectedLayout, steps: Int) -> String {
        var text = "{\"steps\":\(steps),\"settled\":\(layout.isSettled),"
        text += "\"totalMovement\":\(layout.lastMovement.total.formatted),"
        text += "\"maxMovement\":\(layout.lastMovement.largest.formatted),\"cells\":["
        text.reserveCapacity(text.utf8.count + layout.count * 40)
        for index in 0..<layout.count {
            let position = layout.cell(at: index).position
            if index > 0 { text += "," }
            text += "{\"x\":\(position.x.formatted),\"y\":\(position.y.formatted)}"
        }
        text += "]}\n"
        return text
    }
}
