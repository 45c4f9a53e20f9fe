public import Foundation

/// Path segments appended to the base URL. Each value becomes exactly one segment, percent-encoded,
/// so a `/` or `?` in a value never changes the path. A ``PathParameter`` is written in its style.
///
/// ```swift
/// Path("users", 42, "repos")        // /users/42/repos
/// Path("files", "a/b c")            // /files/a%2Fb%20c
/// Path(raw: "v2/status")            // /v2/status (slashes in `raw` separate segments)
/// Path("colors", PathParameter("color", encoding: ["blue", "black"], style: .label))  // /colors/.blue,black
/// ```
public struct Path: RequestComponent {
    @usableFromInline let segments: [any ParameterValue]

    /// One segment per value.
    @inlinable
    public init(_ segments: any ParameterValue...) {
        self.segments = segments
    }

    /// Segments of a literal path: `"a/b"` is two segments; empty segments are dropped.
    public init(raw path: String) {
        self.segments = path.split(separator: "/", omittingEmptySubsequences: true).map { String($0) }
    }

    @usableFromInline
    init(segments: [any ParameterValue]) { self.segments = segments }

    /// Appends the segments. Throws when a ``PathParameter`` cannot be written in its style.
    public func apply(to request: inout HTTPRequest) throws {
        let format = request.dateFormat
        do {
            try request.editURL { url in
                for segment in segments {
                    // The type is compared first: a cast that fails (a `String` or `Int` segment, the
                    // common case) costs hundreds of instructions, a metadata comparison one.
                    if type(of: segment) == PathParameter.self, let parameter = segment as? PathParameter {
                        var sink = SegmentSink(escapesDots: parameter.style.name == .label)
                        try parameter.write(into: &sink, dateFormat: format)
                        url.appendEncodedPathSegment(sink.bytes)
                    } else {
                        url.appendPathSegment(segment.parameterString(dateFormat: format))
                    }
                }
            }
        } catch {
            throw PathParameter.wrap(error, request: request)
        }
    }
}

/// One path segment made of several parts, such as `{name}.json`; the parts are joined and encoded
/// as a single segment. A ``PathParameter`` part is written in its style.
///
/// ```swift
/// PathSegment(reportName, ".json")                                   // /weekly%20report.json
/// PathSegment("report", PathParameter("format", "json", style: .label))  // /report.json
/// ```
public struct PathSegment: RequestComponent {
    let parts: [any ParameterValue]

    /// A segment made of `parts`, joined without separators.
    public init(_ parts: any ParameterValue...) { self.parts = parts }

    /// Appends the segment. Throws when a ``PathParameter`` cannot be written in its style.
    public func apply(to request: inout HTTPRequest) throws {
        let format = request.dateFormat
        var sink = SegmentSink()
        for part in parts {
            if type(of: part) == PathParameter.self, let parameter = part as? PathParameter {
                do {
                    sink.escapesDots = parameter.style.name == .label
                    defer { sink.escapesDots = false }
                    try parameter.write(into: &sink, dateFormat: format)
                } catch {
                    throw PathParameter.wrap(error, request: request)
                }
            } else {
                sink.appendText(part.parameterString(dateFormat: format))
            }
        }
        request.editURL { $0.appendEncodedPathSegment(sink.bytes) }
    }
}

/// A path placeholder written in a ``ParameterStyle`` (OpenAPI's `style` and `explode` for
/// `in: path`): `simple` (the default), `label` or `matrix`. Put it in ``Path`` or ``PathSegment``;
/// the separators are written bare, names and values percent-encoded, and the result stays one
/// segment (a segment of only dots is escaped, never `.` or `..`).
///
/// ```swift
/// Path("shapes", PathParameter("color", encoding: ["blue", "black"]))         // /shapes/blue,black
/// Path("shapes", PathParameter("color", "blue", style: .matrix))              // /shapes/;color=blue
/// Path("shapes", PathParameter("color", encoding: rgb, style: .label.exploded()))
/// // /shapes/.R=100.G=200.B=150
/// ```
public struct PathParameter: ParameterValue {
    /// The parameter's name (written by `matrix`).
    let name: String
    /// The style.
    let style: ParameterStyle
    let source: Source

