public import Foundation

/// Sends requests through middleware and a transport, checks statuses and decodes responses.
///
/// ```swift
/// let client = HTTPClient(
///     baseURL: URL(string: "http://127.0.0.1:8080/api/v3"),     // optional: replaces the spec's base URL
///     middleware: [AuthMiddleware { _, _ in .bearer(token) }, RetryMiddleware()])
///
/// let athlete = try await client.send(StravaAPI.athlete)              // StravaAPI.DetailedAthlete
/// let raw = try await client.data(for: StravaAPI.athlete)               // HTTPResponse, any status
/// ```
///
/// An error body the endpoint declares is thrown as ``ErrorResponse`` with the declared body type;
/// every other failure is an ``EndpointError``. Cancelling the calling task cancels the request
/// and throws ``EndpointError/cancelled(request:)``.
public struct HTTPClient: Sendable {
    /// Where requests go.
    let transport: any HTTPTransport
    /// Middleware, outermost first: the first sees the request first and the response last.
    let middleware: [any HTTPMiddleware]
    /// The base URL that replaces each request's ``HTTPRequest/baseURL``, if any, except where the
    /// endpoint has a server of its own (``HTTPRequest/hasOwnBaseURL``).
    let baseURL: URL?
    /// Base URLs by the base URL they replace, as the spec writes it: the way to move an endpoint's
    /// own server (`"https://upload.box.com/api/2.0"`) too. An entry wins over ``baseURL``.
    let baseURLs: [String: URL]

    /// A client.
    ///
    /// - Parameters:
    ///   - baseURL: Requests whose ``HTTPRequest/baseURL`` is set have that prefix replaced by this
    ///     URL (scheme, host, port and path: `http://127.0.0.1:8080/api/v3`). Requests made without
    ///     a base URL are sent as they are, and so are those that go to an endpoint's own server
    ///     (``HTTPRequest/hasOwnBaseURL``: an upload host stays the upload host).
    ///   - baseURLs: Replacements for particular base URLs, keyed by the base URL as the spec (or
    ///     the request) writes it, endpoints' own servers included; an entry wins over `baseURL`.
    ///   - transport: `URLSessionTransport()` by default.
    ///   - middleware: Applied in order around the transport.
    public init(baseURL: URL? = nil, baseURLs: [String: URL] = [:], transport: any HTTPTransport = URLSessionTransport(),
                middleware: [any HTTPMiddleware] = []) {
        self.baseURL = baseURL
        self.baseURLs = baseURLs
        self.transport = transport
        self.middleware = middleware
    }

    /// Sends the request and returns the response whatever its status (middleware still runs).
    ///
    /// ```swift
    /// let response = try await client.data(for: MyAPI.health)
    /// print(response.status, response.headers["Content-Type"] ?? "", response.text)
    /// ```
    public func data(for requestable: some HTTPRequestable) async throws(EndpointError) -> HTTPResponse {
        let request = try prepare(requestable)
        return try await run(request)
    }

    /// Sends a typed endpoint and returns its decoded response.
    ///
    /// ```swift
    /// let athlete = try await client.send(StravaAPI.athlete)
    /// ```
    ///
    /// Throws ``ErrorResponse`` for an error status whose body the endpoint declares (the body
    /// decoded into the declared type), ``EndpointError/unacceptableStatus(response:)`` for any
    /// other status that is not a success, and ``EndpointError`` for everything else. An endpoint
    /// that declares response headers has them checked too (``response(for:)`` returns them).
    ///
    /// With `progress`, the upload of the request body and the download of the response body are
    /// reported to it (on an arbitrary thread); for a streaming endpoint the download is reported
    /// as the stream is read.
    ///
    /// ```swift
    /// let report = try await client.send(ReportsAPI.export(id: 7)) { progress in
    ///     print(progress)                      // "upload 512/512", then "download 65536/1048576", ...
    /// }
    /// ```
    @discardableResult
    public func send<E: EndpointProtocol>(_ endpoint: E, progress: ProgressHandler? = nil) async throws -> E.Response {
        try await response(for: endpoint, progress: progress).body
    }

