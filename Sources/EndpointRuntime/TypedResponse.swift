public import Foundation

// MARK: - Typed response headers

/// Response headers read into a value: a generated API makes one struct per endpoint that declares
/// `response.headers`, with one property per header. ``HTTPHeaders`` itself conforms, for
/// endpoints that declare none.
///
/// ```swift
/// struct RepoHeaders: ResponseHeaders {
///     var eTag: String?
///     var rateLimitRemaining: Int?
///     init(headers: HTTPHeaders) throws {
///         eTag = try headers.optionalValue("ETag", as: String.self)
///         rateLimitRemaining = try headers.optionalValue("X-RateLimit-Remaining", as: Int.self)
///     }
/// }
/// ```
public protocol ResponseHeaders: Sendable {
    /// Reads the declared headers, throwing ``ResponseHeaderError`` for one that is missing or
    /// does not parse.
    init(headers: HTTPHeaders) throws
}

extension HTTPHeaders: ResponseHeaders {
    /// The headers as they are.
    public init(headers: HTTPHeaders) { self = headers }
}

/// A type a response header value can be read as: `String`, `Int`, `Int32`, `Int64`, `Double`,
/// `Float`, `Bool`, `Date` (an HTTP date such as `Sun, 06 Nov 1994 08:49:37 GMT`, or ISO 8601),
/// `UUID` and `URL`. Enums whose raw value is one of these (generated enum models) are read by
/// the `RawRepresentable` forms of `HTTPHeaders.requiredValue(_:as:)` and `optionalValue(_:as:)`.
public protocol HeaderValue: Sendable {
    /// The value from the header's text, or `nil` when the text is not one.
    static func headerValue(_ text: String) -> Self?
}

// A static method rather than an initializer, so that one default serves every
// `LosslessStringConvertible` type: an `init?(headerText:)` in a protocol extension would make a
// user's `strings.compactMap(Int.init)` ambiguous in a file that imports EndpointRuntime.

extension HeaderValue where Self: LosslessStringConvertible {
    /// The type's own text form: the text itself (`String`), a decimal integer such as `59`
    /// (`Int`, `Int32`, `Int64`).
    public static func headerValue(_ text: String) -> Self? { Self(text) }
}

extension HeaderValue where Self: BinaryFloatingPoint & LosslessStringConvertible {
    /// A decimal number, such as `0.25` (not `nan`, `inf` or hexadecimal).
    public static func headerValue(_ text: String) -> Self? {
        guard !text.isEmpty, text.allSatisfy({ $0.isNumber || "+-.eE".contains($0) }) else { return nil }
        return Self(text)
    }
}

extension String: HeaderValue {}
extension Int: HeaderValue {}
extension Int64: HeaderValue {}
extension Int32: HeaderValue {}
extension Double: HeaderValue {}
extension Float: HeaderValue {}

extension Bool: HeaderValue {
    /// `true`/`false` (any case), or `1`/`0`.
    public static func headerValue(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }
}

extension UUID: HeaderValue {
    /// A UUID such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, in either case.
    public static func headerValue(_ text: String) -> UUID? { UUID(uuidString: text) }
}

extension URL: HeaderValue {
    /// An absolute or relative URL reference.
    public static func headerValue(_ text: String) -> URL? {
        text.isEmpty ? nil : URL(string: text)
    }
}

extension Date: HeaderValue {
    /// An HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110), or an ISO 8601 date-time.
    public static func headerValue(_ text: String) -> Date? {
        HTTPDate.parse(text) ?? ISO8601DateFormatter().date(from: text)
    }
}

