public import Foundation

/// The elements of a streamed response body, each delivered as soon as its bytes arrive: what
/// `client.send` returns for an endpoint whose spec says `"stream"`.
///
/// ```swift
/// let chunks = try await client.send(ChatAPI.chat(body: request))   // ResponseStream<ChatAPI.ChatChunk>
/// for try await chunk in chunks {
///     print(chunk.text, terminator: "")
/// }
/// ```
///
/// Iterate it once. Breaking out of the loop, cancelling the task that iterates, or releasing the
/// stream closes the connection. A failure while reading throws ``EndpointError``: `.transport`
/// when the connection fails, `.decoding` (with the response head) when an element does not decode
/// or the body is malformed, `.cancelled` when the iterating task is cancelled.
public struct ResponseStream<Element: Sendable>: AsyncSequence, Sendable {
    /// The status, headers and request of the response; its body is empty.
    public let response: HTTPResponse
    let body: ResponseBody
    let makeFraming: @Sendable (HTTPResponse) -> any StreamFraming<Element>

    init(_ streamed: StreamedResponse, framing: @escaping @Sendable (HTTPResponse) -> any StreamFraming<Element>) {
        response = streamed.head
        body = streamed.body
        makeFraming = framing
    }

    /// Reads the elements. (`next()` is inlinable so the loop over an element type is specialized
    /// where it is used: the per-element cost is then that of an array read.)
    public struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline var chunks: ResponseBody.AsyncIterator
        @usableFromInline var framing: any StreamFraming<Element>
        @usableFromInline let response: HTTPResponse
        /// Elements read but not delivered, the next one last (so it is moved out, not copied).
        @usableFromInline var pending: [Element] = []
        @usableFromInline var done = false

        init(_ stream: ResponseStream<Element>) {
            chunks = stream.body.makeAsyncIterator()
            framing = stream.makeFraming(stream.response)
            response = stream.response
        }

        /// The next element, or `nil` at the end of the stream (or its `end` sentinel).
        @inlinable
        public mutating func next() async throws -> Element? {
            if let element = pending.popLast() { return element }
            return try await refill()
        }

        /// The next element, on the caller's actor (what `for try await` calls).
        @inlinable
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
            if let element = pending.popLast() { return element }
            return try await refill()
        }

        /// Reads chunks until elements are pending or the stream ends; returns the first. (Inlinable
        /// too, so the array work on the pending elements is specialized for the element type.)
        @inlinable
        mutating func refill() async throws -> Element? {
            while true {
                if !pending.isEmpty {
                    // Through the buffer, so the swaps move the elements rather than copy them.
                    pending.withUnsafeMutableBufferPointer { $0.reverse() }
                    return pending.popLast()
                }
                if done { return nil }
                if framing.isEnded {
                    done = true
                    chunks.cancel()
                    continue
                }
                let chunk: Data?
                do {
                    chunk = try await chunks.next()
                } catch {
                    done = true
                    if error is CancellationError || Task.isCancelled || (error as? URLError)?.code == .cancelled {
                        throw EndpointError.cancelled(request: response.request)
                    }
                    throw EndpointError.transport(underlying: error, request: response.request)
                }
                do {
                    if let chunk {
                        try framing.feed(chunk, into: &pending)
                    } else {
                        done = true
                        try framing.finish(into: &pending)
                    }
                } catch {
                    done = true
                    pending.removeAll()
                    chunks.cancel()
                    throw EndpointError.decoding(underlying: error, response: response)
                }
            }
        }
    }

    /// An iterator over the elements.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(self) }

    /// Stops reading and closes the connection.
    public func cancel() { body.cancel() }
}

