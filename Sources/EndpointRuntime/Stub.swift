import Foundation

/// A transport that answers from canned responses instead of the network, and records every
/// request it was sent.
///
/// By default a request is answered with its ``HTTPRequest/sample`` (the spec's `sample`), with
/// the expected status or 200; a request without a sample or a matching stub gets a 404.
///
/// ```swift
/// let stub = StubTransport()
/// await stub.stub(.get, path: "/athlete", json: #"{"id": 1}"#)
/// await stub.stub(.delete, path: "/activities/1", status: 204)
/// let client = HTTPClient(transport: stub)
/// let athlete = try await client.send(StravaAPI.Typed.athlete)
/// let sent = await stub.requests        // what the client sent
/// ```
public actor StubTransport: HTTPTransport {
    /// What to do with a request no stub matches.
    public enum Fallback: Sendable {
        /// Serve the request's sample, or 404 without one.
        case sample
        /// Answer 404.
        case notFound
    }

    struct Route: Sendable {
        var method: HTTPMethod?
        var path: String?
        var respond: @Sendable (HTTPRequest) async throws -> HTTPResponse
    }

    private var routes: [Route] = []
    private let fallback: Fallback

    /// Every request received, in order.
    public private(set) var requests: [HTTPRequest] = []

    /// A stub transport.
    public init(fallback: Fallback = .sample) { self.fallback = fallback }

    /// Answers requests for `method` (any when `nil`) whose decoded path is `path` or ends with
    /// `/`+`path` without its leading slash (so `"/athlete"` matches `/api/v3/athlete`). Later
    /// stubs are tried first.
    public func stub(_ method: HTTPMethod? = nil, path: String, status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data()) {
        routes.insert(Route(method: method, path: path) { request in
            HTTPResponse(status: status, headers: headers, body: body, request: request)
        }, at: 0)
    }

    /// Answers with JSON text and `Content-Type: application/json`.
    public func stub(_ method: HTTPMethod? = nil, path: String, status: Int = 200, json: String) {
        stub(method, path: path, status: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
    }

    /// Answers matching requests with whatever `respond` returns or throws (throw a `URLError`
    /// to simulate a connection failure).
    public func stub(_ method: HTTPMethod? = nil, path: String? = nil,
                     respond: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        routes.insert(Route(method: method, path: path, respond: respond), at: 0)
    }

    /// Forgets the recorded requests.
    public func clearRequests() { requests.removeAll() }

    /// Records the request and answers it.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.append(request)
        let path = request.urlComponents.path
        for route in routes where route.method == nil || route.method == request.method {
            if let wanted = route.path, !StubTransport.path(path, matches: wanted) { continue }
            return try await route.respond(request)
        }
        if fallback == .sample, let sample = request.sample {
            return HTTPResponse(status: request.expectedStatus ?? 200, headers: ["Content-Type": "application/json"],
                                body: sample, request: request)
        }
        return HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"],
                            body: Data("No stub for \(request.method.rawValue) \(path)".utf8), request: request)
    }

    static func path(_ path: String, matches wanted: String) -> Bool {
        if path == wanted { return true }
        let tail = wanted.hasPrefix("/") ? wanted : "/" + wanted
        return path.hasSuffix(tail)
    }
}
