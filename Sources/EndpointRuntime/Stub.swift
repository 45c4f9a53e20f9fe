public import Foundation

/// A transport that answers from canned responses instead of the network, and records every
/// request it was sent.
///
/// A request no stub matches is answered with the first of `samples` that matches it (a generated
/// API's `<API>.samples`: the spec's `sample` bodies), or with a 404.
///
/// ```swift
/// let stub = StubTransport(samples: StravaAPI.samples)
/// await stub.stub(.delete, path: "/activities/1", responses: [StubResponse(status: 204)])
/// let client = HTTPClient(transport: stub)
/// let athlete = try await client.send(StravaAPI.athlete)      // the spec's sample
/// let sent = await stub.requests                               // what the client sent
/// ```
public actor StubTransport: HTTPTransport {
    struct Route: Sendable {
        var method: HTTPMethod?
        var path: String?
        var respond: @Sendable (HTTPRequest) async throws -> StreamedResponse
    }

    private var routes: [Route] = []
    private let samples: [SampleResponse]

    /// Every request received, in order.
    public private(set) var requests: [HTTPRequest] = []

    /// A stub transport that falls back to `samples` (such as a generated `<API>.samples`), and
    /// answers 404 without one.
    public init(samples: [SampleResponse] = []) {
        self.samples = samples
    }

    /// Answers requests for `method` (any when `nil`) whose decoded path is `path` (any when `nil`)
    /// or ends with `/`+`path` without its leading slash (so `"/athlete"` matches
    /// `/api/v3/athlete`) with `responses` in turn, one per request, then the last one again: one
    /// answer, pages, a retried failure then a success, a slow answer, a stream in chunks. Each may
    /// carry headers (typed response headers, `Link`), a delay and an injected failure. Later stubs
    /// are tried first.
    ///
    /// ```swift
    /// await stub.stub(.delete, path: "/activities/1", responses: [StubResponse(status: 204)])
    /// await stub.stub(.get, path: "/issues", responses: [
    ///     .json("[1, 2]", headers: ["Link": #"<https://api.test/issues?page=2>; rel="next""#]),
    ///     .json("[3]"),
    /// ])
    /// await stub.stub(.get, path: "/slow", responses: [.failure(URLError(.timedOut)), .json("{}", delay: .seconds(1))])
    /// await stub.stub(.post, path: "/chat/completions", responses: [
    ///     .chunks([Data(ServerSentEvent(data: "[DONE]").text.utf8)], headers: ["Content-Type": "text/event-stream"]),
    /// ])
    /// ```
    ///
    /// A failure (``StubResponse/failure(_:delay:)``) fails the request as a broken connection
    /// would: the client throws ``EndpointError/transport(underlying:request:)`` carrying it.
    public func stub(_ method: HTTPMethod? = nil, path: String? = nil, responses: [StubResponse]) {
        guard let last = responses.last else { return }
        let queue = Locked(responses[...])
        routes.insert(Route(method: method, path: path) { request in
            let next = queue.withLock { queue in queue.count > 1 ? queue.removeFirst() : last }
            return try await next.serve(request)
        }, at: 0)
    }

    /// Records the request and answers it, the body read whole.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let streamed = try await stream(request, progress: nil)
        var response = streamed.head
        response.body = try await streamed.body.collect()
        return response
    }

    /// Records the request and answers it, the body delivered in the stub's chunks.
    public func stream(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> StreamedResponse {
        requests.append(request)
        TransferProgress.reportUploadDone(of: request, to: progress)
        let path = request.urlComponents.path
        for route in routes where route.method == nil || route.method == request.method {
            if let wanted = route.path, !StubTransport.path(path, matches: wanted) { continue }
            return try await route.respond(request)
        }
        if let sample = samples.first(where: { $0.matches(request) }) {
            return StreamedResponse(head: HTTPResponse(status: sample.status, headers: ["Content-Type": sample.contentType], request: request),
                                    body: ResponseBody(chunks: sample.chunks))
        }
        let message = Data("No stub for \(request.method.rawValue) \(path)".utf8)
        return StreamedResponse(head: HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], request: request),
                                body: ResponseBody(message))
    }

    static func path(_ path: String, matches wanted: String) -> Bool {
        if path == wanted { return true }
        let tail = wanted.hasPrefix("/") ? wanted : "/" + wanted
        return path.hasSuffix(tail)
    }
}

/// One canned answer of ``StubTransport/stub(_:path:responses:)``: a response (its body whole or
/// in chunks), or an injected failure, after an optional delay (cancelling the request cuts the
/// delay short).
///
/// ```swift
/// StubResponse(status: 204)
/// StubResponse.json(#"{"id": 1}"#, headers: ["ETag": "\"v1\"", "X-RateLimit-Remaining": "59"])
/// StubResponse.json("[]", delay: .milliseconds(200))
/// StubResponse.chunks([Data("{\"n\":1}\n{\"n\"".utf8), Data(":2}\n".utf8)], headers: ["Content-Type": "application/jsonl"],
///                     interval: .milliseconds(50))
/// StubResponse.chunks([ServerSentEvent(data: #"{"text":"Hi"}"#), ServerSentEvent(data: "[DONE]")].map { Data($0.text.utf8) },
///                     headers: ["Content-Type": "text/event-stream"])
/// StubResponse.failure(URLError(.notConnectedToInternet))
/// ```
public struct StubResponse: Sendable {
    /// The status served.
    var status: Int
    /// The headers served.
    var headers: HTTPHeaders
    /// The body served, in chunks: the first at once, each of the others `interval` after the one before.
    var chunks: [Data]
    /// The wait between chunks.
    var interval: Duration = .zero
    /// How long to wait before answering.
    var delay: Duration?
    /// Thrown instead of answering, when set.
    var failure: (any Error)?

