import Foundation
import Testing

@Suite struct LayoutWaterfallCommandTests {
    struct Output: Decodable {
        struct Item: Decodable, Equatable {
            var index: Int
            var x: Double
            var y: Double
            var width: Double
            var height: Double
        }
        var columns: Int
        var columnWidth: Double
        var contentHeight: Double
        var items: [Item]
    }

    static let catalog = """
        {"items":[{"width":39,"height":39,"title":"a","color":"#102030"},{"width":78,"height":39,"title":"b","color":"#FFFFFF"},
        {"width":39,"height":78,"title":"c","color":"#000000"},{"width":10,"height":10,"title":"d","color":"#ABCDEF"},
        {"width":20,"height":10,"title":"e","color":"#123456"}]}
        """

    @Test func aCatalogIsLaidOutAsTheRulesSay() throws {
        let file = try CommandRunner.temporaryFile(Self.catalog)
        defer { CommandRunner.removeFiles(file) }
        let outcome = try CommandRunner.run([
            "layout", "waterfall", "--items", file, "--width", "100", "--columns", "2", "--column-spacing", "10",
            "--item-spacing", "5", "--insets", "4,6,3,6",
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
        let output = try JSONDecoder().decode(Output.self, from: Data(outcome.output.utf8))
        #expect(output.columns == 2 && output.columnWidth == 39 && output.contentHeight == 114.5)
        #expect(
            output.items == [
                .init(index: 0, x: 6, y: 4, width: 39, height: 39),
                .init(index: 1, x: 55, y: 4, width: 39, height: 19.5),
                .init(index: 2, x: 55, y: 28.5, width: 39, height: 78),
                .init(index: 3, x: 6, y: 48, width: 39, height: 39),
                .init(index: 4, x: 6, y: 92, width: 39, height: 19.5),
            ])
        let query = try CommandRunner.run([
            "layout", "waterfall", "--items", file, "--width", "100", "--columns", "2", "--column-spacing", "10",
            "--item-spacing", "5", "--insets", "4,6,3,6", "--query", "0,50,50,10",
        ])
        let queried = try JSONDecoder().decode(Output.self, from: Data(query.output.utf8))
        #expect(queried.items.map(\.index) == [3])
    }

    @Test func generatedItemsDependOnlyOnTheSeed() throws {
        let first = try CommandRunner.run(["layout", "waterfall", "--count", "300", "--seed", "4", "--width", "1280"])
        let second = try CommandRunner.run(["layout", "waterfall", "--count", "300", "--seed", "4", "--width", "1280"])
        #expect(first.status == 0 && first.output == second.output)
        let output = try JSONDecoder().decode(Output.self, from: Data(first.output.utf8))
        #expect(output.columns == 5 && output.items.count == 300)
    }

    @Test(arguments: [
        (["--count", "5"], "--width"),
        (["--width", "100"], "--items FILE or --count N"),
        (["--count", "5", "--width", "0"], "--width"),
        (["--count", "5", "--width", "100", "--columns", "0"], "--columns"),
        (["--count", "5", "--width", "100", "--insets", "1,2,3"], "--insets"),
        (["--count", "5", "--width", "100", "--query", "1,2,x,4"], "--query"),
        (["--count", "5", "--width", "100", "--item-spacing", "-1"], "--item-spacing"),
        (["--items", "/nonexistent.json", "--width", "100"], "cannot read"),
    ])
    func badInputGetsOneLineAndStatusTwo(arguments: [String], mention: String) throws {
        let outcome = try CommandRunner.run(["layout", "waterfall"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.error.split(separator: "\n").count == 1)
        #expect(outcome.error.contains(mention), "\(outcome.error)")
    }

    @Test(arguments: [
        (##"{"items":[{"width":0,"height":5,"title":"a","color":"#102030"}]}"##, "items[0] needs a positive width"),
        (##"{"items":[{"width":5,"height":5,"title":"a","color":"red"}]}"##, "items[0].color"),
        (##"{"items":[{"width":5,"height":5,"color":"#102030"}]}"##, "title"),
        (##"{"items":[{"width":5,"##, "not valid JSON"),
    ])
    func badCatalogsAreNamed(text: String, mention: String) throws {
        let file = try CommandRunner.temporaryFile(text)
        defer { CommandRunner.removeFiles(file) }
        let outcome = try CommandRunner.run(["layout", "waterfall", "--items", file, "--width", "100"])
        #expect(outcome.status == 2)
        #expect(outcome.error.split(separator: "\n").count == 1)
        #expect(outcome.error.contains(mention), "\(outcome.error)")
    }
}
