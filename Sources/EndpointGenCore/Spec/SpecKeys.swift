/// Every key the Validator accepts, per object kind: one list used both by the Validator (unknown
/// keys, "did you mean") and by the test that checks specs/endpoint-spec.schema.json against it.
enum SpecKeys {
    /// `$schema` is an extension: it lets an editor find the JSON Schema; the generator ignores it.
    static let topLevel = ["$schema", "formatVersion", "name", "description", "baseURL", "headers", "auth", "dateFormat", "errors", "endpoints", "groups", "models"]
    static let group = ["description", "path", "baseURL", "headers", "auth", "errors", "endpoints", "groups"]
    static let endpoint = ["description", "method", "path", "baseURL", "deprecated", "parameters", "headers", "auth", "body", "response", "errors", "timeout", "sample", "responses", "pagination"]
    static let parameter = ["type", "in", "name", "description", "default", "style", "explode"]
    static let body = ["type", "encoding", "contentType"]
    static let response = ["type", "status", "contentType", "stream", "end", "headers"]
    /// One status of `responses` in the object form.
    static let statusResponse = ["type", "headers"]
    /// One status of `errors` in the object form.
    static let errorResponse = ["type", "headers"]
    static let pagination = ["style", "parameter", "next", "items"]
    static let paginationStyles = ["link", "cursor", "page"]
    static let auth = ["type", "in", "name"]
    static let objectModel = ["description", "properties", "additionalProperties"]
    static let enumModel = ["description", "type", "enum"]
    static let oneOfModel = ["description", "oneOf", "discriminator"]
    static let anyOfModel = ["description", "anyOf"]
    static let discriminator = ["property", "mapping"]
    static let enumTypes = ["String", "Int"]
    static let property = ["type", "description", "default", "contentType", "headers", "style", "explode"]

    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
    static let authNames = ["none", "bearer", "basic", "apiKey"]
    static let parameterLocations = ["path", "query", "header"]
    /// `style` of a parameter (and of a form body's property): OpenAPI's names and version 1's `comma`.
    static let styles = ["form", "comma"] + Parameter.Style.Name.allCases.map(\.rawValue).filter { $0 != "form" }
    static let encodings = Body.Encoding.allCases.map(\.rawValue)
    static let streams = Response.Stream.allCases.map(\.rawValue)
    static let dateFormats = DateFormat.allCases.map(\.rawValue)
}
