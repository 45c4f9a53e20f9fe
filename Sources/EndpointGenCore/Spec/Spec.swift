// The validated spec: what the Loader's JSON becomes once every rule of the format has been checked.
// Everything here is already resolved: inheritance applied, names converted to Swift, types parsed.
// The Translator reads only this; it never sees JSON and never reports a spec error.

/// A whole spec file, validated.
package struct Spec: Sendable, Hashable {
    /// The spec file's name as given to the generator (used in diagnostics and the file header).
    package var fileName: String
    /// The output file's base name: the file name without `.endpoints.json` (`StravaAPI`).
    package var outputName: String
    /// The top-level API: its `swiftName` is the API type name (`name` key, or the file name).
    package var api: Group
    /// The default base URL, validated as an absolute http(s) URL.
    package var baseURL: String
    package var dateFormat: DateFormat
    /// The top level's headers, auth and error bodies: what every endpoint starts from.
    package var headers: [Header]
    package var auth: Auth
    package var errors: [ErrorResponse]
    /// Models in the spec's own order.
    package var models: [Model]

    package init(fileName: String, outputName: String, api: Group, baseURL: String, dateFormat: DateFormat,
                headers: [Header] = [], auth: Auth = .none, errors: [ErrorResponse] = [], models: [Model]) {
        self.fileName = fileName
        self.outputName = outputName
        self.api = api
        self.baseURL = baseURL
        self.dateFormat = dateFormat
        self.headers = headers
        self.auth = auth
        self.errors = errors
        self.models = models
    }
}

package enum DateFormat: String, Sendable, Hashable, CaseIterable {
    case iso8601 = "iso8601"
    case iso8601Fractional = "iso8601-fractional"
    case secondsSince1970 = "secondsSince1970"
    case millisecondsSince1970 = "millisecondsSince1970"
    case date = "date"
}

/// The API itself or one group: a Swift enum whose cases are its endpoints, with nested groups.
package struct Group: Sendable, Hashable {
    /// The spec key (`activities`); for the API, the API name.
    package var key: String
    /// UpperCamelCase Swift type name, not escaped (`Activities`).
    package var swiftName: String
    package var description: String?
    package var endpoints: [Endpoint]
    package var groups: [Group]
    package var location: SourceLocation

    /// The group's case in its parent's `Call` enum: lowerCamelCase, not escaped (`activities`).
    package var caseName: String { Naming.lowerCamel(key) }

    /// The endpoints of the group and of all the groups in it: what `generate` reports and the
    /// number of files a spec is written as (`PartRule`) count, by the one rule (`EndpointCount`).
    package var endpointCount: Int {
        EndpointCount.total(self, own: { $0.endpoints.count }, groups: { $0.groups })
    }

    package init(key: String, swiftName: String, description: String?, endpoints: [Endpoint], groups: [Group], location: SourceLocation) {
        self.key = key
        self.swiftName = swiftName
        self.description = description
        self.endpoints = endpoints
        self.groups = groups
        self.location = location
    }
}

package struct Endpoint: Sendable, Hashable {
    package enum Deprecation: Sendable, Hashable {
        case deprecated
        case message(String)
    }

    /// The spec key (`list_activities`).
    package var key: String
    /// lowerCamelCase case name, not escaped (`listActivities`).
    package var swiftName: String
    package var description: String?
    package var deprecation: Deprecation?
    /// Upper-case method: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS.
    package var method: String
    /// The full path below the base URL, group prefixes included, split at `/` (empty segments dropped).
    package var path: [PathSegment]
    /// Parameters in the spec's order.
    package var parameters: [Parameter]
    /// What its requests send differently from the API's `defaults`: headers, auth, error bodies.
    package var overrides: Overrides
    package var body: Body?
    package var response: Response
    package var timeout: Double?
    /// The `sample` value as compact JSON text in the spec's own key order.
    package var sample: String?
    /// For a streamed response: the sample's elements (it is a JSON array), each compact JSON text.
    package var sampleElements: [String]?
    package var location: SourceLocation
    /// How the following pages are fetched (`pagination`), if the endpoint is paginated.
    package var pagination: Pagination?
    /// The base URL of the endpoint's own server (its or its nearest group's `baseURL`), exactly as
    /// written; nil when it uses the API's.
    package var baseURL: String?
    /// The headers its own error responses declare (`errors` in the object form), merged: the
    /// `<Endpoint>ErrorHeaders` struct. Empty without.
    package var errorHeaders: [ResponseHeader] = []

    package init(key: String, swiftName: String, description: String?, deprecation: Deprecation?, method: String,
                path: [PathSegment], parameters: [Parameter], overrides: Overrides = Overrides(), body: Body?,
                response: Response, timeout: Double?, sample: String?, location: SourceLocation,
                pagination: Pagination? = nil) {
        self.pagination = pagination
        self.key = key
        self.swiftName = swiftName
        self.description = description
        self.deprecation = deprecation
        self.method = method
        self.path = path
        self.parameters = parameters
        self.overrides = overrides
        self.body = body
        self.response = response
        self.timeout = timeout
        self.sample = sample
        self.location = location
    }
}