    enum Source: Sendable {
        case one(any ParameterValue)
        case encoded(any Encodable & Sendable)
    }

    /// One value (an array, a dictionary or a model: ``init(_:encoding:style:)``).
    public init(_ name: String, _ value: some ParameterValue, style: ParameterStyle = .simple) {
        self.name = name
        self.style = style
        self.source = .one(value)
    }

    /// Any `Encodable`: a scalar, an array of scalars (`blue,black`), or an object or dictionary
    /// whose values are scalars (dates by the request's ``DateFormat``, a dictionary's entries in
    /// key order, `nil` left out).
    public init(_ name: String, encoding value: some Encodable & Sendable, style: ParameterStyle = .simple) {
        self.name = name
        self.style = style
        self.source = .encoded(value)
    }

    /// The value to write; `nil` when it encodes nothing.
    func styledValue(dateFormat: DateFormat) throws -> StyledValue? {
        switch source {
        case let .one(value): return .scalar(value.parameterString(dateFormat: dateFormat))
        case let .encoded(value): return try StyledValue.encoding(value, dateFormat: dateFormat)
        }
    }

    /// Writes the styled text into `sink`. Throws ``StyleWriter/Failure`` or the value's encoding
    /// error, before writing anything.
    func write<Sink: StyleTextSink>(into sink: inout Sink, dateFormat: DateFormat) throws {
        let value: StyledValue?
        do {
            value = try styledValue(dateFormat: dateFormat)
        } catch {
            throw StyleWriter.Failure(description: "The path parameter \"\(name)\" could not be encoded: \(error)")
        }
        try StyleWriter.writeText(value, name: name, style: style, into: &sink)
    }

    /// `error` as ``EndpointError/invalidRequest(reason:underlying:request:)``.
    static func wrap(_ error: any Error, request: HTTPRequest) -> EndpointError {
        if let error = error as? EndpointError { return error }
        return EndpointError.invalidRequest(reason: "\(error)", underlying: error, request: request)
    }

    /// The styled text before percent-encoding (`.blue,black`, `;color=blue`); empty when the value
    /// cannot be written in the style (``Path`` throws then).
    public func parameterString(dateFormat: DateFormat) -> String {
        var sink = RawSink()
        do {
            try write(into: &sink, dateFormat: dateFormat)
        } catch {
            return ""
        }
        return sink.text
    }
}

/// Query items. Names and values are percent-encoded so that `+ & = ; # % ,` and spaces arrive as
/// they were given; a `nil` value adds nothing. Arrays, dictionaries and any `Encodable` are written
/// in a ``ParameterStyle`` (OpenAPI's `style` and `explode`; `.form` by default).
///
/// ```swift
/// Query("q", "swift & c++")                   // q=swift%20%26%20c%2B%2B
/// Query("ids", [1, 2], style: .comma)         // ids=1,2
/// Query("tags", ["a,b", "c"], style: .comma)  // tags=a%2Cb,c: only the separators are bare commas
/// Query("filter", encoding: ["a": 1, "b": 2]) // a=1&b=2 (a dictionary, like an object)
/// Query("filter", encoding: filter, style: .deepObject)  // filter%5Bstatus%5D=open (filter[status]=open)
/// ```
public struct Query: RequestComponent {
    @usableFromInline let name: String
    @usableFromInline let values: Values

    /// What was given, kept as values (not closures) so that making a query allocates nothing more.
    @usableFromInline
    enum Values: Sendable {
        case none
        case one(any ParameterValue)
        case list([any ParameterValue], ParameterStyle)
        case encoded(any Encodable & Sendable, ParameterStyle)
    }

    /// One item; nothing when `value` is `nil`.
    @inlinable
    public init(_ name: String, _ value: (some ParameterValue)?) {
        self.name = name
        self.values = value.map { .one($0) } ?? .none
    }

    /// An array in `style`: one item per element (`.form`), one comma-joined item (`.comma`),
    /// `.spaceDelimited` (`ids=1%202`), `.pipeDelimited` (`ids=1%7C2`) or `.deepObject`
    /// (`ids[]=1&ids[]=2`). Nothing when `nil`; an empty array adds nothing when exploded and an
    /// empty item (`ids=`) when not.
    @inlinable
    public init(_ name: String, _ values: [some ParameterValue]?, style: ParameterStyle = .form) {
        self.name = name
        self.values = values.map { .list($0, style) } ?? .none
    }

