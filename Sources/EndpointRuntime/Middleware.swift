public import Foundation

/// Sees every request on its way out and every response on its way back, and can change, retry
/// or fail them.
///
/// ```swift
/// struct RequestID: HTTPMiddleware {
///     func intercept(_ request: HTTPRequest, next: HTTPMiddlewareNext) async throws -> HTTPResponse {
///         var request = request
///         request.headers["X-Request-ID"] = UUID().uuidString
///         return try await next(request)
///     }
/// }
/// ```
public protocol HTTPMiddleware: Sendable {
    /// Handles `request`, usually by calling `next` (the rest of the chain and the transport) zero
    /// or more times. For a streamed response (``ResponseStream``) `next` returns the response head:
    /// status and headers, with an empty body; calling `next` again cancels the earlier stream.
    func intercept(_ request: HTTPRequest, next: HTTPMiddlewareNext) async throws -> HTTPResponse
}

/// The rest of a middleware chain: the following middleware, then the transport.
public typealias HTTPMiddlewareNext = @Sendable (HTTPRequest) async throws -> HTTPResponse

/// Middleware from a closure.
///
/// ```swift
/// let stamp = ClosureMiddleware { request, next in
///     var request = request
///     request.headers["X-Client"] = "docs"
///     return try await next(request)
/// }
/// ```
public struct ClosureMiddleware: HTTPMiddleware {
    let body: @Sendable (HTTPRequest, HTTPMiddlewareNext) async throws -> HTTPResponse

    /// Middleware that runs `body`.
    public init(_ body: @escaping @Sendable (HTTPRequest, HTTPMiddlewareNext) async throws -> HTTPResponse) { self.body = body }

    /// Runs the closure.
    public func intercept(_ request: HTTPRequest, next: HTTPMiddlewareNext) async throws -> HTTPResponse {
        try await body(request, next)
    }
}

// MARK: - Auth

/// Credentials for ``AuthMiddleware``.
public enum Credentials: Sendable, Hashable, CustomStringConvertible {
    /// A bearer token.
    case bearer(String)
    /// A user name and password for Basic authentication.
    case basic(username: String, password: String)
    /// An API key, sent where the request's ``AuthRequirement/apiKey(in:name:)`` says.
    case apiKey(String)

    /// The kind of credential, never the secret.
    public var description: String {
        switch self {
        case .bearer: return "bearer(<redacted>)"
        case let .basic(username, _): return "basic(username: \(username), password: <redacted>)"
        case .apiKey: return "apiKey(<redacted>)"
        }
    }

    /// The value of an `Authorization` header with these credentials: `Bearer <token>`,
    /// `Basic <base64(username:password)>`, or the API key as it is.
    var authorizationValue: String {
        switch self {
        case let .bearer(token): return "Bearer \(token)"
        case let .basic(username, password): return "Basic \(Data("\(username):\(password)".utf8).base64EncodedString())"
        case let .apiKey(key): return key
        }
    }

    /// Whether these are the credentials `requirement` asks for.
    func fits(_ requirement: AuthRequirement) -> Bool {
        switch (requirement, self) {
        case (.bearer, .bearer), (.basic, .basic), (.apiKey, .apiKey): return true
        default: return false
        }
    }
}

/// Adds credentials to requests that need them (per ``HTTPRequest/authOptions``), from an async
/// provider. On a 401 it asks the provider to refresh once and replays the request.
///
/// A request with several alternatives (OpenAPI's `security: [{a: []}, {b: []}]`) is sent with the
/// first one the provider has credentials for: the provider is asked for each in order until it
/// returns credentials of that kind. An alternative of several schemes sent together (`security:
/// [{id: [], secret: []}]`, ``AuthOptions/init(alternatives:optional:)``) is sent when the provider
/// has credentials for each of them, asked scheme by scheme (two API keys are told apart by their
/// names), and all of them are added. A request whose credentials are optional
/// (``AuthOptions/isOptional``) goes without any when the provider has none; one whose credentials
/// are required is sent without them as well, and the server's 401 says so (or the provider's
/// credentials of the wrong kind throw). The request passed on says only the requirement it carries
/// (``HTTPRequest/authOptions``), so later middleware and error descriptions redact the right names.
///
/// ```swift
/// let auth = AuthMiddleware { requirement, refresh in
///     switch requirement {
///     case .bearer: return .bearer(try await tokens.current(forceRefresh: refresh))
///     case .basic: return .basic(username: "ada", password: try keychain.password())
///     case .apiKey: return .apiKey(apiKey)
///     case .none: return nil
///     }
/// }
/// ```
public struct AuthMiddleware: HTTPMiddleware {
    let provider: @Sendable (_ requirement: AuthRequirement, _ refresh: Bool) async throws -> Credentials?

