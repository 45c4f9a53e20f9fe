import Foundation

/// A transport that hands each request to an ``HTTPHandler`` in the same process, without a socket:
/// a typed fake of an API, or the API itself under test.
///
/// ```swift
/// struct FakeGists: GistsAPI.Service {
///     func gistsGet(gistID: String) async throws -> GistsAPI.Gist { ... }   // what the test needs
/// }
/// let client = HTTPClient(transport: InProcessTransport(GistsAPI.handler(FakeGists())))
/// let gist = try await client.send(GistsAPI.Gists.get(gistID: "aa5a315d"))
/// ```
///
/// Everything the client does over the network happens here too: middleware runs around the
/// transport, pages are fetched one request at a time, a declared error body is thrown as
/// ``ErrorResponse``, and a stream's chunks reach the client one by one as the handler makes them.
///
/// **What the handler sees.** The request as a server would receive it, after middleware: the
/// method, the absolute URL (the base URL's path included: `https://api.example.com/v1/users/1`),
/// the headers and the body. What is not sent (``HTTPRequest/call``, ``HTTPRequest/baseURL``, the
/// auth requirements, the timeout) is not there. The response the client gets carries the request
/// as sent, as over the network. A request that could not be sent (a URL that is not absolute, a
/// header with a line break) fails as it would with ``URLSessionTransport``, and never reaches
/// the handler.
///
/// **Timeouts and cancellation.** A request's ``HTTPRequest/timeout`` is the longest wait for the
/// response head and for each chunk of the body; when it passes the request fails with
/// `URLError(.timedOut)` and the handler's task is cancelled. Cancelling the calling task, or
/// breaking off reading the body, cancels the handler's task too, and the caller hears at once
/// even if the handler ignores it. For a request without a timeout, where `Task.immediate` is
/// available, the handler's task starts on the caller's thread and runs there until it first
/// waits: an answer made without waiting costs no hand-off between threads, and the caller hears
/// of a cancellation from that wait on.
public struct InProcessTransport: HTTPTransport {
    /// Where requests go.
    let handler: HTTPHandler

    /// A transport that answers every request with `handler`.
    public init(_ handler: HTTPHandler) {
        self.handler = handler
    }

    /// Sends `request` to the handler and reads the whole body it answers with.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        // Taken apart into a `var` directly: a `let` head copied into a `var` retained the request
        // and headers it carries, once more per request.
        var head: HTTPResponse
        let body: ResponseBody
        (head, body) = try await answer(request).parts()
        // A body made from data is read at once; one still being made chunk by chunk within the timeout.
        head.body = try await body.handle.source.isInMemory
            ? InProcessTransport.whole(body)
            : ResponseBody(source: HandlerBody(body, request: request)).collect()
        return head
    }

    /// What `body.collect()` reads, without copying a body of one chunk (what a handler answers
    /// with data) into a new one.
    static func whole(_ body: ResponseBody) async throws -> Data {
        let source = body.handle.source
        guard let first = try await source.next() else { return Data() }
        guard let second = try await source.next() else { return first }
        var data = first
        data.append(second)
        while let chunk = try await source.next() { data.append(chunk) }
        return data
    }

    /// Sends `request` to the handler and returns once it answers with a head, with the body to
    /// read as the handler makes it. The request body is reported to `progress` as uploaded when the
    /// head is in.
    public func stream(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> StreamedResponse {
        var answer = try await answer(request)
        TransferProgress.reportUploadDone(of: request, to: progress)
        answer.body = ResponseBody(source: HandlerBody(answer.body, request: request))
        return answer
    }

    /// The handler's answer to `request`: its head, carrying `request` as sent (its body empty), and its body.
    private func answer(_ request: HTTPRequest) async throws -> StreamedResponse {
        let delivery = Delivery(handler: handler, request: try InProcessTransport.received(request))
        let timeout = InProcessTransport.timeout(of: request)
        // The URL only names the request in a timeout's error: made when there can be one.
        var answer = try await InProcessRace.run(timeout: timeout, url: timeout == nil ? nil : request.url,
                                                 operation: { await delivery.handler.respond(to: delivery.request) },
                                                 discard: { $0.body.cancel() })
        // Changed in place rather than copied out first.
        answer.head.request = request
        answer.head.body = Data()
        return answer
    }

    /// The handler and the request it is given, moved in here once: a closure capturing the
    /// request itself copied it into its context (every field retained) and released the original.
    /// The operation captures this object alone, which is then its context.
    private final class Delivery: Sendable {
        let handler: HTTPHandler
        let request: HTTPRequest

        init(handler: HTTPHandler, request: consuming HTTPRequest) {
            self.handler = handler
            self.request = request
        }
    }

    /// The request as a server receives it: method, URL, headers and body; validated as
    /// ``HTTPRequest/urlRequest()`` validates what URLSession is given.
    static func received(_ request: HTTPRequest) throws -> HTTPRequest {
        // `components.url` is `nil` exactly when `components.string` is (the URL is parsed from that
        // string, which the components' own checks have made valid): the string alone is checked,
        // without parsing it again into a URL that nothing here reads, and not even made where the
        // request knows its components form one.
        guard request.formsAbsoluteURL else {
            throw EndpointError.invalidRequest(reason: "The URL components do not form an absolute URL.", underlying: nil, request: request)
        }
        do {
            try request.headers.validate()
        } catch let error as EndpointError {
            throw error.attaching(request)
        }
        return HTTPRequest(method: request.method, urlComponents: request.urlComponents, additionalHeaders: request.headers, body: request.body)
    }

    /// The request's timeout when it is one to keep (positive and finite).
    static func timeout(of request: HTTPRequest) -> TimeInterval? {
        guard let timeout = request.timeout, timeout > 0, timeout.isFinite else { return nil }
        return timeout
    }
}