    /// Any `Encodable` (a model, a union, a dictionary, an array) in `style`. A scalar is `name=v`
    /// whatever the style; an array as the array initializer; an object `R=100&G=200` (`.form`),
    /// `name=R,100,G,200` (`.comma`), `name[R]=100&name[G]=200` (`.deepObject`). Nested values are
    /// written with bracketed names by `.deepObject` (`filter[a][b]=1`, `filter[a][]=1`,
    /// `filter[items][0][price]=5`) and by `.form` below the top-level keys; other styles throw.
    /// Dates follow the request's ``DateFormat``, a dictionary's entries are in key order, `nil`
    /// properties are left out; nothing when `value` is `nil`.
    public init(_ name: String, encoding value: (some Encodable & Sendable)?, style: ParameterStyle = .form) {
        self.name = name
        self.values = value.map { .encoded($0, style) } ?? .none
    }

    /// Appends the items. Throws when the value cannot be written in its style.
    public func apply(to request: inout HTTPRequest) throws {
        let format = request.dateFormat
        let styled: StyledValue
        let style: ParameterStyle
        switch values {
        case .none:
            return
        case let .one(value):
            let text = value.parameterString(dateFormat: format)
            request.editURL { $0.appendQueryItem(name: name, value: text) }
            return
        case let .list(list, listStyle):
            styled = StyledValue.list(list, dateFormat: format)
            style = listStyle
        case let .encoded(value, encodedStyle):
            do {
                guard let encoded = try StyledValue.encoding(value, dateFormat: format) else { return }
                styled = encoded
            } catch {
                throw EndpointError.invalidRequest(reason: "The query parameter \"\(name)\" could not be encoded: \(error)", underlying: error, request: request)
            }
            style = encodedStyle
        }
        do {
            // The writer throws before it writes anything.
            try request.editURL { try StyleWriter.writeItems(styled, name: name, style: style, into: &$0) }
        } catch let error as StyleWriter.Failure {
            throw EndpointError.invalidRequest(reason: error.description, underlying: error, request: request)
        }
    }
}

/// A header field. It replaces a field of the same name set earlier; `nil` adds nothing;
/// ``remove(_:)`` removes one an API's defaults set. A name or value containing a line break is
/// refused with an error.
///
/// ```swift
/// Header("Accept", "application/json")
/// Header("If-None-Match", etag)           // omitted when etag is nil
/// Header("X-Tags", ["a", "b"])            // X-Tags: a, b
/// Header("X-Color", encoding: rgb)        // X-Color: R,100,G,200,B,150
/// Header.remove("Accept")                 // no Accept field (the spec's `"Accept": null`)
/// ```
public struct Header: RequestComponent {
    @usableFromInline let name: String
    @usableFromInline let value: Value

    @usableFromInline
    enum Value: Sendable {
        case none
        case one(any ParameterValue)
        /// Joined with `", "`.
        case list([any ParameterValue])
        case encoded(any Encodable & Sendable, ParameterStyle)
        /// Removes every field of the name.
        case remove
    }

    /// A field with one value; nothing when `nil`.
    @inlinable
    public init(_ name: String, _ value: (some ParameterValue)?) {
        self.name = name
        self.value = value.map { .one($0) } ?? .none
    }

    /// A field whose values are joined with `", "`; nothing when `nil`.
    @inlinable
    public init(_ name: String, _ values: [some ParameterValue]?) {
        self.name = name
        self.value = values.map { .list($0) } ?? .none
    }

    /// Any `Encodable` in `style` (OpenAPI's `in: header`, `simple`): a scalar `v`, an array `a,b,c`,
    /// an object `R,100,G,200` (exploded `R=100,G=200`). Nothing when `nil`; nested values throw.
    public init(_ name: String, encoding value: (some Encodable & Sendable)?, style: ParameterStyle = .simple) {
        self.name = name
        self.value = value.map { .encoded($0, style) } ?? .none
    }

    /// Removes every field named `name` (matched without regard to case), such as one the API's
    /// defaults set: the spec's `"Accept": null` on an endpoint.
    public static func remove(_ name: String) -> Header { Header(name: name, value: .remove) }