    /// Middleware that asks `provider` for credentials: it returns the credentials for a
    /// requirement; `refresh` is `true` after a 401, asking for new ones. Returning `nil` says the
    /// client has none for it: the next alternative is asked, and without one the request is sent
    /// without credentials.
    public init(_ provider: @escaping @Sendable (_ requirement: AuthRequirement, _ refresh: Bool) async throws -> Credentials?) {
        self.provider = provider
    }

    /// Middleware with fixed credentials (no refresh). A request with several alternatives is sent
    /// with the one these credentials are for.
    public init(credentials: Credentials) { self.provider = { _, _ in credentials } }

    /// Adds credentials, and on a 401 refreshes them once and replays.
    public func intercept(_ request: HTTPRequest, next: HTTPMiddlewareNext) async throws -> HTTPResponse {
        guard !request.authOptions.alternatives.isEmpty else { return try await next(request) }
        let first = try await authenticated(request, refresh: false)
        let response = try await next(first ?? request)
        guard response.status == 401 else { return response }
        let fresh = try await authenticated(request, refresh: true)
        // Optional credentials the provider still has none for: the 401 is the answer.
        if fresh == nil, first == nil, request.authOptions.isOptional { return response }
        return try await next(fresh ?? request)
    }

    /// `request` with the credentials of the first alternative the provider has them all for,
    /// saying only that alternative; nil when it has none for any. Credentials of the wrong kind for
    /// every alternative throw, unless the request may go without.
    private func authenticated(_ request: HTTPRequest, refresh: Bool) async throws -> HTTPRequest? {
        var mismatch: EndpointError?
        alternatives: for alternative in request.authOptions.alternatives {
            var found: [(AuthRequirement, Credentials)] = []
            for requirement in alternative {
                var single = request
                single.auth = requirement
                guard let credentials = try await credentials(for: single, refresh: refresh) else { continue alternatives }
                guard credentials.fits(requirement) else {
                    if mismatch == nil { mismatch = AuthMiddleware.mismatch(credentials, single) }
                    continue alternatives
                }
                found.append((requirement, credentials))
            }
            // Two schemes writing one header (bearer and basic both write `Authorization`) or one query
            // item: the second would replace the first, and the request would go with half its credentials.
            if let clash = AuthMiddleware.sharedSlot(alternative) {
                throw EndpointError.invalidRequest(reason: "The credentials \(clash.0) and \(clash.1) are sent together in the same place; the second would replace the first.",
                                                   underlying: nil, request: request)
            }
            var authenticated = request
            for (requirement, credentials) in found {
                authenticated.auth = requirement
                authenticated = try AuthMiddleware.apply(credentials, to: authenticated)
            }
            authenticated.authOptions = AuthOptions(alternatives: [alternative])
            return authenticated
        }
        if let mismatch, !request.authOptions.isOptional { throw mismatch }
        return nil
    }

    private func credentials(for request: HTTPRequest, refresh: Bool) async throws -> Credentials? {
        do {
            return try await provider(request.auth, refresh)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw EndpointError.invalidRequest(reason: "The credentials provider failed: \(error)", underlying: error, request: request)
        }
    }

    /// Returns `request` with `credentials` added as the one requirement it carries requires.
    static func apply(_ credentials: Credentials?, to request: HTTPRequest) throws -> HTTPRequest {
        guard let credentials else { return request }
        var request = request
        switch (request.auth, credentials) {
        case (.none, _):
            break
        case (.bearer, .bearer), (.basic, .basic):
            request.headers.replace("Authorization", with: credentials.authorizationValue)
        case let (.apiKey(.header, name), .apiKey(key)):
            request.headers.replace(name, with: key)
        case let (.apiKey(.query, name), .apiKey(key)):
            let encodedName = PercentEncoding.encode(name)
            var items = (request.urlComponents.percentEncodedQueryItems ?? []).filter { $0.name != encodedName }
            items.append(URLQueryItem(name: encodedName, value: PercentEncoding.encode(key)))
            request.urlComponents.percentEncodedQueryItems = items
        case let (.apiKey(.cookie, name), .apiKey(key)):
            try Cookie.replace(name, with: key, in: &request)
        default:
            throw mismatch(credentials, request)
        }
        try request.headers.validate()
        return request
    }

