import Foundation
import Testing

@Suite struct LayoutForceCommandTests {
    struct Output: Decodable {
        struct Position: Decodable {
            var x: Double
            var y: Double
        }
        var steps: Int
        var settled: Bool
        var totalMovement: Double
        var maxMovement: Double
        var cells: [Position]
    }

    @Test func seedStepsFromAFileMatchHandComputedPositions() throws {
        let input = try CommandRunner.temporaryFile(
            """
            {"width":1280,"height":800,"cells":[{"x":600,"y":380},{"x":700,"y":420},{"x":640,"y":300},
            {"x":500,"y":500},{"x":655,"y":405}]}
            """)
        defer { CommandRunner.removeFiles(input) }
        let outcome = try CommandRunner.run([
            "layout", "force", "--input", input, "--steps", "3", "--integrator", "seed", "--exact",
            "--no-collisions",
        ])
        #expect(outcome.status == 0)
        let output = try JSONDecoder().decode(Output.self, from: Data(outcome.output.utf8))
        #expect(output.steps == 3)
        #expect(output.cells.count == 5)
        #expect(abs(output.cells[0].x - 601.2632656532692) < 1e-9)
        #expect(abs(output.cells[3].y - 494.33077347085776) < 1e-9)
    }

    @Test func untilSettledSettlesAndWritesTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "settled-\(UUID()).json"
        ).path
        defer { CommandRunner.removeFiles(path) }
        let outcome = try CommandRunner.run([
            "layout", "force", "--cells", "200", "--until-settled", "--output", path,
        ])
        #expect(outcome.status == 0)
        #expect(outcome.output.isEmpty)
        let output = try JSONDecoder().decode(
            Output.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(output.settled)
        #expect(output.maxMovement < 0.3)
        #expect(output.cells.count == 200)
    }

    @Test(arguments: [
        (["layout", "force", "--cells", "10", "--bogus"], "bogus"),
        (["layout", "force"], "--cells"),
        (["layout", "force", "--cells", "10", "--size", "0x800"], "size"),
        (["layout", "force", "--cells", "10", "--size", "wide"], "size"),
        (["layout", "force", "--cells", "-3"], "cells"),
        (["layout", "force", "--cells", "10", "--steps", "5", "--until-settled"], "not both"),
        (["layout", "force", "--cells", "10", "--integrator", "euler"], "integrator"),
        (["layout", "force", "--cells", "10", "--theta", "nan"], "theta"),
        (["layout", "force", "--input", "/nonexistent/cells.json"], "cannot read"),
        (
            ["layout", "force", "--cells", "10", "--output", "/nonexistent/dir/out.json"], "cannot write"
        ),
        (["bench", "force", "--cells", "ten"], "--cells"),
        (["bench", "force", "--cells", "1000,99999999"], "--cells"),
        (["layout", "force", "--cells", "2000000000"], "--cells"),
        (["layout", "force", "--cells", "10", "--threads", "100000"], "--threads"),
        (["layout", "force", "--cells", "10", "--seed", "-1"], "seed"),
    ])
    func badArgumentsGiveOneLineAndStatusTwo(arguments: [String], mention: String) throws {
        let outcome = try CommandRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        let lines = outcome.error.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.error)")
        #expect(outcome.error.contains(mention), "\(outcome.error)")
    }

    @Test(arguments: [
        ("{\"width\":1280,\"height\":800,\"cells\":[{\"x\":1,", "not valid JSON"),
        ("{\"width\":1280,\"height\":800}", "missing \"cells\""),
        ("{\"width\":1280,\"height\":800,\"cells\":[{\"x\":1}]}", "missing \"y\" in cells[0]"),
        (
            "{\"width\":1280,\"height\":800,\"cells\":[{\"x\":\"a\",\"y\":2}]}",
            "cells[0].x should be a number"
        ),
        (
            "{\"width\":1280,\"height\":800,\"cells\":[{\"x\":1e999,\"y\":2}]}",
            "1e999 is not representable"
        ),
        (
            "{\"width\":1280,\"height\":800,\"cells\":[{\"x\":NaN,\"y\":2}]}",
            "not valid JSON (Invalid value around character"
        ),
        ("{\"width\":0,\"height\":800,\"cells\":[]}", "width and height must be positive"),
        ("{\"width\":1280,\"height\":-5,\"cells\":[]}", "width and height must be positive"),
        ("{\"width\":1280,\"height\":800,\"cells\":[{\"x\":1,\"y\":2,\"radius\":0}]}", "radius"),
        ("[]", "should be"),
    ])
    func badInputFilesGiveOneLineAndStatusTwo(json: String, mention: String) throws {
        let path = try CommandRunner.temporaryFile(json)
        defer { CommandRunner.removeFiles(path) }
        let outcome = try CommandRunner.run(["layout", "force", "--input", path, "--steps", "1"])
        #expect(outcome.status == 2)
        #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
        #expect(outcome.error.contains(mention), "\(outcome.error)")
        #expect(outcome.error.hasPrefix("cellscape: "))
    }

    /// `--output` through a symbolic link writes the file it names and leaves the link a link.
    @Test func outputThroughALinkKeepsTheLink() throws {
        let target = try CommandRunner.temporaryFile("old")
        let link = target + ".link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        defer {
            try? FileManager.default.removeItem(atPath: link)
            try? FileManager.default.removeItem(atPath: target)
        }
        let outcome = try CommandRunner.run(["layout", "force", "--cells", "3", "--steps", "2", "--output", link])
        #expect(outcome.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let output = try JSONDecoder().decode(Output.self, from: Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(output.steps == 2 && output.cells.count == 3)
    }

    @Test func helpExitsZero() throws {
        let outcome = try CommandRunner.run(["layout", "force", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("--until-settled"))
    }
}
