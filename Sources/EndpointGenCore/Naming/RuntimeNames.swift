// Every name of EndpointRuntime that generated code uses, in one place. The contract is
// docs/architecture.md ("The contract between generated code and EndpointRuntime"). In Naming,
// beside ReservedNames, which reserves these names, so that no stage depends on the translator for
// them; how the spec's values map to some of them (`dateFormat(_:)`) is the translator's.
enum RuntimeNames {
    static let module = "EndpointRuntime"
    /// Declared by the runtime; every generated file names it so a mismatch is a compile error.
    static let versionMarker = "EndpointRuntimeVersion2"

    static let requestable = "HTTPRequestable"
    static let request = "HTTPRequest"
    static let requestMethod = "httpRequest"
    static let parameterValue = "ParameterValue"
    static let jsonValue = "JSONValue"
    static let endpoint = "Endpoint"
    /// `Endpoint<ResponseStream<Element>>`: a streamed response's elements.
    static let responseStream = "ResponseStream"
    static let apiDefaults = "APIDefaults"
    static let endpointError = "EndpointError"
    /// The error a non-2xx response with a declared body becomes, and what a service throws to answer with one.
    static let errorResponse = "ErrorResponse"
    static let sampleResponse = "SampleResponse"
    /// An endpoint with typed response headers, the protocol its headers struct conforms to, and
    /// the `HTTPHeaders` methods that struct reads them with.
    static let endpointWithHeaders = "EndpointWithHeaders"
    static let responseHeaders = "ResponseHeaders"
    static let httpHeaders = "HTTPHeaders"
    static let optionalHeaderValue = "optionalValue"
    static let requiredHeaderValue = "requiredValue"
    /// The protocol of a page body with items, and its one member.
    static let pageBody = "PageBody"
    static let pageItems = "pageItems"
    /// What generated union and `additionalProperties` models call to decode and encode.
    static let modelCoding = "ModelCoding"
    /// What a generated model's `==` compares each stored property with.
    static let modelEquality = "ModelEquality"
    static let modelEqualitySame = "same"
    /// The coding key of a generated model's `init(from:)` and `encode(to:)`: a string literal.
    static let modelKey = "ModelKey"
    /// What a generated model's `init(from:)` and `encode(to:)` call on their `ModelKey` containers
    /// for each property: `decode`, `decodeIfPresent`, `encode` and `encodeIfPresent` under names of
    /// their own, which the compiler resolves without weighing the standard overloads.
    enum ModelMember {
        static let decode = "member"
        static let decodeIfPresent = "memberIfPresent"
        static let encode = "encodeMember"
        static let encodeIfPresent = "encodeMemberIfPresent"
    }
    /// The property wrapper of a property stored out of line (a model cycle), and its stored value.
    static let indirect = "Indirect"
    static let indirectValue = "value"
    /// The `EndpointError` case a level without endpoints throws from its request builder.
    static let invalidRequest = "invalidRequest"

    /// `ModelCoding`'s static members, which generated models' `init(from:)` and `encode(to:)` call.
    enum ModelCodingMember: String {
        case attempt, encode, encodeAnyOf, additionalProperties, encodeAdditionalProperties
    }
    /// `APIDefaults` members generated code calls.
    static let defaultsRequest = "request"
    static let defaultsEndpoint = "endpoint"

    // Request components.
    static let path = "Path"
    static let pathSegment = "PathSegment"
    static let pathParameter = "PathParameter"
    static let parameterStyle = "ParameterStyle"
    static let query = "Query"
    static let header = "Header"
    /// `Header.remove("Accept")`: removes a header the API's defaults set.
    static let headerRemove = "remove"
    /// The credentials a request may be sent with: `AuthOptions([.bearer])`, `AuthOptions([])`,
    /// several alternatives or optional auth: `AuthOptions([.basic, .bearer], optional: true)`.
    static let authOptions = "AuthOptions"
    static let jsonBody = "JSONBody"
    static let formBody = "FormBody"
    static let multipartBody = "MultipartBody"
    /// A multipart part's own content type and headers (`MultipartBody(value, parts: [...])`).
    static let multipartPartOptions = "MultipartPartOptions"
    /// Bytes (`Data`, a `File`) or text (`String`) as the body.
    static let dataBody = "DataBody"
    /// A spec's `File`; always written qualified (`EndpointRuntime.File`): `File` is a name an app
    /// easily declares itself, which would hide the runtime's in generated code.
    static let file = "File"
    static let timeout = "Timeout"
    /// A cookie parameter's component; always written qualified (`EndpointRuntime.Cookie`), as
    /// `File` is: `Cookie` is a name an app easily declares itself. Not reserved either (unlike the
    /// names in `typeNames`): a spec's model `Cookie` from before cookie parameters stays valid.
    static let cookie = "Cookie"

