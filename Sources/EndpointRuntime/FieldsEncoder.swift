import Foundation

/// A file part of a multipart body, as ``FieldsEncoder`` makes it from a `Data` property (named
/// after the property, `application/octet-stream`) or a ``File`` property (its own name and type).
/// A property of your own type chooses its file name and type with ``File``.
struct MultipartFile: Encodable, Sendable, Hashable {
    /// The bytes.
    var data: Data
    /// The file name sent in `Content-Disposition`; `nil` uses the field name.
    var fileName: String?
    /// The part's `Content-Type`.
    var contentType: String

    /// A file part.
    init(_ data: Data, fileName: String? = nil, contentType: String = "application/octet-stream") {
        self.data = data
        self.fileName = fileName
        self.contentType = contentType
    }

    /// Outside a multipart body, a file encodes as its bytes in base64.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(data.base64EncodedString())
    }
}

/// Turns an `Encodable` value into named fields for form and multipart bodies.
///
/// Top-level properties become fields named by their keys. Nested objects use brackets
/// (`address[city]`), arrays of scalars repeat the name (`tags=a&tags=b`), arrays of objects are
/// indexed (`items[0][name]`), `nil` is left out. Dates follow the request's ``DateFormat``; `Data`
/// becomes a file part in multipart bodies and base64 text in form bodies; a ``File`` becomes a
/// file part with its own name and content type in multipart bodies and throws in form bodies.
///
/// ```swift
/// struct Login: Encodable { var user: String; var remember: Bool }
/// try FieldsEncoder(dateFormat: .iso8601).fields(Login(user: "ada", remember: true))
/// // [("user", .text("ada")), ("remember", .text("true"))]
/// ```
struct FieldsEncoder: Sendable {
    /// A field's value.
    enum Value: Sendable, Hashable {
        /// Text.
        case text(String)
        /// A file (multipart only; form bodies get base64 text instead).
        case file(MultipartFile)
    }

    /// How dates are written.
    var dateFormat: DateFormat
    /// Whether `Data` becomes a file part (`true`, multipart) or base64 text (`false`, form).
    var dataAsFiles: Bool

    /// An encoder.
    init(dateFormat: DateFormat = .iso8601, dataAsFiles: Bool = false) {
        self.dateFormat = dateFormat
        self.dataAsFiles = dataAsFiles
    }

    /// The fields of `value`, in encoding order. Throws `EncodingError` when `value` is not an
    /// object (a keyed container at the top level) or its encoding throws.
    func fields(_ value: some Encodable) throws -> [(name: String, value: Value)] {
        var output: [(name: String, value: Value)] = []
        for (key, node) in try members(value) { FieldsEncoding.flatten(node, name: key, into: &output) }
        return output
    }

    /// The encoded top-level properties of `value`, in encoding order.
    func members(_ value: some Encodable) throws -> [(String, FieldNode)] {
        let root = FieldNode()
        let options = FieldsEncodingOptions(dateFormat: dateFormat, dataAsFiles: dataAsFiles)
        try FieldsEncoding.encode(value, into: root, codingPath: [], options: options)
        guard case let .keyed(members) = root.kind else {
            if case .empty = root.kind { return [] }
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "A form or multipart body must be an object with named properties, not \(type(of: value))."))
        }
        return members
    }
}

struct FieldsEncodingOptions {
    var dateFormat: DateFormat
    var dataAsFiles: Bool
}

/// A node of the tree an encoded value is built into. Reference type because containers handed
/// out by `Encoder` must write into storage shared with their parent; never leaves one encoding.
final class FieldNode {
    enum Kind {
        case empty
        case null
        case value(FieldsEncoder.Value)
        case keyed([(String, FieldNode)])
        case unkeyed([FieldNode])
    }

    var kind: Kind = .empty

    func child(forKey key: String) -> FieldNode {
        var members: [(String, FieldNode)]
        if case let .keyed(existing) = kind { members = existing } else { members = [] }
        if let found = members.first(where: { $0.0 == key }) { return found.1 }
        let node = FieldNode()
        members.append((key, node))
        kind = .keyed(members)
        return node
    }

    func appendChild() -> FieldNode {
        var elements: [FieldNode]
        if case let .unkeyed(existing) = kind { elements = existing } else { elements = [] }
        let node = FieldNode()
        elements.append(node)
        kind = .unkeyed(elements)
        return node
    }

    var unkeyedCount: Int {
        if case let .unkeyed(elements) = kind { return elements.count }
        return 0
    }
}

enum FieldsEncoding {
    static func encode<T: Encodable>(_ value: T, into node: FieldNode, codingPath: [any CodingKey], options: FieldsEncodingOptions) throws {
        switch value {
        case let date as Date:
            node.kind = .value(.text(options.dateFormat.string(from: date)))
        case let file as MultipartFile:
            node.kind = .value(options.dataAsFiles ? .file(file) : .text(file.data.base64EncodedString()))
        case let file as File:
            // A part of a multipart body; in a form body the file's own encoding throws.
            guard options.dataAsFiles else { try file.encode(to: FieldsEncoderImpl(node: node, codingPath: codingPath, options: options)); return }
            node.kind = .value(.file(file.part(name: codingPath.last(where: { $0.intValue == nil })?.stringValue ?? "file")))
        case let data as Data:
            let name = codingPath.last?.stringValue
            node.kind = .value(options.dataAsFiles ? .file(MultipartFile(data, fileName: name)) : .text(data.base64EncodedString()))
        case let url as URL:
            node.kind = .value(.text(url.absoluteString))
        case let decimal as Decimal:
            node.kind = .value(.text(decimal.description))
        case let dictionary as any KeyOrderedEncodable:
            try dictionary.encodeEntriesInKeyOrder(into: node, codingPath: codingPath, options: options)
        default:
            try value.encode(to: FieldsEncoderImpl(node: node, codingPath: codingPath, options: options))
        }
    }

