import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Sends one request and returns its response, whatever the status. The one place bytes meet
/// the network; swap it for ``StubTransport`` in tests.
///
/// ```swift
/// struct Offline: HTTPTransport {
///     func send(_ request: HTTPRequest) async throws -> HTTPResponse {
///         throw URLError(.notConnectedToInternet)
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request`. Throws only when no response arrived (connection, timeout, cancellation).
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Sends `request` and returns once the status and headers are in, with the body to read as it
    /// arrives, reporting the request body's upload to `progress`. The default sends with
    /// ``send(_:)`` and delivers the body as one chunk (see Streaming.swift).
    func stream(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> StreamedResponse
}

/// A transport over `URLSession`. Cancelling the calling task cancels the session task.
///
/// ```swift
/// let standard = URLSessionTransport()                                   // one session for the process
/// let own = URLSessionTransport(configuration: .ephemeral)               // a session of its own
/// let theirs = URLSessionTransport(session: URLSession(configuration: .ephemeral))
/// ```
///
/// **Sessions.** `URLSessionTransport()` and `URLSessionTransport(configuration:)` send over a
/// session the transport owns, whose delegate gives every answer back as a status, authentication
/// challenges included: on Linux FoundationNetworking would otherwise try to answer a
/// `WWW-Authenticate: Basic realm=...` challenge itself and never finish the request, so a 401 never
/// reached ``AuthMiddleware``. A session made with `configuration:` is invalidated when the last copy
/// of the transport is released (after its tasks finish). A session passed to `init(session:)` keeps
/// its own delegate, which URLSession asks about challenges: on Linux a Basic challenge then stalls the
/// request until its timeout (which this transport enforces, see below) and ends as
/// `URLError(.timedOut)`, unless that delegate answers it.
///
/// **Timeouts.** A request's ``HTTPRequest/timeout`` (or else the session configuration's
/// `timeoutIntervalForRequest`) is the longest wait for the next bytes of the answer, as on Apple
/// platforms. FoundationNetworking rounds it down to whole seconds (1.5 s became 1 s, 0.5 s fired at
/// once), so on Linux the transport keeps the time itself, to within a few milliseconds, and fails
/// the request with `URLError(.timedOut)`. Over a session passed to `init(session:)` it cannot see
/// bytes arrive, so there, on Linux, the timeout bounds the whole exchange.
///
/// On Linux FoundationNetworking drops the body of a 3xx it does not follow (one without `Location`):
/// the status and headers come back, the body is empty.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests are sent with.
    let session: URLSession
    /// The delegate of an owned session; `nil` for a session passed in.
    let delegate: SessionDelegate?
    /// Invalidates an owned session when the last copy of the transport goes.
    let owner: SessionOwner?
    /// The session configuration's `timeoutIntervalForRequest`, for requests without a timeout.
    private let sessionTimeout: TimeInterval
    /// The longest a stream's transfer is held back at a time for a lagging reader with
    /// FoundationNetworking (``FlowGate``): a second. Tests of the bound itself raise it, so that a
    /// machine too busy to run their reader for a second does not open the gate.
    var streamHoldLimit: TimeInterval = FlowGate.defaultMaximumHold

    /// A transport over a session of its own made with `configuration`, with the transport's delegate;
    /// the session is invalidated when the last copy of the transport is released. Without a
    /// configuration (`URLSessionTransport()`, what `HTTPClient()` uses): the transport over this
    /// process's standard session, the default configuration and the transport's delegate.
    public init(configuration: URLSessionConfiguration? = nil) {
        guard let configuration else {
            self = URLSessionTransport.standard
            return
        }
        self.init(owning: configuration, invalidatesWhenReleased: true)
    }

    /// A transport over `session`, which keeps its own delegate (see the type's notes about
    /// authentication challenges).
    public init(session: URLSession) {
        self.session = session
        delegate = nil
        owner = nil
        sessionTimeout = session.configuration.timeoutIntervalForRequest
    }

    private init(owning configuration: URLSessionConfiguration, invalidatesWhenReleased: Bool) {
        let delegate = SessionDelegate()
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.session = session
        self.delegate = delegate
        owner = invalidatesWhenReleased ? SessionOwner(session) : nil
        sessionTimeout = configuration.timeoutIntervalForRequest
    }

    private static let standard = URLSessionTransport(owning: .default, invalidatesWhenReleased: false)

    /// Whether the transport keeps request timeouts itself: where URLSession rounds them down.
    #if canImport(FoundationNetworking)
    static let keepsTimeouts = true
    #else
    static let keepsTimeouts = false
    #endif

    /// How many requests the owned session's delegate still routes events for (tests: none once
    /// every request has ended).
    var tasksInFlight: Int { delegate?.registeredCount ?? 0 }

    /// Sends the request as a `URLSession` data task.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (urlRequest, timeout) = try prepare(request)
        let exchange = Exchange(timeout: timeout, url: urlRequest.url)
        let session = self.session
        let delegate = self.delegate
        let (data, urlResponse) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                if let delegate {
                    let task = session.dataTask(with: urlRequest)
                    let identifier = task.taskIdentifier
                    delegate.register(exchange, for: task)
                    exchange.start(task, continuation: continuation) { delegate.remove(identifier) }
                } else {
                    let task = session.dataTask(with: urlRequest) { data, response, error in
                        exchange.complete(data: data, response: response, error: error)
                    }
                    exchange.start(task, continuation: continuation, release: nil)
                }
            }
        } onCancel: {
            exchange.cancel()
        }
        // `owner` must outlive the exchange: releasing the last copy of the transport invalidates the session.
        withExtendedLifetime(owner) {}
        guard let http = urlResponse as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return HTTPResponse(status: http.statusCode, headers: HTTPHeaders(http), body: data, request: request)
    }

    /// The `URLRequest` for `request`, and the timeout the transport keeps itself (`nil`: URLSession's).
    func prepare(_ request: HTTPRequest) throws -> (URLRequest, TimeInterval?) {
        var urlRequest = try request.urlRequest()
        var timeout: TimeInterval?
        if URLSessionTransport.keepsTimeouts {
            let wanted = request.timeout ?? sessionTimeout
            if wanted > 0, wanted.isFinite {
                timeout = wanted
                // URLSession's own timer counts whole seconds, rounded down: give it at least a second
                // more than the transport's so it never fires first.
                urlRequest.timeoutInterval = wanted.rounded(.up) + 1
            }
        }
        return (urlRequest, timeout)
    }
}

