// Rules of version 2's response keys that the checker, the resolver and the translator share.

extension Validation {
    /// The header types a response header may have: single values that parse from header text.
    static let responseHeaderTypes: [TypeRef.Builtin] = [.string, .int, .int32, .int64, .double, .float, .bool, .date, .uuid, .url]

    /// The types generated for an endpoint's responses: `GetRepoHeaders` for declared headers,
    /// `ListThingsResponse` for `responses` of different types.
    static func generatedTypeNames(key: String, hasHeaders: Bool, alternatives: [StatusResponse], hasErrorHeaders: Bool = false) -> [String] {
        var names: [String] = []
        if hasHeaders { names.append(headersTypeName(key)) }
        if hasErrorHeaders { names.append(errorHeadersTypeName(key)) }
        if !alternatives.isEmpty, Response.Shape(alternatives: alternatives) == .cases { names.append(responseTypeName(key)) }
        return names
    }

    static func generatedTypeNames(for endpoint: Endpoint) -> [String] {
        generatedTypeNames(key: endpoint.key, hasHeaders: !endpoint.response.headers.isEmpty, alternatives: endpoint.response.alternatives,
                           hasErrorHeaders: !endpoint.errorHeaders.isEmpty)
    }

    static func headersTypeName(_ key: String) -> String { Naming.upperCamel(key) + "Headers" }
    /// The struct of the headers an endpoint's error responses declare.
    static func errorHeadersTypeName(_ key: String) -> String { Naming.upperCamel(key) + "ErrorHeaders" }
    static func responseTypeName(_ key: String) -> String { Naming.upperCamel(key) + "Response" }
    static func headersTypeName(_ endpoint: Endpoint) -> String { headersTypeName(endpoint.key) }
    static func responseTypeName(_ endpoint: Endpoint) -> String { responseTypeName(endpoint.key) }
}
