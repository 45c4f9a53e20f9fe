import Foundation

/// A request as a generated `<API>.handler(_:)` reads it: the matched route's path values, the
/// query, the headers, the cookies and the body, each decoded the way the client's ``Path``,
/// ``Query``, ``Header``, ``Cookie`` and body components write it. A value that does not decode throws
/// an error naming it, which the handler answers with 400.
///
/// ```swift
/// let owner = try request.path("owner", as: String.self)
/// let ids = try request.query("ids", as: [Int]?.self, style: .comma)
/// let tag = try request.header("If-None-Match", as: String?.self)
/// let session = try request.cookie("session", as: String.self)
/// let deployment = try request.body(as: GitHubAPI.NewDeployment.self, .json)
/// ```
public struct ServiceRequest: Sendable {
    /// The request as received.
    let raw: HTTPRequest
    /// How dates are read and written: the API's ``DateFormat``.
    let dateFormat: DateFormat
    /// The path placeholders' values by spec key, still percent-encoded, in template order.
    let pathValues: [(name: String, value: Substring)]
    /// The whole segment each placeholder is in: matrix parts are found by name in it, so two
    /// placeholders in one segment (`{color}{tags}`: `;color=...;tags=...`) read apart.
    let pathSegments: [(name: String, value: Substring)]
    /// The query as sent, still percent-encoded.
    private let query: String

    /// The query's items: names decoded, values still percent-encoded. Made for each parameter
    /// the styled decoder reads; a plain one is found in `query` itself.
    private var queryItems: [(String, String)] {
        Self.items(query[...], separator: "&") { PercentEncoding.decode($0) }
    }

    init(raw: HTTPRequest, dateFormat: DateFormat, pathValues: [(name: String, value: Substring)],
         pathSegments: [(name: String, value: Substring)]) {
        self.raw = raw
        self.dateFormat = dateFormat
        self.pathValues = pathValues
        self.pathSegments = pathSegments
        self.query = raw.receivedQuery ?? ""
    }

    // MARK: Parameters

    /// A path placeholder's value (by its spec key) written in `style` (simple, label or matrix).
    public func path<T: Decodable>(_ key: String, as type: T.Type, style: ParameterStyle = .simple) throws -> T {
        let raw = (style.name == .matrix ? pathSegments : pathValues).last { $0.name == key }?.value ?? ""
        if style.name == .simple {
            do { return try Self.plainValue(T.self, raw.isEmpty ? .absent : PercentEncoding.decode(raw).map(Plain.text) ?? .other) } catch {}
        }
        return try decode(T.self, from: Self.textSource(String(raw), name: key, style: style, decoding: .percent), what: "path parameter", name: key)
    }

    /// A query parameter, by its wire name, written in `style`.
    public func query<T: Decodable>(_ name: String, as type: T.Type, style: ParameterStyle = .form) throws -> T {
        if style.name == .form {
            do { return try Self.plainValue(T.self, plainQueryValue(name, explode: style.explode)) } catch {}
        }
        return try decode(T.self, from: Self.itemsSource(queryItems, name: name, style: style, decoding: .percent),
                   what: "query parameter", name: name)
    }

    /// A header parameter's value, written in `style` (simple).
    public func header<T: Decodable>(_ name: String, as type: T.Type, style: ParameterStyle = .simple) throws -> T {
        if style.name == .simple {
            // A header sent once or not at all (the usual case) is read from its field in place:
            // `values(for:)` made an array for it.
            let text: String
            if let single = Self.singleValue(of: name, in: raw.headers) {
                text = single ?? ""
            } else {
                text = raw.headers.values(for: name).joined(separator: ",")
            }
            do { return try Self.plainValue(T.self, text.isEmpty ? .absent : .text(StyledSource.trimmingWhitespace(text[...]))) } catch {}
        }
        let values = raw.headers.values(for: name)
        let source: StyledSource = values.isEmpty ? .absent : Self.textSource(values.joined(separator: ","), name: name, style: style, decoding: .none)
        return try decode(T.self, from: source, what: "header", name: name)
    }

    /// A cookie parameter, by its name, as ``Cookie`` writes it: a cookie per element or member in
    /// `.form` (the default; an object's members are cookies of their own names, so an exploded
    /// object takes every cookie), one of them comma-joined in `.comma`; names and values
    /// percent-decoded, spaces around them dropped. Every `Cookie` field of the request is read.
    public func cookie<T: Decodable>(_ name: String, as type: T.Type, style: ParameterStyle = .form) throws -> T {
        let cookies = Cookie.pairs(Cookie.existing(in: raw)).map { (PercentEncoding.decode($0.name) ?? String($0.name), String($0.value)) }
        let source = Self.itemsSource(cookies, name: name, style: ParameterStyle(.form, explode: style.explode), decoding: .percent)
        return try decode(T.self, from: source, what: "cookie parameter", name: name)
    }

