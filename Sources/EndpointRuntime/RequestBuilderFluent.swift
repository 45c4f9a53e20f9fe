public import Foundation

/// Builds an ``HTTPRequest`` step by step. Defaults: `GET`, `https`.
///
/// ```swift
/// let request = try HTTPRequestBuilder(host: "api.example.com")
///     .method(.post)
///     .path("users", 42, "notes")
///     .query("draft", true)
///     .header("Accept", "application/json")
///     .jsonBody(Note(text: "hi"))
///     .build()
/// ```
///
/// The builder is itself ``HTTPRequestable``, so it can be sent as it is.
///
/// Deprecated: one of four ways to build a request, kept only so code written for 2.0.0 still
/// builds. Use the result builder, `HTTPRequest(.post, baseURL: "https://api.example.com") { Path("users", 42) }`,
/// or ``HTTPRequest/init(method:urlComponents:additionalHeaders:body:timeout:)``.
@available(*, deprecated, message: "use HTTPRequest(_:baseURL:) { ... } (the result builder) or HTTPRequest(method:urlComponents:additionalHeaders:)")
public struct HTTPRequestBuilder: HTTPRequestable {
    private var method: HTTPMethod = .get
    private let baseURL: String
    private var dateFormat: DateFormat = .iso8601
    private var components: [any RequestComponent] = []

    /// A builder for `scheme://host:port/basePath`.
    public init(host: String, scheme: String = "https", port: Int? = nil, basePath: String = "") {
        var text = "\(scheme)://\(host)"
        if let port { text += ":\(port)" }
        if !basePath.isEmpty { text += basePath.hasPrefix("/") ? basePath : "/" + basePath }
        self.baseURL = text
    }

    /// A builder whose paths are appended to `baseURL`.
    public init(baseURL: String) { self.baseURL = baseURL }

    /// Sets the method.
    public func method(_ method: HTTPMethod) -> Self { var copy = self; copy.method = method; return copy }
    /// Sets how dates are written.
    public func dateFormat(_ format: DateFormat) -> Self { var copy = self; copy.dateFormat = format; return copy }
    /// Adds any component.
    public func adding(_ component: some RequestComponent) -> Self { var copy = self; copy.components.append(component); return copy }
    /// Appends path segments, each encoded as one segment.
    public func path(_ segments: any ParameterValue...) -> Self {
        var copy = self
        copy.components.append(Path(segments: segments))
        return copy
    }
    /// Adds a query item (nothing when `nil`).
    public func query(_ name: String, _ value: (some ParameterValue)?) -> Self { adding(Query(name, value)) }
    /// Adds array query items.
    public func query(_ name: String, _ values: [some ParameterValue]?, style: ParameterStyle = .form) -> Self {
        adding(Query(name, values, style: style))
    }
    /// Sets a header (nothing when `nil`).
    public func header(_ name: String, _ value: (some ParameterValue)?) -> Self { adding(Header(name, value)) }
    /// Sets the auth requirement.
    public func auth(_ requirement: AuthRequirement) -> Self { adding(Auth(requirement)) }
    /// Sets the timeout.
    public func timeout(_ seconds: TimeInterval) -> Self { adding(Timeout(seconds)) }
    /// Removes a header.
    public func removingHeader(_ name: String) -> Self { adding(RemoveHeader(name)) }
    /// Sets a JSON body.
    public func jsonBody(_ value: some Encodable & Sendable) -> Self { adding(JSONBody(value)) }
    /// Sets a form body.
    public func formBody(_ value: some Encodable & Sendable) -> Self { adding(FormBody(value)) }
    /// Sets a multipart body.
    public func multipartBody(_ value: some Encodable & Sendable) -> Self { adding(MultipartBody(value)) }
    /// Sets a text body.
    public func textBody(_ text: String, contentType: String = "text/plain; charset=utf-8") -> Self {
        adding(TextBody(text, contentType: contentType))
    }
    /// Sets a raw body.
    public func dataBody(_ data: Data, contentType: String = "application/octet-stream") -> Self {
        adding(DataBody(data, contentType: contentType))
    }

    /// The request. Throws ``EndpointError`` as ``HTTPRequest/init(_:baseURL:dateFormat:_:)`` does.
    public func build() throws -> HTTPRequest {
        let components = self.components
        return try HTTPRequest(method, baseURL: baseURL, dateFormat: dateFormat) { components }
    }

    /// Same as ``build()``.
    public func httpRequest() throws -> HTTPRequest { try build() }
}