    @usableFromInline
    init(name: String, value: Value) {
        self.name = name
        self.value = value
    }

    /// Sets the field, or removes it.
    public func apply(to request: inout HTTPRequest) throws {
        let text: String
        switch value {
        case .none:
            return
        case .remove:
            request.headers.remove(name)
            return
        case let .one(value):
            text = value.parameterString(dateFormat: request.dateFormat)
        case let .list(values):
            let format = request.dateFormat
            text = values.map { $0.parameterString(dateFormat: format) }.joined(separator: ", ")
        case let .encoded(value, style):
            var sink = RawSink()
            do {
                guard let styled = try StyledValue.encoding(value, dateFormat: request.dateFormat) else { return }
                try StyleWriter.writeText(styled, name: name, style: style, into: &sink)
            } catch let error as StyleWriter.Failure {
                throw EndpointError.invalidRequest(reason: error.description, underlying: error, request: request)
            } catch {
                throw EndpointError.invalidRequest(reason: "The header \"\(name)\" could not be encoded: \(error)", underlying: error, request: request)
            }
            text = sink.text
        }
        try HTTPHeaders.validate(name: name, value: text)
        request.headers.replace(name, with: text)
    }
}

/// A cookie in the request's `Cookie` field (OpenAPI's `in: cookie`), after the cookies set
/// before it: `Cookie: session=abc; theme=dark`. `nil`, and an empty list or object, add nothing.
/// In the default style, `.form` (exploded), a list is a cookie per element (`ids=1; ids=2`, as
/// OpenAPI 3.2's `cookie` style writes it, which cookie parsers read) and an object a cookie per
/// member (`R=100; G=200`); in `.comma` one cookie holds them joined (`ids=1,2`, `color=R,100,G,200`).
///
/// A value is percent-encoded where RFC 6265 lets no byte stand in a cookie value (controls,
/// space, `"`, `,`, `;`, `\`, non-ASCII) and at `%`, so a value never adds or ends a cookie and
/// reads back as it was; a name must be an HTTP token.
///
/// ```swift
/// Cookie("session", token)                  // session=abc (nothing when token is nil)
/// Cookie("ids", [1, 2, 3])                  // ids=1; ids=2; ids=3
/// Cookie("ids", [1, 2, 3], style: .comma)   // ids=1,2,3
/// Cookie("note", "a; b")                    // note=a%3B%20b
/// Cookie("color", encoding: rgb)            // R=100; G=200; B=150
/// ```
public struct Cookie: RequestComponent {
    @usableFromInline let name: String
    @usableFromInline let value: Value

    @usableFromInline
    enum Value: Sendable {
        case none
        case one(any ParameterValue)
        case list([any ParameterValue], explode: Bool)
        case encoded(any Encodable & Sendable, explode: Bool)
    }

    /// One cookie; nothing when `nil`.
    @inlinable
    public init(_ name: String, _ value: (some ParameterValue)?) {
        self.name = name
        self.value = value.map { .one($0) } ?? .none
    }

    /// A cookie per element (`.form`), or one of comma-joined elements (`.comma`); nothing when `nil`.
    public init(_ name: String, _ values: [some ParameterValue]?, style: ParameterStyle = .form) {
        self.name = name
        self.value = values.map { .list($0, explode: style.explode) } ?? .none
    }

    /// Any `Encodable` of single values, lists or objects of them (a union as the alternative it
    /// holds): a cookie per element or member (`.form`), or one of them joined (`.comma`).
    /// Nothing when `nil`; a value that nests throws.
    public init(_ name: String, encoding value: (some Encodable & Sendable)?, style: ParameterStyle = .form) {
        self.name = name
        self.value = value.map { .encoded($0, explode: style.explode) } ?? .none
    }

