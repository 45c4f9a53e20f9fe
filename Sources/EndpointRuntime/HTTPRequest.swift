public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Something that can be turned into an ``HTTPRequest``: typically an enum of a service's endpoints.
///
/// ```swift
/// enum GitHub: HTTPRequestable {
///     case user(login: String)
///
///     func httpRequest() throws -> HTTPRequest {
///         switch self {
///         case let .user(login):
///             var components = URLComponents()
///             components.scheme = "https"
///             components.host = "api.github.com"
///             components.path = "/users/\(login)"
///             return HTTPRequest(method: .get, urlComponents: components,
///                                additionalHeaders: ["Accept": "application/vnd.github+json"])
///         }
///     }
/// }
/// ```
public protocol HTTPRequestable: Sendable {
    /// Builds the request. Throws when it cannot be built (for example a body fails to encode).
    func httpRequest() throws -> HTTPRequest
}

extension HTTPRequestable {
    /// The request converted to a `URLRequest`, for use with your own `URLSession` code.
    ///
    /// ```swift
    /// let (data, _) = try await URLSession.shared.data(for: GitHub.user(login: "octocat").urlRequest())
    /// ```
    ///
    /// Throws ``EndpointError/invalidRequest(reason:underlying:request:)`` (never traps) when the
    /// components do not form an absolute URL or a header name or value is not allowed.
    public func urlRequest() throws -> URLRequest { try httpRequest().makeURLRequest() }
}

/// A request as a value: what is sent (method, URL, headers, body, timeout), and the little that
/// middleware needs beside it (the base URL, the credentials it needs, the date format, the value it
/// was made from). What to expect back belongs to the ``Endpoint``, not to the request.
///
/// Build one with the result builder:
///
/// ```swift
/// let request = try HTTPRequest(.get, baseURL: "https://api.example.com/v1") {
///     Path("users", userID)
///     Query("expand", "teams")
///     Header("Accept", "application/json")
///     AuthOptions([.bearer])
/// }
/// ```
///
/// or from `URLComponents` (``init(method:urlComponents:additionalHeaders:body:timeout:)``).
public struct HTTPRequest: Sendable, Hashable, HTTPRequestable, CustomStringConvertible {
    /// The method.
    public var method: HTTPMethod
    /// The URL. The path and query are kept percent-encoded as they will be sent.
    public var urlComponents: URLComponents {
        get {
            guard let pendingURL else { return storedComponents }
            var components = storedComponents
            pendingURL.write(into: &components)
            return components
        }
        set {
            storedComponents = newValue
            pendingURL = nil
            componentsFromBaseURL = false
        }
    }
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: Data?
    /// Seconds to wait for the response; `nil` uses the transport's default.
    public var timeout: TimeInterval?

    /// The base URL the path was appended to. A client made with another base URL swaps this
    /// prefix for its own. Not sent.
    public var baseURL: String?
    /// Whether ``baseURL`` is a server of the endpoint's own (a spec's group or endpoint `baseURL`,
    /// such as an upload host) rather than the API's: a client made with another base URL leaves it
    /// alone, and only the client's `baseURLs` entry for it moves it. Not sent.
    public var hasOwnBaseURL: Bool
    /// The first scheme of ``authOptions`` (what ``AuthMiddleware`` asks its provider for); setting
    /// it replaces them all.
    var auth: AuthRequirement {
        get { authOptions.alternatives.first?.first ?? .none }
        set { authOptions = AuthOptions([newValue]) }
    }
    /// Which credentials the request may be sent with: one or more alternatives, optional or not,
    /// or none. ``AuthMiddleware`` supplies them: it picks the one it sends, and leaves the request
    /// saying only that one. Not sent.
    public var authOptions: AuthOptions
    /// How dates are written in the path, query and JSON body, and read from a JSON response.
    public var dateFormat: DateFormat
    /// The value the request was made from, such as a case of a generated API's `Call` enum
    /// (`StravaAPI.Call.athlete`): what middleware, stubs and logs match on. Not sent, and not
    /// part of equality.
    ///
    /// ```swift
    /// if case .athlete? = request.call as? StravaAPI.Call { ... }
    /// ```
    public var call: (any HTTPRequestable)?

