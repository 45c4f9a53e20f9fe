public import Foundation

/// A response whose body is still arriving: the status and headers, and the body as an
/// `AsyncSequence` of chunks delivered as the transport receives them.
///
/// ```swift
/// let streamed = try await URLSessionTransport().stream(request, progress: nil)
/// print(streamed.head.status)
/// for try await chunk in streamed.body { print(chunk.count) }
/// ```
public struct StreamedResponse: Sendable {
    /// The status, headers and request; its ``HTTPResponse/body`` is empty.
    public var head: HTTPResponse
    /// The body's chunks, in order. Iterate it once.
    public var body: ResponseBody

    /// A streamed response. `head.body` is ignored (set to empty).
    public init(head: consuming HTTPResponse, body: ResponseBody) {
        // Consumed: a head made for the response (a handler's, a transport's) is moved in, not copied
        // with the request it carries.
        head.body = Data()
        self.head = head
        self.body = body
    }

    /// A response read whole, delivered as one chunk.
    init(whole response: HTTPResponse) {
        self.init(head: response, body: ResponseBody(response.body))
    }

    /// The head and the body, taken from a response that is used up: moved out rather than the
    /// head copied (with the request it carries) and the response then destroyed.
    consuming func parts() -> (head: HTTPResponse, body: ResponseBody) {
        (head, body)
    }
}

/// How far an upload or a download has got. `total` is `nil` when the size is not known
/// (no `Content-Length`, a streamed body).
///
/// ```swift
/// let data = try await client.send(MyAPI.report, progress: { progress in
///     if progress.direction == .download, let total = progress.total { print(progress.completed * 100 / max(total, 1), "%") }
/// })
/// ```
public struct TransferProgress: Sendable, Hashable, CustomStringConvertible {
    /// Which way the bytes go.
    public enum Direction: Sendable, Hashable {
        /// The request body, sent to the server.
        case upload
        /// The response body, received from the server.
        case download
    }

    /// Which way the bytes go.
    public var direction: Direction
    /// Bytes transferred so far.
    public var completed: Int64
    /// Bytes expected in all, when known.
    public var total: Int64?

    /// A progress report.
    public init(_ direction: Direction, completed: Int64, total: Int64?) {
        self.direction = direction
        self.completed = completed
        self.total = total
    }

    /// `download 512/1024`.
    public var description: String {
        "\(direction == .upload ? "upload" : "download") \(completed)/\(total.map(String.init) ?? "?")"
    }
}

/// Called with each progress report, on an arbitrary thread.
public typealias ProgressHandler = @Sendable (TransferProgress) -> Void

