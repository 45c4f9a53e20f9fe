import Foundation
import Testing
import TestSupport
@testable import EndpointRuntime

/// `CalendarText` reads and writes the common ISO 8601 texts itself; Foundation's format styles stay
/// the reference. These tests hold it to them: on the texts it takes, the same `Date` (to the bit)
/// and the same text; on the others, `nil`, so that `DateFormat` asks the styles.
@Suite struct CalendarTextTests {
    static let seconds = Date.ISO8601FormatStyle()
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    static let day = Date.ISO8601FormatStyle().year().month().day()

    @Test func readsWhatTheStylesReadToTheBit() throws {
        var random = SplitMix(seed: 24)
        for _ in 0..<20_000 {
            let whole = Int.random(in: 0..<253_402_300_800, using: &random)
            var text = Date(timeIntervalSince1970: Double(whole)).formatted(Self.seconds)
            let digits = Int.random(in: 0...9, using: &random)
            if digits > 0 {
                text.removeLast()
                text += "." + String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &random))) }) + "Z"
            }
            let expected = try Self.fractional.parse(text)
            for format in [DateFormat.iso8601, .iso8601Fractional] {
                let read = try #require(CalendarText.date(from: text, format: format), "\(text)")
                #expect(read.timeIntervalSinceReferenceDate.bitPattern == expected.timeIntervalSinceReferenceDate.bitPattern, "\(text)")
            }
            let dayText = String(text.prefix(10))
            #expect(CalendarText.date(from: dayText, format: .date) == (try Self.day.parse(dayText)), "\(dayText)")
        }
    }

    @Test func writesWhatTheStylesWrite() {
        var random = SplitMix(seed: 26)
        var dates = [0, 951_782_400, 253_402_300_799].map { Date(timeIntervalSince1970: Double($0)) } // 1970, 2000-02-29, the last second
        for _ in 0..<20_000 { dates.append(Date(timeIntervalSince1970: Double(Int.random(in: 0..<253_402_300_800, using: &random)))) }
        for date in dates {
            #expect(CalendarText.string(from: date, format: .iso8601) == date.formatted(Self.seconds))
            #expect(CalendarText.string(from: date, format: .iso8601Fractional) == date.formatted(Self.fractional))
            #expect(CalendarText.string(from: date, format: .date) == date.formatted(Self.day))
        }
    }

    /// A date just before a whole second is not one, though `timeIntervalSince1970` (which adds
    /// 978,307,200 seconds to what the date stores) can round it up to one: the styles write it.
    @Test func aDateJustBeforeASecondIsLeftToTheStyles() throws {
        let parsed = try #require(DateFormat.iso8601.date(from: "2023-12-31T23:59:59.9999999Z"))
        for date in [parsed, Date(timeIntervalSinceReferenceDate: 725_759_999.9999999), Date(timeIntervalSinceReferenceDate: (7e8).nextDown)] {
            #expect(date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970) // what misled the check
            for format in [DateFormat.iso8601, .iso8601Fractional, .date] {
                #expect(CalendarText.string(from: date, format: format) == nil)
            }
            #expect(DateFormat.iso8601.string(from: date) == date.formatted(Self.seconds))
            #expect(DateFormat.iso8601Fractional.string(from: date) == date.formatted(Self.fractional))
            #expect(DateFormat.date.string(from: date) == date.formatted(Self.day))
        }
        #expect(DateFormat.date.string(from: parsed) == "2023-12-31")
    }

    /// Offsets, days past the month's end, 24:00, leap seconds, years before 1970, lower case, ten
    /// fractional digits: `CalendarText` takes none of them, and `DateFormat` reads them as the
    /// styles do.
    @Test func leavesOtherTextsToTheStyles() {
        let texts = ["2024-05-01T12:30:00+02:00", "2024-05-01T12:30:00+0200", "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z",
                     "2024-05-01T24:00:00Z", "2024-05-01T12:30:60Z", "1969-12-31T23:59:59Z", "1500-01-01T00:00:00Z",
                     "2024-05-01t12:30:00z", "2024-05-01T12:30:00.1234567891Z", "2024-5-1T12:30:00Z", "2024-05-01T12:30:00",
                     "2024-05-01T12:30:00.Z", "2024-05-01 12:30:00Z", "2024-05-01T12:30:0xZ", "+024-05-01T12:30:00Z"]
        for text in texts {
            #expect(CalendarText.date(from: text, format: .iso8601) == nil, "\(text)")
            let expected = (try? Self.seconds.parse(text)) ?? (try? Self.fractional.parse(text))
            #expect(DateFormat.iso8601.date(from: text) == expected, "\(text)")
        }
        for text in ["2024-02-30", "1969-12-31", "2024-5-01", "2024-05-01T00:00:00Z", "2024/05/01"] {
            #expect(CalendarText.date(from: text, format: .date) == nil, "\(text)")
            #expect(DateFormat.date.date(from: text) == (try? Self.day.parse(text)), "\(text)")
        }
        for interval in [-1.0, -86_400.5, 0.5, 1_714_566_600.25, 253_402_300_800] {
            let date = Date(timeIntervalSince1970: interval)
            for format in [DateFormat.iso8601, .iso8601Fractional, .date] {
                #expect(CalendarText.string(from: date, format: format) == nil)
            }
            #expect(DateFormat.iso8601Fractional.string(from: date) == date.formatted(Self.fractional))
        }
    }
}