extension Endpoint {
    /// What an endpoint does differently from the API's shared `headers`, `auth` and `errors` (what
    /// `defaults` holds), once its groups' and its own keys are applied: exactly what its `Call`
    /// case and typed value write. Empty for an endpoint that inherits everything unchanged.
    package struct Overrides: Sendable, Hashable {
        /// Headers it sends that the API does not, or with another value, in the order of its
        /// merged headers (the API's first, then those its groups and it add); an `Accept` of its
        /// `response.contentType` when it inherits no `Accept`.
        package var headers: [Header]
        /// The names of the API's headers it does not send (`null`), in the API's order.
        package var removedHeaders: [String]
        /// Its auth, when it is not the API's.
        package var auth: Auth?
        /// Error bodies the API does not have, or with another type for the status, in the order
        /// of its merged error bodies; the runtime merges them with the API's, these winning.
        package var errors: [ErrorResponse]

        package init(headers: [Header] = [], removedHeaders: [String] = [], auth: Auth? = nil, errors: [ErrorResponse] = []) {
            self.headers = headers
            self.removedHeaders = removedHeaders
            self.auth = auth
            self.errors = errors
        }
    }

    /// The types generated for an endpoint's responses: `GetRepoHeaders` for declared headers,
    /// `GetRepoErrorHeaders` for its error responses' headers, `ListThingsResponse` for `responses`
    /// of different types. The one rule, which the checker (collisions) and the translator read.
    static func generatedTypeNames(key: String, hasHeaders: Bool, alternatives: [StatusResponse], hasErrorHeaders: Bool = false) -> [String] {
        var names: [String] = []
        if hasHeaders { names.append(Naming.headersTypeName(key)) }
        if hasErrorHeaders { names.append(Naming.errorHeadersTypeName(key)) }
        if !alternatives.isEmpty, Response.Shape(alternatives: alternatives) == .cases { names.append(Naming.responseTypeName(key)) }
        return names
    }

    /// The types generated for this endpoint's responses, by `generatedTypeNames(key:hasHeaders:alternatives:hasErrorHeaders:)`.
    var generatedTypeNames: [String] {
        Endpoint.generatedTypeNames(key: key, hasHeaders: !response.headers.isEmpty, alternatives: response.alternatives,
                                    hasErrorHeaders: !errorHeaders.isEmpty)
    }

    /// Not escaped: `<Endpoint>Headers`, the struct of `response.headers`.
    var headersTypeName: String { Naming.headersTypeName(key) }
    /// Not escaped: `<Endpoint>ErrorHeaders`, the struct of `errorHeaders`.
    var errorHeadersTypeName: String { Naming.errorHeadersTypeName(key) }
    /// Not escaped: `<Endpoint>Response`, the enum of a `.cases` response.
    var responseTypeName: String { Naming.responseTypeName(key) }
}

/// One path segment: literal text and parameter references (`{name}.json` is `[.parameter("name"), .literal(".json")]`).
package struct PathSegment: Sendable, Hashable {
    package enum Part: Sendable, Hashable {
        case literal(String)
        /// The parameter's spec key.
        case parameter(String)
    }

    package var parts: [Part]

    package init(parts: [Part]) { self.parts = parts }
}