extension HTTPTransport {
    /// The default streaming entry point: sends the request with ``send(_:)`` and delivers the
    /// whole body as one chunk, reporting the request body as uploaded once the response is in.
    /// Custom transports and stubs get streaming endpoints to work without doing anything; a
    /// transport that can deliver bytes as they arrive implements `stream(_:progress:)` itself.
    public func stream(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> StreamedResponse {
        try await streamWhole(request, progress: progress)
    }

    /// ``send(_:)``, then the body as one chunk and the upload reported once.
    func streamWhole(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> StreamedResponse {
        let response = try await send(request)
        TransferProgress.reportUploadDone(of: request, to: progress)
        return StreamedResponse(whole: response)
    }
}

extension TransferProgress {
    /// Reports the whole request body as sent, for a transport that cannot report it as it goes.
    static func reportUploadDone(of request: HTTPRequest, to progress: ProgressHandler?) {
        if let progress, let sent = request.body?.count, sent > 0 {
            progress(TransferProgress(.upload, completed: Int64(sent), total: Int64(sent)))
        }
    }
}

// MARK: - Body

/// Where the chunks of a ``ResponseBody`` come from. A source serves one reader.
protocol BodySource: AnyObject, Sendable {
    /// The next chunk, `nil` at the end of the body.
    func next() async throws -> Data?
    /// Stops the transfer (closes the connection); later calls to ``next()`` return `nil` or throw.
    func cancel()
    /// Whether every chunk is in memory already, so ``next()`` never waits (a body made from data).
    var isInMemory: Bool { get }
}

extension BodySource {
    var isInMemory: Bool { false }
}

/// The body of a ``StreamedResponse``: its chunks, each as it arrives. Iterate it once.
///
/// When the last copy of the body and of its iterator is gone, or the task iterating it is
/// cancelled, the transfer stops and the connection is closed: breaking out of a `for try await`
/// loop is enough.
///
/// ```swift
/// let body = ResponseBody(chunks: [Data("data: 1\n\n".utf8), Data("data: 2\n\n".utf8)],
///                         interval: .milliseconds(100))
/// for try await chunk in body { print(chunk.count) }
/// ```
public struct ResponseBody: AsyncSequence, Sendable {
    public typealias Element = Data

    /// Cancels the source once nobody can read it any more.
    final class Handle: Sendable {
        let source: any BodySource
        init(_ source: any BodySource) { self.source = source }
        deinit { source.cancel() }
    }

    let handle: Handle

    init(source: any BodySource) { handle = Handle(source) }

    /// A body of one chunk (none when `data` is empty).
    init(_ data: Data) {
        self.init(source: DataSource(data))
    }

    /// A body of `chunks`, the first delivered at once and each of the others `interval` after the
    /// one before (for stubs and tests of stream consumers).
    public init(chunks: [Data], interval: Duration = .zero) {
        self.init(source: ChunkSource(chunks, interval: interval))
    }

    /// A body read by a custom transport: `next` returns each chunk in turn and `nil` at the end;
    /// `cancel` stops the transfer. Called when the reader breaks off, is cancelled or goes away
    /// (it may be called more than once, and after the end).
    public init(next: @escaping @Sendable () async throws -> Data?, cancel: @escaping @Sendable () -> Void = {}) {
        self.init(source: ClosureSource(read: next, stop: cancel))
    }

    /// Reads the body.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let handle: Handle

        /// The next chunk, or `nil` at the end of the body.
        public mutating func next() async throws -> Data? { try await handle.source.next() }

        /// Stops the transfer (for ``ResponseStream``'s inlinable iterator).
        @usableFromInline func cancel() { handle.source.cancel() }
    }

    /// An iterator over the body's chunks.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: handle) }

    /// Stops the transfer and closes the connection.
    public func cancel() { handle.source.cancel() }

    /// The whole body, reading at most `limit` bytes (the rest is discarded and the transfer stopped).
    func collect(upTo limit: Int = .max) async throws -> Data {
        var data = Data()
        for try await chunk in self {
            let room = limit - data.count
            if chunk.count > room {
                data.append(chunk.prefix(room))
                cancel()
                break
            }
            data.append(chunk)
        }
        return data
    }
}

/// Chunks given up front, with an optional pause before each after the first.
private final class ChunkSource: BodySource {
    private struct State: Sendable {
        var chunks: [Data]
        var next = 0
        var cancelled = false
    }

    private let state: Locked<State>
    private let interval: Duration

    init(_ chunks: [Data], interval: Duration) {
        state = Locked(State(chunks: chunks))
        self.interval = interval
    }

    func next() async throws -> Data? {
        let (index, count) = state.withLock { ($0.cancelled ? -1 : $0.next, $0.chunks.count) }
        guard index >= 0, index < count else { return nil }
        if index > 0, interval > .zero { try await Task.sleep(for: interval) }
        return state.withLock { state -> Data? in
            guard !state.cancelled, state.next < state.chunks.count else { return nil }
            let chunk = state.chunks[state.next]
            state.chunks[state.next] = Data()
            state.next += 1
            return chunk
        }
    }

    func cancel() { state.withLock { $0.cancelled = true } }

    var isInMemory: Bool { interval == .zero }
}

/// One chunk in memory, what a handler answers with: the chunk, then the end. A `ChunkSource` of
/// one chunk cost an array besides, and its index and flag under the lock.
private final class DataSource: BodySource {
    /// The chunk not yet read; `nil` once read, cancelled, or when `data` was empty.
    private let chunk: Locked<Data?>

    init(_ data: Data) {
        chunk = Locked(data.isEmpty ? nil : data)
    }

    func next() async throws -> Data? {
        chunk.withLock { chunk in
            defer { chunk = nil }
            return chunk
        }
    }

    func cancel() { chunk.withLock { $0 = nil } }

    var isInMemory: Bool { true }
}

/// Chunks from a closure, with a closure that stops the transfer.
private final class ClosureSource: BodySource {
    private let read: @Sendable () async throws -> Data?
    private let stop: @Sendable () -> Void

    init(read: @escaping @Sendable () async throws -> Data?, stop: @escaping @Sendable () -> Void) {
        self.read = read
        self.stop = stop
    }

    func next() async throws -> Data? { try await read() }
    func cancel() { stop() }
}
