import Foundation

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

    /// Whether the status means success for ``request``: its ``HTTPRequest/expectedStatus`` if set,
    /// otherwise any 2xx.
    public var isSuccess: Bool {
        if let expected = request.expectedStatus { return status == expected }
        return (200..<300).contains(status)
    }

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

    /// A decoder from a function; throw to report a decoding failure.
    public init(_ decode: @escaping @Sendable (HTTPResponse) throws -> Response) { self.decode = decode }

    /// Decodes `response`.
    public func decode(_ response: HTTPResponse) throws -> Response { try decode(response) }
}

extension ResponseDecoder where Response: Decodable {
    /// JSON, with dates read in the request's ``DateFormat``.
    public static var json: ResponseDecoder<Response> {
        ResponseDecoder { response in
            try response.request.dateFormat.makeJSONDecoder().decode(Response.self, from: response.body)
        }
    }

    /// JSON read by a decoder you make (key strategy, date strategy…).
    public static func json(_ makeDecoder: @escaping @Sendable () -> JSONDecoder) -> ResponseDecoder<Response> {
        ResponseDecoder { response in try makeDecoder().decode(Response.self, from: response.body) }
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

extension ResponseDecoder where Response == HTTPResponse {
    /// The whole response.
    public static var response: ResponseDecoder<HTTPResponse> { ResponseDecoder { $0 } }
}

/// A request together with the type its successful response decodes into.
///
/// ```swift
/// let athlete: Endpoint<Athlete> = Endpoint(StravaAPI.athlete, decoder: .json)
/// let value = try await client.send(athlete)   // Athlete
/// ```
public struct Endpoint<Response: Sendable>: HTTPRequestable {
    /// The request.
    public let request: any HTTPRequestable
    /// How its response is decoded.
    public let decoder: ResponseDecoder<Response>

    /// Pairs `request` with `decoder`.
    public init(_ request: some HTTPRequestable, decoder: ResponseDecoder<Response>) {
        self.request = request
        self.decoder = decoder
    }

    /// The request's ``HTTPRequest``.
    public func httpRequest() throws -> HTTPRequest { try request.httpRequest() }
}
