import Foundation
import Testing

@testable import CellscapeViewer

/// The query line edits as a shell's line does, by characters as the user sees them, and the recent
/// queries it suggests are kept as a browser keeps its history.
@Suite struct QueryLineTests {
    @Test func editingKeys() {
        var line = QueryLine()
        line.insert("cute cats")
        #expect(line.text == "cute cats" && line.caret == 9)
        line.apply(.deleteWord)
        #expect(line.text == "cute " && line.caret == 5)
        line.apply(.deleteWord)
        #expect(line.text == "" && line.caret == 0)
        line.insert("café 猫")
        line.apply(.left)
        line.apply(.deleteBackward)
        #expect(line.text == "café猫" && line.caret == 4, "one character, not one byte, each")
        line.apply(.start)
        line.insert("#")
        #expect(line.text == "#café猫" && line.beforeCaret == "#")
        line.apply(.end)
        line.apply(.left)
        line.apply(.deleteToStart)
        #expect(line.text == "猫" && line.caret == 0)
        line.apply(.deleteBackward)
        line.apply(.left)
        #expect(line.text == "猫" && line.caret == 0, "nothing before the caret: nothing happens")
        line.insert("a\nb\tc")
        #expect(line.text == "a b c猫", "a paste's control characters become spaces")
        #expect(line.apply(.submit) == false && line.apply(.cancel) == false)
        line.apply(.switchKind)
        #expect(line.kind == .stickers)
    }

    @Test func upAndDownChooseASuggestionThatEnterOpens() {
        var line = QueryLine(text: "ca")
        line.suggestions = ["cats", "cars"]
        #expect(line.query == "ca")
        line.apply(.suggestionDown)
        #expect(line.chosen == 0 && line.query == "cats")
        line.apply(.suggestionDown)
        line.apply(.suggestionDown)
        #expect(line.chosen == nil && line.query == "ca", "past the last: the text as typed")
        line.apply(.suggestionUp)
        #expect(line.query == "cars")
        line.insert("t")
        #expect(line.chosen == nil, "typing goes back to the text")
    }

    @Test func recentQueriesAreSuggestedNewestFirstAndBounded() {
        var recent = RecentQueries()
        for query in ["cats", "dogs", "#catsofmastodon", "cats", "https://x.example/tags/cat"] { recent.add(query) }
        #expect(recent.queries == ["dogs", "#catsofmastodon", "cats", "https://x.example/tags/cat"])
        #expect(recent.suggestions(for: "cat") == ["cats", "https://x.example/tags/cat", "#catsofmastodon"])
        #expect(recent.suggestions(for: "") == recent.queries.reversed())
        recent.add("giphy:search/x?api_key=secret")
        #expect(!recent.queries.contains { $0.contains("secret") }, "a key is never kept")
        for number in 0..<300 { recent.add("query \(number)") }
        #expect(recent.queries.count == RecentQueries.limit && recent.queries.last == "query 299")
    }

    @Test func theHistoryFileIsTheUsersAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-state-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = RecentQueries.file(environment: ["XDG_STATE_HOME": folder])
        #expect(path == folder + "/cellscape/history")
        #expect(RecentQueries.file(environment: ["HOME": "/home/u"]) == "/home/u/.local/state/cellscape/history")
        try RecentQueries(["cats", "~/Pictures"]).save(to: path)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue == 0o600)
        #expect(RecentQueries.load(from: path).queries == ["cats", "~/Pictures"])
        #expect(RecentQueries.load(from: folder + "/missing").queries.isEmpty)
    }

    @Test func theNewCommandsRoundTripAsSessionLines() throws {
        for command in [
            ViewerCommand.text("猫 café"), .edit(.deleteWord), .showSource("giphy:search/cats"),
            .key(.openQuery), .key(.historyBack),
        ] {
            let line = try JSONEncoder().encode(command)
            #expect(try JSONDecoder().decode(ViewerCommand.self, from: line) == command)
        }
    }
}
