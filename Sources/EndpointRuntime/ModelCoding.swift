import Foundation

/// What generated union (`oneOf`, `anyOf`) and `additionalProperties` models call while they decode
/// and encode. Users rarely call it themselves; the generated types are the API.
///
/// ```swift
/// // A hand-written `oneOf` with a discriminator:
/// switch ModelCoding.discriminator("petType", in: decoder) {
/// case "cat":
///     if let value = ModelCoding.attempt(Cat.self, from: decoder) { ... }
/// ...
/// }
/// ```
///
/// (Generated ones read the discriminator from a keyed container and decode an object alternative
/// from that same container: docs/generated-code.md.)
public enum ModelCoding {
    /// The string value of the object member `property` of the value being decoded, or `nil` when the
    /// value is not an object, has no such member, or the member is not a string.
    public static func discriminator(_ property: String, in decoder: any Decoder) -> String? {
        guard let container = try? decoder.container(keyedBy: ModelKey.self) else { return nil }
        return try? container.decode(String.self, forKey: ModelKey(stringValue: property))
    }

    /// The whole value being decoded as a `T`, or `nil` when it does not fit. It goes through the
    /// decoder's own strategies (dates, data), as a property of type `T` would.
    public static func attempt<T: Decodable>(_ type: T.Type, from decoder: any Decoder) -> T? {
        guard let container = try? decoder.singleValueContainer() else { return nil }
        return try? container.decode(T.self)
    }

    /// Encodes `value` as the whole value, through the encoder's own strategies.
    public static func encode<T: Encodable>(_ value: T, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// Encodes the alternatives an `anyOf` value holds, once: the only one as it is; several objects
    /// merged into one object (the first alternative's member wins where two write the same key);
    /// otherwise (a number that is both an `Int` and a `Double`) the first alone.
    ///
    /// With `objects` (every alternative is a struct that encodes into a keyed container, as
    /// generated object models do), several are merged by encoding each into the one object, so the
    /// encoder's own strategies (dates, data) apply. Otherwise several objects are merged through a
    /// plain `JSONEncoder`.
    public static func encodeAnyOf(_ values: [(any Encodable)?], objects: Bool = false, to encoder: any Encoder) throws {
        let present = values.compactMap { $0 }
        guard present.count > 1 else {
            if let only = present.first { try encode(only, to: encoder) } else {
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            }
            return
        }
        if objects {
            // Last to first: a later write replaces a member, so the first alternative's value stays.
            for value in present.reversed() { try value.encode(to: encoder) }
            return
        }
        var merged: [String: JSONValue] = [:]
        for value in present {
            guard case let .object(members)? = try? jsonValue(of: value) else {
                try encode(present[0], to: encoder)
                return
            }
            merged.merge(members) { first, _ in first }
        }
        try encode(JSONValue.object(merged), to: encoder)
    }

    /// The members of the object being decoded whose keys are not `known`, each decoded as a `T`.
    public static func additionalProperties<T: Decodable>(_ type: T.Type, from decoder: any Decoder,
                                                          excluding known: Set<String>) throws -> [String: T] {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var result: [String: T] = [:]
        for key in container.allKeys where !known.contains(key.stringValue) {
            result[key.stringValue] = try container.decode(T.self, forKey: key)
        }
        return result
    }

    /// Writes `properties` as members of the object being encoded, beside the declared ones.
    public static func encodeAdditionalProperties<T: Encodable>(_ properties: [String: T], to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for key in properties.keys.sorted() {
            if let value = properties[key] { try container.encode(value, forKey: AnyCodingKey(key)) }
        }
    }

    /// The JSON form of `value`, as a plain `JSONEncoder` writes it.
    static func jsonValue(of value: any Encodable) throws -> JSONValue {
        let data = try JSONEncoder().encode(value)
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }
}

/// A coding key of any name, for members a type does not declare.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
}

/// A value stored out of line, so that a model can hold a value of its own type (`parent:
/// Comment?` in `Comment`). Generated code keeps such a property in a private `Indirect` and
/// exposes it as a plain property, which its `init(from:)` and `encode(to:)` read and write under
/// the wire name; the box is copied on write and leaves no trace in JSON.
///
/// ```swift
/// struct Comment: Codable, Hashable, Sendable {
///     var text: String
///     var parent: Comment? {
///         get { _parent.value }
///         set { _parent.value = newValue }
///     }
///     private var _parent: Indirect<Comment?>
///
///     init(from decoder: any Decoder) throws {
///         let container = try decoder.container(keyedBy: ModelKey.self)
///         text = try container.member("text")
///         _parent = Indirect(try container.memberIfPresent("parent"))
///     }
///
///     func encode(to encoder: any Encoder) throws {
///         var container = encoder.container(keyedBy: ModelKey.self)
///         try container.encodeMember(text, "text")
///         try container.encodeMemberIfPresent(parent, "parent")
///     }
/// }
/// ```
public struct Indirect<Value> {
    private final class Storage: @unchecked Sendable {
        // Never mutated: a write replaces the whole box, so copies never share a change.
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    /// Boxes `value`.
    public init(_ value: Value) { storage = Storage(value) }

