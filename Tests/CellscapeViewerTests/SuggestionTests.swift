import CellscapePictures
import Foundation
import Testing

@testable import CellscapeLayout
@testable import CellscapeViewer

/// A server is asked for suggestions once typing pauses, never more than once a pause; an ask is
/// cancelled when typing goes on; its answer shows after the recent queries, if the line still says
/// what it answers.
@Suite struct SuggestionTests {
    final class Opener: SourceOpener, @unchecked Sendable {
        var asked: [String] = []
        var cancelled = 0
        var answers: [@Sendable ([String]) -> Void] = []
        func open(_ request: SourceRequest, recording: Bool) -> Result<OpenedSource, SourceRefusal> {
            .failure(SourceRefusal("no"))
        }
        func suggestions(for typed: String) -> [String] { typed.isEmpty ? [] : ["\(typed) recent"] }
        func askSuggestions(for typed: String, answer: @escaping @Sendable ([String]) -> Void) -> (
            @Sendable () -> Void
        )? {
            asked.append(typed)
            answers.append(answer)
            return { [self] in cancelled += 1 }
        }
    }

    final class Clock: @unchecked Sendable {
        var now: UInt64 = 1_000_000_000
    }

    @Test func aFastTypistCausesOneAskAPause() throws {
        let (driver, _, root) = try SourceSwitchingTests.driver(3)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let clock = Clock()
        let feed = try #require(driver.model.waterfall.pictures)
        feed.clock = FeedClock { clock.now }
        let opener = Opener()
        driver.opener = opener
        driver.send(.key(.openQuery))
        #expect(driver.suggestionDeadline == clock.now + SuggestionAsker.pause)
        // Five keys 50 ms apart: no ask until typing pauses.
        for character in "cats!" {
            clock.now += 50_000_000
            driver.askSuggestionsIfDue()
            driver.send(.text(String(character)))
        }
        driver.send(.edit(.deleteBackward))
        #expect(opener.asked.isEmpty)
        #expect(driver.model.query?.suggestions == ["cats recent"], "recent queries at once")
        clock.now += SuggestionAsker.pause - 1
        driver.askSuggestionsIfDue()
        #expect(opener.asked.isEmpty)
        clock.now += 1
        driver.askSuggestionsIfDue()
        driver.askSuggestionsIfDue()
        #expect(opener.asked == ["cats"], "one ask, for what the line says")
        // Its answer, from another thread, shows after the recent queries.
        let answer = try #require(opener.answers.last)
        Thread { answer(["cats", "cats cute", "cats recent", "cats funny"]) }.start()
        #expect(
            CallerWait.until(timeout: 10) {
                driver.takeSuggestions()
            } step: {
                var answered = pollfd(fd: driver.suggestions.descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&answered, 1, 100)
            })
        #expect(driver.model.query?.suggestions == ["cats recent", "cats cute", "cats funny"])
        // Typing on cancels the next ask under way, and its late answer is not shown.
        clock.now += SuggestionAsker.pause
        driver.send(.text("s"))
        clock.now += SuggestionAsker.pause
        driver.askSuggestionsIfDue()
        #expect(opener.asked == ["cats", "catss"])
        driver.send(.text("!"))
        #expect(opener.cancelled == 1)
        opener.answers.last!(["late"])
        #expect(!driver.takeSuggestions())
        #expect(driver.model.query?.suggestions == ["catss! recent"])
        driver.send(.edit(.cancel))
        #expect(opener.cancelled == 1, "nothing under way to cancel")
        #expect(driver.suggestionDeadline == nil)
    }
}
