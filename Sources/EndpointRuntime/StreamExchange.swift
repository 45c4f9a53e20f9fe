import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Sends the request and returns as soon as the status and headers are in; the body's chunks
    /// follow as the session delegate receives them (FoundationNetworking has no `bytes(for:)`).
    ///
    /// At most about 1 MiB waits for a reader that lags: beyond that the transfer is held back until
    /// the reader catches up, so memory stays flat however long the body is. On Apple platforms the
    /// session task is suspended. FoundationNetworking (Linux) cannot pause a transfer (suspending takes
    /// the connection away and resuming starts the request again), so there each stream has a session
    /// of its own whose delegate queue holds back the session's work queue: libcurl stops reading the
    /// socket and TCP flow control holds back the server. That work queue is every session's in the
    /// process, so there a stream is held back for at most a second at a time: a stream left unread
    /// longer is read ahead into memory until its reader catches up, rather than holding back every
    /// other request. Cancel or drop a stream you stop reading.
    ///
    /// Cancelling the calling task, or dropping or cancelling the body, cancels the session task, which
    /// closes the connection. The request timeout is the longest wait for the next bytes while the
    /// reader waits.
    ///
    /// Over a session passed to `init(session:)` (no delegate of the transport's) the body is read
    /// whole and delivered as one chunk, and upload progress is reported once, at the end.
    public func stream(_ request: HTTPRequest, progress: ProgressHandler?) async throws -> StreamedResponse {
        guard let delegate else { return try await streamWhole(request, progress: progress) }
        let (prepared, timeout) = try prepare(request)
        let gate = FlowGate(maximumHold: streamHoldLimit)
        let exchange = StreamExchange(timeout: timeout, url: prepared.url, progress: progress, owner: owner, gate: gate)
        #if canImport(FoundationNetworking)
        _ = delegate
        // The transport keeps the timeout, counting only while the reader waits: URLSession's own timer
        // must not fire while the reader holds the transfer back.
        var urlRequest = prepared
        if timeout != nil { urlRequest.timeoutInterval = 7 * 24 * 3600 }
        let streamDelegate = SessionDelegate()
        let session = URLSession(configuration: self.session.configuration, delegate: streamDelegate,
                                 delegateQueue: GatedOperationQueue(gate))
        let release: @Sendable (Int) -> Void = { identifier in
            streamDelegate.remove(identifier)
            session.finishTasksAndInvalidate()
        }
        let register: @Sendable (URLSessionDataTask) -> Void = { streamDelegate.register(exchange, for: $0) }
        #else
        let urlRequest = prepared
        let session = self.session
        let release: @Sendable (Int) -> Void = { delegate.remove($0) }
        let register: @Sendable (URLSessionDataTask) -> Void = { delegate.register(exchange, for: $0) }
        #endif
        let http = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPURLResponse, any Error>) in
                let task = session.dataTask(with: urlRequest)
                let identifier = task.taskIdentifier
                register(task)
                exchange.start(task, head: continuation) { release(identifier) }
            }
        } onCancel: {
            exchange.cancel()
        }
        let head = HTTPResponse(status: http.statusCode, headers: HTTPHeaders(http), request: request)
        return StreamedResponse(head: head, body: ResponseBody(source: exchange))
    }
}

/// One streamed request in flight: hands the response head to the caller, then the body's chunks to
/// the one reader, through a bounded buffer. While more than ``highWater`` bytes wait for the reader
/// the transfer is held back, until they are down to ``lowWater``: on Apple platforms by suspending
/// the session task, with FoundationNetworking by closing the ``FlowGate`` of the session's
/// ``GatedOperationQueue`` (suspending a task there restarts the request) for at most
/// ``FlowGate/maximumHold`` at a time, since there that holds back every session of the process.
///
/// Cancellation (the caller's task, the reader's task, or the body going away) cancels the session
/// task and resumes whoever waits with `CancellationError`, exactly once.
final class StreamExchange: TaskEventHandler, BodySource {
    /// Bytes waiting for the reader at which the session task is suspended.
    static let highWater = 1 << 20
    /// Bytes waiting for the reader at which a suspended session task is resumed.
    static let lowWater = 256 << 10