/// The body a handler answered with, read by the client: each chunk within the timeout, the
/// handler's body cancelled when the reader is cancelled, breaks off or times out.
private final class HandlerBody: BodySource {
    private let body: ResponseBody
    private let timeout: TimeInterval?
    private let url: URL?
    /// Cancelled, timed out or failed: later reads end the body.
    private let stopped = Locked(false)

    /// Reads `body`, answered to `request`, within its timeout.
    init(_ body: ResponseBody, request: HTTPRequest) {
        self.body = body
        timeout = InProcessTransport.timeout(of: request)
        // The URL only names the request in a timeout's error.
        url = timeout == nil ? nil : request.url
    }

    func next() async throws -> Data? {
        if stopped.withLock({ $0 }) { return nil }
        let source = body.handle.source
        if source.isInMemory { return try await source.next() }
        do {
            // Empty chunks carry nothing: a reader never sees one.
            while true {
                let chunk = try await InProcessRace.run(timeout: timeout, url: url, operation: { try await source.next() },
                                                        discard: { _ in })
                if let chunk, chunk.isEmpty { continue }
                return chunk
            }
        } catch {
            cancel()
            throw error
        }
    }

    func cancel() {
        stopped.withLock { $0 = true }
        body.cancel()
    }
}

// `@concurrent` and `Task.immediate` came with Swift 6.2; the package builds with 6.1 too, where
// the operation always starts in a task of its own.
#if compiler(>=6.2)
private typealias InProcessWork = @concurrent @Sendable () async -> Void
#else
private typealias InProcessWork = @Sendable () async -> Void
#endif

/// Runs an operation in a task of its own and waits for the first of: its result, the caller's
/// cancellation (`CancellationError`), or the timeout (`URLError(.timedOut)`, counted from when the
/// operation starts). On cancellation or
/// timeout the operation's task is cancelled and the caller resumes at once, even if the operation
/// ignores cancellation; a result that arrives after that is handed to `discard`. Without a
/// timeout the task starts on the caller's thread where `Task.immediate` is available: the caller
/// can resume once the operation first waits.
///
/// One allocation per race: the object is a `ManagedBuffer` whose header holds what the race was
/// given and its state, and whose one element is the lock. The operation's task captures the race
/// alone, so its closure needs no context of its own. (A race of a class holding a ``Locked`` and a
/// task closure capturing the operation, the timeout and the race was three allocations.)
///
/// Shared between the caller and the operation's task although `ManagedBuffer` cannot be declared
/// `Sendable`: the header's `state` is read and written only under the lock, and its `given` is set
/// when the race is made and never changed. The closures that capture a race say so
/// (`nonisolated(unsafe)`, or ``SendableRace``).
final class InProcessRace<Value: Sendable>: ManagedBuffer<InProcessRaceHeader<Value>, PlatformLock.Primitive> {

