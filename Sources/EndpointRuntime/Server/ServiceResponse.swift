import Foundation

/// What a generated handler answers a request with: a status, headers and a body, made from a
/// service's result by ``ServiceRequest/response(_:status:as:contentType:headers:)`` and its kin, the way
/// the client's decoders read it back.
public struct ServiceResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, as it is made.
    public var body: ResponseBody

    /// A response.
    public init(status: Int, headers: HTTPHeaders = [:], body: ResponseBody = ResponseBody(chunks: [])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// How a body is written: the spec's response type and content type.
    public enum BodyEncoding: Sendable {
        /// JSON, dates in the API's format.
        case json
        /// A `String` as UTF-8 text.
        case text
        /// `Data` or a ``File`` as its bytes.
        case binary
    }

    /// Sets a response header to `value` written as the client's `Header` writes it (simple style,
    /// dates in `dateFormat`, a `Date` as an HTTP date).
    mutating func setHeader(_ name: String, _ value: any Encodable & Sendable, dateFormat: DateFormat = .iso8601) throws {
        if let date = value as? Date {
            // What the client's typed headers read first: an HTTP date (RFC 9110).
            headers.replace(name, with: Self.httpDate(date))
            return
        }
        var sink = RawSink()
        guard let styled = try StyledValue.encoding(value, dateFormat: dateFormat) else { return }
        try StyleWriter.writeText(styled, name: name, style: .simple, into: &sink)
        try HTTPHeaders.validate(name: name, value: sink.text)
        headers.replace(name, with: sink.text)
    }
}

extension ServiceRequest {
    /// A response without a body.
    public func response(status: Int, headers: HTTPHeaders = [:]) -> ServiceResponse {
        ServiceResponse(status: status, headers: headers)
    }

    /// Declared response headers written as the client's typed headers read them (simple style,
    /// dates in the API's format), in order; a `nil` value is left out.
    ///
    /// ```swift
    /// let headers = try request.headers(["ETag": result.headers.eTag, "X-RateLimit-Remaining": result.headers.xRateLimitRemaining])
    /// ```
    public func headers(_ values: KeyValuePairs<String, (any Encodable & Sendable)?>) throws -> HTTPHeaders {
        var response = ServiceResponse(status: 200)
        for (name, value) in values {
            guard let value else { continue }
            try response.setHeader(name, value, dateFormat: dateFormat)
        }
        return response.headers
    }

    /// `value` as the body, with `Content-Type` (the encoding's own unless given).
    public func response<T: Encodable & Sendable>(_ value: T, status: Int, as encoding: ServiceResponse.BodyEncoding = .json,
                                                 contentType: String? = nil, headers: HTTPHeaders = [:]) throws -> ServiceResponse {
        let data: Data
        let defaultType: String
        switch encoding {
        case .json:
            data = try Self.jsonEncoder(dateFormat).encode(value)
            defaultType = "application/json"
        case .text:
            data = Data((value as? String ?? String(describing: value)).utf8)
            defaultType = "text/plain; charset=utf-8"
        case .binary:
            if let file = value as? File {
                data = file.data
                defaultType = file.contentType ?? "application/octet-stream"
            } else {
                data = value as? Data ?? Data()
                defaultType = "application/octet-stream"
            }
        }
        var fields = headers
        fields.replace("Content-Type", with: contentType ?? defaultType)
        // A file's name travels in `Content-Disposition`, where the client reads it back.
        if case .binary = encoding, let fileName = (value as? File)?.fileName, !fields.contains("Content-Disposition") {
            fields.replace("Content-Disposition", with: ContentDisposition.attachment(fileName: fileName))
        }
        return ServiceResponse(status: status, headers: fields, body: ResponseBody(data))
    }

