import CellscapeFeeds
import Foundation
import Testing

/// What the query line opens for what is typed.
@Suite struct QueryTargetTests {
    func target(_ query: String, key: Bool = false, stickers: Bool = false, instance: String? = nil) throws
        -> QueryTarget
    {
        try QueryTarget(query, stickers: stickers, hasGiphyKey: key, instance: instance, home: "/home/u")
    }

    @Test func foldersAndAddresses() throws {
        #expect(try target("~/Pictures") == .folder("/home/u/Pictures"))
        #expect(try target("~") == .folder("/home/u"))
        #expect(try target(" /media/x ") == .folder("/media/x"))
        #expect(try target("./here") == .folder("./here"))
        #expect(try target("https://m.example/tags/cats") == .feed("https://m.example/tags/cats"))
        #expect(try target("giphy:trending") == .feed("giphy:trending"))
    }

    @Test func wordsAndHashtags() throws {
        #expect(try target("cute  cats", key: true) == .feed("giphy:search/cute cats"))
        #expect(try target("cats", key: true, stickers: true) == .feed("giphy:stickers/search/cats"))
        #expect(
            try target("#dogs", key: true, instance: "https://m.example") == .feed("https://m.example/tags/dogs"),
            "#word is always a hashtag")
        #expect(try target("cute cats", instance: "m.example") == .feed("https://m.example/tags/cutecats"))
        #expect(try target("#猫", instance: "m.example") == .feed("https://m.example/tags/%E7%8C%AB"))
        #expect(throws: FeedProblem.self) { try target("#dogs") }
        #expect(throws: FeedProblem.self) { try target("#a/b", instance: "m.example") }
        #expect(throws: FeedProblem.self) { try target("  ") }
    }

    @Test func theInstanceOfAnAddress() {
        #expect(QueryTarget.instance(of: "https://m.example/tags/cats") == "https://m.example")
        #expect(QueryTarget.instance(of: "http://127.0.0.1:8080/public") == "http://127.0.0.1:8080")
        #expect(QueryTarget.instance(of: "giphy:trending") == nil)
    }
}

/// GIPHY's suggestions: the address asked, and an untrusted answer read.
@Suite struct GiphySuggestionsTests {
    let server = URL(string: "https://api.giphy.com")!

    @Test func theAddressAsked() {
        #expect(
            GiphySuggestions.address(for: " cute cats ", server: server, key: "K").absoluteString
                == "https://api.giphy.com/v1/gifs/search/tags?api_key=K&q=cute%20cats&limit=8")
        #expect(
            GiphySuggestions.address(for: "", server: server, key: "K").absoluteString
                == "https://api.giphy.com/v1/trending/searches?api_key=K")
    }

    @Test func anAnswerRead() throws {
        let autocomplete =
            #"{"data":[{"name":"cats"},{"name":"Cats"},{"name":"cat\u0007bell"},{"x":1},{"name":"kittens"}]}"#
        #expect(try GiphySuggestions.words(from: Data(autocomplete.utf8)) == ["cats", "kittens"])
        let trending =
            #"{"data":["one", " two ", "", 3, "\#(String(repeating: "x", count: 101))"],"meta":{"status":200}}"#
        #expect(try GiphySuggestions.words(from: Data(trending.utf8)) == ["one", "two"])
        let many = "{\"data\":[" + (0..<20).map { "\"w\($0)\"" }.joined(separator: ",") + "]}"
        #expect(try GiphySuggestions.words(from: Data(many.utf8)).count == 8)
        #expect(try GiphySuggestions.words(from: Data("{}".utf8)).isEmpty)
        #expect(throws: FeedProblem.self) { try GiphySuggestions.words(from: Data("<html>".utf8)) }
    }
}