    static func run(timeout: TimeInterval?, url: URL?, operation: @escaping @Sendable () async throws -> Value,
                    discard: @escaping @Sendable (Value) -> Void) async throws -> Value {
        nonisolated(unsafe) let race = make(InProcessRaceHeader(given: .init(operation: operation, discard: discard, timeout: timeout, url: url)))
        return try await withTaskCancellationHandler {
            // Unsafe rather than checked: `succeed` or `fail` resumes it once, and a checked one
            // cost an object of its own per request.
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Value, any Error>) in
                guard race.start(continuation) else { return }
                let work: InProcessWork = { await race.perform() }
                // Without a timeout, started on this thread where it can be: most answers are made
                // without waiting, and handing each to another thread and back cost more than making
                // it. With one, in a task of its own: its clock starts when a thread of the pool
                // takes it, and a pool kept busy for seconds by a parallel test run does not count
                // against the handler once it has started on this thread and then waits for one.
                let task: Task<Void, Never>
                #if compiler(>=6.2)
                if timeout == nil, #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                    task = Task.immediate(operation: work)
                } else {
                    task = Task(operation: work)
                }
                #else
                task = Task(operation: work)
                #endif
                race.attach(task)
            }
        } onCancel: {
            race.fail(CancellationError())
        }
    }

    /// A race holding `header`, its lock made.
    private static func make(_ header: InProcessRaceHeader<Value>) -> InProcessRace {
        let buffer = create(minimumCapacity: 1) { _ in header }
        buffer.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
        return unsafeDowncast(buffer, to: InProcessRace.self)
    }

    deinit {
        withUnsafeMutablePointerToElements { PlatformLock.destroy($0) }
    }

    /// What the race was given: set when it was made, never changed, read without the lock.
    private var given: InProcessRaceHeader<Value>.Given {
        withUnsafeMutablePointerToHeader { $0.pointee.given }
    }

    /// Runs `body` with the state, under the lock.
    private func withState<Result>(_ body: (inout InProcessRaceHeader<Value>.State) -> Result) -> Result {
        withUnsafeMutablePointers { header, lock in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return body(&header.pointee.state)
        }
    }

    /// The operation's task: starts the clock, runs the operation and hands its outcome on.
    private func perform() async {
        let given = self.given
        // The clock starts when the operation does: a task that waits for a thread of a busy pool
        // has not been slow itself.
        if let timeout = given.timeout {
            let url = given.url
            let race = SendableRace(self)
            Exchange.clock.asyncAfter(deadline: .now() + timeout) {
                race.race?.fail(Exchange.timedOut(url: url))
            }
        }
        do {
            // Handed on consumed: passed as it was, the answer (its head, request and body) was
            // copied for `succeed` and the copy released after.
            let value = try await given.operation()
            if let late = succeed(consume value) { given.discard(late) }
        } catch {
            fail(error)
        }
    }

    /// Keeps the continuation; `false` (and the continuation resumed) when the caller was cancelled already.
    private func start(_ continuation: UnsafeContinuation<Value, any Error>) -> Bool {
        let cancelled = withState { state -> Bool in
            if state.finished { return true }
            state.continuation = continuation
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Keeps the operation's task to cancel, or cancels it when the race is over already.
    private func attach(_ task: Task<Void, Never>) {
        let over = withState { state -> Bool in
            if state.finished { return true }
            state.task = task
            return false
        }
        if over { task.cancel() }
    }

    /// Resumes the caller with `value` unless it was resumed already; then `value` is handed back.
    /// Taken rather than copied (and not wrapped in a `Result`, whose payload was copied out when
    /// the caller was resumed): the operation's value, a handler's answer, goes to the caller as it is.
    private func succeed(_ value: consuming Value) -> Value? {
        guard let continuation = take().continuation else { return value }
        continuation.resume(returning: value)
        return nil
    }

    /// Resumes the caller with `error` unless it was resumed already, and cancels the operation.
    private func fail(_ error: any Error) {
        let (continuation, task) = take()
        task?.cancel()
        continuation?.resume(throwing: error)
    }

    /// Marks the race over: the caller's continuation and the operation's task, unless it was over already.
    private func take() -> (continuation: UnsafeContinuation<Value, any Error>?, task: Task<Void, Never>?) {
        withState { state in
            guard !state.finished else { return (nil, nil) }
            state.finished = true
            defer {
                state.continuation = nil
                state.task = nil
            }
            return (state.continuation, state.task)
        }
    }
}

/// A race held weakly, for its timer: a timer that fires after the race is over finds nothing.
/// `@unchecked Sendable` as ``InProcessRace`` is shared: under its lock.
private struct SendableRace<Value: Sendable>: @unchecked Sendable {
    weak var race: InProcessRace<Value>?
    init(_ race: InProcessRace<Value>) { self.race = race }
}

/// The header of an ``InProcessRace``: what it was given, and its state.
struct InProcessRaceHeader<Value: Sendable> {
    struct Given {
        let operation: @Sendable () async throws -> Value
        let discard: @Sendable (Value) -> Void
        let timeout: TimeInterval?
        /// Names the request in a timeout's error.
        let url: URL?
    }

    struct State {
        var continuation: UnsafeContinuation<Value, any Error>?
        var task: Task<Void, Never>?
        var finished = false
    }

    let given: Given
    var state = State()
}
