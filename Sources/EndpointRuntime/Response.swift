public import Foundation

/// A response: status, headers, body and the request it answers.
public struct HTTPResponse: Sendable, Hashable, CustomStringConvertible {
    /// The status code, such as 200.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body; empty when there is none.
    public var body: Data
    /// The request as it was sent (after middleware).
    public var request: HTTPRequest

    /// A response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), request: HTTPRequest) {
        self.status = status
        self.headers = headers
        self.body = body
        self.request = request
    }

    /// Whether the status is a 2xx. An ``Endpoint`` may accept fewer (``Endpoint/statuses``).
    var isSuccess: Bool { (200..<300).contains(status) }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// `200 for GET https://…`, with credentials redacted.
    public var description: String { "\(status) for \(request)" }
}

/// Turns a successful response into a value of `Response`.
///
/// ```swift
/// Endpoint(MyAPI.user(id: 1), decoder: .json)     // Decodable types
/// Endpoint(MyAPI.readme, decoder: .text)          // String
/// Endpoint(MyAPI.avatar, decoder: .data)          // Data
/// Endpoint(MyAPI.delete(id: 1), decoder: .none)   // Void
/// ```
public struct ResponseDecoder<Response: Sendable>: Sendable {
    let decode: @Sendable (HTTPResponse) throws -> Response
    /// For a streamed response (``ResponseStream``): makes the value from the head and the body still
    /// arriving. ``HTTPClient`` then takes the streaming path (see Streaming.swift).
    let streaming: (@Sendable (StreamedResponse) throws -> Response)?

    /// A decoder from a function; throw to report a decoding failure.
    public init(_ decode: @escaping @Sendable (HTTPResponse) throws -> Response) {
        self.decode = decode
        streaming = nil
    }

    /// A decoder of a body still arriving, such as `.stream(.serverSentEvents(end:))`. Given a whole
    /// ``HTTPResponse`` it reads that body as the stream.
    static func streaming(_ make: @escaping @Sendable (StreamedResponse) throws -> Response) -> ResponseDecoder<Response> {
        ResponseDecoder(decode: { response in try make(StreamedResponse(whole: response)) },
                        streaming: make)
    }

    private init(decode: @escaping @Sendable (HTTPResponse) throws -> Response,
                 streaming: @escaping @Sendable (StreamedResponse) throws -> Response) {
        self.decode = decode
        self.streaming = streaming
    }

    /// Whether the decoder reads a body as it arrives.
    var isStreaming: Bool { streaming != nil }

    /// Decodes `response`.
    func decode(_ response: HTTPResponse) throws -> Response { try decode(response) }
}

extension ResponseDecoder where Response: Decodable {
    /// JSON, with dates read in the request's ``DateFormat``. A `String` response that the server
    /// sends as text (a `text/...` `Content-Type`, such as `text/plain`) is read as ``text``: a
    /// health check answering `OK` is the string `"OK"`, not invalid JSON. A JSON string body is
    /// still decoded as JSON.
    public static var json: ResponseDecoder<Response> {
        ResponseDecoder { response in
            if let text = try textIfString(response) { return text }
            return try response.request.dateFormat.makeJSONDecoder().decode(Response.self, from: response.body)
        }
    }

    /// The body as text when `Response` is `String` and the response's media type is `text/...`;
    /// nil otherwise (then the body is JSON).
    private static func textIfString(_ response: HTTPResponse) throws -> Response? {
        guard Response.self == String.self, HTTPResponse.isText(response.headers["Content-Type"]) else { return nil }
        return try ResponseDecoder<String>.text.decode(response) as? Response
    }
}

extension HTTPResponse {
    /// Whether a `Content-Type` value names a `text/...` media type (`text/plain; charset=utf-8`).
    static func isText(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("text/")
    }
}

extension ResponseDecoder where Response == String {
    /// The body as text. The charset of `Content-Type` is honoured for UTF-8, UTF-16 and Latin-1;
    /// anything else is read as UTF-8.
    public static var text: ResponseDecoder<String> {
        ResponseDecoder { response in
            let contentType = (response.headers["Content-Type"] ?? "").lowercased()
            if contentType.contains("charset=iso-8859-1") || contentType.contains("charset=latin1") {
                if let text = String(data: response.body, encoding: .isoLatin1) { return text }
            } else if contentType.contains("charset=utf-16") {
                if let text = String(data: response.body, encoding: .utf16) { return text }
            }
            guard let text = String(data: response.body, encoding: .utf8) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The body is not valid UTF-8 text."))
            }
            return text
        }
    }
}