    static func flatten(_ node: FieldNode, name: String, into output: inout [(name: String, value: FieldsEncoder.Value)]) {
        switch node.kind {
        case .empty, .null:
            return
        case let .value(value):
            output.append((name, value))
        case let .keyed(members):
            for (key, child) in members { flatten(child, name: "\(name)[\(key)]", into: &output) }
        case let .unkeyed(elements):
            for (index, child) in elements.enumerated() {
                if case .value = child.kind {
                    flatten(child, name: name, into: &output)
                } else {
                    flatten(child, name: "\(name)[\(index)]", into: &output)
                }
            }
        }
    }
}

/// A dictionary with string keys: its entries are encoded in key order, so that fields made from
/// it come out the same on every run (a `Dictionary` encodes itself in hash order).
protocol KeyOrderedEncodable {
    func encodeEntriesInKeyOrder(into node: FieldNode, codingPath: [any CodingKey], options: FieldsEncodingOptions) throws
}

extension Dictionary: KeyOrderedEncodable where Key == String, Value: Encodable {
    func encodeEntriesInKeyOrder(into node: FieldNode, codingPath: [any CodingKey], options: FieldsEncodingOptions) throws {
        node.kind = .keyed([])
        for (key, value) in sorted(by: { $0.key < $1.key }) {
            try FieldsEncoding.encode(value, into: node.child(forKey: key), codingPath: codingPath + [EntryKey(key)], options: options)
        }
    }
}

/// A dictionary entry's key in a coding path.
struct EntryKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String
    init(_ index: Int) { intValue = index; stringValue = String(index) }
    init?(stringValue: String) { self.stringValue = stringValue; intValue = Int(stringValue) }
    init?(intValue: Int) { self.init(intValue) }
}

struct FieldsEncoderImpl: Encoder {
    let node: FieldNode
    let codingPath: [any CodingKey]
    let options: FieldsEncodingOptions
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = node.kind {} else { node.kind = .keyed([]) }
        return KeyedEncodingContainer(KeyedFields<Key>(node: node, codingPath: codingPath, options: options))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = node.kind {} else { node.kind = .unkeyed([]) }
        return UnkeyedFields(node: node, codingPath: codingPath, options: options)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueFields(node: node, codingPath: codingPath, options: options)
    }
}

struct KeyedFields<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: FieldNode
    let codingPath: [any CodingKey]
    let options: FieldsEncodingOptions

    private func text(_ value: String, _ key: Key) { node.child(forKey: key.stringValue).kind = .value(.text(value)) }

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).kind = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { text(value ? "true" : "false", key) }
    mutating func encode(_ value: String, forKey key: Key) throws { text(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { text(String(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { text(String(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try FieldsEncoding.encode(value, into: node.child(forKey: key.stringValue), codingPath: codingPath + [key], options: options)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        FieldsEncoderImpl(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key], options: options).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FieldsEncoderImpl(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key], options: options).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        FieldsEncoderImpl(node: node.child(forKey: "super"), codingPath: codingPath, options: options)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FieldsEncoderImpl(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key], options: options)
    }
}

/// A container that writes each primitive value as text (`true`, `42`, `2.5`): the unkeyed and the
/// single-value containers, which differ only in where the text goes.
protocol FieldTextContainer {
    /// Writes one value's text.
    func text(_ value: String)
}

extension FieldTextContainer {
    mutating func encode(_ value: Bool) throws { text(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { text(value) }
    mutating func encode(_ value: Double) throws { text(String(value)) }
    mutating func encode(_ value: Float) throws { text(String(value)) }
    mutating func encode(_ value: Int) throws { text(String(value)) }
    mutating func encode(_ value: Int8) throws { text(String(value)) }
    mutating func encode(_ value: Int16) throws { text(String(value)) }
    mutating func encode(_ value: Int32) throws { text(String(value)) }
    mutating func encode(_ value: Int64) throws { text(String(value)) }
    mutating func encode(_ value: UInt) throws { text(String(value)) }
    mutating func encode(_ value: UInt8) throws { text(String(value)) }
    mutating func encode(_ value: UInt16) throws { text(String(value)) }
    mutating func encode(_ value: UInt32) throws { text(String(value)) }
    mutating func encode(_ value: UInt64) throws { text(String(value)) }
}

struct UnkeyedFields: UnkeyedEncodingContainer, FieldTextContainer {
    let node: FieldNode
    let codingPath: [any CodingKey]
    let options: FieldsEncodingOptions
    var count: Int { node.unkeyedCount }

    func text(_ value: String) { node.appendChild().kind = .value(.text(value)) }

    mutating func encodeNil() throws { node.appendChild().kind = .null }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexKey(count)]
        try FieldsEncoding.encode(value, into: node.appendChild(), codingPath: path, options: options)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(count)]
        return FieldsEncoderImpl(node: node.appendChild(), codingPath: path, options: options).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        return FieldsEncoderImpl(node: node.appendChild(), codingPath: path, options: options).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [IndexKey(count)]
        return FieldsEncoderImpl(node: node.appendChild(), codingPath: path, options: options)
    }
}

struct SingleValueFields: SingleValueEncodingContainer, FieldTextContainer {
    let node: FieldNode
    let codingPath: [any CodingKey]
    let options: FieldsEncodingOptions

    func text(_ value: String) { node.kind = .value(.text(value)) }

    mutating func encodeNil() throws { node.kind = .null }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try FieldsEncoding.encode(value, into: node, codingPath: codingPath, options: options)
    }
}
