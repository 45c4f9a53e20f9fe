import Foundation

// The server side of `ParameterStyle`: what `StyleWriter` and `FieldsEncoder` write in a path
// segment, a query, a header, a form or multipart body, read back into any `Decodable`.
//
// The text is not split before the type is known: `a,b` is one `String` or two elements of an
// array, `R,100,G,200` an object. So a parameter becomes a `StyledSource`, and the decoder's
// containers read it the way the type asks: a single value takes the whole text, an unkeyed
// container splits it at the style's separator, a keyed container reads pairs (`k,v,k,v`, or
// `k=v` when exploded) or bracketed names (`filter[status]`).

/// A parameter's raw text as the client's style wrote it, waiting for the type that reads it.
indirect enum StyledSource: Sendable {
    /// Nothing was sent.
    case absent
    /// A value's text, already decoded.
    case text(String)
    /// A multipart part (a file or a field read as bytes).
    case part(MultipartPart)
    /// One text holding a flat list or object: the separators are bare, the pieces still encoded.
    case joined(raw: String, separator: String, explodedPairs: Bool, decoding: TextDecoding)
    /// Named items (a query, a form or multipart body, matrix parts): the value named `prefix`,
    /// its elements (`prefix`, `prefix[]`, `prefix[0]`) and members (`prefix[key]`). With a nil
    /// prefix the members are the items themselves (an exploded form object: `R=100&G=200`).
    case items(prefix: String?, items: [NamedItem])

    /// How the pieces of a joined text are decoded.
    enum TextDecoding: Sendable {
        /// Percent-encoding (paths, queries).
        case percent
        /// `application/x-www-form-urlencoded`: `+` is a space.
        case form
        /// As it is (headers), pieces trimmed of spaces (`a, b`).
        case none
    }

    func decode(_ piece: Substring, _ decoding: TextDecoding) -> String? {
        switch decoding {
        case .percent: return PercentEncoding.decode(piece)
        case .form: return PercentEncoding.decode(piece, plusIsSpace: true)
        case .none: return Self.trimmingWhitespace(piece)
        }
    }

    /// `piece` without the whitespace around it, as `trimmingCharacters(in: .whitespaces)` trims it
    /// (Unicode's space separators and the tab), without going through NSString.
    static func trimmingWhitespace(_ piece: Substring) -> String {
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII { return scalar == " " || scalar == "\t" }
            return scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = piece.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isWhitespace($0) }) else { return "" }
        var end = scalars.endIndex
        while end > start, isWhitespace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(Substring(scalars[start..<end]))
    }
}

/// One `name=value` of a query or body, the name already decoded.
struct NamedItem: Sendable {
    var name: String
    var value: StyledSource
}

/// Why a parameter or body could not be read: answered with 400 and this text.
struct ServiceInputError: Error, CustomStringConvertible, Sendable {
    /// What was wrong, naming the parameter or body.
    var description: String

    /// An input error with its message.
    init(_ description: String) { self.description = description }
}

/// Decodes a `StyledSource` into a `Decodable` value.
struct StyledDecoder: Decoder {
    let source: StyledSource
    let dateFormat: DateFormat
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<T: Decodable>(_ type: T.Type, from source: StyledSource, dateFormat: DateFormat) throws -> T {
        try StyledDecoder(source: source, dateFormat: dateFormat).decodeValue(T.self)
    }

    func child(_ source: StyledSource, key: any CodingKey) -> StyledDecoder {
        StyledDecoder(source: source, dateFormat: dateFormat, codingPath: codingPath + [key])
    }

