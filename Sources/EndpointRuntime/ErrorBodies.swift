import Foundation

/// Which response statuses an error body type applies to.
///
/// When several patterns match a status, an exact code wins over a range, and a range over `.default`.
public enum StatusPattern: Sendable, Hashable {
    /// Exactly this status, such as 404.
    case code(Int)
    /// A class of statuses: `.range(4)` is 400–499 (the spec's `"4XX"`).
    case range(Int)
    /// Any status that is not a success.
    case `default`

    /// Whether `status` matches.
    func matches(_ status: Int) -> Bool {
        switch self {
        case let .code(code): return status == code
        case let .range(hundreds): return status / 100 == hundreds
        case .default: return true
        }
    }

    var precedence: Int {
        switch self {
        case .code: return 0
        case .range: return 1
        case .default: return 2
        }
    }
}

/// The types that error responses of an endpoint decode into, by status. A response whose status
/// matches is thrown as ``ErrorResponse`` carrying its decoded body.
///
/// ```swift
/// let errors: ErrorBodies = [.code(404): NotFound.self, .default: Problem.self]
/// ```
public struct ErrorBodies: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    struct Entry: Sendable {
        var pattern: StatusPattern
        var typeID: ObjectIdentifier
        var typeName: String
        /// Decodes the body and wraps it in an ``ErrorResponse`` of the registered type.
        var makeError: @Sendable (HTTPResponse) throws -> any Error
    }

    private(set) var entries: [Entry] = []

    /// No error types.
    init() {}

    /// Error types by status pattern, in the order written.
    public init(dictionaryLiteral elements: (StatusPattern, any (Decodable & Sendable).Type)...) {
        for (pattern, type) in elements { register(type, for: pattern) }
    }

    /// Whether no error types are registered.
    var isEmpty: Bool { entries.isEmpty }

    /// Decodes error bodies matching `pattern` into `type`, replacing an earlier type for the same
    /// pattern. A `String` type reads the body as text; any other type reads it as JSON.
    mutating func register<T: Decodable & Sendable>(_ type: T.Type, for pattern: StatusPattern) {
        entries.removeAll { $0.pattern == pattern }
        entries.append(Entry(pattern: pattern, typeID: ObjectIdentifier(type), typeName: String(reflecting: type),
                             makeError: { response in
                                 ErrorResponse(body: try Self.decode(T.self, from: response), response: response)
                             }))
    }

    /// These error types, then `other`'s, which replace these for the same pattern.
    func merging(_ other: ErrorBodies) -> ErrorBodies {
        guard !other.isEmpty else { return self }
        var merged = self
        for entry in other.entries {
            merged.entries.removeAll { $0.pattern == entry.pattern }
            merged.entries.append(entry)
        }
        return merged
    }

    /// The name of the type registered for `status` (exact code, then range, then default), if any.
    func typeName(for status: Int) -> String? { entry(for: status)?.typeName }

    func entry(for status: Int) -> Entry? {
        entries.filter { $0.pattern.matches(status) }.min { $0.pattern.precedence < $1.pattern.precedence }
    }

    /// The ``ErrorResponse`` for `response`, its body decoded into the type registered for its
    /// status. `nil` when no type is registered for the status; throws when the body does not decode.
    func error(for response: HTTPResponse) throws -> (any Error)? {
        guard let entry = entry(for: response.status) else { return nil }
        return try entry.makeError(response)
    }

    private static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T {
        if T.self == String.self, let text = try ResponseDecoder<String>.text.decode(response) as? T {
            return text
        }
        return try response.request.dateFormat.makeJSONDecoder().decode(T.self, from: response.body)
    }

    /// Equal when the same types are registered for the same patterns.
    public static func == (lhs: ErrorBodies, rhs: ErrorBodies) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.pattern == $1.pattern && $0.typeID == $1.typeID }
    }

    /// Hashes the patterns and types.
    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.pattern)
            hasher.combine(entry.typeID)
        }
    }
}

/// An error response whose body an endpoint declares: thrown by ``HTTPClient/send(_:progress:)``
/// with the body decoded, so a `catch` gets the declared type.
///
/// ```swift
/// do {
///     let athlete = try await client.send(StravaAPI.athlete)
/// } catch let error as ErrorResponse<StravaAPI.Fault> {
///     print(error.status, error.body.message)       // the spec's 4XX body, decoded
/// }
/// ```
public struct ErrorResponse<Body: Sendable>: Error, CustomStringConvertible {
    /// The decoded body.
    public let body: Body
    /// The whole response: status, headers, raw body and the request it answers.
    public let response: HTTPResponse

    /// An error response.
    init(body: Body, response: HTTPResponse) {
        self.body = body
        self.response = response
    }

    /// The status code.
    public var status: Int { response.status }

    /// `GET https://… returned status 404 with <Body>: <body>`, without credentials; `status 404
    /// with <Body>: <body>` for one a service made (``init(status:body:headers:)``), which has no request.
    public var description: String {
        let request = response.request.urlComponents
        if request.host == nil, request.path.isEmpty {
            return "status \(response.status) with \(Body.self): \(body)"
        }
        return "\(response.request) returned status \(response.status) with \(Body.self): \(body)"
    }
}

extension ErrorResponse {
    /// The response's headers read as `type`: the `<Endpoint>ErrorHeaders` struct a spec's error
    /// responses declare (`"422": { "type": "Problem", "headers": { "Idempotency-Key": "String?" } }`).
    /// Throws ``ResponseHeaderError`` for a required header that is missing or one that is not its type.
    ///
    /// ```swift
    /// catch let error as ErrorResponse<Adyen.ServiceError> {
    ///     let headers = try error.headers(as: Adyen.Payments.PaymentsErrorHeaders.self)
    ///     print(headers.idempotencyKey ?? "-")
    /// }
    /// ```
    public func headers<Headers: ResponseHeaders>(as type: Headers.Type) throws -> Headers {
        try Headers(headers: response.headers)
    }
}
