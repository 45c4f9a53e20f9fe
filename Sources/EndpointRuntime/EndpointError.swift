public import Foundation

/// What the runtime throws when a request fails, other than an error body the endpoint declares
/// (that is an ``ErrorResponse`` of the declared type). Switch over it to tell the stages apart:
///
/// ```swift
/// do {
///     let athlete = try await client.send(StravaAPI.athlete)
/// } catch let error as ErrorResponse<StravaAPI.Fault> {
///     print(error.status, error.body.message)
/// } catch let error as EndpointError {
///     switch error {
///     case .invalidRequest(let reason, _, _): print("bug in the request: \(reason)")
///     case .transport(let underlying, _): print("offline? \(underlying)")
///     case .unacceptableStatus(let response): print(response.status, response.text.prefix(200))
///     case .decoding(let underlying, let response): print(underlying, response.text.prefix(200))
///     case .cancelled: break
///     }
/// }
/// ```
///
/// Descriptions never show credentials: `Authorization`, cookies and API keys are redacted.
public enum EndpointError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The request could not be built or converted: an invalid URL, a body that failed to encode,
    /// a header with a line break. `request` is the request as far as it was built, when known.
    case invalidRequest(reason: String, underlying: (any Error)?, request: HTTPRequest?)
    /// The transport failed: no connection, a timeout, TLS…
    case transport(underlying: any Error, request: HTTPRequest)
    /// The status was not a success, and the endpoint declares no error body for it (or the body
    /// did not decode as the declared type).
    case unacceptableStatus(response: HTTPResponse)
    /// The body of a successful response could not be decoded.
    case decoding(underlying: any Error, response: HTTPResponse)
    /// The task was cancelled before a response arrived.
    case cancelled(request: HTTPRequest?)

    /// The request the error came from, when known.
    public var request: HTTPRequest? {
        switch self {
        case let .invalidRequest(_, _, request): return request
        case let .transport(_, request): return request
        case let .unacceptableStatus(response): return response.request
        case let .decoding(_, response): return response.request
        case let .cancelled(request): return request
        }
    }

    /// The response, for ``unacceptableStatus(response:)`` and ``decoding(underlying:response:)``.
    public var response: HTTPResponse? {
        switch self {
        case let .unacceptableStatus(response), let .decoding(_, response): return response
        default: return nil
        }
    }

    /// The status code, when a response arrived.
    public var status: Int? { response?.status }

    /// The error underneath: the encoding, transport or decoding error.
    var underlyingError: (any Error)? {
        switch self {
        case let .invalidRequest(_, underlying, _): return underlying
        case let .transport(underlying, _): return underlying
        case .unacceptableStatus: return nil
        case let .decoding(underlying, _): return underlying
        case .cancelled: return CancellationError()
        }
    }

    /// A one-paragraph account of what went wrong, without credentials.
    public var description: String {
        switch self {
        case let .invalidRequest(reason, _, request):
            return "The request could not be built\(request.map { " (\($0))" } ?? ""): \(reason)"
        case let .transport(underlying, request):
            return "\(request) failed in transport: \(Redaction.describe(underlying))"
        case let .unacceptableStatus(response):
            var text = "\(response.request) returned status \(response.status)"
            if !response.body.isEmpty {
                text += "; body starts: \(Redaction.bodyPreview(response.body, request: response.request))"
            }
            return text
        case let .decoding(underlying, response):
            return "Decoding the response to \(response.request) (status \(response.status)) failed: "
                + Redaction.describeDecoding(underlying) + "; body starts: \(Redaction.bodyPreview(response.body, request: response.request))"
        case let .cancelled(request):
            return "\(request.map { "\($0)" } ?? "The request") was cancelled."
        }
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }

    /// Sets the request of an `invalidRequest` that has none.
    func attaching(_ request: HTTPRequest) -> EndpointError {
        if case let .invalidRequest(reason, underlying, nil) = self {
            return .invalidRequest(reason: reason, underlying: underlying, request: request)
        }
        return self
    }
}

/// What the runtime hides in descriptions and logs.
///
/// Header values of `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and names that
/// look like API keys or tokens are replaced by `<redacted>`, as are query items with such names and
/// the API-key item the request's ``AuthRequirement`` names.
enum Redaction {
    /// The text shown instead of a secret.
    static let mask = "<redacted>"