extension ResponseDecoder where Response == Data {
    /// The body's bytes.
    public static var data: ResponseDecoder<Data> { ResponseDecoder { $0.body } }
}

extension ResponseDecoder where Response == Void {
    /// Ignores the body (for `204 No Content` and endpoints without a response type).
    public static var none: ResponseDecoder<Void> { ResponseDecoder { _ in () } }
}

/// What ``HTTPClient`` sends, decodes and pages through: an ``Endpoint``, or an
/// ``EndpointWithHeaders`` that also reads its response headers as `Headers`. Every client method
/// that takes an endpoint takes either.
public protocol EndpointProtocol: HTTPRequestable {
    /// The type a successful response decodes into.
    associatedtype Response: Sendable
    /// The response headers as ``HTTPClient/response(for:)`` returns them: ``HTTPHeaders``, or a
    /// generated struct of the declared headers.
    associatedtype Headers: ResponseHeaders
    /// The endpoint: its request, decoder, statuses, error bodies and pagination.
    var endpoint: Endpoint<Response> { get }
}

/// One endpoint of an API with its whole response contract: the request it sends (``call``), the
/// type a successful response decodes into and how, which statuses mean success, and the error
/// bodies it declares.
///
/// Generated APIs make one per endpoint: `StravaAPI.athlete` is an `Endpoint<StravaAPI.DetailedAthlete>`,
/// `StravaAPI.Activities.get(id: 1)` an `Endpoint<StravaAPI.DetailedActivity>`.
///
/// ```swift
/// let athlete = try await client.send(StravaAPI.athlete)        // StravaAPI.DetailedAthlete
/// if case .activities(.get(let id, _, _)) = StravaAPI.Activities.get(id: 1).call as? StravaAPI.Call { print(id) }
/// ```
public struct Endpoint<Response: Sendable>: EndpointProtocol {
    /// An endpoint that declares no response headers has them as ``HTTPHeaders``.
    public typealias Headers = HTTPHeaders

    /// The value that builds the request: for generated APIs a case of the API's `Call` enum,
    /// which middleware, stubs and logs can match on (``HTTPRequest/call`` carries it along).
    public let call: any HTTPRequestable
    /// How a successful response becomes `Response`.
    public var decoder: ResponseDecoder<Response>
    /// The statuses that mean success; empty means any 2xx.
    public var statuses: Set<Int>
    /// Error bodies by status: a response that matches is thrown as ``ErrorResponse`` with its body decoded.
    public var errors: ErrorBodies
    /// How to fetch the following pages, for ``HTTPClient/pages(_:)->Pages<E.Response>`` (Pagination.swift); `nil` when
    /// the endpoint is not paginated.
    public var pagination: Pagination?

    /// Pairs `call` with its response contract.
    public init(_ call: some HTTPRequestable, decoder: ResponseDecoder<Response>, statuses: Set<Int> = [],
                errors: ErrorBodies = [:], pagination: Pagination? = nil) {
        self.call = call
        self.decoder = decoder
        self.statuses = statuses
        self.errors = errors
        self.pagination = pagination
    }

    /// The endpoint itself.
    public var endpoint: Endpoint<Response> { self }

    /// The request ``call`` builds, remembering ``call``.
    public func httpRequest() throws -> HTTPRequest {
        var request = try call.httpRequest()
        if request.call == nil { request.call = call }
        return request
    }

    /// Whether `status` means success: one of ``statuses``, or any 2xx when there are none.
    func accepts(_ status: Int) -> Bool {
        statuses.isEmpty ? (200..<300).contains(status) : statuses.contains(status)
    }

    /// The response's value, or the error it means.
    ///
    /// Throws ``ErrorResponse`` when the status is not a success and an error body is declared for
    /// it (and decodes), ``EndpointError/unacceptableStatus(response:)`` for any other unsuccessful
    /// status, and ``EndpointError/decoding(underlying:response:)`` when a success does not decode.
    public func decode(_ response: HTTPResponse) throws -> Response {
        guard accepts(response.status) else {
            if let error = try? errors.error(for: response) { throw error }
            throw EndpointError.unacceptableStatus(response: response)
        }
        do {
            return try decoder.decode(response)
        } catch {
            throw EndpointError.decoding(underlying: error, response: response)
        }
    }
}
