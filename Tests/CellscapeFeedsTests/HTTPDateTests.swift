import Foundation
import Testing

@testable import CellscapeFeeds

/// HTTP dates read by hand, in the three forms RFC 9110 asks a recipient to read, against
/// Foundation's formatter over two centuries.
@Suite struct HTTPDateTests {
    static let now = 1_795_910_400.0  // 2026-11-29

    @Test func theThreeFormsGiveTheSameTime() {
        let expected = 784_111_777.0
        #expect(HTTPHeaders.date("Sun, 06 Nov 1994 08:49:37 GMT", now: Self.now) == expected)
        #expect(HTTPHeaders.date("Sunday, 06-Nov-94 08:49:37 GMT", now: Self.now) == expected)
        #expect(HTTPHeaders.date("Sun Nov  6 08:49:37 1994", now: Self.now) == expected)
        #expect(HTTPHeaders.date("Thu, 29 Feb 2024 12:00:00 GMT", now: Self.now) == 1_709_208_000)
    }

    @Test func aTwoDigitYearMoreThanFiftyYearsAheadIsTheCenturyBefore() {
        #expect(HTTPHeaders.date("Wednesday, 01-Jan-76 00:00:00 GMT", now: Self.now) == 3_345_062_400)
        #expect(HTTPHeaders.date("Saturday, 01-Jan-77 00:00:00 GMT", now: Self.now) == 220_924_800)
    }

    @Test(arguments: [
        "", "0", "-1", "tomorrow", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 +0200", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
        "Sun Nov  6 08:49 1994",
    ])
    func anythingElseIsNoDate(text: String) {
        #expect(HTTPHeaders.date(text, now: Self.now) == nil)
    }

    @Test func everyDayOfTwoCenturiesReadsAsFoundationWritesIt() {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        // 1900 to 2100, a step of 1 day, 1 hour, 1 minute and 7 seconds: every month, hour and second.
        var seconds = -2_208_988_800.0
        var read = 0
        while seconds < 4_102_444_800 {
            let text = format.string(from: Date(timeIntervalSince1970: seconds))
            #expect(HTTPHeaders.date(text, now: Self.now) == seconds, "\(text)")
            seconds += 86_400 + 3_600 + 60 + 7
            read += 1
        }
        #expect(read > 70_000)
    }
}