package struct Parameter: Sendable, Hashable {
    package enum Location: String, Sendable, Hashable {
        case path, query, header, cookie
    }

    /// How a value is written in its place: OpenAPI's `style` and `explode`, the runtime's
    /// `ParameterStyle` (docs/spec-format.md, "Parameter styles").
    package struct Style: Sendable, Hashable {
        package enum Name: String, Sendable, Hashable, CaseIterable {
            case form, spaceDelimited, pipeDelimited, deepObject, simple, label, matrix
        }

        package var name: Name
        package var explode: Bool

        /// `explode` nil: OpenAPI's default, true for `form` and `deepObject`, false for the others.
        package init(_ name: Name, explode: Bool? = nil) {
            self.name = name
            self.explode = explode ?? Style.explodesByDefault(name)
        }

        package static func explodesByDefault(_ name: Name) -> Bool { name == .form || name == .deepObject }

        /// The style of a place when the spec states none: `form` in a query, `simple` in a path or header.
        package static func `default`(in location: Location) -> Style {
            Style(location == .query || location == .cookie ? .form : .simple)
        }

        /// The style as it writes: exploded, the delimited styles are `form`'s (OpenAPI gives
        /// them no meaning of their own).
        package var canonical: Style {
            (name == .spaceDelimited || name == .pipeDelimited) && explode ? Style(.form) : self
        }

        /// The version 1 spelling `"comma"`: `form` without explode (`ids=1,2`).
        package static let comma = Style(.form, explode: false)

        /// The value of the spec's `style` key: a style name or `comma`.
        package init?(specName: String, explode: Bool?) {
            if specName == "comma" {
                guard explode != true else { return nil }
                self = .comma
            } else if let name = Name(rawValue: specName) {
                self.init(name, explode: explode)
            } else {
                return nil
            }
        }

        /// The spec's `style` and `explode` keys for this style: its name, and `explode` only when it
        /// is not the name's default (`form` without explode: `("form", false)`). The reverse of
        /// `init?(specName:explode:)`, which reads it back as this style.
        package var specKeys: (style: String, explode: Bool?) {
            (name.rawValue, explode == Style.explodesByDefault(name) ? nil : explode)
        }
    }

    /// The spec key (`include_all_efforts`).
    package var key: String
    /// The name sent on the wire (`name`, else the key).
    package var wireName: String
    /// lowerCamelCase label, not escaped (`includeAllEfforts`).
    package var swiftName: String
    package var type: TypeRef
    package var location: Location
    package var description: String?
    /// The `default` value as written in the spec; the Translator turns it into a Swift literal.
    package var defaultValue: DefaultValue?
    /// The style stated or the place's default (`Style.default(in:)`).
    package var style: Style
    package var sourceLocation: SourceLocation

    package init(key: String, wireName: String, swiftName: String, type: TypeRef, location: Location, description: String?,
                defaultValue: DefaultValue?, style: Style, sourceLocation: SourceLocation) {
        self.key = key
        self.wireName = wireName
        self.swiftName = swiftName
        self.type = type
        self.location = location
        self.description = description
        self.defaultValue = defaultValue
        self.style = style
        self.sourceLocation = sourceLocation
    }
}

/// A `default` value, already checked against the parameter's or property's type.
package indirect enum DefaultValue: Sendable, Hashable {
    case string(String)
    case integer(String)
    case number(String)
    case bool(Bool)
    case null
    /// An enum model's case: the raw value as written.
    case enumCase(String)
    case array([DefaultValue])
    /// A union model's (`oneOf` or `anyOf`) value: the first alternative, in the spec's order, that
    /// accepts the default, and the default as that alternative's.
    case alternative(TypeRef, DefaultValue)
}