    /// The URL without the path and query text appended by components still being applied.
    var storedComponents: URLComponents
    /// While ``apply(_:)`` runs: the path and query as components append to them, written into
    /// `storedComponents` once at the end. (Setting `percentEncodedPath` or `percentEncodedQuery`
    /// validates the whole string, so setting them once per component was most of a request's cost.)
    var pendingURL: PendingURL?
    /// Whether `storedComponents` were parsed from an absolute base URL (a scheme and a host) and
    /// changed since only by the request's own components (the path and query, through their
    /// validating setters), never set whole: see ``formsAbsoluteURL``. Not part of equality.
    var componentsFromBaseURL = false
    /// The text `URLComponents` writes for the base URL the components were parsed from, up to its
    /// path (`https://host:8080`; see `BaseURLCache.prefix(of:)`), while ``componentsFromBaseURL``:
    /// ``sentURL`` writes the URL from it. Not part of equality.
    var urlPrefix: String?

    /// Makes a request from URL components, the way hand-written endpoint enums do.
    ///
    /// ```swift
    /// HTTPRequest(method: .get, urlComponents: components, additionalHeaders: ["Accept": "application/json"])
    /// ```
    public init(method: HTTPMethod = .get, urlComponents: URLComponents, additionalHeaders: HTTPHeaders = [:],
                body: Data? = nil, timeout: TimeInterval? = nil) {
        self.method = method
        self.storedComponents = urlComponents
        self.pendingURL = nil
        self.headers = additionalHeaders
        self.body = body
        self.timeout = timeout
        self.baseURL = nil
        self.hasOwnBaseURL = false
        self.authOptions = AuthOptions([])
        self.dateFormat = .iso8601
        self.call = nil
    }

    /// Makes a request against `baseURL` from components listed in a ``RequestBuilder`` block.
    ///
    /// Components apply in order; a later header of the same name replaces an earlier one.
    /// Throws ``EndpointError/invalidRequest(reason:underlying:request:)`` when `baseURL` is not an
    /// absolute URL or a component fails (a body that cannot be encoded, a header with a line break).
    ///
    /// ```swift
    /// let request = try HTTPRequest(.post, baseURL: "https://api.example.com") {
    ///     Path("notes")
    ///     JSONBody(Note(text: "hi"))
    ///     Timeout(10)
    /// }
    /// ```
    public init(_ method: HTTPMethod, baseURL: String, dateFormat: DateFormat = .iso8601,
                @RequestBuilder _ build: () throws -> [any RequestComponent]) throws {
        try self.init(method, baseURL: baseURL, headers: [:], auth: AuthOptions([]), dateFormat: dateFormat, build)
    }

    /// A request against `baseURL` that starts with `headers` and `auth`, then applies `build`'s
    /// components (which may replace or remove them). ``APIDefaults/request(_:baseURL:_:)`` calls it.
    init(_ method: HTTPMethod, baseURL: String, headers: HTTPHeaders, auth: AuthOptions, dateFormat: DateFormat,
         _ build: () throws -> [any RequestComponent]) throws {
        guard let (components, prefix) = BaseURLCache.shared.entry(for: baseURL) else {
            throw EndpointError.invalidRequest(reason: "The base URL \"\(baseURL)\" is not an absolute URL with a scheme and host.",
                                               underlying: nil, request: nil)
        }
        self.init(method: method, urlComponents: components, additionalHeaders: headers)
        self.componentsFromBaseURL = true
        self.urlPrefix = prefix
        self.baseURL = baseURL
        self.authOptions = auth
        self.dateFormat = dateFormat
        let list: [any RequestComponent]
        do {
            list = try build()
        } catch let error as EndpointError {
            throw error.attaching(self)
        } catch {
            throw EndpointError.invalidRequest(reason: "The request's components could not be made: \(error)", underlying: error, request: self)
        }
        try apply(list)
    }

    /// Applies components in order, wrapping a failure in ``EndpointError``.
    mutating func apply(_ components: [any RequestComponent]) throws {
        // The outermost call collects appended path and query text and writes it once.
        let collects = pendingURL == nil
        if collects { pendingURL = PendingURL(storedComponents) }
        for component in components {
            do {
                try component.apply(to: &self)
            } catch {
                // The error carries the request as far as it got, its path and query included.
                if collects { writePendingURL() }
                if let error = error as? EndpointError { throw error.attaching(self) }
                throw EndpointError.invalidRequest(reason: "\(type(of: component)) could not be applied: \(error)",
                                                   underlying: error, request: self)
            }
        }
        if collects { writePendingURL() }
    }

    private mutating func writePendingURL() {
        guard let pending = pendingURL else { return }
        pendingURL = nil
        pending.write(into: &storedComponents)
    }