    private struct State: Sendable {
        var head: CheckedContinuation<HTTPURLResponse, any Error>?
        var reader: CheckedContinuation<Data?, any Error>?
        var task: URLSessionDataTask?
        var release: (@Sendable () -> Void)?
        var response: HTTPURLResponse?
        var chunks: [Data] = []
        var buffered = 0
        var suspended = false
        /// The task ended; `failure` says how, `nil` for the end of the body.
        var ended = false
        var failure: (any Error)?
        /// Cancelled by the caller or the reader.
        var cancelled = false
        var challenged = false
        var lastActivity: UInt64 = 0
        var peakBuffered = 0

        /// The continuations, the task and the release of a held-back queue, taken out so that
        /// whoever ends the exchange resumes and releases each exactly once, outside the lock.
        mutating func takeWaiters() -> (head: CheckedContinuation<HTTPURLResponse, any Error>?,
                                        reader: CheckedContinuation<Data?, any Error>?,
                                        task: URLSessionDataTask?, release: (@Sendable () -> Void)?) {
            defer {
                head = nil
                reader = nil
                task = nil
                release = nil
            }
            return (head, reader, task, release)
        }
    }

    private let state = Locked(State())
    private let timeout: TimeInterval?
    private let url: URL?
    private let progress: ProgressHandler?
    /// Keeps an owned session valid while the body is read.
    private let owner: (any Sendable)?

    /// Holds back a FoundationNetworking session's work queue while the reader lags (see ``GatedOperationQueue``).
    private let gate: FlowGate

    init(timeout: TimeInterval?, url: URL?, progress: ProgressHandler?, owner: (any Sendable)?, gate: FlowGate) {
        self.timeout = timeout
        self.url = url
        self.progress = progress
        self.owner = owner
        self.gate = gate
    }

    /// The most bytes that ever waited for the reader (for tests).
    var peakBuffered: Int { state.withLock { $0.peakBuffered } }

