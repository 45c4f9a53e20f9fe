import Foundation

/// Path segments appended to the base URL. Each value becomes exactly one segment, percent-encoded,
/// so a `/` or `?` in a value never changes the path.
///
/// ```swift
/// Path("users", 42, "repos")        // /users/42/repos
/// Path("files", "a/b c")            // /files/a%2Fb%20c
/// Path(raw: "v2/status")            // /v2/status (slashes in `raw` separate segments)
/// ```
public struct Path: RequestComponent {
    let parts: [Part]

    enum Part: Sendable {
        case value(any ParameterValue)
        case segment(PathSegment)
    }

    /// One segment per value.
    public init(_ segments: any ParameterValue...) {
        self.parts = segments.map { .value($0) }
    }

    /// Segments of a literal path: `"a/b"` is two segments; empty segments are dropped.
    public init(raw path: String) {
        self.parts = path.split(separator: "/", omittingEmptySubsequences: true).map { .value(String($0)) }
    }

    /// Appends the segments.
    public func apply(to request: inout HTTPRequest) throws {
        let format = request.dateFormat
        request.appendPath(encodedSegments: parts.map { part in
            switch part {
            case let .value(value): return PercentEncoding.encodeSegment(value.parameterString(dateFormat: format))
            case let .segment(segment): return segment.encoded(dateFormat: format)
            }
        })
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

    func encoded(dateFormat: DateFormat) -> String {
        PercentEncoding.encodeSegment(parts.map { $0.parameterString(dateFormat: dateFormat) }.joined())
    }

    /// Appends the segment.
    public func apply(to request: inout HTTPRequest) throws {
        request.appendPath(encodedSegments: [encoded(dateFormat: request.dateFormat)])
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
    /// The items with their values already percent-encoded, so a comma-joined array keeps its
    /// separators apart from commas inside the values.
    let items: @Sendable (DateFormat) -> [(name: String, encodedValue: String)]

    /// One item; nothing when `value` is `nil`.
    public init(_ name: String, _ value: (some ParameterValue)?) {
        items = { format in value.map { [(name, PercentEncoding.encode($0.parameterString(dateFormat: format)))] } ?? [] }
    }

    /// An array: one item per element (`.form`) or one comma-joined item (`.comma`); nothing when `nil`.
    public init(_ name: String, _ values: [some ParameterValue]?, style: QueryStyle = .form) {
        items = { format in
            guard let values else { return [] }
            let strings = values.map { PercentEncoding.encode($0.parameterString(dateFormat: format)) }
            switch style {
            case .form: return strings.map { (name, $0) }
            case .comma: return strings.isEmpty ? [] : [(name, strings.joined(separator: ","))]
            }
        }
    }

    /// A dictionary: one `key=value` item per entry, in key order. `name` is not sent; it names the
    /// parameter for readers. Nothing when `nil`.
    public init(_ name: String, _ values: [String: some ParameterValue]?) {
        items = { format in
            (values ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, PercentEncoding.encode($0.value.parameterString(dateFormat: format))) }
        }
    }

    /// Appends the items.
    public func apply(to request: inout HTTPRequest) throws {
        request.appendQuery(items(request.dateFormat))
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
    let name: String
    let value: @Sendable (DateFormat) -> String?

    /// A field with one value; nothing when `nil`.
    public init(_ name: String, _ value: (some ParameterValue)?) {
        self.name = name
        self.value = { format in value?.parameterString(dateFormat: format) }
    }

    /// A field whose values are joined with `", "`; nothing when `nil`.
    public init(_ name: String, _ values: [some ParameterValue]?) {
        self.name = name
        self.value = { format in values.map { $0.map { $0.parameterString(dateFormat: format) }.joined(separator: ", ") } }
    }

    /// Sets the field.
    public func apply(to request: inout HTTPRequest) throws {
        guard let value = value(request.dateFormat) else { return }
        try HTTPHeaders.validate(name: name, value: value)
        request.headers.replace(name, with: value)
    }
}

/// The credentials a request needs; see ``AuthMiddleware``.
public struct Auth: RequestComponent {
    let requirement: AuthRequirement

    /// `Auth(.bearer)`, `Auth(.apiKey(in: .header, name: "X-Api-Key"))`.
    public init(_ requirement: AuthRequirement) { self.requirement = requirement }

    /// Sets ``HTTPRequest/auth``.
    public func apply(to request: inout HTTPRequest) throws { request.auth = requirement }
}

/// A type that error responses with matching statuses decode into; the thrown
/// ``EndpointError/unacceptableStatus(response:decodedError:)`` carries the decoded value.
///
/// ```swift
/// ErrorBody(NotFound.self, for: .code(404))
/// ErrorBody(Problem.self, for: .default)
/// ```
public struct ErrorBody: RequestComponent {
    let register: @Sendable (inout ErrorBodies) -> Void

    /// Decodes bodies of responses whose status matches `status` into `type`.
    public init<T: Decodable & Sendable>(_ type: T.Type, for status: StatusPattern) {
        register = { $0.register(T.self, for: status) }
    }

    /// Registers the type.
    public func apply(to request: inout HTTPRequest) throws { register(&request.errorBodies) }
}

/// The one status that means success, such as 201. Without it any 2xx status does.
public struct ExpectedStatus: RequestComponent {
    let status: Int

    /// `ExpectedStatus(201)`.
    public init(_ status: Int) { self.status = status }

    /// Sets ``HTTPRequest/expectedStatus``.
    public func apply(to request: inout HTTPRequest) throws { request.expectedStatus = status }
}

/// Seconds to wait for the response.
public struct Timeout: RequestComponent {
    let seconds: TimeInterval

    /// `Timeout(30)`.
    public init(_ seconds: TimeInterval) { self.seconds = seconds }

    /// Sets ``HTTPRequest/timeout``.
    public func apply(to request: inout HTTPRequest) throws { request.timeout = seconds }
}

/// A sample response body (JSON text) that ``StubTransport`` serves for the request.
public struct Sample: RequestComponent {
    let json: String

    /// `Sample(#"{"id":1}"#)`.
    public init(_ json: String) { self.json = json }

    /// Sets ``HTTPRequest/sample``.
    public func apply(to request: inout HTTPRequest) throws { request.sample = Data(json.utf8) }
}
