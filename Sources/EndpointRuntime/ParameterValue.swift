public import Foundation

/// A value that can stand in a path segment, a query item or a header.
///
/// The standard scalar types conform, as do `String`-backed enums that declare conformance:
///
/// ```swift
/// enum Sort: String, ParameterValue { case newest, oldest }
/// Query("sort", Sort.newest)   // sort=newest
/// ```
public protocol ParameterValue: Sendable {
    /// The value as text, before percent-encoding; dates use `dateFormat`.
    func parameterString(dateFormat: DateFormat) -> String
}

extension ParameterValue where Self: RawRepresentable, RawValue: ParameterValue {
    /// The raw value's text.
    public func parameterString(dateFormat: DateFormat) -> String { rawValue.parameterString(dateFormat: dateFormat) }
}

extension ParameterValue where Self: LosslessStringConvertible {
    /// The value's own text: a string itself, decimal digits, the shortest text that reads back as
    /// the same number (`1.5`, `3.0`), `true` or `false`.
    public func parameterString(dateFormat: DateFormat) -> String { description }
}

extension String: ParameterValue {}
extension Substring: ParameterValue {}
extension Int: ParameterValue {}
extension Int32: ParameterValue {}
extension Int64: ParameterValue {}
extension UInt: ParameterValue {}
extension Double: ParameterValue {}
extension Float: ParameterValue {}
extension Bool: ParameterValue {}

extension Date: ParameterValue {
    /// The date in the request's ``DateFormat``.
    public func parameterString(dateFormat: DateFormat) -> String { dateFormat.string(from: self) }
}

extension UUID: ParameterValue {
    /// The upper-case hyphenated form.
    public func parameterString(dateFormat: DateFormat) -> String { uuidString }
}

extension URL: ParameterValue {
    /// The absolute string.
    public func parameterString(dateFormat: DateFormat) -> String { absoluteString }
}

extension Data: ParameterValue {
    /// Base64.
    public func parameterString(dateFormat: DateFormat) -> String { base64EncodedString() }
}

extension JSONValue: ParameterValue {
    /// Strings, numbers and booleans as text; `null` as `null`; arrays and objects as compact JSON.
    public func parameterString(dateFormat: DateFormat) -> String {
        switch self {
        case let .string(text): return text
        case let .int(value): return String(value)
        case let .double(value): return String(value)
        case let .bool(value): return value ? "true" : "false"
        case .null: return "null"
        case .array, .object: return description
        }
    }
}
