/// An HTTP date read by hand (RFC 9110 5.6.7), as every answer's `Date`, `Expires`, `Last-Modified`
/// and `Retry-After` give one: a `DateFormatter` made for each took a fifth of the transport's time.
enum HTTPDate {
    /// Seconds since 1970 of `text` in any of the three forms a recipient must read: IMF-fixdate
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
    /// (`Sun Nov  6 08:49:37 1994`); nil for anything else. `now` places a two-digit year (RFC 850's):
    /// one more than 50 years ahead is taken as the century before.
    static func seconds(_ text: String, now: Double) -> Double? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch words.count {
        case 6 where words[0].hasSuffix(",") && (words[5] == "GMT" || words[5] == "UTC"):
            // IMF-fixdate: weekday, day, month, year, time, GMT.
            guard let day = Int(words[1]), let month = month(words[2]), words[3].count == 4,
                let year = Int(words[3])
            else { return nil }
            return seconds(year: year, month: month, day: day, time: words[4])
        case 4 where words[0].hasSuffix(",") && words[3] == "GMT":
            // RFC 850: weekday, day-month-two-digit year, time, GMT.
            let parts = words[1].split(separator: "-")
            guard parts.count == 3, let day = Int(parts[0]), let month = month(parts[1]), parts[2].count == 2,
                let short = Int(parts[2])
            else { return nil }
            return seconds(year: fullYear(short, now: now), month: month, day: day, time: words[2])
        case 5:
            // asctime: weekday, month, day (space-padded), time, year.
            guard let month = month(words[1]), let day = Int(words[2]), words[4].count == 4, let year = Int(words[4])
            else { return nil }
            return seconds(year: year, month: month, day: day, time: words[3])
        default:
            return nil
        }
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// 1 to 12 for a month's three letters (as sent: case matters in HTTP dates, but servers vary).
    private static func month(_ name: Substring) -> Int? {
        months.firstIndex { HTTPHeaders.sameIgnoringCase($0, name) }.map { $0 + 1 }
    }

    private static func fullYear(_ short: Int, now: Double) -> Int {
        let thisYear = 1970 + Int(now / 31_556_952)
        var year = thisYear - thisYear % 100 + short
        if year > thisYear + 50 { year -= 100 }
        return year
    }

    /// Seconds since 1970 of a civil date and an `HH:MM:SS` time in GMT; nil when out of range.
    private static func seconds(year: Int, month: Int, day: Int, time: Substring) -> Double? {
        let clock = time.split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Int(clock[0]),
            let minute = Int(clock[1]), let second = Int(clock[2]), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second), (1...31).contains(day), (1...9999).contains(year)
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