    /// A stream, each element written as it comes: the body ends when `elements` ends; an error
    /// from it ends the body there (the client's reader sees the stream cut short).
    public func response<Element: Encodable & Sendable>(streaming elements: AsyncThrowingStream<Element, any Error>, status: Int,
                                                        as format: StreamFormat,
                                                        contentType: String? = nil, headers: HTTPHeaders = [:]) -> ServiceResponse {
        let encoder = Self.jsonEncoder(dateFormat)
        let source = StreamSource(elements) { element in
            // As the client's `.stream(...)` reads them: of Server-Sent Events, a `String` is an
            // event's data and a `ServerSentEvent` the whole event; `.bytes` are `Data` as they are;
            // anything else is its JSON, framed in the format.
            if case .serverSentEvents = format {
                if let text = element as? String { return format.frame(Data(text.utf8)) }
                if let event = element as? ServerSentEvent { return Data(event.text.utf8) }
            }
            if case .bytes = format { return element as? Data ?? Data() }
            return format.frame(try encoder.encode(element))
        }
        var ending: Data?
        if case let .serverSentEvents(end?) = format { ending = format.frame(Data(end.utf8)) }
        let finalChunk = ending
        let body = ResponseBody(next: { try await source.next(ending: finalChunk) }, cancel: { source.cancel() })
        var fields = headers
        fields.replace("Content-Type", with: contentType ?? format.contentType)
        fields.replace("Cache-Control", with: "no-cache")
        return ServiceResponse(status: status, headers: fields, body: body)
    }

    /// The encoder of answers in `dateFormat`: ``SortedJSONEncoder`` with the same bytes as
    /// `JSONEncoder` (sorted keys, slashes as they are), which it falls back on; made once per format.
    static func jsonEncoder(_ dateFormat: DateFormat) -> SortedJSONEncoder {
        SortedJSONEncoder.shared(dateFormat, escapesSlashes: false)
    }
}

extension ServiceResponse {
    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// The elements of a stream turned into body chunks, one at a time.
///
/// `@unchecked Sendable`: the iterator is used only under `lock`, by one reader at a time. Not a
/// `Locked`: an `AsyncThrowingStream.Iterator` is not `Sendable`, which `Locked`'s state must be.
private final class StreamSource<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var iterator: AsyncThrowingStream<Element, any Error>.AsyncIterator?
    private var finished = false
    private let encode: (Element) throws -> Data
    private var task: Task<Void, Never>?

    init(_ elements: AsyncThrowingStream<Element, any Error>, encode: @escaping (Element) throws -> Data) {
        self.iterator = elements.makeAsyncIterator()
        self.encode = encode
    }

    func next(ending: Data?) async throws -> Data? {
        guard var current = take() else { return nil }
        do {
            if let element = try await current.next() {
                put(current)
                return try encode(element)
            }
        } catch {
            markFinished()
            throw error
        }
        markFinished()
        return ending
    }

    private func take() -> AsyncThrowingStream<Element, any Error>.AsyncIterator? {
        lock.lock()
        defer { lock.unlock() }
        let current = iterator
        iterator = nil
        return finished ? nil : current
    }

    private func put(_ current: AsyncThrowingStream<Element, any Error>.AsyncIterator) {
        lock.lock()
        defer { lock.unlock() }
        if !finished { iterator = current }
    }

    private func markFinished() {
        lock.lock()
        defer { lock.unlock() }
        finished = true
        iterator = nil
    }

    func cancel() { markFinished() }
}

/// What a service returns for an endpoint that declares response headers: the body and the
/// headers, as the client's ``TypedResponse`` holds them.
///
/// ```swift
/// func reposGet(owner: String, repo: String, ifNoneMatch: String?) async throws
///     -> ResponseWithHeaders<GitHubAPI.Repository, GitHubAPI.Repos.GetHeaders> {
///     ResponseWithHeaders(repository, headers: .init(eTag: "\"v1\""))
/// }
/// ```
public struct ResponseWithHeaders<Body: Sendable, Headers: Sendable>: Sendable {
    /// The body.
    public var body: Body
    /// The declared headers.
    public var headers: Headers

    /// A body with its headers.
    public init(_ body: Body, headers: Headers) {
        self.body = body
        self.headers = headers
    }
}

/// Headers a service adds to the response it is making, beside what its result declares: a
/// `Link` to the next page, a `Retry-After`. Only inside a requirement called by a generated handler.
///
/// ```swift
/// func reposIssues(owner: String, repo: String, state: String?, perPage: Int?, page: Int?) async throws -> [GitHubAPI.Issue] {
///     ServiceResponseHeaders.add("Link", "<https://api.github.com/repos/\(owner)/\(repo)/issues?page=2>; rel=\"next\"")
///     return firstPage
/// }
/// ```
public enum ServiceResponseHeaders {
    @TaskLocal static var current: Locked<HTTPHeaders>?

    /// Adds a header field to the response being made; nothing outside a handler's call.
    public static func add(_ name: String, _ value: String) {
        current?.withLock { $0.append(name, value) }
    }
}
