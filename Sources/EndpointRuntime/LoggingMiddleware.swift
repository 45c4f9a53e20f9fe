import Foundation

/// How much a log line matters, from the least to the most: the levels of OSLog and swift-log,
/// without depending on either.
public enum LogLevel: Sendable, Hashable, Comparable, CaseIterable {
    /// Very detailed tracing.
    case trace
    /// Detail for debugging.
    case debug
    /// Normal events: a request and its successful response.
    case info
    /// Notable but normal.
    case notice
    /// A response with an error status (4xx or 5xx).
    case warning
    /// A request that failed without a response.
    case error
}

/// Logs one line per request and one per response, with credentials redacted as `<redacted>`:
/// `Authorization`, `Cookie`, `Set-Cookie`, API-key headers and query items, and the request's
/// own API-key name. Headers are listed sorted by name (fields of one name in their order), so
/// lines are the same from run to run. Bodies are not logged, only their sizes.
///
/// ```swift
/// LoggingMiddleware { _, line in print(line) }
/// // → GET https://api.test/v1/me?api_key=<redacted> [Accept: application/json, Authorization: <redacted>]
/// // ← 200 GET https://api.test/v1/me?api_key=<redacted> [Content-Type: application/json] 345 bytes in 12 ms
///
/// LoggingMiddleware(minimumLevel: .warning) { level, line in logger.log(level: level, line) }  // levels
/// LoggingMiddleware { level, line in                                                          // OSLog
///     let type: OSLogType = switch level {   // .info and .notice as .info: OSLog does not persist .debug
///     case .trace, .debug: .debug
///     case .info, .notice: .info
///     case .warning: .default
///     case .error: .error
///     }
///     Logger(subsystem: "com.example.app", category: "HTTP").log(level: type, "\(line, privacy: .public)")
/// }
/// ```
///
/// Requests and successful responses are ``LogLevel/info``, responses with a 4xx or 5xx status
/// ``LogLevel/warning``, failures without a response ``LogLevel/error``.
public struct LoggingMiddleware: HTTPMiddleware {
    let sink: @Sendable (LogLevel, String) -> Void
    let includeHeaders: Bool
    let minimumLevel: LogLevel

    /// Logging through `sink` (standard output by default), which gets each line and its level;
    /// lines below `minimumLevel` are not made.
    public init(includeHeaders: Bool = true, minimumLevel: LogLevel = .trace,
                sink: @escaping @Sendable (LogLevel, String) -> Void = { print($1) }) {
        self.includeHeaders = includeHeaders
        self.minimumLevel = minimumLevel
        self.sink = sink
    }

    /// Logs, sends, logs.
    public func intercept(_ request: HTTPRequest, next: HTTPMiddlewareNext) async throws -> HTTPResponse {
        let target = "\(request.method.rawValue) \(Redaction.redactedURL(request.urlComponents, auth: request.authOptions))"
        emit(.info) {
            var line = "→ \(target)\(headerList(request.headers, auth: request.authOptions))"
            if let body = request.body { line += " \(body.count) bytes" }
            return line
        }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request)
            let elapsed = start.duration(to: clock.now)
            let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
            emit(response.status >= 400 ? .warning : .info) {
                "← \(response.status) \(target)\(headerList(response.headers, auth: request.authOptions)) \(response.body.count) bytes in \(milliseconds) ms"
            }
            return response
        } catch {
            emit(.error) { "✕ \(target) failed: \((error as? EndpointError)?.description ?? Redaction.describe(error))" }
            throw error
        }
    }

    private func emit(_ level: LogLevel, _ line: () -> String) {
        guard level >= minimumLevel else { return }
        sink(level, line())
    }

    /// ` [A: 1, B: <redacted>]`, sorted by name; empty without headers or when they are not logged.
    func headerList(_ headers: HTTPHeaders, auth: AuthOptions) -> String {
        guard includeHeaders, !headers.isEmpty else { return "" }
        let sorted = headers.fields.enumerated().sorted { first, second in
            let (a, b) = (first.element.name.lowercased(), second.element.name.lowercased())
            return a != b ? a < b : first.offset < second.offset
        }
        let shown = sorted.map { "\($0.element.name): \(Redaction.isSensitiveHeader($0.element.name, auth: auth) ? Redaction.mask : $0.element.value)" }
        return " [" + shown.joined(separator: ", ") + "]"
    }
}
