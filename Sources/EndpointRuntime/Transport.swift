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
}

/// A transport over `URLSession`. Cancelling the calling task cancels the session task.
///
/// ```swift
/// let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))
/// ```
public struct URLSessionTransport: HTTPTransport {
    /// The session requests are sent with.
    public let session: URLSession

    /// A transport over `session` (the shared session by default).
    public init(session: URLSession = .shared) { self.session = session }

    /// Sends the request as a `URLSession` data task.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let urlRequest = try request.urlRequest()
        let handle = DataTaskHandle()
        let (data, urlResponse) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        handle.finish(.failure(error))
                    } else if let response {
                        handle.finish(.success((data ?? Data(), response)))
                    } else {
                        handle.finish(.failure(URLError(.badServerResponse)))
                    }
                }
                handle.start(task, continuation: continuation)
            }
        } onCancel: {
            handle.cancel()
        }
        guard let http = urlResponse as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers.append(name, value) }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data, request: request)
    }
}

/// Joins a data task, the continuation waiting for it, and cancellation, which may arrive on another
/// thread before the task starts, while it runs, or after it ends. Whichever of completion and
/// cancellation comes first resumes the continuation, exactly once; cancelling also cancels the task,
/// so the caller gets `CancellationError` at once even if URLSession reports the cancellation late.
/// `@unchecked Sendable`: every stored property is read and written only under `lock`.
final class DataTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    private var cancelled = false

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        lock.lock()
        if cancelled {
            lock.unlock()
            task.cancel()
            continuation.resume(throwing: CancellationError())
            return
        }
        self.task = task
        self.continuation = continuation
        lock.unlock()
        task.resume()
    }

    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        task = nil
        lock.unlock()
        waiting?.resume(with: result)
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let waiting = continuation
        continuation = nil
        let running = task
        task = nil
        lock.unlock()
        running?.cancel()
        waiting?.resume(throwing: CancellationError())
    }
}