    /// The value of the one field named `name` (`.some(nil)` when there is none); `nil` when
    /// several fields have the name (their values are joined by the caller).
    static func singleValue(of name: String, in headers: HTTPHeaders) -> String?? {
        var found: String?
        for field in headers.fields where HTTPHeaders.sameName(field.name, name) {
            if found != nil { return nil }
            found = field.value
        }
        return .some(found)
    }

    // MARK: Bodies

    /// How the body was written: the spec's `encoding`.
    public enum BodyEncoding: Sendable {
        /// JSON, dates in the API's format.
        case json
        /// `application/x-www-form-urlencoded`; `styles` as given to ``FormBody``.
        case form(styles: [String: ParameterStyle] = [:])
        /// `multipart/form-data`.
        case multipart
        /// The bytes as they are (`Data` or ``File``).
        case binary
        /// UTF-8 text (`String`).
        case text
    }

    /// The body read as `type`. An optional type reads an empty body as `nil`.
    public func body<T: Decodable>(as type: T.Type, _ encoding: BodyEncoding) throws -> T {
        let data = raw.body ?? Data()
        do {
            switch encoding {
            case .json:
                if data.isEmpty, let none = StyledDecoder.absentValue(T.self) { return none }
                return try dateFormat.makeJSONDecoder().decode(T.self, from: data)
            case let .form(styles):
                let items = Self.formItems(data)
                if items.isEmpty, let none = StyledDecoder.absentValue(T.self) { return none }
                // Each property in its style; the others as `FieldsEncoder` names them (`key[sub]`, `key` repeated).
                var members: [NamedItem] = []
                var seen: Set<String> = []
                for item in items {
                    let key = item.name.firstIndex(of: "[").map { String(item.name[..<$0]) } ?? item.name
                    if let style = styles[key] {
                        guard seen.insert(key).inserted else { continue }
                        let source = Self.itemsSource(items.map { ($0.name, $0.raw) }, name: key, style: style, decoding: .form, keepsObjectName: true)
                        members.append(NamedItem(name: key, value: source))
                    } else if let text = StyledSource.absent.decode(item.raw[...], .form) {
                        members.append(NamedItem(name: item.name, value: .text(text)))
                    } else {
                        throw ServiceInputError("The body's field \"\(item.name)\" is not correctly encoded.")
                    }
                }
                return try StyledDecoder.decode(T.self, from: .items(prefix: nil, items: members), dateFormat: dateFormat)
            case .multipart:
                let parts = try Self.multipartParts(data, contentType: raw.headers["Content-Type"])
                if parts.isEmpty, let none = StyledDecoder.absentValue(T.self) { return none }
                return try StyledDecoder.decode(T.self, from: .items(prefix: nil, items: parts.map { NamedItem(name: $0.name, value: .part($0)) }),
                                                dateFormat: dateFormat)
            case .binary:
                if data.isEmpty, let none = StyledDecoder.absentValue(T.self) { return none }
                let part = MultipartPart(name: "body", data: data, fileName: nil, contentType: raw.headers["Content-Type"] ?? "application/octet-stream")
                var file = part
                file.fileName = nil
                return try StyledDecoder.decode(T.self, from: .part(file), dateFormat: dateFormat)
            case .text:
                if data.isEmpty, let none = StyledDecoder.absentValue(T.self) { return none }
                return try StyledDecoder.decode(T.self, from: .text(String(decoding: data, as: UTF8.self)), dateFormat: dateFormat)
            }
        } catch let error as ServiceInputError {
            throw error
        } catch {
            throw ServiceInputError("The body is not a valid \(Self.typeName(T.self)): \(Self.reason(error))")
        }
    }

    // MARK: Plain scalars

    // A parameter of a standard scalar type (`String`, `Bool`, an integer, a floating-point
    // number, or one of these optional) written in the default style is read here, without
    // building a `StyledSource` and a decoder: the text is resolved as the styled decoder resolves
    // it and parsed as its single-value container parses it. Whatever that does not decode (absent
    // but required, several values, bad escapes, text that does not parse, any other type or style)
    // goes on to the styled decoder, which gives the answer and the error.