enum HTTPDate {
    /// The preferred form, then the two obsolete forms RFC 9110 says recipients accept.
    static let patterns = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]

    static func parse(_ text: String) -> Date? {
        for pattern in patterns {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = pattern
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

/// A declared response header that is missing or does not parse as its type. Thrown inside
/// ``EndpointError/decoding(underlying:response:)``.
public enum ResponseHeaderError: Error, Hashable, CustomStringConvertible {
    /// A required header is not in the response.
    case missing(name: String)
    /// A header's value is not a `type` (the value is not repeated for credential headers).
    case invalid(name: String, value: String, type: String)

    /// `The response has no header X-Total-Count (Int).`-style text naming the header.
    public var description: String {
        switch self {
        case let .missing(name):
            return "The response has no \(name) header, which the endpoint declares as required."
        case let .invalid(name, value, type):
            let shown = Redaction.isSensitiveHeader(name) ? Redaction.mask : String(reflecting: value)
            return "The response header \(name) is \(shown), which is not a \(type)."
        }
    }
}

extension HTTPHeaders {
    /// The header named `name` (any case) read as `T`; throws ``ResponseHeaderError`` when it is
    /// missing or does not parse. Generated header structs call this for required headers.
    public func requiredValue<T: HeaderValue>(_ name: String, as type: T.Type) throws -> T {
        guard let value = try optionalValue(name, as: type) else { throw ResponseHeaderError.missing(name: name) }
        return value
    }

    /// The header named `name` (any case) read as `T`, `nil` when it is missing; throws
    /// ``ResponseHeaderError`` when present but not a `T`. Several fields of the name are joined
    /// with `", "` first (so a repeated `Int` header does not parse).
    public func optionalValue<T: HeaderValue>(_ name: String, as type: T.Type) throws -> T? {
        guard let text = self[name] else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = T.headerValue(trimmed) else {
            throw ResponseHeaderError.invalid(name: name, value: trimmed, type: String(describing: T.self))
        }
        return value
    }
}

extension HTTPHeaders {
    /// The header named `name` (any case) read as an enum by its raw value (a generated enum
    /// model, say); throws ``ResponseHeaderError`` when it is missing or not a value of `T`.
    public func requiredValue<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T where T.RawValue: HeaderValue {
        guard let value = try optionalValue(name, as: type) else { throw ResponseHeaderError.missing(name: name) }
        return value
    }

    /// The header named `name` (any case) read as an enum by its raw value, `nil` when it is
    /// missing; throws ``ResponseHeaderError`` when present but not a value of `T`.
    public func optionalValue<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T? where T.RawValue: HeaderValue {
        guard let raw = try optionalValue(name, as: T.RawValue.self) else { return nil }
        guard let value = T(rawValue: raw) else {
            throw ResponseHeaderError.invalid(name: name, value: "\(raw)", type: String(describing: T.self))
        }
        return value
    }
}

// MARK: - Typed responses

/// A decoded response: its status, its headers (typed when the endpoint declares them, else
/// ``HTTPHeaders``) and its body. Returned by ``HTTPClient/response(for:)``.
///
/// ```swift
/// let response = try await client.response(for: GitHubAPI.getRepo(owner: "apple", repo: "swift"))
/// print(response.status, response.headers.eTag ?? "-", response.body.fullName)
/// ```
public struct TypedResponse<Body: Sendable, Headers: Sendable>: Sendable {
    /// The status code.
    public var status: Int
    /// The headers, read as the endpoint declares them.
    public var headers: Headers
    /// The decoded body.
    public var body: Body
    /// The response as received.
    public var raw: HTTPResponse

    /// A typed response.
    init(status: Int, headers: Headers, body: Body, raw: HTTPResponse) {
        self.status = status
        self.headers = headers
        self.body = body
        self.raw = raw
    }
}

/// An ``Endpoint`` whose response headers are declared and typed as `Headers`. Generated APIs
/// make one for each endpoint with `response.headers`
/// (`EndpointWithHeaders(defaults.endpoint(Call.getRepo(owner: owner, repo: repo)))`); everything
/// else is `Endpoint<Response>`.
/// ``HTTPClient/send(_:progress:)`` returns the body, as for any endpoint; ``HTTPClient/response(for:)``
/// returns the body with the typed headers.
///
/// ```swift
/// let repo = try await client.send(GitHubAPI.getRepo(owner: "apple", repo: "swift"))   // Repository
/// let response = try await client.response(for: GitHubAPI.getRepo(owner: "apple", repo: "swift"))
/// response.headers.xRateLimitRemaining                                                // Int?
/// ```
public struct EndpointWithHeaders<Response: Sendable, Headers: ResponseHeaders>: EndpointProtocol {
    /// The endpoint: its request, decoder, statuses, error bodies and pagination.
    public var endpoint: Endpoint<Response>

    /// Declares `headers` as the response headers of `endpoint`.
    public init(_ endpoint: Endpoint<Response>, headers: Headers.Type = Headers.self) {
        self.endpoint = endpoint
    }

    /// The request the endpoint builds.
    public func httpRequest() throws -> HTTPRequest { try endpoint.httpRequest() }
}

extension EndpointProtocol {
    /// The response's status, headers read as `Headers`, and body, or the error it means: as
    /// ``Endpoint/decode(_:)``, and ``EndpointError/decoding(underlying:response:)`` wrapping a
    /// ``ResponseHeaderError`` when a declared header is missing or malformed.
    func typedResponse(_ response: HTTPResponse) throws -> TypedResponse<Response, Headers> {
        let body = try endpoint.decode(response)
        do {
            return TypedResponse(status: response.status, headers: try Headers(headers: response.headers), body: body, raw: response)
        } catch {
            throw EndpointError.decoding(underlying: error, response: response)
        }
    }
}

extension HTTPClient {
    /// Sends an endpoint and returns its status, headers and decoded body: the headers as
    /// ``HTTPHeaders``, or typed when the endpoint declares them (``EndpointWithHeaders``). A
    /// declared required header that is missing, or a header that does not parse as its type,
    /// throws ``EndpointError/decoding(underlying:response:)`` naming it.
    ///
    /// ```swift
    /// let response = try await client.response(for: StravaAPI.athlete)
    /// print(response.status, response.headers["ETag"] ?? "-", response.body.firstname)
    ///
    /// let repo = try await client.response(for: GitHubAPI.getRepo(owner: "apple", repo: "swift"))
    /// print(repo.status, repo.headers.eTag ?? "-", repo.headers.xRateLimitRemaining ?? 0)
    /// ```
    public func response<E: EndpointProtocol>(for endpoint: E) async throws -> TypedResponse<E.Response, E.Headers> {
        try await response(for: endpoint, progress: nil)
    }

    /// ``response(for:)``, reporting transfer progress when `progress` is set.
    func response<E: EndpointProtocol>(for endpoint: E, progress: ProgressHandler?) async throws -> TypedResponse<E.Response, E.Headers> {
        let base = endpoint.endpoint
        if let streaming = base.decoder.streaming {
            // A stream's body is handed over as it arrives, never read to the end first.
            let (head, headers, body) = try await streamedValue(base, streaming: streaming, progress: progress) { head in
                try E.Headers(headers: head.headers)
            }
            return TypedResponse(status: head.status, headers: headers, body: body, raw: head)
        }
        guard let progress else { return try endpoint.typedResponse(try await data(for: endpoint)) }
        let streamed = try await stream(endpoint, progress: progress)
        var response = streamed.head
        response.body = try await HTTPClient.read(streamed.body, of: streamed.head)
        return try endpoint.typedResponse(response)
    }
}

// MARK: - Several success statuses

extension ResponseDecoder {
    /// Picks a decoder by status: an exact code first, then a range (`.range(2)`), then `.default`.
    /// A status with no decoder fails to decode. Generated endpoints with several `responses` use it.
    ///
    /// ```swift
    /// let decoder: ResponseDecoder<Listing> = .byStatus([.code(200): .wrapping(.json) { .ok($0) }, .code(204): .value(.noContent)])
    /// ```
    public static func byStatus(_ decoders: [StatusPattern: ResponseDecoder<Response>]) -> ResponseDecoder<Response> {
        let ordered = decoders.sorted { $0.key.precedence < $1.key.precedence }
        return ResponseDecoder { response in
            guard let decoder = ordered.first(where: { $0.key.matches(response.status) })?.value else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "No response is declared for status \(response.status)."))
            }
            return try decoder.decode(response)
        }
    }

    /// Always `value`, whatever the body (even an empty or non-JSON one): a declared bodiless status.
    public static func value(_ value: Response) -> ResponseDecoder<Response> where Response: Sendable {
        ResponseDecoder { _ in value }
    }

    /// Decodes the body with `decoder`, then wraps it, as in the case of a generated response
    /// enum: `.wrapping(.json) { .created($0) }`, `.wrapping(.text) { .accepted($0) }`; or as a
    /// non-nil optional, for the statuses of a `T?` response that have a body:
    ///
    /// ```swift
    /// let decoder: ResponseDecoder<[Contributor]?> = .byStatus([.code(200): .wrapping(.json) { .some($0) }, .code(204): .value(nil)])
    /// ```
    public static func wrapping<Body>(_ decoder: ResponseDecoder<Body>, _ wrap: @escaping @Sendable (Body) -> Response) -> ResponseDecoder<Response> {
        ResponseDecoder { response in wrap(try decoder.decode(response)) }
    }
}
