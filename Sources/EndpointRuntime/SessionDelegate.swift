import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one session task hears from ``SessionDelegate``. A handler sees its task's events in order,
/// on the session's delegate queue.
protocol TaskEventHandler: AnyObject, Sendable {
    /// The response's status and headers arrived (for each response when redirects are followed
    /// by the session, only the last is reported).
    func task(didReceive response: URLResponse)
    /// A piece of the body arrived.
    func task(didReceive data: Data)
    /// The server answered with an authentication challenge (a 401 or 407 that URLSession would try
    /// to answer itself). The delegate refuses it; `response` is the server's answer.
    func task(wasChallengedWith response: HTTPURLResponse)
    /// The task ended, with `error` if it failed or was cancelled. `response` is the task's last
    /// response: FoundationNetworking does not report a 3xx without `Location` any other way.
    func task(didCompleteWith error: (any Error)?, response: URLResponse?)
    /// `sent` bytes of the request body of `expected` (negative when unknown) have gone out.
    func task(didSendBodyData sent: Int64, expected: Int64)
}

extension TaskEventHandler {
    func task(didSendBodyData sent: Int64, expected: Int64) {}
}

/// The delegate of the sessions ``URLSessionTransport`` owns. It routes each task's events to the
/// handler registered for the task's identifier, and keeps authentication challenges from stalling.
///
/// Why a delegate: given a `WWW-Authenticate: Basic realm=...` answer, FoundationNetworking (Linux)
/// hands the challenge to the session's delegate and, without one or with `.performDefaultHandling`,
/// never completes the task; its timeout timer has already stopped, so the request waits forever.
/// `.cancelAuthenticationChallenge` and `.rejectProtectionSpace` both end the task with
/// `URLError(.cancelled)`, but only after the 401's status, headers and body were delivered to the
/// delegate. So the delegate refuses the challenge and tells the handler, which answers with the
/// response it already has. On Apple platforms `.performDefaultHandling` returns the 401 itself.
///
/// Handlers are kept in a table keyed by task identifier, under a lock; a task's entry goes when the
/// task completes or when its handler is done with it (``remove(_:)``), whichever comes first.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let handlers = Locked<[Int: any TaskEventHandler]>([:])

    /// Routes `task`'s events to `handler` until the task completes. Call before resuming the task.
    func register(_ handler: any TaskEventHandler, for task: URLSessionTask) {
        handlers.withLock { $0[task.taskIdentifier] = handler }
    }

    /// Stops routing events of the task with `identifier`.
    func remove(_ identifier: Int) {
        _ = handlers.withLock { $0.removeValue(forKey: identifier) }
    }

    /// How many tasks have a handler (for tests: the table must not grow).
    var registeredCount: Int { handlers.withLock { $0.count } }

    private func handler(for task: URLSessionTask) -> (any TaskEventHandler)? {
        handlers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        handler(for: dataTask)?.task(didReceive: response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        handler(for: dataTask)?.task(didReceive: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        // Only a server's answer is refused; anything else (server trust, client certificates on
        // Apple platforms) is left to URLSession.
        guard let answer = challenge.failureResponse as? HTTPURLResponse else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        #if canImport(FoundationNetworking)
        handler(for: task)?.task(wasChallengedWith: answer)
        completionHandler(.cancelAuthenticationChallenge, nil)
        #else
        _ = answer
        completionHandler(.performDefaultHandling, nil)
        #endif
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        handler(for: task)?.task(didSendBodyData: totalBytesSent, expected: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let handler = handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        handler?.task(didCompleteWith: error, response: task.response)
    }
}
