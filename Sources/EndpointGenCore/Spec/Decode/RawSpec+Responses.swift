// Version 2's response keys as written: `response.headers`, `responses` and `pagination`.

/// One `response.headers` entry: `"X-RateLimit-Remaining": "Int?"`.
struct RawResponseHeader: Sendable {
    var key: RawKey
    /// The type string; nil when it is not a string (reported).
    var type: Located<String>?
}

/// `responses`: success status -> type string, or `{ "type", "headers" }`, in the file's order.
struct RawStatusResponses: Sendable {
    /// The `responses` key and its place.
    var key: RawKey
    /// `type` is nil when it is not a string (reported); the object form without `type` is `Void`.
    /// `headers`: the object form's response headers, nil without them.
    var entries: [(key: RawKey, type: Located<String>?, headers: [RawResponseHeader]?)]
}

/// `pagination`: its strings as written; the style decides which apply.
struct RawPagination: Sendable {
    let location: SourceLocation
    var style: Located<String>?
    var parameter: Located<String>?
    var next: Located<String>?
    var items: Located<String>?
    /// The keys given, for "does not apply to this style".
    var keys: [RawKey] = []
}
