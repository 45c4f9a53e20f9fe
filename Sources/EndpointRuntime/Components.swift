public import Foundation

/// Path segments appended to the base URL. Each value becomes exactly one segment, percent-encoded,
/// so a `/` or `?` in a value never changes the path.
///
/// ```swift
/// Path("users", 42, "repos")        // /users/42/repos
/// Path("files", "a/b c")            // /files/a%2Fb%20c
/// Path(raw: "v2/status")            // /v2/status (slashes in `raw` separate segments)
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

    /// Appends the segments.
    public func apply(to request: inout HTTPRequest) throws {
        let format = request.dateFormat
        request.editURL { url in
            for segment in segments {
                url.appendPathSegment(segment.parameterString(dateFormat: format))
            }
        }
    }
}

/// One path segment made of several parts, such as `{name}.json`; the parts are joined and encoded
/// as a single segment.
///
/// ```swift
/// PathSegment(reportName, ".json")  // /weekly%20report.json
/// ```
public struct PathSegment: RequestComponent {
    let parts: [any ParameterValue]

    /// A segment made of `parts`, joined without separators.
    public init(_ parts: any ParameterValue...) { self.parts = parts }

    /// Appends the segment.
    public func apply(to request: inout HTTPRequest) throws {
        let format = request.dateFormat
        let text = parts.map { $0.parameterString(dateFormat: format) }.joined()
        request.editURL { $0.appendPathSegment(text) }
    }
}

/// How an array is written in a query.
public enum QueryStyle: String, Sendable, Hashable {
    /// One item per element: `ids=1&ids=2`.
    case form
    /// One item, elements joined by commas: `ids=1,2`.
    case comma
}

/// Query items. Names and values are percent-encoded so that `+ & = ; # % ,` and spaces arrive as
/// they were given; a `nil` value adds nothing.
///
/// ```swift
/// Query("q", "swift & c++")                   // q=swift%20%26%20c%2B%2B
/// Query("ids", [1, 2], style: .comma)         // ids=1,2
/// Query("tags", ["a,b", "c"], style: .comma)  // tags=a%2Cb,c: only the separators are bare commas
/// Query("filter", ["a": 1, "b": 2])      // a=1&b=2
/// ```
public struct Query: RequestComponent {
    @usableFromInline let name: String
    @usableFromInline let values: Values

    /// What was given, kept as values (not closures) so that making a query allocates nothing more.
    @usableFromInline
    enum Values: Sendable {
        case none
        case one(any ParameterValue)
        case list([any ParameterValue], QueryStyle)
        /// Entries sorted by key.
        case entries([(key: String, value: any ParameterValue)])
    }

    /// One item; nothing when `value` is `nil`.
    @inlinable
    public init(_ name: String, _ value: (some ParameterValue)?) {
        self.name = name
        self.values = value.map { .one($0) } ?? .none
    }

    /// An array: one item per element (`.form`) or one comma-joined item (`.comma`); nothing when `nil`.
    @inlinable
    public init(_ name: String, _ values: [some ParameterValue]?, style: QueryStyle = .form) {
        self.name = name
        self.values = values.map { .list($0, style) } ?? .none
    }

    /// A dictionary: one `key=value` item per entry, in key order. `name` is not sent; it names the
    /// parameter for readers. Nothing when `nil`.
    public init(_ name: String, _ values: [String: some ParameterValue]?) {
        self.name = name
        self.values = .entries((values ?? [:]).sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
    }

    /// Appends the items.
    public func apply(to request: inout HTTPRequest) throws {
        let format = request.dateFormat
        switch values {
        case .none:
            return
        case let .one(value):
            let text = value.parameterString(dateFormat: format)
            request.editURL { $0.appendQueryItem(name: name, value: text) }
        case let .list(list, .form):
            request.editURL { url in
                for value in list { url.appendQueryItem(name: name, value: value.parameterString(dateFormat: format)) }
            }
        case let .list(list, .comma):
            guard !list.isEmpty else { return }
            // Each value encoded on its own, so only the separators are bare commas.
            request.editURL { url in
                url.startQueryItem(name: name)
                for (index, value) in list.enumerated() {
                    if index > 0 { url.appendQuerySeparator(UInt8(ascii: ",")) }
                    url.appendQueryValue(value.parameterString(dateFormat: format))
                }
            }
        case let .entries(entries):
            request.editURL { url in
                for entry in entries { url.appendQueryItem(name: entry.key, value: entry.value.parameterString(dateFormat: format)) }
            }
        }
    }
}

/// A header field. It replaces a field of the same name set earlier; `nil` adds nothing.
/// A name or value containing a line break is refused with an error.
///
/// ```swift
/// Header("Accept", "application/json")
/// Header("If-None-Match", etag)           // omitted when etag is nil
/// Header("X-Tags", ["a", "b"])            // X-Tags: a, b
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

    /// Sets the field.
    public func apply(to request: inout HTTPRequest) throws {
        let text: String
        switch value {
        case .none:
            return
        case let .one(value):
            text = value.parameterString(dateFormat: request.dateFormat)
        case let .list(values):
            let format = request.dateFormat
            text = values.map { $0.parameterString(dateFormat: format) }.joined(separator: ", ")
        }
        try HTTPHeaders.validate(name: name, value: text)
        request.headers.replace(name, with: text)
    }
}

/// Removes a header field an API's defaults set (the spec's `"Accept": null` on an endpoint).
///
/// ```swift
/// RemoveHeader("Accept")
/// ```
public struct RemoveHeader: RequestComponent {
    let name: String

    /// Removes every field named `name` (matched without regard to case).
    public init(_ name: String) { self.name = name }

    /// Removes the field.
    public func apply(to request: inout HTTPRequest) throws { request.headers.remove(name) }
}

/// The credentials a request needs; see ``AuthMiddleware``.
public struct Auth: RequestComponent {
    let requirement: AuthRequirement

    /// `Auth(.bearer)`, `Auth(.apiKey(in: .header, name: "X-Api-Key"))`.
    public init(_ requirement: AuthRequirement) { self.requirement = requirement }

    /// Sets ``HTTPRequest/auth``.
    public func apply(to request: inout HTTPRequest) throws { request.auth = requirement }
}

/// Seconds to wait for the response.
public struct Timeout: RequestComponent {
    let seconds: TimeInterval

    /// `Timeout(30)`.
    public init(_ seconds: TimeInterval) { self.seconds = seconds }

    /// Sets ``HTTPRequest/timeout``.
    public func apply(to request: inout HTTPRequest) throws { request.timeout = seconds }
}
