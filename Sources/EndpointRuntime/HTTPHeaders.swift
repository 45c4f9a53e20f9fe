import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ordered collection of HTTP header fields whose names compare case-insensitively.
///
/// Names keep the spelling they were first given. A name may occur more than once: `subscript`
/// treats the name as one field (setting it replaces every field of that name, `nil` removes
/// them), ``append(_:_:)`` adds another.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers["accept"]                        // "application/json"
/// headers["X-Client"] = "docs"             // replaces any X-Client field
/// headers.append("Cache-Control", "no-cache")
/// headers["ACCEPT"] = nil                  // removes Accept
/// for field in headers { print(field.name, field.value) }
/// ```
///
/// Names and values are checked when a request is turned into a `URLRequest`: a carriage return
/// or line feed in either is refused with ``EndpointError/invalidRequest(reason:underlying:request:)``.
public struct HTTPHeaders: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The name as given.
        public var name: String
        /// The value as given.
        public var value: String

        /// Makes a field.
        init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    private(set) var fields: [Field] = []

    /// Makes a collection from name-value pairs, in order; `HTTPHeaders()` is empty.
    public init(_ pairs: [(String, String)] = []) {
        for (name, value) in pairs { append(name, value) }
    }

    /// Makes a collection from a dictionary literal: `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The value of the field named `name`, comparing names case-insensitively; several fields of
    /// that name are joined with `", "`. Setting replaces every field of that name; setting `nil`
    /// removes them.
    public subscript(name: String) -> String? {
        get {
            let values = self.values(for: name)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
        set {
            if let newValue { replace(name, with: newValue) } else { remove(name) }
        }
    }

    /// Every value of the fields named `name`, in order.
    func values(for name: String) -> [String] {
        // One array, made only when a field has the name (`filter` then `map` made two per read).
        var values: [String] = []
        for field in fields where HTTPHeaders.sameName(field.name, name) { values.append(field.value) }
        return values
    }

    /// Whether a field named `name` is present.
    func contains(_ name: String) -> Bool {
        fields.contains { HTTPHeaders.sameName($0.name, name) }
    }

    /// Sets the one field named `name` to `value`, keeping the position of the first existing
    /// field of that name, or appending it.
    mutating func replace(_ name: String, with value: String) {
        if let first = fields.firstIndex(where: { HTTPHeaders.sameName($0.name, name) }) {
            fields[first].value = value
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if HTTPHeaders.sameName(fields[index].name, name) { fields.remove(at: index) } else { index += 1 }
            }
        } else {
            fields.append(Field(name: name, value: value))
        }
    }

    /// Adds a field, keeping fields of the same name.
    public mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name`.
    mutating func remove(_ name: String) {
        fields.removeAll { HTTPHeaders.sameName($0.name, name) }
    }

    /// Replaces or adds every field of `other`: a name in `other` replaces that name here.
    mutating func merge(_ other: HTTPHeaders) {
        var seen = Set<String>()
        for field in other.fields {
            let key = field.name.lowercased()
            if seen.insert(key).inserted { replace(field.name, with: field.value) } else { append(field.name, field.value) }
        }
    }

    /// Whether there are no fields.
    var isEmpty: Bool { fields.isEmpty }

    /// The number of fields.
    var count: Int { fields.count }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Equal when the same names (ignoring case) have the same values in the same order.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { HTTPHeaders.sameName($0.name, $1.name) && $0.value == $1.value }
    }

    /// Hashes names without case and values.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }

    /// The fields, one per line, with credentials (`Authorization`, cookies, API keys) redacted.
    public var description: String {
        fields.map { "\($0.name): \(Redaction.isSensitiveHeader($0.name) ? Redaction.mask : $0.value)" }
            .joined(separator: "\n")
    }

    /// Throws ``EndpointError/invalidRequest(reason:underlying:request:)`` when a name is not an
    /// HTTP token or a name or value holds a carriage return, line feed or NUL.
    func validate() throws {
        for field in fields {
            try HTTPHeaders.validate(name: field.name, value: field.value)
        }
    }

    /// Puts the fields on `request`, which has none yet, as one `addValue(_:forHTTPHeaderField:)`
    /// per field would. Callers have checked the fields with ``validate()``.
    ///
    /// swift-corelibs-foundation's `addValue` checks the value again, capitalizes the name with
    /// `String.capitalized` and looks for a field of the same name without case: about 10,000
    /// instructions a field, as much as the rest of building a request. With `FoundationNetworking`
    /// the dictionary that `addValue` calls leave is made here and set once
    /// (``urlRequestFields()``); elsewhere (Apple's URL loading keeps fields its own way) `addValue`
    /// is called.
    func set(on request: inout URLRequest) {
        #if canImport(FoundationNetworking)
        if !fields.isEmpty { request.allHTTPHeaderFields = urlRequestFields() }
        #else
        addEach(to: &request)
        #endif
    }

    /// One `addValue(_:forHTTPHeaderField:)` per field: what ``set(on:)`` does without `FoundationNetworking`.
    func addEach(to request: inout URLRequest) {
        for field in fields {
            request.addValue(field.value, forHTTPHeaderField: field.name)
        }
    }

    /// The fields as swift-corelibs-foundation's `addValue(_:forHTTPHeaderField:)` stores them,
    /// called once per field on a request without fields: each name capitalized (`x-api-key` is
    /// `X-Api-Key`), the values of names equal without case joined by `,` in order. `addValue`
    /// drops a value with a CR, LF or NUL outside a folded line; ``validate()`` refuses every CR,
    /// LF and NUL, so no value is dropped here either.
    func urlRequestFields() -> [String: String] {
        var result = [String: String](minimumCapacity: fields.count)
        for field in fields {
            // Names that are equal without case capitalize alike (`addValue` finds the earlier one
            // by lowercasing both), so the capitalized name is the key.
            let name = HeaderNameCase.capitalized(field.name)
            if let earlier = result[name] {
                result[name] = earlier + "," + field.value
            } else {
                result[name] = field.value
            }
        }
        return result
    }

    /// Whether two field names are the same name: ASCII letters compared without case, without
    /// allocating (this runs for every header of every request). Other text falls back to `lowercased()`.
    static func sameName(_ first: String, _ second: String) -> Bool {
        var a = first.utf8.makeIterator()
        var b = second.utf8.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil):
                return true
            case let (x?, y?):
                if x == y { continue }
                if x >= 0x80 || y >= 0x80 { return first.lowercased() == second.lowercased() }
                if x | 0x20 != y | 0x20 || !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(x | 0x20) { return false }
            default:
                // Different lengths: only non-ASCII text can still be equal without case.
                let ascii = first.allUTF8 { $0 < 0x80 } && second.allUTF8 { $0 < 0x80 }
                return !ascii && first.lowercased() == second.lowercased()
            }
        }
    }

    /// An HTTP token character: ASCII letter, digit or one of `!#$%&'*+-.^_`|~`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    static func validate(name: String, value: String) throws {
        if name.isEmpty {
            throw EndpointError.invalidRequest(reason: "A header name is empty.", underlying: nil, request: nil)
        }
        // Fast path: every byte a token character and no CR, LF or NUL in the value (the common
        // case, checked on bytes; the scan below only words the error).
        if name.allUTF8(isTokenByte), value.allUTF8({ $0 != 13 && $0 != 10 && $0 != 0 }) {
            return
        }
        let tokenExtras: Set<Unicode.Scalar> = ["!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~"]
        for scalar in name.unicodeScalars {
            let isToken = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || tokenExtras.contains(scalar))
            if !isToken {
                let what = scalar == "\r" || scalar == "\n" ? "a carriage return or line feed" : "the character U+\(String(scalar.value, radix: 16, uppercase: true))"
                throw EndpointError.invalidRequest(
                    reason: "The header name \(String(reflecting: String(name.prefix(40)))) contains \(what); header names must be HTTP tokens.",
                    underlying: nil, request: nil)
            }
        }
        if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            let shown = Redaction.isSensitiveHeader(name) ? Redaction.mask : String(reflecting: String(value.prefix(40)))
            throw EndpointError.invalidRequest(
                reason: "The value of header \(name) contains a carriage return, line feed or NUL, which could split the request: \(shown).",
                underlying: nil, request: nil)
        }
    }
}