    /// The value.
    public var value: Value {
        get { storage.value }
        set { storage = Storage(newValue) }
    }
}

extension Indirect: Sendable where Value: Sendable {}

extension Indirect: Equatable where Value: Equatable {
    /// Equal when the values are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// What a generated model's `init(from:)` calls for each property: `decode` and `decodeIfPresent`
/// under a name of their own, with the type taken from the property assigned.
///
/// ```swift
/// // In a generated model:
/// public init(from decoder: any Decoder) throws {
///     let container = try decoder.container(keyedBy: ModelKey.self)
///     self.id = try container.member("id")
///     self.createdAt = try container.memberIfPresent("created_at")
/// }
/// ```
///
/// `container.decode(Int64.self, forKey: "id")` gives the same value, but `decode` has an overload
/// for each standard type, and the compiler weighs them all at every call: for a model-heavy spec
/// that was a third of the type-checking time (docs/generated-code.md, "Compile time and size").
extension KeyedDecodingContainer where K == ModelKey {
    /// The member `key` as a `T`; an error when it is absent or does not fit.
    @inlinable
    public func member<T: Decodable>(_ key: ModelKey) throws -> T {
        // The standard types through their own requirements, as `decode(String.self, ...)` calls
        // them: a decoder's generic path may be slower. Specialized, only one line is left.
        if T.self == String.self, let value = try decode(String.self, forKey: key) as? T { return value }
        if T.self == Int.self, let value = try decode(Int.self, forKey: key) as? T { return value }
        if T.self == Int64.self, let value = try decode(Int64.self, forKey: key) as? T { return value }
        if T.self == Int32.self, let value = try decode(Int32.self, forKey: key) as? T { return value }
        if T.self == Double.self, let value = try decode(Double.self, forKey: key) as? T { return value }
        if T.self == Float.self, let value = try decode(Float.self, forKey: key) as? T { return value }
        if T.self == Bool.self, let value = try decode(Bool.self, forKey: key) as? T { return value }
        return try decode(T.self, forKey: key)
    }

    /// The member `key` as a `T`, or `nil` when it is absent or `null`.
    @inlinable
    public func memberIfPresent<T: Decodable>(_ key: ModelKey) throws -> T? {
        if T.self == String.self { return try decodeIfPresent(String.self, forKey: key) as? T }
        if T.self == Int.self { return try decodeIfPresent(Int.self, forKey: key) as? T }
        if T.self == Int64.self { return try decodeIfPresent(Int64.self, forKey: key) as? T }
        if T.self == Int32.self { return try decodeIfPresent(Int32.self, forKey: key) as? T }
        if T.self == Double.self { return try decodeIfPresent(Double.self, forKey: key) as? T }
        if T.self == Float.self { return try decodeIfPresent(Float.self, forKey: key) as? T }
        if T.self == Bool.self { return try decodeIfPresent(Bool.self, forKey: key) as? T }
        return try decodeIfPresent(T.self, forKey: key)
    }
}

/// What a generated model's `encode(to:)` calls for each property: `encode` and `encodeIfPresent`
/// under a name of their own (see `KeyedDecodingContainer.member(_:)`).
extension KeyedEncodingContainer where K == ModelKey {
    /// Writes `value` as the member `key`.
    @inlinable
    public mutating func encodeMember<T: Encodable>(_ value: T, _ key: ModelKey) throws {
        // The standard types through their own requirements, as `encode(string, ...)` calls them:
        // an encoder's generic path may be slower (`JSONEncoder`'s makes an encoder per value).
        switch value {
        case let value as String: try encode(value, forKey: key)
        case let value as Int: try encode(value, forKey: key)
        case let value as Int64: try encode(value, forKey: key)
        case let value as Int32: try encode(value, forKey: key)
        case let value as Double: try encode(value, forKey: key)
        case let value as Float: try encode(value, forKey: key)
        case let value as Bool: try encode(value, forKey: key)
        default: try encode(value, forKey: key)
        }
    }

    /// Writes `value` as the member `key`; nothing for `nil`.
    @inlinable
    public mutating func encodeMemberIfPresent<T: Encodable>(_ value: T?, _ key: ModelKey) throws {
        guard let value else { return }
        try encodeMember(value, key)
    }
}

/// The coding key of a generated model's `init(from:)` and `encode(to:)`: the member's name in
/// the JSON, written as a string literal.
///
/// ```swift
/// // In a generated model:
/// public init(from decoder: any Decoder) throws {
///     let container = try decoder.container(keyedBy: ModelKey.self)
///     self.id = try container.member("id")
///     self.createdAt = try container.memberIfPresent("created_at")
/// }
/// ```
///
/// Synthesized `Codable` would declare a `CodingKeys` enum in every model, with conformances of its
/// own for the compiler to write; one key type serves them all.
public struct ModelKey: CodingKey, ExpressibleByStringLiteral, Hashable, Sendable {
    /// The member's name.
    public var stringValue: String
    /// Always `nil`: model members are named.
    public var intValue: Int? { nil }

    /// The key named `stringValue`.
    @inlinable
    public init(stringLiteral stringValue: String) { self.stringValue = stringValue }

    /// The key named `stringValue`.
    public init(stringValue: String) { self.stringValue = stringValue }

    /// The key named by the number's digits.
    public init?(intValue: Int) { stringValue = String(intValue) }
}