    /// Two schemes of `alternative` that put their credentials in the same header (names compared
    /// without case; bearer and basic both in `Authorization`), query item or cookie, if any.
    static func sharedSlot(_ alternative: [AuthRequirement]) -> (AuthRequirement, AuthRequirement)? {
        guard alternative.count > 1 else { return nil }
        func slot(_ requirement: AuthRequirement) -> String? {
            switch requirement {
            case .none: return nil
            case .bearer, .basic: return "header authorization"
            case let .apiKey(.header, name): return "header " + name.lowercased()
            case let .apiKey(.query, name): return "query " + name
            case let .apiKey(.cookie, name): return "cookie " + name
            }
        }
        var seen: [String: AuthRequirement] = [:]
        for requirement in alternative {
            guard let key = slot(requirement) else { continue }
            if let first = seen[key] { return (first, requirement) }
            seen[key] = requirement
        }
        return nil
    }

    private static func mismatch(_ credentials: Credentials, _ request: HTTPRequest) -> EndpointError {
        .invalidRequest(reason: "The request needs \(request.auth) credentials but the provider gave \(credentials).", underlying: nil,
                        request: request)
    }
}

// MARK: - Retry

/// Retries failed requests with exponential backoff.
///
/// Idempotent requests (GET, HEAD, OPTIONS, PUT, DELETE, or any request with an `Idempotency-Key`
/// header) are retried after a connection failure or a status in `retryableStatuses`. Other
/// requests are retried only for 429 and 503, where the server says it did not do the work.
/// A `Retry-After` header (seconds or an HTTP date) sets the wait; one longer than `maxDelay`
/// is not waited for and the response is returned.
///
/// ```swift
/// RetryMiddleware(maxAttempts: 4, baseDelay: 0.2)
/// ```
public struct RetryMiddleware: HTTPMiddleware {
    /// Attempts in all, the first included.
    var maxAttempts: Int
    /// The wait before the first retry, in seconds; it doubles each time (with jitter).
    var baseDelay: TimeInterval
    /// The longest wait, in seconds.
    var maxDelay: TimeInterval
    /// Statuses worth retrying.
    var retryableStatuses: Set<Int>

    /// A retry policy.
    public init(maxAttempts: Int = 3, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 30,
                retryableStatuses: Set<Int> = [408, 429, 502, 503, 504]) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatuses = retryableStatuses
    }

    /// Sends, retrying as described above.
    public func intercept(_ request: HTTPRequest, next: HTTPMiddlewareNext) async throws -> HTTPResponse {
        let idempotent = request.method.isIdempotent || request.headers.contains("Idempotency-Key")
        var attempt = 1
        while true {
            let delay: TimeInterval
            do {
                let response = try await next(request)
                guard attempt < maxAttempts, retryableStatuses.contains(response.status),
                      idempotent || response.status == 429 || response.status == 503 else { return response }
                if let after = RetryMiddleware.retryAfter(response.headers["Retry-After"]) {
                    guard after <= maxDelay else { return response }
                    delay = after
                } else {
                    delay = backoff(attempt)
                }
            } catch {
                guard attempt < maxAttempts, idempotent, RetryMiddleware.isRetryable(error) else { throw error }
                delay = backoff(attempt)
            }
            try await Task.sleep(nanoseconds: UInt64(max(0, delay) * 1_000_000_000))
            attempt += 1
        }
    }

    func backoff(_ attempt: Int) -> TimeInterval {
        let exponential = baseDelay * pow(2, Double(attempt - 1))
        return min(maxDelay, exponential * Double.random(in: 0.5...1.0))
    }

    static func isRetryable(_ error: any Error) -> Bool {
        guard let error = error as? URLError else { return false }
        switch error.code {
        case .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed, .cannotFindHost:
            return true
        default:
            return false
        }
    }

    /// Seconds to wait from a `Retry-After` value: delay-seconds or an HTTP date.
    static func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = TimeInterval(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