package struct Header: Sendable, Hashable {
    /// The header name as written at the level that set it.
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

package enum Auth: Sendable, Hashable {
    package enum APIKeyLocation: String, Sendable, Hashable, CaseIterable {
        case header, query, cookie
    }

    case none
    case bearer
    case basic
    case apiKey(in: APIKeyLocation, name: String)
    /// `"auth": ["basic", {apiKey}]`: any one of `schemes` (each `bearer`, `basic` or `apiKey`, no
    /// repeats), the client sending the first it has credentials for; `optional` (a `"none"` in the
    /// list): sent without credentials when it has none. One scheme, required, is that scheme instead.
    case alternatives([Auth], optional: Bool)
    /// `"auth": [[{apiKey}, {apiKey}]]`: all of `schemes` (each `bearer`, `basic` or `apiKey`, two or
    /// more, no repeats) in every request, as an alternative of its own or among `alternatives`.
    case together([Auth])

    /// `schemes` sent together: the scheme itself when there is one.
    package static func allOf(_ schemes: [Auth]) -> Auth {
        var unique: [Auth] = []
        for scheme in schemes where scheme != .none && !unique.contains(scheme) { unique.append(scheme) }
        return unique.count == 1 ? unique[0] : .together(unique)
    }

    /// `schemes` as one auth: `.none` without any, the scheme itself when it is one and required.
    package static func anyOf(_ schemes: [Auth], optional: Bool) -> Auth {
        var unique: [Auth] = []
        for scheme in schemes where scheme != .none && !unique.contains(scheme) { unique.append(scheme) }
        if unique.isEmpty { return .none }
        if unique.count == 1 && !optional { return unique[0] }
        return .alternatives(unique, optional: optional)
    }
}

/// A parsed type string.
package indirect enum TypeRef: Sendable, Hashable {
    package enum Builtin: String, Sendable, Hashable, CaseIterable {
        case string = "String", int = "Int", int32 = "Int32", int64 = "Int64", double = "Double", float = "Float"
        case bool = "Bool", date = "Date", uuid = "UUID", url = "URL", data = "Data"
    }

    case builtin(Builtin)
    /// `JSON`: any JSON value, the runtime's `JSONValue`.
    case json
    /// `File`: bytes with an optional file name and content type, the runtime's `File`. A multipart
    /// property, a binary body or a whole response; never a parameter.
    case file
    case void
    /// A model: its Swift type name; `defined` is false for a name the user defines in the module.
    case model(String, defined: Bool)
    case array(TypeRef)
    case dictionary(TypeRef)
    case optional(TypeRef)

    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}

package struct Body: Sendable, Hashable {
    package enum Encoding: String, Sendable, Hashable, CaseIterable {
        case json, form, multipart, binary, text
    }

    package var type: TypeRef
    package var encoding: Encoding
    /// An explicit Content-Type; nil means the encoding's own.
    package var contentType: String?

    package init(type: TypeRef, encoding: Encoding, contentType: String?) {
        self.type = type
        self.encoding = encoding
        self.contentType = contentType
    }
}

package struct Response: Sendable, Hashable {
    /// How a streamed response body is cut into elements (`response.stream`).
    package enum Stream: String, Sendable, Hashable, CaseIterable {
        /// Server-Sent Events, each event's `data` one element.
        case sse
        /// JSON Lines: one JSON value per line.
        case jsonl
        /// JSON text sequences (RFC 7464).
        case jsonSeq = "json-seq"
        /// The body's bytes, in chunks as they arrive.
        case bytes
    }

    /// How the success responses become the endpoint's `Response` type: the one rule, which the
    /// checker (a page's type), the resolver and the translator all read.
    package enum Shape: Sendable, Hashable {
        /// One type: `response` (for a stream, the type of one element), or `responses` whose
        /// statuses all have it, or are all `Void`.
        case single(TypeRef)
        /// `T?`: the statuses of `responses` with a body share `T`, the others are `Void`.
        case optional(TypeRef)
        /// A generated enum, one case per status: the statuses with a body differ in type.
        case cases

        /// The shape of `responses`' statuses (not empty).
        package init(alternatives: [StatusResponse]) {
            let bodies = Set(alternatives.map(\.type).filter { $0 != .void })
            if bodies.isEmpty {
                self = .single(.void)
            } else if bodies.count == 1, let common = bodies.first {
                self = alternatives.contains(where: { $0.type == .void }) ? .optional(common) : .single(common)
            } else {
                self = .cases
            }
        }

        /// The one type of the bodies (`T` of `.optional`); nil for `.cases`.
        package var bodyType: TypeRef? {
            switch self {
            case let .single(type), let .optional(type): return type
            case .cases: return nil
            }
        }
    }

    /// The type of `response` (`.void` when the spec has none or `"Void"`; for a stream, the type of
    /// one element), or the one type of the bodies of `responses` (`.void` when they differ:
    /// `shape` tells).
    package var type: TypeRef { didSet { shape = Response.shape(type: type, alternatives: alternatives) } }
    /// The one success status the endpoint answers with; nil accepts any 2xx.
    package var status: Int?
    package var contentType: String?
    /// Set when the body is a stream of `type` elements, each delivered as it arrives.
    package var stream: Stream?
    /// For an SSE stream: the `data` that ends it (`"[DONE]"`).
    package var end: String?
    /// The declared response headers (`response.headers`), in the spec's order.
    package var headers: [ResponseHeader]
    /// One entry per success status of `responses`, in the spec's order; empty for `response`.
    package var alternatives: [StatusResponse] { didSet { shape = Response.shape(type: type, alternatives: alternatives) } }
    /// What `type` and `alternatives` make of the endpoint's `Response` type.
    package private(set) var shape: Shape

    package init(type: TypeRef, status: Int?, contentType: String?, stream: Stream? = nil, end: String? = nil,
                headers: [ResponseHeader] = [], alternatives: [StatusResponse] = []) {
        self.type = type
        self.status = status
        self.contentType = contentType
        self.stream = stream
        self.end = end
        self.headers = headers
        self.alternatives = alternatives
        self.shape = Response.shape(type: type, alternatives: alternatives)
    }

    /// `.single(type)` for `response`, else the shape of the statuses of `responses`.
    static func shape(type: TypeRef, alternatives: [StatusResponse]) -> Shape {
        alternatives.isEmpty ? .single(type) : Shape(alternatives: alternatives)
    }
}

/// A declared response header: `"X-RateLimit-Remaining": "Int?"`.
package struct ResponseHeader: Sendable, Hashable {
    /// The header name as written.
    package var name: String
    /// The property name, lowerCamelCase, not escaped (`xRateLimitRemaining`).
    package var swiftName: String
    /// A single value (String, Int, Int64, Double, Bool, Date or URL), optional when the header may be missing.
    package var type: TypeRef

    package init(name: String, swiftName: String, type: TypeRef) {
        self.name = name
        self.swiftName = swiftName
        self.type = type
    }
}

/// One success status of `responses` and its type (`Void` for a bodiless status).
package struct StatusResponse: Sendable, Hashable {
    /// `.code(204)` or `.range(2)` (`"2XX"`).
    package var status: ErrorResponse.Status
    package var type: TypeRef

    package init(status: ErrorResponse.Status, type: TypeRef) {
        self.status = status
        self.type = type
    }
}

/// An endpoint's `pagination`.
package enum Pagination: Sendable, Hashable {
    /// RFC 8288 `Link: <...>; rel="next"`.
    case link
    /// `parameter` is the query parameter's wire name; `next` the body path of the next cursor;
    /// `items` the body key holding the page's array, if the body is not the array.
    case cursor(parameter: String, next: String, items: String?)
    /// `parameter` is the query parameter's wire name.
    case page(parameter: String, items: String?)

    /// The body key holding a page's array, if any.
    package var items: String? {
        switch self {
        case .link: return nil
        case let .cursor(_, _, items), let .page(_, items): return items
        }
    }
}

package struct ErrorResponse: Sendable, Hashable {
    package enum Status: Sendable, Hashable {
        /// `"404"`
        case code(Int)
        /// `"4XX"`: the hundreds digit.
        case range(Int)
        /// `"default"`: any other unacceptable status.
        case `default`
    }

    package var status: Status
    package var type: TypeRef

    package init(status: Status, type: TypeRef) {
        self.status = status
        self.type = type
    }
}

package struct Model: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case object([Property])
        /// A `String`-backed enum (`"enum": ["M", "F"]`).
        case enumeration([EnumCase])
        /// An `Int`-backed enum (`"type": "Int", "enum": [1, 2]`): each case's `value` is the integer as written.
        case integerEnumeration([EnumCase])
        /// `oneOf`: exactly one alternative.
        case oneOf(Union)
        /// `anyOf`: every alternative that decodes (no discriminator).
        case anyOf([UnionAlternative])
    }

    /// The spec key.
    package var key: String
    /// UpperCamelCase Swift type name, not escaped.
    package var swiftName: String
    package var description: String?
    package var kind: Kind
    /// An object model's `additionalProperties`: the type of every member not in `properties`.
    package var additionalProperties: TypeRef?
    package var location: SourceLocation

    /// Its properties, enum values or alternatives: what its size counts (`PartRule`).
    package var memberCount: Int {
        switch kind {
        case let .object(properties): properties.count
        case let .enumeration(cases), let .integerEnumeration(cases): cases.count
        case let .oneOf(union): union.alternatives.count
        case let .anyOf(alternatives): alternatives.count
        }
    }

    package init(key: String, swiftName: String, description: String?, kind: Kind, additionalProperties: TypeRef? = nil,
                location: SourceLocation) {
        self.key = key
        self.swiftName = swiftName
        self.description = description
        self.kind = kind
        self.additionalProperties = additionalProperties
        self.location = location
    }
}