/// Invalidates a session the transport made, once no copy of the transport is left.
final class SessionOwner: Sendable {
    let session: URLSession
    init(_ session: URLSession) { self.session = session }
    deinit { session.finishTasksAndInvalidate() }
}

/// One request in flight: joins its data task, the continuation waiting for it, cancellation (which may
/// arrive on another thread before the task starts, while it runs, or after it ends) and the timeout.
/// Whichever of completion, cancellation and timeout comes first resumes the continuation, exactly
/// once; cancellation and timeout also cancel the task, so the caller hears at once even if URLSession
/// reports the end late.
///
/// Over an owned session the ``SessionDelegate`` reports the task's events here; over a session passed
/// in, the task's completion handler calls ``complete(data:response:error:)``.
final class Exchange: TaskEventHandler, Sendable {
    typealias Answer = (Data, URLResponse)

    private struct State: Sendable {
        var continuation: CheckedContinuation<Answer, any Error>?
        var task: URLSessionDataTask?
        /// Undoes the task's registration with the delegate.
        var release: (@Sendable () -> Void)?
        var response: URLResponse?
        var body = Data()
        /// The server's challenge was refused: the response is the answer, not the cancellation.
        var challenged = false
        /// Resumed, or cancelled before it started.
        var finished = false
        /// When bytes last arrived (or the task started), in uptime nanoseconds.
        var lastActivity: UInt64 = 0
    }

    private let state = Locked(State())
    /// The longest wait for the next bytes, kept here rather than by URLSession; `nil` leaves it to URLSession.
    private let timeout: TimeInterval?
    private let url: URL?

    init(timeout: TimeInterval?, url: URL?) {
        self.timeout = timeout
        self.url = url
    }

