// The names of the types generated for an endpoint's responses, made from its spec key. A naming
// rule that two stages read: the checker (for collisions) and, through the resolved `Endpoint`, the
// translator (for declarations and references).
extension Naming {
    /// `<Endpoint>Headers`: the struct of the headers its success response declares.
    static func headersTypeName(_ endpointKey: String) -> String { upperCamel(endpointKey) + "Headers" }
    /// `<Endpoint>ErrorHeaders`: the struct of the headers its error responses declare.
    static func errorHeadersTypeName(_ endpointKey: String) -> String { upperCamel(endpointKey) + "ErrorHeaders" }
    /// `<Endpoint>Response`: the enum of `responses` whose statuses have bodies of different types.
    static func responseTypeName(_ endpointKey: String) -> String { upperCamel(endpointKey) + "Response" }
}
