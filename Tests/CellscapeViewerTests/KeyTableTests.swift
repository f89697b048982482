import CellscapeLayout
import CellscapeRender
import Foundation
import Testing

@testable import CellscapeViewer

/// One key table: every command is bound, no key twice, and what the README and the man page say is
/// what the table says.
@Suite struct KeyTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyCommandHasAKeyAndNoKeyTwoCommands() {
        let bound = KeyTable.bindings.flatMap { $0.commands }
        let symbols = bound.flatMap(\.symbols)
        #expect(Set(symbols).count == symbols.count, "a key symbol bound twice")
        let commands = Set(bound.map(\.command))
        // Hiding the table is what any other key does; the slideshow's clock sends its steps.
        #expect(commands == Set(KeyCommand.allCases).subtracting([.hideKeys, .slideshowStep]))
        for binding in KeyTable.bindings {
            #expect(!binding.actions.isEmpty, "\(binding.input) does nothing")
        }
    }

    @Test func theREADMEShowsTheTable() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(KeyTable.markdown), "the README's table should read:\n\(KeyTable.markdown)")
    }

    @Test func everyRowOfTheMarkdownHasItsFourCells() {
        for line in KeyTable.markdown.split(separator: "\n") {
            // Pipes that end cells: those not escaped with a backslash.
            let cells = line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count - 1
            #expect(cells == 4, "\(line)")
        }
    }

    @Test func theManualSaysTheTable() throws {
        let manual = try String(contentsOf: Self.root.appendingPathComponent("docs/cellscape.1"), encoding: .utf8)
        // As the manual is written from `help view`: the lines of its text, escapes undone.
        // A sentence starts a line of its own in mdoc: the lines of a paragraph are joined again.
        let text = manual.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\&", with: "")
            .replacingOccurrences(of: "\n", with: " ")
        for paragraph in KeyTable.paragraphs {
            #expect(text.contains(paragraph), "docs/cellscape.1 is stale (scripts/manual): \(paragraph)")
        }
        #expect(text.contains("the executable $XDG_CONFIG_HOME/cellscape/key-handler"), "where the key-handler lives")
        #expect(!manual.contains("\n\n"), "an empty line is an mdoc warning: a paragraph is .Pp")
    }

    /// What `mandoc -T lint` warns of in the manual: a paragraph break before a list item, and a sentence
    /// that does not start its own line.
    @Test func theManualRendersWithoutMdocWarnings() throws {
        let manual = try String(contentsOf: Self.root.appendingPathComponent("docs/cellscape.1"), encoding: .utf8)
        let lines = manual.split(separator: "\n", omittingEmptySubsequences: false)
        for (line, next) in zip(lines, lines.dropFirst()) where line == ".Pp" {
            #expect(!next.hasPrefix(".It"), ".Pp before .It (scripts/manual)")
        }
        let sentenceInside = /[.!?] +[A-Z0-9'(]/
        for line in lines where !line.hasPrefix(".") {
            #expect(line.firstMatch(of: sentenceInside) == nil, "a new sentence on a line of its own: \(line)")
        }
    }

    /// Each option is described once: a later subcommand's option in the same words is only named as
    /// taken above, and -h/--help and --version are said at the top alone.
    @Test func theManualSaysEachOptionOnce() throws {
        let manual = try String(contentsOf: Self.root.appendingPathComponent("docs/cellscape.1"), encoding: .utf8)
        let options = manual.components(separatedBy: "\n.It Fl ").dropFirst().map {
            $0.components(separatedBy: "\n.It ")[0].components(separatedBy: "\n.El")[0]
        }
        #expect(options.count > 30)
        let repeated = Dictionary(grouping: options, by: { $0 }).filter { $0.value.count > 1 }.keys
        #expect(repeated.isEmpty, "described again (scripts/manual): \(repeated.sorted())")
        #expect(options.filter { $0.hasPrefix("-version") }.count == 1)
        #expect(manual.contains("Also these options, as above:\n.Fl -size , -cells"))
    }

    /// The manual's synopsis shows how pictures, folders and standard input are given, and it has
    /// everyday examples.
    @Test func theManualShowsHowPicturesAreGivenWithExamples() throws {
        let manual = try String(contentsOf: Self.root.appendingPathComponent("docs/cellscape.1"), encoding: .utf8)
        let synopsis = try #require(manual.firstRange(of: ".Sh SYNOPSIS\n")).upperBound
        let description = try #require(manual.firstRange(of: ".Sh DESCRIPTION")).lowerBound
        let lines = manual[synopsis..<description].split(separator: "\n")
        #expect(lines.contains(".Op Ar picture | folder ..."))
        #expect(lines.contains(".Fl"), "a lone - for standard input")
        let examples = try #require(manual.firstRange(of: ".Sh EXAMPLES\n")).upperBound
        let shown = manual[examples...].split(separator: "\n").filter {
            $0.hasPrefix(".Dl $ ") && $0.contains("cellscape")
        }
        #expect(shown.count >= 5)
        #expect(shown.contains { $0.hasSuffix(" -") }, "standard input")
    }

    @Test func theOverlayShowsTheRowsOfWhereInputActs() {
        let cells = KeyTable.rows(for: .cells).map(\.input)
        let picture = KeyTable.rows(for: .picture).map(\.input)
        #expect(cells.contains("right click") && !picture.contains("right click"))
        #expect(picture.contains("1 or =") && !cells.contains("1 or ="))
        #expect(KeyTable.rows(for: .grid).first { $0.input == "left click" }?.action == "select a tile")
    }

    @Test func anyKeyOrClickHidesTheTableAndDoesNothingElse() {
        var options = ForceScene.Options()
        options.cells = 10
        var model = ViewerModel(force: options, waterfall: WaterfallScene.Options())
        let inputs: [ViewerCommand] = [
            .key(.hideKeys), .key(.toggleCheckerboard), .key(.addCells), .press(Point(x: 5, y: 5)),
            .remove(Point(x: 640, y: 400)), .wheel(1, at: nil),
        ]
        for input in inputs {
            model.handle(.key(.showKeys))
            #expect(model.showsKeys)
            model.handle(input)
            #expect(!model.showsKeys, "\(input)")
            #expect(model.force.layout.count == 10, "\(input) only hides the table")
        }
        model.handle(.key(.hideKeys))
        #expect(model.force.layout.count == 10)
    }
}