    /// Returns the request itself, so a request can be sent wherever an ``HTTPRequestable`` is expected.
    public func httpRequest() throws -> HTTPRequest { self }

    /// The URL, or `nil` when the components do not form one.
    public var url: URL? { sentURL }

    /// `urlComponents.url`. Components parsed from a base URL and changed only in their path and
    /// query are the text `URLComponents` writes for the base URL up to its path (``urlPrefix``),
    /// the path, and `?` and the query if there is one: written so, the URL is parsed from it
    /// without `URLComponents` putting the text together again (about 4,000 instructions of a GET
    /// request's 36,000). Tests check both give the same URL.
    var sentURL: URL? {
        if componentsFromBaseURL, pendingURL == nil, let urlPrefix {
            let path = storedComponents.percentEncodedPath
            // With a host, URLComponents forms a URL only from an empty path or one starting with `/`.
            if path.isEmpty || path.utf8.first == UInt8(ascii: "/") {
                let query = storedComponents.percentEncodedQuery
                var text = ""
                text.reserveCapacity(urlPrefix.utf8.count + path.utf8.count + 1 + (query?.utf8.count ?? 0))
                text += urlPrefix
                text += path
                if let query {
                    text += "?"
                    text += query
                }
                return URL(string: text)
            }
        }
        return urlComponents.url
    }

    /// Whether the URL components form an absolute URL: a scheme, and a URL string at all (what
    /// `URLSession` needs). Components parsed from a base URL have a scheme and a host, and
    /// `URLComponents` then forms a string whenever the path is empty or starts with `/`: known
    /// without making the string, which was about 4% of a request sent to an in-process handler.
    /// Any other components are checked by making it.
    var formsAbsoluteURL: Bool {
        if componentsFromBaseURL, pendingURL == nil {
            let path = storedComponents.percentEncodedPath.utf8
            if path.isEmpty || path.first == UInt8(ascii: "/") { return true }
        }
        let components = urlComponents
        guard let scheme = components.scheme, !scheme.isEmpty else { return false }
        return components.string != nil
    }

    /// Converts to a `URLRequest` (``HTTPRequestable/urlRequest()``).
    func makeURLRequest() throws -> URLRequest {
        guard let url = sentURL, let scheme = url.scheme, !scheme.isEmpty else {
            throw EndpointError.invalidRequest(reason: "The URL components do not form an absolute URL.", underlying: nil, request: self)
        }
        do {
            try headers.validate()
        } catch let error as EndpointError {
            throw error.attaching(self)
        }
        var request = URLRequest(url: url)
        // A URLRequest starts as GET; setting the method compares it without case against six names
        // (about 4,000 instructions of a 50,000-instruction request), to the same result for GET.
        if method.rawValue != "GET" { request.httpMethod = method.rawValue }
        headers.set(on: &request)
        request.httpBody = body
        if let timeout { request.timeoutInterval = timeout }
        return request
    }

    /// Equal when they send the same thing to the same place with the same needs; ``call`` is not compared.
    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.urlComponents == rhs.urlComponents && lhs.headers == rhs.headers
            && lhs.body == rhs.body && lhs.timeout == rhs.timeout && lhs.baseURL == rhs.baseURL
            && lhs.hasOwnBaseURL == rhs.hasOwnBaseURL && lhs.authOptions == rhs.authOptions && lhs.dateFormat == rhs.dateFormat
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(urlComponents)
        hasher.combine(headers)
        hasher.combine(body)
        hasher.combine(timeout)
        hasher.combine(baseURL)
        hasher.combine(hasOwnBaseURL)
        hasher.combine(authOptions)
        hasher.combine(dateFormat)
    }

    /// `GET https://host/path?query` with credentials in the query redacted.
    public var description: String {
        "\(method.rawValue) \(Redaction.redactedURL(urlComponents, auth: authOptions))"
    }
}

/// Which credentials a request needs. The ``AuthMiddleware`` reads it and adds them.
public enum AuthRequirement: Sendable, Hashable {
    /// No credentials.
    case none
    /// `Authorization: Bearer <token>`.
    case bearer
    /// `Authorization: Basic <base64(user:password)>`.
    case basic
    /// An API key sent in a header, query item or cookie of the given name.
    case apiKey(in: APIKeyLocation, name: String)
}