    /// Sends a request and decodes its JSON response as `type`, with dates in the request's format.
    ///
    /// ```swift
    /// let athlete = try await client.send(StravaAPI.Call.athlete, as: StravaAPI.DetailedAthlete.self)
    /// ```
    public func send<Response: Decodable & Sendable>(_ request: some HTTPRequestable, as type: Response.Type)
        async throws(EndpointError) -> Response {
        let response = try await data(for: request)
        return try decode(response, with: .json)
    }

    /// An endpoint decodes its own response, with its success statuses and error bodies: send it
    /// with ``send(_:progress:)``. (Without this, `send(endpoint, as:)` would compile and quietly
    /// ignore the endpoint's contract.)
    @available(*, unavailable, message: "an Endpoint decodes its own response: call send(endpoint) without 'as:'")
    public func send<E: EndpointProtocol, Other: Decodable & Sendable>(_ endpoint: E, as type: Other.Type) async throws -> Other {
        // Never called (the declaration is unavailable); an error, not a crash, were it ever reached.
        throw EndpointError.invalidRequest(reason: "An Endpoint decodes its own response: call send(endpoint) without 'as:'.",
                                           underlying: nil, request: nil)
    }

    // MARK: - Steps

    /// Builds the request and applies the client's base URL: the entry of `baseURLs` for the
    /// request's base URL, else ``baseURL`` unless the request goes to an endpoint's own server.
    func prepare(_ requestable: some HTTPRequestable) throws(EndpointError) -> HTTPRequest {
        var request: HTTPRequest
        do {
            request = try requestable.httpRequest()
        } catch let error as EndpointError {
            throw error
        } catch {
            throw .invalidRequest(reason: "\(type(of: requestable)) could not make its request: \(error)", underlying: error, request: nil)
        }
        if request.call == nil, !(requestable is HTTPRequest) { request.call = requestable }
        if let own = request.baseURL, let replacement = baseURLs[own] {
            HTTPClient.rebase(&request, onto: replacement)
        } else if let baseURL, !request.hasOwnBaseURL {
            HTTPClient.rebase(&request, onto: baseURL)
        }
        return request
    }

    /// Replaces the request's base URL prefix with `base`, keeping `base`'s own path.
    static func rebase(_ request: inout HTTPRequest, onto base: URL) {
        guard let oldBase = request.baseURL, let old = URLComponents(string: oldBase),
              let new = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return }
        func trimmed(_ path: String) -> String {
            var path = path
            while path.hasSuffix("/") { path.removeLast() }
            return path
        }
        let oldPath = trimmed(old.percentEncodedPath)
        let path = request.urlComponents.percentEncodedPath
        guard path.hasPrefix(oldPath) else { return }
        let rest = path.dropFirst(oldPath.count)
        request.urlComponents.scheme = new.scheme
        request.urlComponents.percentEncodedHost = new.percentEncodedHost
        request.urlComponents.port = new.port
        request.urlComponents.percentEncodedPath = trimmed(new.percentEncodedPath) + rest
        request.baseURL = base.absoluteString
    }

    /// Runs the middleware chain and the transport, mapping every failure to ``EndpointError``.
    func run(_ request: HTTPRequest) async throws(EndpointError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled(request: request) }
        let transport = self.transport
        do {
            return try await chain { request in try await transport.send(request) }(request)
        } catch {
            throw HTTPClient.mapped(error, request: request)
        }
    }

    /// The middleware, first to last, around `last`: what sending a request runs.
    func chain(_ last: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse)
        -> @Sendable (HTTPRequest) async throws -> HTTPResponse {
        middleware.reversed().reduce(last) { next, middleware in
            { @Sendable request in try await middleware.intercept(request, next: next) }
        }
    }

    /// Checks that the status is a 2xx, then decodes.
    func decode<Response>(_ response: HTTPResponse, with decoder: ResponseDecoder<Response>) throws(EndpointError) -> Response {
        guard response.isSuccess else { throw .unacceptableStatus(response: response) }
        do {
            return try decoder.decode(response)
        } catch {
            throw .decoding(underlying: error, response: response)
        }
    }
}
