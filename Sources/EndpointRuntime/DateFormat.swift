public import Foundation

/// How `Date` values are written in paths, queries and JSON bodies, and read from JSON responses.
///
/// ```swift
/// Date(timeIntervalSince1970: 0).parameterString(dateFormat: .iso8601)          // "1970-01-01T00:00:00Z"
/// Date(timeIntervalSince1970: 0).parameterString(dateFormat: .secondsSince1970) // "0"
/// Date(timeIntervalSince1970: 0).parameterString(dateFormat: .date)             // "1970-01-01"
/// ```
public enum DateFormat: String, Sendable, Hashable, CaseIterable {
    /// ISO 8601 with seconds, in UTC: `2024-05-01T12:30:00Z`. The spec's `"iso8601"`.
    case iso8601
    /// ISO 8601 with milliseconds, in UTC: `2024-05-01T12:30:00.250Z`. The spec's `"iso8601-fractional"`.
    case iso8601Fractional = "iso8601-fractional"
    /// Seconds since 1970-01-01 UTC as a number: `1714566600`.
    case secondsSince1970
    /// Milliseconds since 1970-01-01 UTC as an integer: `1714566600250`.
    case millisecondsSince1970
    /// A calendar date in UTC, `yyyy-MM-dd`: `2024-05-01`.
    case date

    /// Writes `date` in this format.
    func string(from date: Date) -> String {
        // The ISO 8601 shapes from their calendar fields where `CalendarText` writes them, else the styles.
        switch self {
        case .iso8601:
            return CalendarText.string(from: date, format: self) ?? date.formatted(Styles.seconds)
        case .iso8601Fractional:
            return CalendarText.string(from: date, format: self) ?? date.formatted(Styles.fractional)
        case .secondsSince1970:
            let seconds = date.timeIntervalSince1970
            if seconds.rounded() == seconds, abs(seconds) < 9.0e15 {
                return String(Int64(seconds))
            }
            return String(seconds)
        case .millisecondsSince1970:
            return String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        case .date:
            return CalendarText.string(from: date, format: self) ?? date.formatted(Styles.day)
        }
    }

    /// Reads a date written in this format; `nil` when `string` is not one.
    ///
    /// The two ISO 8601 formats each accept the other, so a server that sometimes adds
    /// fractional seconds is still understood.
    func date(from string: String) -> Date? {
        switch self {
        case .iso8601, .iso8601Fractional:
            if let date = CalendarText.date(from: string, format: self) ?? (try? Styles.seconds.parse(string)) { return date }
            return try? Styles.fractional.parse(string)
        case .secondsSince1970:
            return Double(string).map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970:
            return Double(string).map { Date(timeIntervalSince1970: $0 / 1000) }
        case .date:
            return CalendarText.date(from: string, format: self) ?? (try? Styles.day.parse(string))
        }
    }

    /// The `JSONEncoder` date strategy that writes this format.
    var encodingStrategy: JSONEncoder.DateEncodingStrategy {
        switch self {
        case .secondsSince1970: return .secondsSince1970
        case .millisecondsSince1970: return .millisecondsSince1970
        case .iso8601, .iso8601Fractional, .date:
            let format = self
            return .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(format.string(from: date))
            }
        }
    }

    /// The `JSONDecoder` date strategy that reads this format.
    var decodingStrategy: JSONDecoder.DateDecodingStrategy {
        switch self {
        case .secondsSince1970: return .secondsSince1970
        case .millisecondsSince1970: return .millisecondsSince1970
        case .iso8601, .iso8601Fractional, .date:
            let format = self
            return .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = format.date(from: text) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "Expected a date in \(format.rawValue) format, found \"\(text)\".")
                }
                return date
            }
        }
    }

    /// A `JSONEncoder` that writes dates in this format.
    ///
    /// Keys are sorted: Foundation's encoder on Linux does not keep one key order from one encoding to
    /// the next, and the same request must have the same bytes (equal requests, stable logs and stubs).
    public func makeJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = encodingStrategy
        return encoder
    }

    /// A `JSONDecoder` that reads dates in this format.
    public func makeJSONDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = decodingStrategy
        return decoder
    }
}

/// The format styles, made once: making one per date was a large part of writing and reading dates.
private enum Styles {
    static let seconds = Date.ISO8601FormatStyle()
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    static let day = Date.ISO8601FormatStyle().year().month().day()
}