    /// The value of `type`: the types whose `Decodable` conformance does not read text the way
    /// the client wrote it (dates, data, URLs, files) are read here.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let optional = T.self as? any OptionalStyledDecoding.Type {
            return try cast(optional.decodeStyled(self))
        }
        if T.self == Date.self {
            let text = try scalarText()
            guard let date = dateFormat.date(from: text) else { throw mismatch(T.self, text) }
            return try cast(date)
        }
        if T.self == Data.self {
            if case let .part(part) = resolvedScalar { return try cast(part.data) }
            let text = try scalarText()
            guard let data = Data(base64Encoded: text) else { throw mismatch(T.self, text) }
            return try cast(data)
        }
        if T.self == File.self {
            if case let .part(part) = resolvedScalar {
                return try cast(File(data: part.data, fileName: part.fileName, contentType: part.contentType))
            }
            let text = try scalarText()
            guard let data = Data(base64Encoded: text) else { throw mismatch(T.self, text) }
            return try cast(File(data: data))
        }
        if T.self == URL.self {
            let text = try scalarText()
            guard let url = URL(string: text) else { throw mismatch(T.self, text) }
            return try cast(url)
        }
        return try T(from: self)
    }

    /// `value` as `T`, which the caller has checked it is; a decoding error rather than a crash if not
    /// (the handler answers it with 400 naming the parameter).
    private func cast<T>(_ value: Any) throws -> T {
        guard let typed = value as? T else {
            throw DecodingError.typeMismatch(T.self, DecodingError.Context(codingPath: codingPath, debugDescription: "a \(type(of: value)) where a \(T.self) was expected"))
        }
        return typed
    }

    func mismatch(_ type: Any.Type, _ text: String) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "'\(text)' is not a valid \(type)"))
    }

    /// The source a single value reads: one named item's value, or the text.
    var resolvedScalar: StyledSource {
        switch source {
        case .items(nil, _):
            // Items whose names are an object's keys hold no single value.
            return .absent
        case let .items(prefix?, items):
            let matching = items.filter { $0.name == prefix }
            if matching.count == 1 { return matching[0].value }
            // Only bracketed items (`filter[a]`, `ids[]`): a value, but not a single one.
            if matching.isEmpty && !items.contains(where: { $0.name.hasPrefix(prefix + "[") }) { return .absent }
            return source
        case let .joined(raw, _, _, decoding):
            return source.decode(raw[...], decoding).map(StyledSource.text) ?? source
        default:
            return source
        }
    }

    var isAbsent: Bool {
        if case .absent = resolvedScalar { return true }
        return false
    }

    /// Whether the source is items that only an object reads (an exploded form object's keys).
    var isLooseObject: Bool {
        if case .items(nil, _) = source { return true }
        return false
    }

    func scalarText() throws -> String {
        switch resolvedScalar {
        case let .text(text): return text
        case let .part(part): return String(decoding: part.data, as: UTF8.self)
        case .absent:
            throw DecodingError.valueNotFound(String.self, DecodingError.Context(codingPath: codingPath, debugDescription: "no value"))
        default:
            throw DecodingError.typeMismatch(String.self, DecodingError.Context(codingPath: codingPath, debugDescription: "several values where one was expected"))
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(StyledKeyedContainer<Key>(decoder: self, members: try members()))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        StyledUnkeyedContainer(decoder: self, elements: try elements())
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { StyledSingleValue(decoder: self) }

    /// The members of an object, in order, by key.
    func members() throws -> [(key: String, value: StyledSource)] {
        switch source {
        case .absent:
            return []
        case let .joined(raw, separator, exploded, decoding):
            if raw.isEmpty { return [] }
            let pieces = raw.components(separatedBy: separator)
            var result: [(key: String, value: StyledSource)] = []
            if exploded {
                for piece in pieces {
                    let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard let key = source.decode(pair[0], decoding) else { throw malformed(piece) }
                    let value = pair.count > 1 ? source.decode(pair[1], decoding) : ""
                    guard let value else { throw malformed(piece) }
                    result.append((key, .text(value)))
                }
            } else {
                guard pieces.count % 2 == 0 else { throw malformed(raw) }
                var index = 0
                while index < pieces.count {
                    guard let key = source.decode(pieces[index][...], decoding), let value = source.decode(pieces[index + 1][...], decoding) else {
                        throw malformed(raw)
                    }
                    result.append((key, .text(value)))
                    index += 2
                }
            }
            return result
        case let .items(prefix, items):
            // `prefix[key]...` (or, without a prefix, `key...`): grouped by key, in order.
            var order: [String] = []
            var groups: [String: [NamedItem]] = [:]
            for item in items {
                let key: String
                if let prefix {
                    guard item.name.hasPrefix(prefix + "["), let close = item.name.dropFirst(prefix.count + 1).firstIndex(of: "]") else { continue }
                    key = String(item.name[item.name.index(item.name.startIndex, offsetBy: prefix.count + 1)..<close])
                    if key.isEmpty { continue }
                } else {
                    key = item.name.firstIndex(of: "[").map { String(item.name[..<$0]) } ?? item.name
                }
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(item)
            }
            return order.map { key in
                let group = groups[key] ?? []
                // A member already read in its own style (a form body's styled property) is its source.
                if prefix == nil, group.count == 1, group[0].name == key {
                    switch group[0].value {
                    case .items, .joined: return (key, group[0].value)
                    default: break
                    }
                }
                let childPrefix = prefix.map { "\($0)[\(key)]" } ?? key
                return (key, .items(prefix: childPrefix, items: group))
            }
        case .text, .part:
            throw DecodingError.typeMismatch([String: String].self, DecodingError.Context(codingPath: codingPath, debugDescription: "a single value where an object was expected"))
        }
    }

    /// The elements of an array, in order.
    func elements() throws -> [StyledSource] {
        switch source {
        case .absent:
            return []
        case let .joined(raw, separator, _, decoding):
            if raw.isEmpty { return [] }
            return try raw.components(separatedBy: separator).map { piece in
                guard let text = source.decode(piece[...], decoding) else { throw malformed(piece) }
                return .text(text)
            }
        case let .items(prefix?, items):
            // Scalars repeat the name (`ids=1&ids=2`, `ids[]=1`); other elements are indexed (`items[0][price]`).
            let scalars = items.filter { $0.name == prefix || $0.name == prefix + "[]" }
            if !scalars.isEmpty { return scalars.map(\.value) }
            var result: [StyledSource] = []
            while true {
                let indexed = "\(prefix)[\(result.count)]"
                let children = items.filter { $0.name == indexed || $0.name.hasPrefix(indexed + "[") }
                if children.isEmpty { break }
                result.append(.items(prefix: indexed, items: children))
            }
            return result
        case .items(nil, _), .text, .part:
            return [source]
        }
    }

    func malformed(_ text: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "'\(text)' is not correctly encoded"))
    }
}