    /// Every type name of the runtime that generated code writes, or that users meet beside it.
    static let typeNames: Set<String> = [
        module, versionMarker, requestable, request, parameterValue, jsonValue, endpoint, responseStream, apiDefaults, sampleResponse,
        modelCoding, modelEquality, modelKey, indirect,
        path, pathSegment, pathParameter, parameterStyle, query, header, authOptions, jsonBody, formBody, multipartBody, multipartPartOptions, dataBody, file,
        // Gone from the runtime, still reserved so that specs validate and import as before.
        "Auth", "TextBody", "RemoveHeader",
        timeout, "HTTPMethod", httpHeaders, "HTTPResponse", "HTTPClient", "DateFormat", "RequestComponent",
        "RequestBuilder", "QueryStyle", "AuthRequirement", "ErrorBodies", errorResponse, "StatusPattern",
        "ResponseDecoder", endpointError,
        Service.handler, Service.router, Service.route, Service.notImplemented, Service.withHeaders, Service.request, Service.response,
    ]

    /// What a generated service (`"service": true`) names: its protocol and handler, and the runtime's server side.
    enum Service {
        static let protocolName = "Service"
        static let handlerName = "handler"
        static let handler = "HTTPHandler"
        static let router = "ServiceRouter"
        static let route = "ServiceRoute"
        static let notImplemented = "ServiceNotImplemented"
        static let withHeaders = "ResponseWithHeaders"
        static let request = "ServiceRequest"
        static let response = "ServiceResponse"
        /// `ServiceRouter.handler`, and the `APIDefaults` members a router is made with.
        static let routerHandler = "handler"
        static let defaultsBaseURL = "baseURL"
        static let defaultsDateFormat = "dateFormat"
        /// `ServiceRequest` methods: a parameter by its place, the body, response headers, the response.
        static let readPath = "path"
        static let readQuery = "query"
        static let readHeader = "header"
        static let readCookie = "cookie"
        static let readBody = "body"
        static let responseHeaders = "headers"
        static let respond = "response"
        /// `ResponseWithHeaders` members: what a service returns for a response with declared headers.
        static let resultBody = "body"
        static let resultHeaders = "headers"

        /// `ServiceRequest.BodyEncoding` and `ServiceResponse.BodyEncoding` cases.
        enum BodyEncoding {
            static let json = "json"
            static let form = "form"
            static let multipart = "multipart"
            static let binary = "binary"
            static let text = "text"
        }
    }

