// The importer's view of naming: the generator's own conversions (so collisions found here are the
// ones the Validator would find), and the type names an imported model must not take.

enum ImportNaming {
    static func lowerCamel(_ key: String) -> String { Naming.lowerCamel(key) }
    static func upperCamel(_ key: String) -> String { Naming.upperCamel(key) }

    /// The built-in names of the type-string grammar.
    static let builtinTypes: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "UUID", "URL", "Data", "Void", "JSON",
    ]

    /// Names a model would shadow or be shadowed by: built-ins, Swift and Foundation types that
    /// generated code names, and the runtime's names used by generated code.
    static let reservedTypeNames: Set<String> = reservedGroupNames.union([
        "HTTPRequestable", "HTTPMethod", "HTTPHeaders", "HTTPRequest",
        "DateFormat", "RequestComponent", "RequestBuilder", "Path", "PathSegment", "Query", "QueryStyle", "Header",
        "Auth", "AuthRequirement", "JSONBody", "FormBody", "MultipartBody", "DataBody", "TextBody", "ErrorBody",
        "ErrorBodies", "StatusPattern", "ExpectedStatus", "Timeout", "Sample", "ParameterValue", "JSONValue",
        "Endpoint", "ResponseDecoder", "Typed",
    ])

    /// Names a group (a nested type of the API enum, holding only endpoints) must not take: the
    /// Swift and Foundation types generated code names unqualified, and the runtime's module and
    /// version marker. Runtime types (`Auth`, `Path`, `Endpoint`) are allowed: the generator
    /// qualifies a runtime name that a type of the file shadows (`EndpointRuntime.Auth`).
    static let reservedGroupNames: Set<String> = builtinTypes.union(Naming.reservedTypeNames).union([
        "Array", "Dictionary", "Optional", "Set", "Error", "AnyObject", "Never", "Result", "Character",
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Sendable", "Identifiable",
        "Foundation", "TimeInterval", "URLComponents", "URLRequest", "JSONDecoder", "JSONEncoder", "Decoder",
        "Encoder", "CodingKey", "CodingKeys", "Swift",
        "EndpointRuntime", "EndpointRuntimeVersion1", "Typed",
    ])
}