    /// Starts `task` and starts the clock, or, when the caller was cancelled already, cancels both.
    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Answer, any Error>,
               release: (@Sendable () -> Void)?) {
        let alreadyCancelled = state.withLock { state -> Bool in
            if state.finished { return true }
            state.continuation = continuation
            state.task = task
            state.release = release
            state.lastActivity = DispatchTime.now().uptimeNanoseconds
            return false
        }
        if alreadyCancelled {
            release?()
            task.cancel()
            continuation.resume(throwing: CancellationError())
            return
        }
        if let timeout { checkTimeout(after: timeout) }
        task.resume()
    }

    /// The completion handler of a task on a session passed in.
    func complete(data: Data?, response: URLResponse?, error: (any Error)?) {
        if let error {
            finish(.failure(error))
        } else if let response {
            finish(.success((data ?? Data(), response)))
        } else {
            finish(.failure(URLError(.badServerResponse)))
        }
    }

    /// The caller's task was cancelled.
    func cancel() {
        finish(.failure(CancellationError()), cancellingTask: true)
    }

    func task(didReceive response: URLResponse) {
        state.withLock {
            $0.response = response
            $0.lastActivity = DispatchTime.now().uptimeNanoseconds
        }
    }

    func task(didReceive data: Data) {
        state.withLock {
            $0.body.append(data)
            $0.lastActivity = DispatchTime.now().uptimeNanoseconds
        }
    }

    func task(wasChallengedWith response: HTTPURLResponse) {
        state.withLock {
            $0.challenged = true
            if $0.response == nil { $0.response = response }
        }
    }

    func task(didCompleteWith error: (any Error)?, response last: URLResponse?) {
        let (response, body, challenged) = state.withLock { ($0.response ?? last, $0.body, $0.challenged) }
        if let response, error == nil || challenged {
            finish(.success((body, response)))
        } else {
            finish(.failure(error ?? URLError(.badServerResponse)))
        }
    }

    /// Where timeouts are checked, for whole and streamed exchanges: a serial queue of its own, which
    /// always gets a thread, so a busy or blocked global pool cannot delay a timeout (the checks
    /// themselves take microseconds).
    static let clock = DispatchQueue(label: "EndpointRuntime.URLSessionTransport.timeouts", qos: .userInitiated)

    /// Fails the request when nothing arrived for `timeout`; checks again later when something did.
    private func checkTimeout(after seconds: TimeInterval) {
        Exchange.clock.asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self, let timeout = self.timeout else { return }
            let idle = self.state.withLock { state -> UInt64? in
                state.finished ? nil : DispatchTime.now().uptimeNanoseconds &- state.lastActivity
            }
            guard let idle else { return }
            let left = timeout - Double(idle) / 1_000_000_000
            if left > 0.001 {
                self.checkTimeout(after: left)
            } else {
                self.finish(.failure(Exchange.timedOut(url: self.url)), cancellingTask: true)
            }
        }
    }

    /// The error of a request that waited `timeout` for bytes, as URLSession reports its own.
    static func timedOut(url: URL?) -> URLError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: "The request timed out."]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(.timedOut, userInfo: info)
    }

    /// Resumes the caller with `result` unless it was resumed already, and forgets the task.
    private func finish(_ result: Result<Answer, any Error>, cancellingTask: Bool = false) {
        let (continuation, task, release) = state.withLock { state -> (CheckedContinuation<Answer, any Error>?, URLSessionDataTask?, (@Sendable () -> Void)?) in
            guard !state.finished else { return (nil, nil, nil) }
            state.finished = true
            defer {
                state.continuation = nil
                state.task = nil
                state.release = nil
                state.body = Data()
                state.response = nil
            }
            return (state.continuation, state.task, state.release)
        }
        release?()
        if cancellingTask { task?.cancel() }
        continuation?.resume(with: result)
    }
}

extension HTTPHeaders {
    /// The headers of a URLSession response, in the order it gives them.
    init(_ response: HTTPURLResponse) {
        self.init()
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { append(name, value) }
        }
    }
}