    /// A parameter's single value as the styled decoder would resolve it.
    enum Plain {
        /// Nothing was sent (an optional is `nil`).
        case absent
        /// One value, decoded.
        case text(String)
        /// Anything else: for the styled decoder.
        case other
    }

    /// A form-style query parameter's value, its escapes decoded: the first item of its name, or
    /// (exploded) the only one. Exploded without an item of its name but with bracketed ones
    /// (`name[...]`), it is not plain. Read from the query's bytes as `queryItems` reads them, without
    /// making a string of each item: a name of ASCII bytes without escapes is compared as bytes when
    /// `name` is ASCII too (where comparing them as strings gives the same answer), any other name
    /// decoded and compared as a string.
    private func plainQueryValue(_ name: String, explode: Bool) -> Plain {
        var query = self.query
        var name = name
        return query.withUTF8 { query in
            name.withUTF8 { name in Self.plainQueryValue(in: query, name: name, explode: explode) }
        }
    }

    private static func plainQueryValue(in query: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>, explode: Bool) -> Plain {
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: query[range]), as: UTF8.self) }
        let asciiName = !name.contains { $0 >= 0x80 }
        var found: Range<Int>?
        var bracketed = false
        var start = 0
        while start <= query.count {
            var end = start
            while end < query.count, query[end] != UInt8(ascii: "&") { end += 1 }
            defer { start = end + 1 }
            if end == start { continue } // an empty item
            var equals = start
            while equals < end, query[equals] != UInt8(ascii: "=") { equals += 1 }
            let written = UnsafeBufferPointer(rebasing: query[start..<equals])
            let matches: Bool
            if asciiName, !written.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) {
                matches = written.elementsEqual(name)
                if explode, !matches, written.count > name.count, written[name.count] == UInt8(ascii: "["),
                   UnsafeBufferPointer(rebasing: written[..<name.count]).elementsEqual(name) { bracketed = true }
            } else {
                let writtenName = text(start..<equals)
                let decoded = PercentEncoding.decode(writtenName[...]) ?? writtenName
                let wanted = String(decoding: name, as: UTF8.self)
                matches = decoded == wanted
                if explode, !matches, decoded.hasPrefix(wanted + "[") { bracketed = true }
            }
            guard matches else { continue }
            let value = equals < end ? equals + 1..<end : end..<end
            if !explode { return PercentEncoding.decode(text(value)[...]).map(Plain.text) ?? .other }
            if found != nil { return .other }
            found = value
        }
        if let found { return PercentEncoding.decode(text(found)[...]).map(Plain.text) ?? .other }
        return bracketed ? .other : .absent
    }

    /// `plain` as a `T` when `T` is a standard scalar (or one optional) and `plain` reads as one;
    /// else `nil`, for the styled decoder.
    static func plainScalar<T>(_ type: T.Type, _ plain: Plain) -> T? {
        try? plainValue(T.self, plain)
    }

    /// Thrown by `plainValue` for what the styled decoder reads.
    struct NotPlain: Error {}

    /// `plainScalar` without an optional `T` (whose type unspecialized code looks up at run time
    /// on each call): `NotPlain` where that is `nil`.
    static func plainValue<T>(_ type: T.Type, _ plain: Plain) throws(NotPlain) -> T {
        let text: String?
        switch plain {
        case .other: throw NotPlain()
        // An optional is `nil`; a required value is missing, and the styled decoder says so.
        case .absent: text = nil
        case let .text(value): text = value
        }
        // One lookup of `T` rather than a comparison with each scalar type and its optional (an
        // optional's type made at run time for each comparison was most of the time of a read).
        guard let scalar = scalarTypes[ObjectIdentifier(T.self)] else { throw NotPlain() }
        // Each type's `init?(_: String)` reads text as the styled decoder's single value does
        // (`Bool`: exactly `true` or `false`).
        switch scalar.kind {
        case .string: return try read(text, as: String.self, optional: scalar.optional)
        case .bool: return try read(text, as: Bool.self, optional: scalar.optional)
        case .int: return try read(text, as: Int.self, optional: scalar.optional)
        case .int64: return try read(text, as: Int64.self, optional: scalar.optional)
        case .int32: return try read(text, as: Int32.self, optional: scalar.optional)
        case .double: return try read(text, as: Double.self, optional: scalar.optional)
        case .float: return try read(text, as: Float.self, optional: scalar.optional)
        }
    }

    /// The standard scalars read plainly.
    enum ScalarKind { case string, bool, int, int64, int32, double, float }

    /// Each plain scalar type and its optional, by identity: the kind, and whether it is the optional.
    private static let scalarTypes: [ObjectIdentifier: (kind: ScalarKind, optional: Bool)] = {
        var types: [ObjectIdentifier: (kind: ScalarKind, optional: Bool)] = [:]
        func add<Value>(_ value: Value.Type, _ kind: ScalarKind) {
            types[ObjectIdentifier(Value.self)] = (kind, false)
            types[ObjectIdentifier(Value?.self)] = (kind, true)
        }
        add(String.self, .string)
        add(Bool.self, .bool)
        add(Int.self, .int)
        add(Int64.self, .int64)
        add(Int32.self, .int32)
        add(Double.self, .double)
        add(Float.self, .float)
        return types
    }()

    /// `text` (`nil`: absent) read as a `Value`, returned as `T`, which is `Value` or (`optional`)
    /// `Value?`: the casts are between a type and itself. Absent is `nil` for an optional, else
    /// `NotPlain` (for the styled decoder), as is text that does not read.
    // Always inlined: in `plainValue`, `Value` is a known type, and `Value?` costs no look-up of its type at run time.
    @inline(__always)
    private static func read<T, Value: LosslessStringConvertible>(_ text: String?, as value: Value.Type, optional: Bool) throws(NotPlain) -> T {
        guard let text else {
            guard optional else { throw NotPlain() }
            return unsafeBitCast(Value?.none, to: T.self)
        }
        guard let value = Value(text) else { throw NotPlain() }
        return optional ? unsafeBitCast(Value?.some(value), to: T.self) : unsafeBitCast(value, to: T.self)
    }

    // MARK: Reading styles

    private func decode<T: Decodable>(_ type: T.Type, from source: StyledSource, what: String, name: String) throws -> T {
        do {
            return try StyledDecoder.decode(T.self, from: source, dateFormat: dateFormat)
        } catch {
            if StyledDecoder(source: source, dateFormat: dateFormat).isAbsent {
                throw ServiceInputError("The \(what) \"\(name)\" is missing.")
            }
            throw ServiceInputError("The \(what) \"\(name)\" is not a valid \(Self.typeName(T.self)): \(Self.reason(error))")
        }
    }

    /// Path and header text in simple, label or matrix style.
    static func textSource(_ raw: String, name: String, style: ParameterStyle, decoding: StyledSource.TextDecoding) -> StyledSource {
        switch style.name {
        case .label:
            guard raw.hasPrefix(".") else { return raw.isEmpty ? .absent : .joined(raw: raw, separator: ",", explodedPairs: false, decoding: decoding) }
            let rest = String(raw.dropFirst())
            if rest.isEmpty { return .absent }
            return .joined(raw: rest, separator: style.explode ? "." : ",", explodedPairs: style.explode, decoding: decoding)
        case .matrix:
            // `;name=v`, `;name=a,b`, `;name=a;name=b`, `;R=100;G=200`: read as items.
            let parts = items(raw[...], separator: ";") { PercentEncoding.decode($0) }
            if parts.isEmpty || (parts.count == 1 && parts[0].0 == name && parts[0].1.isEmpty) { return .absent }
            return itemsSource(parts, name: name, style: ParameterStyle(.form, explode: style.explode), decoding: decoding)
        default:
            if raw.isEmpty { return .absent }
            return .joined(raw: raw, separator: ",", explodedPairs: style.explode, decoding: decoding)
        }
    }

    /// A query's (or a form body's) items in form, spaceDelimited, pipeDelimited or deepObject style.
    static func itemsSource(_ items: [(String, String)], name: String, style: ParameterStyle, decoding: StyledSource.TextDecoding,
                            keepsObjectName: Bool = false) -> StyledSource {
        func decoded(_ value: String) -> StyledSource {
            StyledSource.absent.decode(value[...], decoding).map(StyledSource.text) ?? .joined(raw: value, separator: "\u{0}", explodedPairs: false, decoding: decoding)
        }
        let separator: String
        switch style.name {
        case .form: separator = ","
        case .spaceDelimited: separator = "%20"
        case .pipeDelimited: separator = "%7C"
        default: separator = ","
        }
        if style.name == .deepObject || style.explode {
            let named = items.filter { $0.0 == name || $0.0.hasPrefix(name + "[") }
            if named.isEmpty && !(style.name == .form && !keepsObjectName) { return .absent }
            if style.name == .form, !keepsObjectName, named.isEmpty {
                // An exploded object's keys are the items' own names.
                return items.isEmpty ? .absent : .items(prefix: nil, items: items.map { NamedItem(name: $0.0, value: decoded($0.1)) })
            }
            return .items(prefix: name, items: named.map { NamedItem(name: $0.0, value: decoded($0.1)) })
        }
        guard let value = items.first(where: { $0.0 == name })?.1 else { return .absent }
        let text = decoding == .form ? value.replacingOccurrences(of: "+", with: "%20") : value
        return .joined(raw: text, separator: separator, explodedPairs: false, decoding: .percent)
    }

    /// `a=1&b=2` with names decoded (`+` as space), values still encoded.
    static func formItems(_ data: Data) -> [(name: String, raw: String)] {
        items(String(decoding: data, as: UTF8.self)[...], separator: "&") { StyledSource.absent.decode($0, .form) }
            .map { (name: $0.0, raw: $0.1) }
    }

    /// `a=1&b=2` (a query, a form body) or `a=1;b=2` (matrix parts) as items, split on the UTF-8
    /// bytes: names through `decodeName` (as written when it cannot decode them), values still
    /// encoded; an item without `=` has an empty value, empty items are skipped.
    static func items(_ text: Substring, separator: Unicode.Scalar, decodeName: (Substring) -> String?) -> [(String, String)] {
        text.utf8.split(separator: UInt8(ascii: separator), omittingEmptySubsequences: true).map { item in
            let equals = item.firstIndex(of: UInt8(ascii: "="))
            let name = Substring(item[..<(equals ?? item.endIndex)])
            let value = equals.map { String(Substring(item[item.index(after: $0)...])) } ?? ""
            return (decodeName(name) ?? String(name), value)
        }
    }

    /// The parts of a `multipart/form-data` body.
    static func multipartParts(_ data: Data, contentType: String?) throws -> [MultipartPart] {
        guard let contentType, let range = contentType.range(of: "boundary=") else {
            throw ServiceInputError("The body is not multipart/form-data: its Content-Type names no boundary.")
        }
        var boundary = String(contentType[range.upperBound...])
        if let end = boundary.firstIndex(of: ";") { boundary = String(boundary[..<end]) }
        boundary = boundary.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [MultipartPart] = []
        var position = data.startIndex
        guard let first = data.range(of: delimiter, in: position..<data.endIndex) else {
            throw ServiceInputError("The multipart body holds no part.")
        }
        position = first.upperBound
        let separator = Data("\r\n\r\n".utf8)
        while true {
            // `--` after the delimiter ends the body.
            if data[position...].starts(with: Data("--".utf8)) { break }
            guard let next = data.range(of: Data("\r\n--\(boundary)".utf8), in: position..<data.endIndex),
                  let headEnd = data.range(of: separator, in: position..<next.lowerBound) else {
                throw ServiceInputError("The multipart body is cut short.")
            }
            let head = String(decoding: data[position..<headEnd.lowerBound], as: UTF8.self)
            var name: String?, fileName: String?, partType: String?
            var headers = HTTPHeaders()
            for line in head.components(separatedBy: "\r\n") where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let field = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
                let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                switch field.lowercased() {
                case "content-disposition":
                    name = Self.dispositionParameter("name", in: value)
                    fileName = Self.dispositionParameter("filename", in: value)
                case "content-type": partType = value
                default: headers.append(field, value)
                }
            }
            guard let name else { throw ServiceInputError("A part of the multipart body has no name.") }
            var part = MultipartPart(name: name, data: Data(data[headEnd.upperBound..<next.lowerBound]), fileName: fileName,
                                     contentType: partType ?? "application/octet-stream")
            part.fileName = fileName
            part.contentType = partType
            part.headers = headers
            parts.append(part)
            position = next.upperBound
        }
        return parts
    }

    private static func dispositionParameter(_ parameter: String, in value: String) -> String? {
        guard let range = value.range(of: "; \(parameter)=\"") else { return nil }
        let rest = value[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end]).replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%0A", with: "\n")
    }

    static func typeName(_ type: Any.Type) -> String {
        var name = String(describing: type)
        if name.hasPrefix("Optional<"), name.hasSuffix(">") { name = String(name.dropFirst(9).dropLast()) }
        return name
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context):
            return context.codingPath.isEmpty ? context.debugDescription
                : "at \(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")): \(context.debugDescription)"
        case let DecodingError.keyNotFound(key, _):
            return "'\(key.stringValue)' is missing"
        default:
            return "\(error)"
        }
    }
}

extension StyledDecoder {
    /// `nil` as `T` when `T` is optional; else nil (the Swift one).
    static func absentValue<T>(_ type: T.Type) -> T? {
        guard let optional = T.self as? any ExpressibleByNilLiteral.Type else { return nil }
        return optional.init(nilLiteral: ()) as? T
    }
}