    /// A response.
    public init(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data(), delay: Duration? = nil) {
        self.status = status
        self.headers = headers
        self.chunks = [body]
        self.delay = delay
    }

    /// A JSON body with `Content-Type: application/json` (unless `headers` sets one).
    public static func json(_ text: String, status: Int = 200, headers: HTTPHeaders = [:], delay: Duration? = nil) -> StubResponse {
        var all: HTTPHeaders = ["Content-Type": "application/json"]
        all.merge(headers)
        return StubResponse(status: status, headers: all, body: Data(text.utf8), delay: delay)
    }

    /// A body that arrives in `chunks`, the first at once and each of the others `interval` after
    /// the one before: for testing code that consumes a stream. Server-Sent Events are their wire
    /// text, `events.map { Data($0.text.utf8) }`, with `headers: ["Content-Type": "text/event-stream"]`.
    public static func chunks(_ chunks: [Data], status: Int = 200, headers: HTTPHeaders = [:],
                              interval: Duration = .zero) -> StubResponse {
        var response = StubResponse(status: status, headers: headers)
        response.chunks = chunks
        response.interval = interval
        return response
    }

    /// A failure instead of a response: the transport throws `error`.
    public static func failure(_ error: any Error, delay: Duration? = nil) -> StubResponse {
        var response = StubResponse(status: 0, delay: delay)
        response.failure = error
        return response
    }

    func serve(_ request: HTTPRequest) async throws -> StreamedResponse {
        if let delay { try await Task.sleep(for: delay) }
        if let failure { throw failure }
        let head = HTTPResponse(status: status, headers: headers, request: request)
        if chunks.count == 1 { return StreamedResponse(head: head, body: ResponseBody(chunks[0])) }
        return StreamedResponse(head: head, body: ResponseBody(chunks: chunks, interval: interval))
    }
}

/// A sample response body that a spec gives for an endpoint, served by ``StubTransport`` in tests
/// and previews. Generated APIs list theirs in `<API>.samples`; sending a request never reads them.
///
/// ```swift
/// SampleResponse(.get, "/activities/{id}", json: #"{"id": 1}"#)
/// ```
public struct SampleResponse: Sendable, Hashable {
    /// The endpoint's method.
    public var method: HTTPMethod
    /// The endpoint's path below the base URL, with `{name}` placeholders for path parameters.
    public var path: String
    /// The status served.
    public var status: Int
    /// The body served, JSON text; for a stream, its elements as a JSON array.
    public var json: String
    /// How a streamed response's ``elements`` are served; `nil` serves ``json`` whole.
    var stream: StreamFormat?
    /// A streamed response's elements, each JSON text, served one chunk each.
    var elements: [String]

    /// A sample for `method` and `path`.
    public init(_ method: HTTPMethod, _ path: String, status: Int = 200, json: String) {
        self.method = method
        self.path = path
        self.status = status
        self.json = json
        stream = nil
        elements = []
    }

    /// A sample of a streamed response: `elements` served one chunk each, framed as `stream` says.
    ///
    /// ```swift
    /// SampleResponse(.post, "/chat/completions", stream: .serverSentEvents(end: "[DONE]"),
    ///                elements: [#"{"text":"Hel"}"#, #"{"text":"lo"}"#])
    /// ```
    public init(_ method: HTTPMethod, _ path: String, status: Int = 200, stream: StreamFormat, elements: [String]) {
        self.init(method, path, status: status, json: "[" + elements.joined(separator: ",") + "]")
        self.stream = stream
        self.elements = elements
    }

    /// The body's chunks as ``StubTransport`` serves them: the elements framed in the stream's
    /// format, then an event stream's `end`.
    var chunks: [Data] {
        guard let stream else { return [Data(json.utf8)] }
        var chunks = elements.map { stream.frame(Data($0.utf8)) }
        if case let .serverSentEvents(end?) = stream { chunks.append(stream.frame(Data(end.utf8))) }
        return chunks
    }

    /// The `Content-Type` served.
    var contentType: String { stream?.contentType ?? "application/json" }

    /// Whether `request` is one this sample answers: the same method, and a decoded path whose last
    /// segments match ``path``'s, a placeholder matching any text (so `/activities/{id}` matches
    /// `/api/v3/activities/7`).
    func matches(_ request: HTTPRequest) -> Bool {
        guard request.method == method else { return false }
        let wanted = path.split(separator: "/")
        let actual = request.urlComponents.path.split(separator: "/")
        guard actual.count >= wanted.count else { return false }
        return zip(wanted, actual.suffix(wanted.count)).allSatisfy { Self.segment($1, matches: $0) }
    }

    /// Whether `segment` matches a template segment: its literal text in order, placeholders
    /// standing for any text.
    static func segment(_ segment: Substring, matches template: Substring) -> Bool {
        var literals: [Substring] = []
        var rest = template
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            literals.append(rest[..<open])
            rest = rest[rest.index(after: close)...]
        }
        guard !literals.isEmpty else { return segment == template }
        literals.append(rest)
        var remaining = segment
        for (index, literal) in literals.enumerated() {
            if index == 0 {
                guard remaining.hasPrefix(literal) else { return false }
                remaining = remaining.dropFirst(literal.count)
            } else if index == literals.count - 1 {
                return remaining.hasSuffix(literal) && remaining.count >= literal.count
            } else if let range = remaining.range(of: literal) {
                remaining = remaining[range.upperBound...]
            } else {
                return false
            }
        }
        return true
    }
}
