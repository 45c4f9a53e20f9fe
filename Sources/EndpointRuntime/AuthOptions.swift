/// Which credentials a request may be sent with: any one of several alternatives, in order of
/// preference, each one scheme or several sent together, and whether it may go without any.
/// ``AuthMiddleware`` sends the first alternative its provider has every credential for; with none,
/// an optional request goes without credentials.
///
/// As a request component it sets ``HTTPRequest/authOptions``: one requirement, several, or optional
/// ones, replacing what the API's defaults say:
///
/// ```swift
/// try defaults.request(.get, [Path("me"), AuthOptions([.bearer])])
/// try defaults.request(.get, [Path("status"), AuthOptions([])])
/// try defaults.request(.post, [Path("payments"), AuthOptions([.basic, .apiKey(in: .header, name: "X-API-Key")])])
/// try defaults.request(.get, [Path("guilds", id), AuthOptions([.bearer], optional: true)])
/// // A client ID and a secret, both in every request (OpenAPI's `security: [{id: [], secret: []}]`):
/// try defaults.request(.post, [Path("accounts"), AuthOptions(alternatives: [
///     [.apiKey(in: .header, name: "Client-ID"), .apiKey(in: .header, name: "Secret")],
/// ])])
/// ```
public struct AuthOptions: RequestComponent, Sendable, Hashable {
    /// The alternatives the request can be sent with, most preferred first; each the schemes sent
    /// together (usually one). Empty: no credentials.
    var alternatives: [[AuthRequirement]]
    /// Whether the request may be sent without credentials when the client has none for any
    /// alternative (OpenAPI's `security: [{}, {bot: []}]`). Always `false` without alternatives.
    public var isOptional: Bool

    /// `alternatives` in order, without repeats, each scheme an alternative of its own: one requirement
    /// (`AuthOptions([.bearer])`), several, or none (`AuthOptions([])`, no credentials). A `.none`
    /// among others makes the credentials optional, as `optional: true` does (OpenAPI's empty
    /// requirement `{}`).
    public init(_ alternatives: [AuthRequirement], optional: Bool = false) {
        self.init(alternatives: alternatives.map { [$0] }, optional: optional)
    }

    /// `alternatives` in order, each the schemes sent together: `[[.apiKey(in: .header, name: "Client-ID"),
    /// .apiKey(in: .header, name: "Secret")], [.bearer]]` sends both keys, or else a bearer token.
    /// Repeats are left out, of schemes within an alternative and of alternatives; an empty
    /// alternative, or `.none`, makes the credentials optional, as `optional: true` does.
    public init(alternatives: [[AuthRequirement]], optional: Bool = false) {
        var kept: [[AuthRequirement]] = []
        var empty = false
        for alternative in alternatives {
            var schemes: [AuthRequirement] = []
            for requirement in alternative where requirement != .none && !schemes.contains(requirement) {
                schemes.append(requirement)
            }
            if schemes.isEmpty {
                empty = true
            } else if !kept.contains(schemes) {
                kept.append(schemes)
            }
        }
        self.alternatives = kept
        self.isOptional = !kept.isEmpty && (optional || empty)
    }

    /// Every scheme of every alternative, each once: what a log or an error redacts.
    var schemes: [AuthRequirement] {
        var result: [AuthRequirement] = []
        for alternative in alternatives {
            for scheme in alternative where !result.contains(scheme) { result.append(scheme) }
        }
        return result
    }

    /// Sets ``HTTPRequest/authOptions``.
    public func apply(to request: inout HTTPRequest) throws { request.authOptions = self }
}