    /// Adds the cookies to the `Cookie` field.
    public func apply(to request: inout HTTPRequest) throws {
        let styled: StyledValue?
        let explode: Bool
        let format = request.dateFormat
        switch value {
        case .none:
            return
        case let .one(value):
            (styled, explode) = (.scalar(value.parameterString(dateFormat: format)), true)
        case let .list(values, exploded):
            (styled, explode) = (StyledValue.list(values, dateFormat: format), exploded)
        case let .encoded(value, exploded):
            do {
                (styled, explode) = (try StyledValue.encoding(value, dateFormat: format), exploded)
            } catch {
                throw EndpointError.invalidRequest(reason: "The cookie \"\(name)\" could not be encoded: \(error)", underlying: error, request: request)
            }
        }
        guard let styled else { return }
        guard !name.isEmpty, name.allUTF8(HTTPHeaders.isTokenByte) else {
            throw EndpointError.invalidRequest(reason: "The cookie name \(String(reflecting: name)) is not an HTTP token.", underlying: nil, request: request)
        }
        var sink = CookieSink(text: Cookie.existing(in: request))
        do {
            try StyleWriter.writeItems(styled, name: name, style: ParameterStyle(.form, explode: explode), into: &sink)
        } catch let error as StyleWriter.Failure {
            throw EndpointError.invalidRequest(reason: error.description, underlying: error, request: request)
        }
        if !sink.text.isEmpty { request.headers.replace(Cookie.field, with: sink.text) }
    }

    static let field = "Cookie"

    /// The cookies the request has: every `Cookie` field's, joined as one field's (several fields
    /// are joined with `; `, not the `, ` of other headers, which a cookie reader would take into a value).
    static func existing(in request: HTTPRequest) -> String {
        request.headers.values(for: field).filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// Sets the cookie `name` to `value` in the `Cookie` field, in place of any cookie of that name:
    /// an API key in a cookie (``AuthMiddleware``).
    static func replace(_ name: String, with value: String, in request: inout HTTPRequest) throws {
        let kept = pairs(existing(in: request)).filter { (PercentEncoding.decode($0.name) ?? String($0.name)) != name }
        request.headers.remove(field)
        if !kept.isEmpty { request.headers.replace(field, with: kept.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")) }
        try Cookie(name, value).apply(to: &request)
    }

    /// The cookies of a `Cookie` field's text: `name=value` pairs apart at `;`, names and values
    /// trimmed of spaces and tabs (as RFC 6265 readers do), both still percent-encoded. The client
    /// (``replace(_:with:in:)``) and the server (``ServiceRequest/cookie(_:as:style:)``) read one way.
    static func pairs(_ text: String) -> [(name: Substring, value: Substring)] {
        func trimmed(_ text: Substring) -> Substring {
            var text = text
            while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
            while let last = text.last, last == " " || last == "\t" { text.removeLast() }
            return text
        }
        return text.split(separator: ";").compactMap { pair in
            let equals = pair.firstIndex(of: "=")
            let name = trimmed(pair[..<(equals ?? pair.endIndex)])
            let value = equals.map { trimmed(pair[pair.index(after: $0)...]) } ?? ""
            return name.isEmpty && value.isEmpty ? nil : (name, value)
        }
    }
}

/// `name=value` cookies, `; `-separated, after those the field had: names and values
/// percent-encoded where a cookie cannot hold a byte (and at `%`), separators bare.
struct CookieSink: StyleItemSink {
    var text: String

    mutating func startItem(name: String) {
        if !text.isEmpty { text += "; " }
        text += CookieSink.encoded(name)
        text += "="
    }
    mutating func appendText(_ text: String) { self.text += CookieSink.encoded(text) }
    mutating func appendLiteral(_ literal: String) { text += literal }

    /// `text` with every byte a cookie value cannot hold, and `%`, percent-encoded.
    static func encoded(_ text: String) -> String {
        func isCookieOctet(_ byte: UInt8) -> Bool {
            byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte) || (0x3C...0x5B).contains(byte)
                || (0x5D...0x7E).contains(byte)
        }
        if text.utf8.allSatisfy({ isCookieOctet($0) && $0 != UInt8(ascii: "%") }) { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isCookieOctet(byte) && byte != UInt8(ascii: "%") {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Seconds to wait for the response.
public struct Timeout: RequestComponent {
    let seconds: TimeInterval

    /// `Timeout(30)`.
    public init(_ seconds: TimeInterval) { self.seconds = seconds }

    /// Sets ``HTTPRequest/timeout``.
    public func apply(to request: inout HTTPRequest) throws { request.timeout = seconds }
}