/// Cuts a body into elements: fed chunks split anywhere, it appends each complete element.
@usableFromInline
protocol StreamFraming<Element> {
    associatedtype Element
    /// Reads `chunk`, appending the elements it completes.
    mutating func feed(_ chunk: Data, into elements: inout [Element]) throws
    /// The body ended: appends what is left, or throws if the end is malformed.
    mutating func finish(into elements: inout [Element]) throws
    /// The stream's end was read (an SSE `end` sentinel): nothing more is read.
    var isEnded: Bool { get }
}

/// Server-Sent Events, each mapped by `transform` (`nil` for the `end` sentinel).
struct ServerSentEventFraming<Element>: StreamFraming {
    private var parser = ServerSentEventParser()
    private let end: [UInt8]?
    private let transform: (RawServerSentEvent) throws -> Element
    private(set) var isEnded = false

    init(end: String?, transform: @escaping (RawServerSentEvent) throws -> Element) {
        self.end = end.map { Array($0.utf8) }
        self.transform = transform
    }

    mutating func feed(_ chunk: Data, into elements: inout [Element]) throws {
        guard !isEnded else { return }
        let end = self.end
        let transform = self.transform
        var ended = false
        try parser.feed(chunk) { event in
            guard !ended else { return }
            if let end, event.data.elementsEqual(end) {
                ended = true
                return
            }
            elements.append(try transform(event))
        }
        if ended { isEnded = true }
    }

    mutating func finish(into elements: inout [Element]) throws {}
}

/// Server-Sent Events as ``ServerSentEvent`` values: ``ServerSentEventFraming`` without the generic
/// element, so the per-event work is specialized.
struct EventFraming: StreamFraming {
    private var parser = ServerSentEventParser()
    private let end: [UInt8]?
    private(set) var isEnded = false

    init(end: String?) { self.end = end.map { Array($0.utf8) } }

    mutating func feed(_ chunk: Data, into elements: inout [ServerSentEvent]) throws {
        guard !isEnded else { return }
        let end = self.end
        var ended = false
        try parser.feed(chunk) { event in
            guard !ended else { return }
            if let end, event.data.elementsEqual(end) {
                ended = true
                return
            }
            elements.append(event.decoded)
        }
        if ended { isEnded = true }
    }

    mutating func finish(into elements: inout [ServerSentEvent]) throws {}
}

/// JSON Lines: one JSON text per LF-terminated line (a CR before the LF is dropped), blank lines
/// skipped; a last line without its LF is read too.
struct JSONLinesFraming<Element>: StreamFraming {
    private var line: [UInt8] = []
    private let decode: (Data) throws -> Element
    var isEnded: Bool { false }

    init(decode: @escaping (Data) throws -> Element) { self.decode = decode }

    mutating func feed(_ chunk: Data, into elements: inout [Element]) throws {
        var start = chunk.startIndex
        while let newline = chunk[start...].firstIndex(of: 0x0A) {
            if line.isEmpty {
                try emit(chunk[start..<newline], into: &elements)
            } else {
                line.append(contentsOf: chunk[start..<newline])
                let whole = Data(line)
                line.removeAll(keepingCapacity: true)
                try emit(whole, into: &elements)
            }
            start = newline + 1
        }
        line.append(contentsOf: chunk[start...])
        if line.count > ServerSentEventParser.limit {
            throw StreamFormatError("a JSON line is longer than \(ServerSentEventParser.limit) bytes")
        }
    }

    mutating func finish(into elements: inout [Element]) throws {
        let last = Data(line)
        line.removeAll()
        try emit(last, into: &elements)
    }

    private func emit(_ line: Data, into elements: inout [Element]) throws {
        guard line.contains(where: { !Self.isWhitespace($0) }) else { return }
        elements.append(try decode(line))
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}

/// JSON text sequences (RFC 7464): each record starts with RS (0x1E) and ends with LF. A record is
/// delivered as soon as it ends with LF and parses, or when the next RS comes. A record that does not
/// end with LF when the next RS or the end of the body comes was truncated and is dropped, as the RFC
/// allows; a complete record that is not JSON is an error.
struct JSONSequenceFraming<Element>: StreamFraming {
    private var record: [UInt8] = []
    private var inRecord = false
    private let decode: (Data) throws -> Element
    var isEnded: Bool { false }