/// The ISO 8601 texts almost every API sends and every request writes, read and written from their
/// calendar fields without a format style: `2024-05-01T12:30:00Z`, with up to nine digits of
/// fractional seconds when read, and `2024-05-01`, in years 1970 to 9999. The format styles were
/// most of the time it took to decode a response's dates or write a request's. Anything else (an
/// offset, a day past the month's end, a leap second, a year before 1970) is `nil` here and left to
/// the styles, so what is accepted and what it means stay the styles' own; a test compares the two
/// on random dates. (The reference is swift-foundation's `ISO8601FormatStyle`, as on Linux; where an
/// older Apple system's style reads fractional seconds only to the millisecond, this reads all nine
/// digits it takes.)
enum CalendarText {
    /// Seconds from 1970-01-01 to 2001-01-01, `Date`'s reference date. Dates are made from it as
    /// the styles make them, so a fractional second gives the very same `Double`.
    private static let referenceDate = 978_307_200
    /// 10000-01-01T00:00:00Z.
    private static let end = 253_402_300_800

    /// `date` in `format` when it is on a whole second from 1970 to 9999 (an ISO 8601 format or
    /// `.date`); `nil` otherwise.
    static func string(from date: Date, format: DateFormat) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        guard append(date, format: format, to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends what `string(from:format:)` gives to `bytes`; `false`, appending nothing, for a date
    /// it leaves to the format styles.
    static func append(_ date: Date, format: DateFormat, to bytes: inout [UInt8]) -> Bool {
        // Read from the interval the date stores: `timeIntervalSince1970` adds 978,307,200 to it and
        // can round a date just before a second up to that second (2023-12-31T23:59:59.9999999Z
        // would be written as the next day), which the styles, working from the stored value, do not.
        let interval = date.timeIntervalSinceReferenceDate
        guard format == .iso8601 || format == .iso8601Fractional || format == .date,
              interval >= Double(-referenceDate), interval < Double(end - referenceDate),
              interval.rounded(.down) == interval else { return false }
        let seconds = Int(interval) + referenceDate
        let (year, month, day) = fields(daysSince1970: seconds / 86_400)
        let time = seconds % 86_400
        func two(_ value: Int) {
            bytes.append(0x30 &+ UInt8(truncatingIfNeeded: value / 10))
            bytes.append(0x30 &+ UInt8(truncatingIfNeeded: value % 10))
        }
        two(year / 100)
        two(year % 100)
        bytes.append(0x2D)
        two(month)
        bytes.append(0x2D)
        two(day)
        if format != .date {
            bytes.append(0x54)
            two(time / 3600)
            bytes.append(0x3A)
            two(time / 60 % 60)
            bytes.append(0x3A)
            two(time % 60)
            if format == .iso8601Fractional { bytes.append(contentsOf: [0x2E, 0x30, 0x30, 0x30]) }
            bytes.append(0x5A)
        }
        return true
    }

    /// The date `text` gives in `format` when it is `YYYY-MM-DDTHH:MM:SS[.fraction]Z` (an ISO 8601
    /// format) or `YYYY-MM-DD` (`.date`) with a valid day and time of a year from 1970 to 9999;
    /// `nil` otherwise.
    static func date(from text: String, format: DateFormat) -> Date? {
        var text = text
        return text.withUTF8 { date(from: $0, format: format) }
    }

    private static func date(from bytes: UnsafeBufferPointer<UInt8>, format: DateFormat) -> Date? {
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        let isDate = format == .date
        guard isDate ? bytes.count == 10 : bytes.count >= 20,
              bytes[4] == 0x2D, bytes[7] == 0x2D,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              year >= 1970, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var seconds = self.days(year: year, month: month, day: day) * 86_400
        if isDate { return Date(timeIntervalSinceReferenceDate: Double(seconds - referenceDate)) }
        guard format == .iso8601 || format == .iso8601Fractional,
              bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[bytes.count - 1] == 0x5A,
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              hour < 24, minute < 60, second < 60 else { return nil }
        seconds += hour * 3600 + minute * 60 + second
        var fraction = 0.0
        let digits = bytes.count - 21
        if bytes.count > 20 {
            guard bytes[19] == 0x2E, (1...9).contains(digits), let value = number(20, digits) else { return nil }
            var scale = 1
            for _ in 0..<digits { scale *= 10 }
            fraction = Double(value) / Double(scale)
        }
        return Date(timeIntervalSinceReferenceDate: Double(seconds - referenceDate) + fraction)
    }

    /// The number of days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func days(year: Int, month: Int, day: Int) -> Int {
        // Counted in 400-year eras from 0000-03-01, so that a leap day ends each year.
        let marchYear = month <= 2 ? year - 1 : year
        let era = marchYear / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian year, month and day of a day counted from 1970-01-01 (not before it).
    static func fields(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
