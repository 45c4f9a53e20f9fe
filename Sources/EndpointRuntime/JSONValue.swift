import Foundation

/// Any JSON value, kept as it came: the spec's `JSON` type, for free-form fields.
///
/// ```swift
/// let value: JSONValue = ["name": "Ada", "tags": ["x", 1, true], "extra": .null]
/// value["tags"]?[0]       // .string("x")
/// ```
///
/// Integers that fit in `Int64` are kept exactly (`.int`); other numbers are `.double`.
public enum JSONValue: Codable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits in `Int64`.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value.")
        }
    }

    /// Encodes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .int(value): try container.encode(value)
        case let .double(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }

    /// `.string(value)`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `.int(value)`.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// `.double(value)`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `.bool(value)`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.array(elements)`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `.object(...)`; a later duplicate key wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        if case let .object(members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array, or `nil` when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        if case let .array(elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// Compact JSON text with sorted keys: `{"a":[1,true]}`.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