/// Where an API key goes.
public enum APIKeyLocation: String, Sendable, Hashable {
    /// In a header field.
    case header
    /// In a query item.
    case query
    /// In a cookie of the `Cookie` field, beside the request's other cookies.
    case cookie
}

/// The path and query of a request whose components are being applied, as percent-encoded bytes.
struct PendingURL: Sendable, Hashable {
    var path: [UInt8]
    var query: [UInt8]?
    var pathChanged = false
    var queryChanged = false

    /// Starts from the components' path and query, with room for what components usually append.
    init(_ components: URLComponents) {
        path = Self.bytes(components.percentEncodedPath, room: 64)
        query = components.percentEncodedQuery.map { Self.bytes($0, room: 128) }
    }

    private static func bytes(_ text: String, room: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + room)
        bytes.append(contentsOf: text.utf8)
        return bytes
    }

    func write(into components: inout URLComponents) {
        if pathChanged { components.percentEncodedPath = String(decoding: path, as: UTF8.self) }
        if queryChanged { components.percentEncodedQuery = query.map { String(decoding: $0, as: UTF8.self) } }
    }
}

/// Parsed base URLs. Generated endpoints pass the same few base URLs to every request, and parsing
/// one with `URLComponents(string:)` costs as much as the rest of building the request.
final class BaseURLCache: Sendable {
    static let shared = BaseURLCache()

    /// More distinct base URLs than this and the cache starts over (a program that makes base URLs
    /// on the fly must not grow it without bound).
    static let capacity = 32

    private let entries = Locked<Entries>(Entries())

    /// The parsed base URLs, and the one asked for last: an API asks for its own every time, and
    /// comparing with the last (the same string, compared by its storage first) skips hashing it.
    private struct Entries {
        var byURL: [String: (components: URLComponents, prefix: String?)] = [:]
        var last: (url: String, entry: (components: URLComponents, prefix: String?))?
    }

    /// The components of `baseURL`, or `nil` when it is not an absolute URL with a scheme and a host.
    func components(for baseURL: String) -> URLComponents? { entry(for: baseURL)?.components }

    /// The components of `baseURL` and its text up to the path (``HTTPRequest/urlPrefix``; `nil` when
    /// the components' text does not end with the path and query, as with a fragment), or `nil`
    /// when it is not an absolute URL with a scheme and a host.
    func entry(for baseURL: String) -> (components: URLComponents, prefix: String?)? {
        let cached = entries.withLock { entries -> (components: URLComponents, prefix: String?)? in
            if let last = entries.last, last.url == baseURL { return last.entry }
            guard let entry = entries.byURL[baseURL] else { return nil }
            entries.last = (baseURL, entry)
            return entry
        }
        if let cached { return cached }
        guard let components = URLComponents(string: baseURL), let scheme = components.scheme, !scheme.isEmpty,
              let host = components.host, !host.isEmpty
        else { return nil }
        let entry = (components: components, prefix: Self.prefix(of: components))
        entries.withLock { entries in
            if entries.byURL.count >= Self.capacity { entries.byURL.removeAll(keepingCapacity: true) }
            entries.byURL[baseURL] = entry
            entries.last = (baseURL, entry)
        }
        return entry
    }

    /// The components' text before the path: what remains when the path and `?query` are taken off
    /// the end; `nil` when they are not its end (a fragment follows) or the text is not made.
    ///
    /// Parsed components keep the text they were given, and write it again from their parts once one
    /// changes, as a request's path does: a port written `:0443` is then `:443`, an empty one `:`
    /// is left out. The prefix is kept only when both texts agree, so ``HTTPRequest/sentURL`` is the
    /// URL `urlComponents.url` gives.
    static func prefix(of components: URLComponents) -> String? {
        guard components.percentEncodedFragment == nil, let parsed = textBeforePath(components) else { return nil }
        var rewritten = components
        rewritten.percentEncodedPath = components.percentEncodedPath
        guard textBeforePath(rewritten) == parsed else { return nil }
        return parsed
    }

    private static func textBeforePath(_ components: URLComponents) -> String? {
        guard let text = components.string else { return nil }
        var end = components.percentEncodedPath
        if let query = components.percentEncodedQuery { end += "?" + query }
        let count = text.utf8.count - end.utf8.count
        guard count > 0, text.utf8.dropFirst(count).elementsEqual(end.utf8) else { return nil }
        return String(text.utf8.prefix(count))
    }

    /// How many base URLs are cached (for tests).
    var count: Int { entries.withLock { $0.byURL.count } }
}
