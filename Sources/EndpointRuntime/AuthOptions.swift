/// Which credentials a request may be sent with: any one of several schemes, in order of
/// preference, and whether it may go without any. ``AuthMiddleware`` sends the first alternative
/// its provider has credentials for; with none, an optional request goes without credentials.
///
/// As a request component it sets ``HTTPRequest/authOptions``: one requirement, several, or optional
/// ones, replacing what the API's defaults say:
///
/// ```swift
/// try defaults.request(.get, [Path("me"), AuthOptions([.bearer])])
/// try defaults.request(.get, [Path("status"), AuthOptions([])])
/// try defaults.request(.post, [Path("payments"), AuthOptions([.basic, .apiKey(in: .header, name: "X-API-Key")])])
/// try defaults.request(.get, [Path("guilds", id), AuthOptions([.bearer], optional: true)])
/// ```
public struct AuthOptions: RequestComponent, Sendable, Hashable {
    /// The schemes the request can be sent with, most preferred first. Empty: no credentials.
    var alternatives: [AuthRequirement]
    /// Whether the request may be sent without credentials when the client has none for any
    /// alternative (OpenAPI's `security: [{}, {bot: []}]`). Always `false` without alternatives.
    public var isOptional: Bool

    /// `alternatives` in order, without repeats: one requirement (`AuthOptions([.bearer])`), several,
    /// or none (`AuthOptions([])`, no credentials). A `.none` among others makes the credentials
    /// optional, as `optional: true` does (OpenAPI's empty requirement `{}`).
    public init(_ alternatives: [AuthRequirement], optional: Bool = false) {
        var schemes: [AuthRequirement] = []
        for requirement in alternatives where requirement != .none && !schemes.contains(requirement) {
            schemes.append(requirement)
        }
        self.alternatives = schemes
        self.isOptional = !schemes.isEmpty && (optional || alternatives.contains(.none))
    }

    /// Sets ``HTTPRequest/authOptions``.
    public func apply(to request: inout HTTPRequest) throws { request.authOptions = self }
}
