/// Every key the Validator accepts, per object kind: one list used both by the Validator (unknown
/// keys, "did you mean") and by the test that checks specs/endpoint-spec.schema.json against it.
enum SpecKeys {
    static let topLevel = names(.schema, .formatVersion, .name, .description, .baseURL, .headers, .auth, .dateFormat, .errors, .endpoints,
                                .groups, .models)
    static let group = names(.description, .path, .baseURL, .headers, .auth, .errors, .endpoints, .groups)
    static let endpoint = names(.description, .method, .path, .baseURL, .deprecated, .parameters, .headers, .auth, .body, .response, .errors,
                                .timeout, .sample, .responses, .pagination)
    static let parameter = names(.type, .in, .name, .description, .default, .style, .explode)
    static let body = names(.type, .encoding, .contentType)
    static let response = names(.type, .status, .contentType, .stream, .end, .headers)
    /// One status of `responses` in the object form.
    static let statusResponse = names(.type, .headers)
    /// One status of `errors` in the object form.
    static let errorResponse = names(.type, .headers)
    static let pagination = names(.style, .parameter, .next, .items)
    static let paginationStyles = ["link", "cursor", "page"]
    static let auth = names(.type, .in, .name)
    static let objectModel = names(.description, .properties, .additionalProperties)
    static let enumModel = names(.description, .type, .enum)
    static let oneOfModel = names(.description, .oneOf, .discriminator)
    static let anyOfModel = names(.description, .anyOf)
    static let discriminator = names(.property, .mapping)
    static let enumTypes = ["String", "Int"]
    static let property = names(.type, .name, .description, .default, .contentType, .headers, .style, .explode)

    private static func names(_ keys: SpecKey...) -> [String] { keys.map(\.rawValue) }

    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
    static let authNames = ["none", "bearer", "basic", "apiKey"]
    static let parameterLocations = ["path", "query", "header", "cookie"]
    /// `style` of a parameter (and of a form body's property): OpenAPI's names and version 1's `comma`.
    static let styles = ["form", "comma"] + Parameter.Style.Name.allCases.map(\.rawValue).filter { $0 != "form" }
    static let encodings = Body.Encoding.allCases.map(\.rawValue)
    static let streams = Response.Stream.allCases.map(\.rawValue)
    static let dateFormats = DateFormat.allCases.map(\.rawValue)
}