/// A `oneOf` model: its alternatives in the spec's order and, when there is one, the discriminator.
package struct Union: Sendable, Hashable {
    package var alternatives: [UnionAlternative]
    /// The wire name of the member whose string value chooses the alternative; nil: tried in order.
    package var discriminator: String?

    package init(alternatives: [UnionAlternative], discriminator: String?) {
        self.alternatives = alternatives
        self.discriminator = discriminator
    }
}

/// One alternative of a `oneOf` or `anyOf` model.
package struct UnionAlternative: Sendable, Hashable {
    package var type: TypeRef
    /// lowerCamelCase case (oneOf) or property (anyOf) name, not escaped: `cat`, `int`, `petArray`.
    package var swiftName: String
    /// The discriminator values that choose it (mapping keys, else the type's name); empty without a discriminator.
    package var tags: [String]
    /// True when the alternative holds a model that holds this one back by value: it is stored out of line.
    package var isIndirect: Bool
    package var location: SourceLocation

    package init(type: TypeRef, swiftName: String, tags: [String] = [], isIndirect: Bool = false, location: SourceLocation) {
        self.type = type
        self.swiftName = swiftName
        self.tags = tags
        self.isIndirect = isIndirect
        self.location = location
    }
}

package struct Property: Sendable, Hashable {
    /// The wire name: the property's `name`, else its spec key.
    package var key: String
    /// lowerCamelCase of the spec key, not escaped.
    package var swiftName: String
    package var type: TypeRef
    package var description: String?
    package var defaultValue: DefaultValue?
    /// True when the property closes a cycle of models held by value (`parent: Comment?` in
    /// `Comment`): it is stored out of line (`Indirect`).
    package var isIndirect: Bool
    /// The `Content-Type` of its part when the model is a multipart body.
    package var partContentType: String?
    /// More headers of its part when the model is a multipart body, in the spec's order.
    package var partHeaders: [Header]
    /// How the property is written when the model is a form body (`style`, `explode`); nil:
    /// the form body's own rule (nested objects in brackets, arrays repeat the name).
    package var formStyle: Parameter.Style?
    package var location: SourceLocation

    package init(key: String, swiftName: String, type: TypeRef, description: String?, defaultValue: DefaultValue?,
                isIndirect: Bool = false, partContentType: String? = nil, partHeaders: [Header] = [], formStyle: Parameter.Style? = nil,
                location: SourceLocation) {
        self.key = key
        self.swiftName = swiftName
        self.type = type
        self.description = description
        self.defaultValue = defaultValue
        self.isIndirect = isIndirect
        self.partContentType = partContentType
        self.partHeaders = partHeaders
        self.formStyle = formStyle
        self.location = location
    }
}

package struct EnumCase: Sendable, Hashable {
    /// The raw value on the wire.
    package var value: String
    /// lowerCamelCase case name, not escaped.
    package var swiftName: String

    package init(value: String, swiftName: String) {
        self.value = value
        self.swiftName = swiftName
    }
}