    /// Argument labels of the runtime's initializers, methods and enum cases that generated code
    /// calls, each with where it is written. A label the generator chooses itself (a generated
    /// service method's `body:`) is not here.
    enum Label {
        /// `AuthOptions(alternatives:optional:)`.
        static let alternatives = "alternatives"
        /// `APIDefaults(baseURL:headers:auth:dateFormat:errors:)`; `baseURL` also of
        /// `defaults.request(_:baseURL:_:)`, `baseURL` and `dateFormat` of `ServiceRouter`, `errors`
        /// of `defaults.endpoint`.
        static let baseURL = "baseURL"
        static let headers = "headers"
        static let auth = "auth"
        static let dateFormat = "dateFormat"
        static let errors = "errors"
        /// `AuthOptions([...], optional: true)`.
        static let optional = "optional"
        /// `.apiKey(in: .header, name: "X-Api-Key")`.
        static let apiKeyLocation = "in"
        static let apiKeyName = "name"
        /// `SampleResponse(.get, "/path", status:, stream:, elements:)` or `(..., json:)`.
        static let status = "status"
        static let stream = "stream"
        static let elements = "elements"
        static let json = "json"
        /// `EndpointError.invalidRequest(reason:underlying:request:)`.
        static let reason = "reason"
        static let underlying = "underlying"
        static let request = "request"
        /// Bodies: `DataBody(..., contentType:)`, `MultipartBody(..., parts:)`, `FormBody(..., styles:)`;
        /// `MultipartPartOptions(contentType:headers:)`; `ServiceRequest.BodyEncoding.form(styles:)`;
        /// `ServiceRequest.response(..., contentType:)`; `ServiceRoute(_:_:contentType:accept:query:_:)`.
        static let contentType = "contentType"
        static let accept = "accept"
        /// `ServiceRoute(_:_:contentType:accept:query:_:)`.
        static let queryItems = "query"
        static let parts = "parts"
        static let styles = "styles"
        /// `ParameterStyle.exploded(_:)`: `.matrix.exploded()`.
        static let exploded = "exploded"
        /// `Query`, `Header`, `PathParameter`: `encoding:` for a model or union value, `style:`;
        /// `style:` also of `ServiceRequest.path(_:as:style:)` and its query and header readers.
        static let encoding = "encoding"
        static let style = "style"
        /// `defaults.endpoint(decoder:statuses:errors:pagination:)`.
        static let decoder = "decoder"
        static let statuses = "statuses"
        static let pagination = "pagination"
        /// `.cursor(parameter:next:items:)`, `.page(parameter:items:)`.
        static let parameter = "parameter"
        static let next = "next"
        static let items = "items"
        /// The type or encoding a value is read or written as: `HTTPHeaders.requiredValue(_:as:)`,
        /// `ServiceRequest.path(_:as:)`, `body(as:_:)`, `response(_:status:as:)`.
        static let `as` = "as"
        /// `ServiceRouter(baseURL:dateFormat:routes:)`.
        static let routes = "routes"
        /// `ServiceRequest.response(streaming:status:as:contentType:headers:)`, and the `end:` of
        /// `StreamFormat.serverSentEvents(end:)`.
        static let streaming = "streaming"
        static let end = "end"
        /// `ModelCoding`: `attempt(_:from:)`, `additionalProperties(_:from:excluding:)`,
        /// `encode(_:to:)`, `encodeAnyOf(_:objects:to:)`.
        static let from = "from"
        static let excluding = "excluding"
        static let to = "to"
        static let objects = "objects"
    }

    /// `ParameterStyle` member for comma-joined arrays (`.form` is the default and never written).
    static let queryStyleComma = "comma"

    /// `ResponseDecoder` cases.
    enum Decoder {
        static let json = "json"
        static let text = "text"
        static let data = "data"
        static let file = "file"
        static let none = "none"
        /// A stream: `.stream(.jsonLines)`, with a ``StreamFormat`` case.
        static let stream = "stream"
        /// Picks a decoder by status; `value` ignores the body; `wrapping` wraps another decoder's
        /// value (`.wrapping(.json) { .created($0) }`); `some` is `Optional.some`, which wraps a
        /// `T?` response's value (`.wrapping(.json) { .some($0) }`).
        static let byStatus = "byStatus"
        static let value = "value"
        static let wrapping = "wrapping"
        static let some = "some"
    }

    /// `StreamFormat` cases: how a streamed body is cut into elements, for the client's decoder, a
    /// sample and a service's answer alike.
    enum StreamFormat {
        static let serverSentEvents = "serverSentEvents"
        static let jsonLines = "jsonLines"
        static let jsonSequence = "jsonSequence"
        static let bytes = "bytes"
    }

    /// `Pagination` cases.
    enum PaginationCase {
        static let link = "link"
        static let cursor = "cursor"
        static let page = "page"
    }

    /// `AuthRequirement` cases.
    enum AuthCase {
        static let bearer = "bearer"
        static let basic = "basic"
        static let apiKey = "apiKey"
    }

    /// `StatusPattern` cases.
    enum Status {
        static let code = "code"
        static let range = "range"
        static let `default` = "default"
    }

    /// `HTTPMethod` static members, by the spec's method.
    static func method(_ specMethod: String) -> String {
        specMethod.lowercased()
    }
}