private struct StyledIndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct StyledKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: StyledDecoder
    let members: [(key: String, value: StyledSource)]
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func value(_ key: Key) -> StyledSource {
        let values = members.filter { $0.key == key.stringValue }.map(\.value)
        return values.count == 1 ? values[0] : (values.isEmpty ? .absent : .items(prefix: key.stringValue, items: values.map { NamedItem(name: key.stringValue, value: $0) }))
    }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }
    func decodeNil(forKey key: Key) throws -> Bool { decoder.child(value(key), key: key).isAbsent }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let child = decoder.child(value(key), key: key)
        if child.isAbsent {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "'\(key.stringValue)' is missing"))
        }
        return try child.decodeValue(T.self)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(value(key), key: key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(value(key), key: key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(value(key), key: key) }
}

private struct StyledUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: StyledDecoder
    let elements: [StyledSource]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func next() throws -> StyledDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "no more elements"))
        }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], key: StyledIndexKey(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.child(elements[currentIndex], key: StyledIndexKey(currentIndex)).isAbsent else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(T.self) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct StyledSingleValue: SingleValueDecodingContainer {
    let decoder: StyledDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.isAbsent }

    func parse<T>(_ type: T.Type, _ read: (String) -> T?) throws -> T {
        let text = try decoder.scalarText()
        guard let value = read(text) else { throw decoder.mismatch(T.self, text) }
        return value
    }

    func decode(_ type: Bool.Type) throws -> Bool { try parse(type) { $0 == "true" ? true : $0 == "false" ? false : nil } }
    func decode(_ type: String.Type) throws -> String { try decoder.scalarText() }
    func decode(_ type: Double.Type) throws -> Double { try parse(type) { Double($0) } }
    func decode(_ type: Float.Type) throws -> Float { try parse(type) { Float($0) } }
    func decode(_ type: Int.Type) throws -> Int { try parse(type) { Int($0) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try parse(type) { Int8($0) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try parse(type) { Int16($0) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try parse(type) { Int32($0) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try parse(type) { Int64($0) } }
    func decode(_ type: UInt.Type) throws -> UInt { try parse(type) { UInt($0) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try parse(type) { UInt8($0) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try parse(type) { UInt16($0) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try parse(type) { UInt32($0) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try parse(type) { UInt64($0) } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(T.self) }
}

/// `Optional` read from styled text: `nil` when nothing was sent. Items that only an object reads
/// (`R=100&G=200` for an exploded form parameter) are the value when they decode as it, else absent.
protocol OptionalStyledDecoding {
    static func decodeStyled(_ decoder: StyledDecoder) throws -> Self
}

extension Optional: OptionalStyledDecoding where Wrapped: Decodable {
    static func decodeStyled(_ decoder: StyledDecoder) throws -> Optional<Wrapped> {
        if decoder.isLooseObject {
            return try? decoder.decodeValue(Wrapped.self)
        }
        if decoder.isAbsent { return nil }
        return try decoder.decodeValue(Wrapped.self)
    }
}
