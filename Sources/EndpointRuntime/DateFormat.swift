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
        switch self {
        case .iso8601:
            return date.formatted(Styles.seconds)
        case .iso8601Fractional:
            return date.formatted(Styles.fractional)
        case .secondsSince1970:
            let seconds = date.timeIntervalSince1970
            if seconds.rounded() == seconds, abs(seconds) < 9.0e15 {
                return String(Int64(seconds))
            }
            return String(seconds)
        case .millisecondsSince1970:
            return String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        case .date:
            return date.formatted(Styles.day)
        }
    }

    /// Reads a date written in this format; `nil` when `string` is not one.
    ///
    /// The two ISO 8601 formats each accept the other, so a server that sometimes adds
    /// fractional seconds is still understood.
    func date(from string: String) -> Date? {
        switch self {
        case .iso8601, .iso8601Fractional:
            if let date = try? Styles.seconds.parse(string) { return date }
            return try? Styles.fractional.parse(string)
        case .secondsSince1970:
            return Double(string).map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970:
            return Double(string).map { Date(timeIntervalSince1970: $0 / 1000) }
        case .date:
            return try? Styles.day.parse(string)
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