    init(decode: @escaping (Data) throws -> Element) { self.decode = decode }

    mutating func feed(_ chunk: Data, into elements: inout [Element]) throws {
        var start = chunk.startIndex
        while let separator = chunk[start...].firstIndex(of: 0x1E) {
            if inRecord {
                record.append(contentsOf: chunk[start..<separator])
                try close(into: &elements)
            } else if chunk[start..<separator].contains(where: { !JSONLinesFraming<Element>.isWhitespace($0) }) {
                throw StreamFormatError("a JSON text sequence has bytes before its first RS (0x1E)")
            }
            inRecord = true
            start = separator + 1
        }
        if inRecord {
            record.append(contentsOf: chunk[start...])
            if record.last == 0x0A, let element = try? decode(Data(record)) {
                elements.append(element)
                record.removeAll(keepingCapacity: true)
                inRecord = false
            } else if record.count > ServerSentEventParser.limit {
                throw StreamFormatError("a JSON text sequence record is longer than \(ServerSentEventParser.limit) bytes")
            }
        } else if chunk[start...].contains(where: { !JSONLinesFraming<Element>.isWhitespace($0) }) {
            throw StreamFormatError("a JSON text sequence has bytes outside a record (each starts with RS, 0x1E)")
        }
    }

    mutating func finish(into elements: inout [Element]) throws {
        if inRecord { try close(into: &elements) }
    }

    /// Ends the current record: decoded when it ends with LF, dropped as truncated when not.
    private mutating func close(into elements: inout [Element]) throws {
        defer {
            record.removeAll(keepingCapacity: true)
            inRecord = false
        }
        guard record.last == 0x0A else { return }
        guard record.contains(where: { !JSONLinesFraming<Element>.isWhitespace($0) }) else { return }
        elements.append(try decode(Data(record)))
    }
}

/// A stream whose element type does not fit its format: the first chunk throws `error`.
struct RefusedFraming<Element>: StreamFraming {
    let error: StreamFormatError
    init(_ error: StreamFormatError) { self.error = error }
    var isEnded: Bool { false }
    mutating func feed(_ chunk: Data, into elements: inout [Element]) throws { throw error }
    mutating func finish(into elements: inout [Element]) throws { throw error }
}

/// The body's chunks as they come.
struct BytesFraming: StreamFraming {
    var isEnded: Bool { false }
    mutating func feed(_ chunk: Data, into elements: inout [Data]) throws {
        if !chunk.isEmpty { elements.append(chunk) }
    }
    mutating func finish(into elements: inout [Data]) throws {}
}

// MARK: - Decoders

extension ResponseDecoder {
    /// Reads a body still arriving with a streaming decoder (see `isStreaming`), such as one a custom
    /// transport or a test makes. A decoder of whole bodies throws (a stream format error): read the body
    /// and decode the ``HTTPResponse`` with the endpoint (``Endpoint/decode(_:)``) instead.
    ///
    /// ```swift
    /// let events = try ResponseDecoder<ResponseStream<ServerSentEvent>>.stream(.serverSentEvents())
    ///     .decode(StreamedResponse(head: head, body: ResponseBody(chunks: chunks)))
    /// ```
    public func decode(_ streamed: StreamedResponse) throws -> Response {
        guard let streaming else {
            throw StreamFormatError("this decoder reads whole bodies, not streams: read the body, then decode the HTTPResponse")
        }
        return try streaming(streamed)
    }
}

/// How a streamed body is cut into elements: the spec's `response.stream`. One format serves both
/// sides: the client reads a stream with it (``ResponseDecoder/stream(_:)``), a ``SampleResponse``
/// serves its elements in it, and a service's handler writes its elements in it.
///
/// ```swift
/// let chat: Endpoint<ResponseStream<ChatChunk>> = Endpoint(call, decoder: .stream(.serverSentEvents(end: "[DONE]")))
/// ```
public enum StreamFormat: Sendable, Hashable {
    /// Server-Sent Events (`text/event-stream`), one element an event; the event whose data is
    /// `end` (such as `"[DONE]"`) ends the stream.
    case serverSentEvents(end: String? = nil)
    /// JSON Lines (`application/jsonl`, NDJSON): one JSON value a line.
    case jsonLines
    /// JSON text sequences (RFC 7464, `application/json-seq`): each record after `0x1E`, ended by a
    /// line feed.
    case jsonSequence
    /// `Data` elements, the body's bytes in chunks as they arrive (`application/octet-stream`).
    case bytes

