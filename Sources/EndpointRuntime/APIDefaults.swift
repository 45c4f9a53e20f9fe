import Foundation

/// What every endpoint of an API shares, written once: the base URL, the headers and credentials
/// every request carries, how dates are written and read, and the error bodies any response may
/// carry. A generated API exposes its own as `<API>.defaults`; an endpoint states only what differs.
///
/// ```swift
/// let defaults = APIDefaults(baseURL: "https://api.example.com/v1",
///                            headers: ["Accept": "application/json"],
///                            auth: AuthOptions([.bearer]),
///                            errors: [.range(4): Problem.self])
/// let request = try defaults.request(.get, [Path("users", 42)])
/// let user: Endpoint<User> = defaults.endpoint(request, decoder: .json)
/// ```
public struct APIDefaults: Sendable {
    /// The base URL endpoint paths are appended to, keeping its own path. A client made with
    /// another base URL sends there instead.
    public var baseURL: String
    /// Headers every request starts with; an endpoint's own headers replace or remove them.
    public var headers: HTTPHeaders
    /// The credentials every request may be sent with unless the endpoint says otherwise: one
    /// requirement, or several alternatives, optional or not (see ``AuthMiddleware``).
    public var auth: AuthOptions
    /// How dates are written in paths, queries and JSON bodies, and read from JSON responses.
    public var dateFormat: DateFormat
    /// Error bodies every endpoint may answer with; an endpoint's own replace these for the same status.
    public var errors: ErrorBodies

    /// The shared parts of an API's endpoints. `auth` is one requirement (`AuthOptions([.bearer])`),
    /// or several alternatives, optional or not:
    /// `APIDefaults(baseURL: url, auth: AuthOptions([.basic, .apiKey(in: .header, name: "X-API-Key")]))`.
    public init(baseURL: String, headers: HTTPHeaders = [:], auth: AuthOptions = AuthOptions([]),
                dateFormat: DateFormat = .iso8601, errors: ErrorBodies = [:]) {
        self.baseURL = baseURL
        self.headers = headers
        self.auth = auth
        self.dateFormat = dateFormat
        self.errors = errors
    }

    /// A request to `baseURL` with the shared headers and auth, then `components` in order, which
    /// may replace them (`Header`, `AuthOptions([])`) or remove a header (`Header.remove`).
    /// A list rather than a builder closure: a list literal is quicker for the compiler to check
    /// and build, and generated code writes one per endpoint.
    ///
    /// Throws ``EndpointError/invalidRequest(reason:underlying:request:)`` as
    /// ``HTTPRequest/init(_:baseURL:dateFormat:_:)`` does.
    ///
    /// An endpoint with a server of its own (an upload host) passes it as `baseURL`. Unless it is
    /// the API's own, the request keeps it when a client is made with another base URL
    /// (``HTTPRequest/hasOwnBaseURL``): only a client's `baseURLs` entry for it moves it.
    ///
    /// ```swift
    /// let request = try defaults.request(.get, [Path("users", 42), Query("fields", "name")])
    /// let upload = try defaults.request(.post, baseURL: "https://upload.box.com/api/2.0", [Path("files", "content")])
    /// ```
    public func request(_ method: HTTPMethod, baseURL: String? = nil, _ components: [any RequestComponent]) throws -> HTTPRequest {
        var request = try HTTPRequest(method, baseURL: baseURL ?? self.baseURL, headers: headers, auth: auth,
                                      dateFormat: dateFormat) { components }
        if let baseURL { request.hasOwnBaseURL = baseURL != self.baseURL }
        return request
    }

    /// A typed endpoint of this API: `call` builds the request; a response is a success when its
    /// status is one of `statuses` (any 2xx when empty), and an error response whose status
    /// matches the shared error bodies or `errors` (which win) is thrown as ``ErrorResponse``.
    /// A paginated endpoint states its `pagination`.
    public func endpoint<Response>(_ call: some HTTPRequestable, decoder: ResponseDecoder<Response>,
                                   statuses: Set<Int> = [], errors: ErrorBodies = [:],
                                   pagination: Pagination? = nil) -> Endpoint<Response> {
        Endpoint(call, decoder: decoder, statuses: statuses, errors: self.errors.merging(errors), pagination: pagination)
    }

    /// A typed endpoint whose response is JSON, read with the API's date format: the common case,
    /// `defaults.endpoint(call, decoder: .json)` without the decoder.
    ///
    /// ```swift
    /// static func user(id: Int) -> Endpoint<User> { defaults.endpoint(Call.user(id: id)) }
    /// ```
    public func endpoint<Response: Decodable & Sendable>(_ call: some HTTPRequestable, statuses: Set<Int> = [],
                                                         errors: ErrorBodies = [:],
                                                         pagination: Pagination? = nil) -> Endpoint<Response> {
        endpoint(call, decoder: .json, statuses: statuses, errors: errors, pagination: pagination)
    }
}