    static let sensitiveHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "apikey",
        "x-auth-token", "x-access-token", "x-csrf-token", "x-amz-security-token",
    ]

    static let sensitiveQueryNames: Set<String> = [
        "api_key", "apikey", "api-key", "key", "access_token", "token", "auth", "password", "secret",
        "client_secret", "refresh_token", "id_token", "signature", "sig",
    ]

    /// Whether a header of this name carries credentials.
    static func isSensitiveHeader(_ name: String, auth: AuthRequirement = .none) -> Bool {
        let lower = name.lowercased()
        if case let .apiKey(.header, keyName) = auth, keyName.lowercased() == lower { return true }
        return sensitiveHeaders.contains(lower) || lower.contains("token") || lower.contains("secret")
            || lower.hasSuffix("api-key") || lower.hasSuffix("apikey")
    }

    /// Whether a query item of this name carries credentials.
    static func isSensitiveQueryItem(_ name: String, auth: AuthRequirement = .none) -> Bool {
        let lower = (name.removingPercentEncoding ?? name).lowercased()
        if case let .apiKey(.query, keyName) = auth, keyName.lowercased() == lower { return true }
        return sensitiveQueryNames.contains(lower) || lower.contains("token") || lower.contains("secret")
    }

    /// Whether a header of this name carries credentials, for any of the alternatives.
    static func isSensitiveHeader(_ name: String, auth options: AuthOptions) -> Bool {
        options.schemes.contains { isSensitiveHeader(name, auth: $0) } || isSensitiveHeader(name)
    }

    /// Whether a query item of this name carries credentials, for any of the alternatives.
    static func isSensitiveQueryItem(_ name: String, auth options: AuthOptions) -> Bool {
        options.schemes.contains { isSensitiveQueryItem(name, auth: $0) } || isSensitiveQueryItem(name)
    }

    /// The URL as text with sensitive query values (shown as `<redacted>`) and any user or
    /// password replaced.
    static func redactedURL(_ components: URLComponents, auth: AuthRequirement = .none) -> String {
        redactedURL(components, auth: AuthOptions([auth]))
    }

    /// The URL as text with sensitive query values, for any of the alternatives, and any user or
    /// password replaced.
    static func redactedURL(_ components: URLComponents, auth: AuthOptions) -> String {
        var copy = components
        if copy.percentEncodedUser != nil { copy.percentEncodedUser = "redacted" }
        if copy.percentEncodedPassword != nil { copy.percentEncodedPassword = "redacted" }
        guard let items = copy.percentEncodedQueryItems else { return copy.string ?? "<invalid URL>" }
        // The mask is written after URLComponents, which would percent-encode its angle brackets.
        let fragment = copy.percentEncodedFragment
        copy.percentEncodedQuery = nil
        copy.percentEncodedFragment = nil
        guard var text = copy.string else { return "<invalid URL>" }
        let query = items.map { item -> String in
            guard let value = item.value else { return item.name }
            return "\(item.name)=\(isSensitiveQueryItem(item.name, auth: auth) ? mask : value)"
        }
        text += "?" + query.joined(separator: "&")
        if let fragment { text += "#" + fragment }
        return text
    }

    /// The headers as `Name: value` lines with secrets replaced.
    static func redactedHeaders(_ headers: HTTPHeaders, auth: AuthRequirement = .none) -> [String] {
        headers.fields.map { "\($0.name): \(isSensitiveHeader($0.name, auth: auth) ? mask : $0.value)" }
    }

    /// At most 300 characters of the body as text, with the request's own secrets and the values
    /// of JSON or form fields named like credentials (`"access_token": "…"`) replaced.
    static func bodyPreview(_ body: Data, request: HTTPRequest? = nil) -> String {
        if body.isEmpty { return "(empty)" }
        var text = String(decoding: body.prefix(4096), as: UTF8.self)
        if let request {
            for secret in secrets(of: request) where secret.count >= 4 {
                text = text.replacingOccurrences(of: secret, with: mask)
            }
        }
        text = scrubFields(text)
        let short = String(text.prefix(300))
        return String(reflecting: short) + (text.count > 300 || body.count > 4096 ? "…" : "")
    }

    /// The credential values a request carries: sensitive header values (and the token after an
    /// auth scheme) and sensitive query values, raw and percent-decoded.
    static func secrets(of request: HTTPRequest) -> [String] {
        var found: [String] = []
        for field in request.headers.fields where isSensitiveHeader(field.name, auth: request.authOptions) {
            found.append(field.value)
            if let space = field.value.firstIndex(of: " ") {
                found.append(String(field.value[field.value.index(after: space)...]))
            }
        }
        for item in request.urlComponents.percentEncodedQueryItems ?? [] where isSensitiveQueryItem(item.name, auth: request.authOptions) {
            if let value = item.value {
                found.append(value)
                if let decoded = value.removingPercentEncoding { found.append(decoded) }
            }
        }
        return found.sorted { $0.count > $1.count }
    }

    /// Replaces values of credential-named fields in JSON (`"token": "…"`) and form text (`token=…`).
    static func scrubFields(_ text: String) -> String {
        let names = "access_token|refresh_token|id_token|token|password|passwd|secret|client_secret|api_key|apikey|authorization|cookie"
        var result = text
        let patterns = [
            ("(\"(?:\(names))\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*\"", "$1\"\(mask)\""),
            ("((?:^|[?&])(?:\(names))=)[^&\\s\"]*", "$1\(mask)"),
        ]
        for (pattern, template) in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { continue }
            let range = NSRange(result.startIndex..., in: result)
            result = regex.stringByReplacingMatches(in: result, range: range, withTemplate: template)
        }
        return result
    }

    static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError { return "URLError \(urlError.code.rawValue): \(urlError.localizedDescription)" }
        return "\(error)"
    }

    /// "keyNotFound `id` at data[0]", naming the coding path.
    static func describeDecoding(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ keys: [any CodingKey]) -> String {
            if keys.isEmpty { return "the top level" }
            var text = ""
            for key in keys {
                if let index = key.intValue, key.stringValue == String(index) || key.stringValue.hasPrefix("Index") {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text
        }
        switch error {
        case let .typeMismatch(type, context):
            return "type mismatch at \(path(context.codingPath)): expected \(type). \(context.debugDescription)"
        case let .valueNotFound(type, context):
            return "missing value at \(path(context.codingPath)): expected \(type). \(context.debugDescription)"
        case let .keyNotFound(key, context):
            return "key \"\(key.stringValue)\" not found at \(path(context.codingPath)). \(context.debugDescription)"
        case let .dataCorrupted(context):
            return "invalid data at \(path(context.codingPath)). \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