    func start(_ task: URLSessionDataTask, head: CheckedContinuation<HTTPURLResponse, any Error>,
               release: @escaping @Sendable () -> Void) {
        let alreadyCancelled = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.head = head
            state.task = task
            state.release = release
            state.lastActivity = DispatchTime.now().uptimeNanoseconds
            return false
        }
        if alreadyCancelled {
            release()
            task.cancel()
            head.resume(throwing: CancellationError())
            return
        }
        if let timeout { checkTimeout(after: timeout) }
        task.resume()
    }

    // MARK: Task events

    func task(didReceive response: URLResponse) {
        guard let http = response as? HTTPURLResponse else { return }
        let head = state.withLock { state -> CheckedContinuation<HTTPURLResponse, any Error>? in
            state.response = http
            state.lastActivity = DispatchTime.now().uptimeNanoseconds
            defer { state.head = nil }
            return state.head
        }
        head?.resume(returning: http)
    }

    func task(didReceive data: Data) {
        let reader = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            state.lastActivity = DispatchTime.now().uptimeNanoseconds
            guard !state.cancelled, !state.ended else { return nil }
            if let reader = state.reader {
                state.reader = nil
                return reader
            }
            state.chunks.append(data)
            state.buffered += data.count
            state.peakBuffered = max(state.peakBuffered, state.buffered)
            return nil
        }
        if let reader {
            reader.resume(returning: data)
        } else {
            adjustFlow()
        }
    }

    /// Serializes suspending and resuming the session task, so the calls happen in the order decided.
    private let flow = Locked(())

    /// Suspends the session task when more than ``highWater`` bytes wait for the reader, and resumes it
    /// once they are down to ``lowWater`` or the reader waits.
    private func adjustFlow() {
        flow.withLock { _ in adjustFlowLocked() }
    }

    /// ``adjustFlow()``'s work, under `flow`.
    private func adjustFlowLocked() {
        let (task, suspend) = state.withLock { state -> (URLSessionDataTask?, Bool) in
            guard let task = state.task, !state.cancelled, !state.ended else { return (nil, false) }
            if !state.suspended, state.buffered > StreamExchange.highWater {
                state.suspended = true
                return (task, true)
            }
            if state.suspended, state.buffered <= StreamExchange.lowWater || state.reader != nil {
                state.suspended = false
                state.lastActivity = DispatchTime.now().uptimeNanoseconds
                return (task, false)
            }
            return (nil, false)
        }
        guard let task else { return }
        #if canImport(FoundationNetworking)
        // Suspending a task here takes its connection away and resuming starts the request again from
        // the first byte: close the gate of the session's delegate queue instead.
        _ = task
        if suspend { gate.close() } else { gate.open() }
        #else
        if suspend { task.suspend() } else { task.resume() }
        #endif
    }

    func task(wasChallengedWith response: HTTPURLResponse) {
        let head = state.withLock { state -> CheckedContinuation<HTTPURLResponse, any Error>? in
            state.challenged = true
            if state.response == nil { state.response = response }
            defer { state.head = nil }
            return state.head
        }
        head?.resume(returning: response)
    }

    func task(didSendBodyData sent: Int64, expected: Int64) {
        progress?(TransferProgress(.upload, completed: sent, total: expected >= 0 ? expected : nil))
    }

    func task(didCompleteWith error: (any Error)?, response last: URLResponse?) {
        let failure: (any Error)? = state.withLock { $0.challenged } ? nil : error
        finish(failure: failure, fallbackResponse: last as? HTTPURLResponse)
    }

    // MARK: Reader

    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                enum Answer { case chunk(Data?), failure(any Error), wait }
                let (answer, flowMayChange) = state.withLock { state -> (Answer, Bool) in
                    if !state.chunks.isEmpty {
                        let chunk = state.chunks.removeFirst()
                        state.buffered -= chunk.count
                        return (.chunk(chunk), state.suspended && state.buffered <= StreamExchange.lowWater)
                    }
                    if state.cancelled { return (.failure(CancellationError()), false) }
                    if state.ended { return (state.failure.map { .failure($0) } ?? .chunk(nil), false) }
                    state.reader = continuation
                    state.lastActivity = DispatchTime.now().uptimeNanoseconds
                    return (.wait, state.suspended)
                }
                switch answer {
                case let .chunk(chunk): continuation.resume(returning: chunk)
                case let .failure(error): continuation.resume(throwing: error)
                case .wait: break
                }
                if flowMayChange { adjustFlow() }
            }
        } onCancel: {
            cancel()
        }
    }

    func cancel() {
        let (head, reader, task, release) = state.withLock { state in
            guard !state.cancelled, !state.ended else {
                return (nil, nil, nil, nil) as (CheckedContinuation<HTTPURLResponse, any Error>?, CheckedContinuation<Data?, any Error>?,
                                               URLSessionDataTask?, (@Sendable () -> Void)?)
            }
            state.cancelled = true
            state.chunks.removeAll()
            state.buffered = 0
            let waiters = state.takeWaiters()
            return (waiters.head, waiters.reader, waiters.task, waiters.release)
        }
        // First let a held-back work queue go, for good: cancelling the task waits for it.
        gate.finish()
        release?()
        task?.cancel()
        head?.resume(throwing: CancellationError())
        reader?.resume(throwing: CancellationError())
    }

    /// The task ended with `failure`, or at the end of the body when `nil`.
    private func finish(failure: (any Error)?, fallbackResponse: HTTPURLResponse?) {
        let (head, reader, response, release) = state.withLock { state in
            guard !state.ended, !state.cancelled else {
                return (nil, nil, nil, nil) as (CheckedContinuation<HTTPURLResponse, any Error>?, CheckedContinuation<Data?, any Error>?,
                                               HTTPURLResponse?, (@Sendable () -> Void)?)
            }
            state.ended = true
            state.failure = failure
            if state.response == nil { state.response = fallbackResponse }
            let waiters = state.takeWaiters()
            return (waiters.head, waiters.reader, state.response, waiters.release)
        }
        gate.finish()
        release?()
        if let head {
            if failure == nil, let response {
                head.resume(returning: response)
            } else {
                head.resume(throwing: failure ?? URLError(.badServerResponse))
            }
        }
        if let reader {
            if let failure { reader.resume(throwing: failure) } else { reader.resume(returning: nil) }
        }
    }

    // MARK: Timeout

    private func checkTimeout(after seconds: TimeInterval) {
        Exchange.clock.asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self, let timeout = self.timeout else { return }
            let idle = self.state.withLock { state -> UInt64? in
                guard !state.ended, !state.cancelled else { return nil }
                // Only a wait for the server counts, not a reader that is busy elsewhere.
                guard state.head != nil || state.reader != nil else { return 0 }
                return DispatchTime.now().uptimeNanoseconds &- state.lastActivity
            }
            guard let idle else { return }
            let left = timeout - Double(idle) / 1_000_000_000
            if left > 0.001 {
                self.checkTimeout(after: left)
            } else {
                let task = self.state.withLock { $0.task }
                self.finish(failure: Exchange.timedOut(url: self.url), fallbackResponse: nil)
                task?.cancel()
            }
        }
    }
}