    /// The `Content-Type` a stream in this format is sent with.
    var contentType: String {
        switch self {
        case .serverSentEvents: return "text/event-stream"
        case .jsonLines: return "application/jsonl"
        case .jsonSequence: return "application/json-seq"
        case .bytes: return "application/octet-stream"
        }
    }

    /// One element as it is sent in this format, from its bytes (JSON; for Server-Sent Events the
    /// event's data): what a service's handler and a stub's sample write, and the client reads.
    func frame(_ element: Data) -> Data {
        switch self {
        case .serverSentEvents: return Data(ServerSentEvent(data: String(decoding: element, as: UTF8.self)).text.utf8)
        case .jsonLines: return element + [0x0A]
        case .jsonSequence: return [0x1E] + element + [0x0A]
        case .bytes: return element
        }
    }
}

extension ResponseDecoder {
    /// The elements of a body in `format`, each as it arrives. An element is decoded as JSON (dates
    /// in the request's format), except: of Server-Sent Events, a `String` element is each event's
    /// data as text (not a JSON string) and a ``ServerSentEvent`` element the whole event (type,
    /// data, last event ID, retry); of ``StreamFormat/bytes``, the element is `Data` (another type
    /// fails the stream's first read with a decoding error).
    ///
    /// ```swift
    /// let chat: Endpoint<ResponseStream<ChatChunk>> = Endpoint(call, decoder: .stream(.serverSentEvents(end: "[DONE]")))
    /// let notices: Endpoint<ResponseStream<String>> = Endpoint(call, decoder: .stream(.serverSentEvents()))
    /// let logs: Endpoint<ResponseStream<LogLine>> = Endpoint(call, decoder: .stream(.jsonLines))
    /// ```
    public static func stream<Element: Decodable & Sendable>(_ format: StreamFormat) -> ResponseDecoder<ResponseStream<Element>>
        where Response == ResponseStream<Element> {
        ResponseDecoder.streaming({ streamed in
            ResponseStream(streamed) { head in
                let decoder = head.request.dateFormat.makeJSONDecoder()
                switch format {
                case let .serverSentEvents(end):
                    if let framing = EventFraming(end: end) as? any StreamFraming<Element> { return framing }
                    if Element.self == String.self {
                        return ServerSentEventFraming(end: end) { event in
                            guard let text = String(decoding: event.data, as: UTF8.self) as? Element else {
                                throw StreamFormatError("an event's text is not a \(Element.self)")
                            }
                            return text
                        }
                    }
                    return ServerSentEventFraming(end: end) { event in try decoder.decode(Element.self, from: Data(event.data)) }
                case .jsonLines:
                    return JSONLinesFraming { try decoder.decode(Element.self, from: $0) }
                case .jsonSequence:
                    return JSONSequenceFraming { try decoder.decode(Element.self, from: $0) }
                case .bytes:
                    return BytesFraming() as? any StreamFraming<Element> ?? RefusedFraming(StreamFormatError("the elements of a bytes stream are Data, not \(Element.self)"))
                }
            }
        })
    }
}