/// `String.capitalized` for header names, quick for ASCII: a letter after a cased letter is lower
/// case, any other letter upper case; a case-ignorable character (which Foundation decides: `'`,
/// `.`, `^` and a few more) leaves that state as it is, any other character ends a word. Foundation
/// is asked once which ASCII characters are case-ignorable, so the result is its own.
enum HeaderNameCase {
    /// For each ASCII byte: whether Foundation's `capitalized` treats it as case-ignorable.
    /// (Letters are cased, not ignorable; they never reach the table.)
    static let ignorable: [Bool] = (UInt8(0)..<128).map { byte in
        // `a<c>a` keeps the second `a` lower case only when `c` does not end the word.
        ("a" + String(Unicode.Scalar(byte)) + "a").capitalized.utf8.last == UInt8(ascii: "a")
    }

    /// `name` capitalized; `name` itself (no copy) when it already is, as most names are.
    static func capitalized(_ name: String) -> String {
        guard name.allUTF8({ $0 < 0x80 }) else { return name.capitalized }
        let ignorable = self.ignorable
        var text = name
        // Read in place; a copy is made from the first byte that changes.
        let changed: [UInt8]? = text.withUTF8 { bytes in
            var result: [UInt8]?
            var lastCased = false
            for index in bytes.indices {
                let byte = bytes[index]
                let cased: UInt8
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    cased = lastCased ? byte | 0x20 : byte
                    lastCased = true
                case UInt8(ascii: "a")...UInt8(ascii: "z"):
                    cased = lastCased ? byte : byte & ~0x20
                    lastCased = true
                default:
                    cased = byte
                    if !ignorable[Int(byte)] { lastCased = false }
                }
                if result == nil, cased != byte {
                    result = []
                    result!.reserveCapacity(bytes.count)
                    result!.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<index]))
                }
                result?.append(cased)
            }
            return result
        }
        return changed.map { String(decoding: $0, as: UTF8.self) } ?? name
    }
}