/// Open or closed, and how many deliveries are under way: a closed gate, or one with
/// ``maximumInFlight`` deliveries not yet done, holds back whoever calls ``enter()``, for at most
/// ``maximumHold``. Once the exchange is over (``finish()``) it holds back no one again.
///
/// Why the hold is bounded: FoundationNetworking (Swift 6) runs the work of every `URLSession` of
/// the process on one serial queue, and ``enter()`` is called on it. Holding one stream back holds
/// back every transfer of the process; held without end, a stream that is opened and not read
/// would stop all of them. A gate closed for longer than ``maximumHold`` opens by itself, and the
/// exchange leaves it open until its reader catches up (``StreamExchange/lowWater``): meanwhile
/// that stream is read ahead into memory rather than stopping the process's other transfers.
///
/// `@unchecked Sendable`: its state is read and written only under `condition`. Not a `Locked`:
/// ``enter()`` waits on the condition, holding its lock.
final class FlowGate: @unchecked Sendable {
    /// Deliveries that may wait to run at once. Each holds a chunk of up to 16 KiB (libcurl's), so this
    /// bounds what waits in the delegate queue to 1 MiB. (Unbounded, a queue whose thread the machine
    /// did not run for a while held hundreds of chunks: the reader's buffer is bounded only where
    /// they arrive.)
    static let maximumInFlight = 64
    /// The longest a delivery is held back, counted from when the gate closed (or, for the bound on
    /// deliveries under way, from when it asked).
    let maximumHold: TimeInterval
    /// ``maximumHold`` of the transport's streams: a second.
    static let defaultMaximumHold: TimeInterval = 1

    init(maximumHold: TimeInterval = FlowGate.defaultMaximumHold) {
        self.maximumHold = maximumHold
    }

    private let condition = NSCondition()
    private var closed = false
    private var closedAt = Date.distantPast
    private var finished = false
    private var inFlight = 0

    /// Holds back the deliveries that follow, unless the exchange is over.
    func close() {
        condition.lock()
        if !finished, !closed {
            closed = true
            closedAt = Date()
        }
        condition.unlock()
    }

    func open() {
        condition.lock()
        closed = false
        condition.broadcast()
        condition.unlock()
    }

    /// The exchange is over: no delivery is held back again, whatever `close()` comes late (a flow
    /// decision made just before a cancellation).
    func finish() {
        condition.lock()
        finished = true
        closed = false
        condition.broadcast()
        condition.unlock()
    }

    /// Returns once the gate is open and fewer than ``maximumInFlight`` deliveries are under way, or
    /// once it has held the caller back for ``maximumHold``; the caller's delivery is then counted
    /// until it calls ``leave()``.
    func enter() {
        condition.lock()
        let asked = Date()
        while !finished {
            if closed {
                let until = closedAt.addingTimeInterval(maximumHold)
                if Date() >= until {
                    // Held back long enough: the exchange keeps it open until its reader catches up.
                    closed = false
                    condition.broadcast()
                    break
                }
                _ = condition.wait(until: until)
            } else if inFlight >= FlowGate.maximumInFlight {
                let until = asked.addingTimeInterval(maximumHold)
                if Date() >= until { break }
                _ = condition.wait(until: until)
            } else {
                break
            }
        }
        inFlight += 1
        condition.unlock()
    }

    /// A delivery let in by ``enter()`` is done.
    func leave() {
        condition.lock()
        inFlight -= 1
        condition.broadcast()
        condition.unlock()
    }
}

#if canImport(FoundationNetworking)
/// The delegate queue of a FoundationNetworking session that streams one response. The session hands
/// each received chunk to its delegate by adding an operation here, from the session's work queue,
/// which also runs libcurl: holding that call back while the gate is closed, or while the chunks
/// already added wait to be delivered (see ``FlowGate/maximumInFlight``), stops libcurl reading the
/// socket, so TCP flow control holds back the server until the reader catches up.
///
/// An operation added from one of this queue's own operations is not held back: it would wait for
/// the queue it holds up.
///
/// `@unchecked Sendable`: OperationQueue is thread-safe; `gate` is a constant of a Sendable type.
final class GatedOperationQueue: OperationQueue, @unchecked Sendable {
    private let gate: FlowGate

    init(_ gate: FlowGate) {
        self.gate = gate
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        if OperationQueue.current === self {
            super.addOperation(block)
            return
        }
        gate.enter()
        let gate = self.gate
        super.addOperation {
            block()
            gate.leave()
        }
    }
}
#endif
