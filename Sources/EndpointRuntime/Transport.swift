import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
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
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                handle.start(task)
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

/// Holds the data task so a cancellation that arrives on another thread, before or after the task
/// starts, reaches it exactly once. `@unchecked Sendable`: every access to `task` and `cancelled`
/// is under `lock`.
final class DataTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        let alreadyCancelled = cancelled
        self.task = task
        lock.unlock()
        task.resume()
        if alreadyCancelled { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
