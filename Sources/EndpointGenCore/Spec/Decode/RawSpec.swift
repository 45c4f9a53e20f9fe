/// The spec as written, in typed form: what `SpecDecoder` reads from the JSON tree before any rule
/// is checked. Values keep their place in the file; strings are not yet parsed (types, paths,
/// methods stay text), and nothing is inherited. A key with the wrong JSON kind was reported by the
/// decoder and is nil here.
///
/// Adding a spec key: a field on the raw type below, its line in the decoder (`SpecDecoder`), its
/// rules in `SpecChecker` (and what they work out in `CheckedSpec`), its resolved value in
/// `SpecResolver`, and its name in `SpecKeys`.

/// The tree is made of values: the decoder builds it, and nothing changes it after. What the checker
/// works out (a path's segments, a parsed type, a checked style) it returns apart, in `CheckedSpec`,
/// by the `id` the decoder gave each group, endpoint, error, parameter, model and property.

/// A raw node's number, unique in one decoded spec: the key of what the checker found for it.
typealias RawID = Int

/// A value and the place it was written.
struct Located<Value> {
    var value: Value
    var location: SourceLocation
}

extension Located: Sendable where Value: Sendable {}

/// A member of a spec object: its key and the key's place.
struct RawKey: Sendable {
    var key: String
    var location: SourceLocation
}

struct RawSpec: Sendable {
    var location: SourceLocation
    /// Whether a `name` key is there, whatever its kind.
    var hasName = false
    var name: Located<String>?
    var formatVersion: JSONNode?
    var description: String?
    var baseURL: Located<String>?
    var dateFormat: Located<String>?
    /// nil when there is no `models` object.
    var models: [RawModel]?
    var shared = RawShared()
    var contents = RawContents()
}

/// What the top level, a group and an endpoint can each set for everything below them.
struct RawShared: Sendable {
    /// nil when there is no `headers` object.
    var headers: [RawHeader]?
    var auth: RawAuth?
    /// A group's or an endpoint's own `baseURL` (the top level's is `RawSpec.baseURL`).
    var baseURL: Located<String>?
    /// nil when there is no `errors` object.
    var errors: [RawError]?
}

/// The endpoints and groups of the top level or of a group, in the file's order.
struct RawContents: Sendable {
    /// nil when there is no `endpoints` object.
    var endpoints: [RawEndpoint]?
    /// nil when there is no `groups` object.
    var groups: [RawGroup]?
}

struct RawGroup: Sendable {
    let id: RawID
    let key: RawKey
    /// False when the group's value is not an object (reported); its fields are then empty.
    var isObject = false
    var description: String?
    var path: Located<String>?
    var shared = RawShared()
    var contents = RawContents()
}

struct RawHeader: Sendable {
    enum Value: Sendable {
        /// `null`: removes the inherited header.
        case remove
        case text(Located<String>)
    }

    var key: RawKey
    var value: Value
}

/// Indirect: most levels set no auth, and an inline payload would make every endpoint larger.
indirect enum RawAuth: Sendable {
    /// `"auth": "bearer"`.
    case name(Located<String>)
    /// `"auth": { "type": "apiKey", ... }`. `in` and `name` stay JSON: their rules depend on the type.
    case object(location: SourceLocation, type: Located<String>, in: JSONNode?, name: JSONNode?)
    /// `"auth": ["basic", { "type": "apiKey", ... }, "none"]`: alternatives, `"none"` making them
    /// optional. An element that is neither a string nor an object was reported and left out.
    case list(location: SourceLocation, [RawAuth])
    /// `[{ "type": "apiKey", ... }, { "type": "apiKey", ... }]` as an alternative of a list: schemes
    /// sent together. An element that is neither a string nor an object was reported and left out.
    case together(location: SourceLocation, [RawAuth])
}

struct RawError: Sendable {
    let id: RawID
    var key: RawKey
    /// The place of the error body's type.
    var valueLocation: SourceLocation
    /// The error body's type string; nil when it is not a string (reported).
    var type: Located<String>?
    /// `"422": { "type": "Problem", "headers": { ... } }`: the error response's headers; nil without.
    var headers: [RawResponseHeader]?
}

struct RawEndpoint: Sendable {
    let id: RawID
    let key: RawKey
    /// False when the endpoint's value is not an object (reported); its fields are then empty.
    var isObject = false
    var method: Located<String>?
    var description: String?
    var deprecation: Endpoint.Deprecation?
    var path: Located<String>?
    var shared = RawShared()
    var body: RawBody?
    /// nil when there is no `parameters` object.
    var parameters: [RawParameter]?
    var response: RawResponse?
    /// The number as written.
    var timeout: Located<String>?
    var sample: JSONNode?
    /// Version 2: `responses` (several success statuses) and `pagination` (RawSpec+Responses.swift).
    var responses: RawStatusResponses?
    var pagination: RawPagination?
}

struct RawParameter: Sendable {
    /// The keys besides `type`, which most parameters (`"id": "Int"`) do not have.
    struct Options: Sendable {
        var name: Located<String>?
        var location: Located<Parameter.Location>?
        var hasUnknownLocation = false
        var description: String?
        var style: Located<String>?
        var styleKeyLocation: SourceLocation?
        var explode: Located<Bool>?
        var defaultValue: JSONNode?
    }

    let id: RawID
    let key: RawKey
    /// False when the value is neither a type string nor an object (reported).
    var isValid = false
    var type: Located<String>?
    /// The keys of the object form; nil for a type string.
    var options: Options?

    var name: Located<String>? { options?.name }
    /// `in`, with the place of its value; nil when not given.
    var location: Located<Parameter.Location>? { options?.location }
    /// Whether `in` is a word that is not a place (reported); the keys after it are not read.
    var hasUnknownLocation: Bool { options?.hasUnknownLocation ?? false }
    var description: String? { options?.description }
    var style: Located<String>? { options?.style }
    /// The place of the `style` key (when its value is a string).
    var styleKeyLocation: SourceLocation? { options?.styleKeyLocation }
    var explode: Located<Bool>? { options?.explode }
    var defaultValue: JSONNode? { options?.defaultValue }
}

struct RawBody: Sendable {
    /// The place of the `body` key.
    let key: RawKey
    /// False when the value is neither a type string nor an object (reported).
    var isValid = false
    /// Whether the body is written as an object (`{ "type": ... }`) rather than a type string.
    var isObject = false
    var type: Located<String>?
    var encoding: Located<Body.Encoding>?
    /// Whether `encoding` is a word that is not an encoding (reported); `contentType` is not read.
    var hasUnknownEncoding = false
    var contentType: Located<String>?
}

struct RawResponse: Sendable {
    let location: SourceLocation
    var isObject = false
    /// Whether a `type` key is there, whatever its kind.
    var hasType = false
    var type: Located<String>?
    /// `status` and `contentType` are read only when the type is good, so they stay JSON here.
    var status: JSONNode?
    var contentType: JSONNode?
    /// `stream` and `end`, checked by StreamRules.
    var stream: JSONNode?
    var end: JSONNode?
    /// Version 2: `headers`, name -> type string; nil when there is no `headers` object.
    var headers: [RawResponseHeader]?
}

struct RawModel: Sendable {
    enum Kind: Sendable {
        /// The value is not an object (reported).
        case invalid
        /// `enum`: its string values (others were reported); `count` counts every element, and
        /// `values` is nil when `enum` is not an array (reported). `propertiesKey` is the place of
        /// a `properties` key beside it.
        case enumeration(values: [Located<String>]?, count: Int, location: SourceLocation, propertiesKey: SourceLocation?)
        /// `"type": "Int"` and `enum`: its numbers as written (others were reported), as for `enumeration`.
        case integerEnumeration(values: [Located<String>]?, count: Int, location: SourceLocation, propertiesKey: SourceLocation?)
        /// `properties` (nil when missing or not an object) and `additionalProperties` (a type string).
        case object(properties: [RawProperty]?, additionalProperties: Located<String>?)
        /// `oneOf`: its type strings (nil when not an array; non-strings were reported), the place of
        /// the list, and the discriminator.
        case oneOf(alternatives: [Located<String>]?, location: SourceLocation, discriminator: RawDiscriminator?)
        /// `anyOf`, as `oneOf` without a discriminator.
        case anyOf(alternatives: [Located<String>]?, location: SourceLocation)
    }

    let id: RawID
    let key: RawKey
    var description: String?
    var kind: Kind
}

/// A union's `discriminator`: a property name, or `{ "property", "mapping" }`.
struct RawDiscriminator: Sendable {
    /// The property name; nil when missing or not a string (reported).
    var property: Located<String>?
    /// Wire value -> model name, in the spec's order (entries that are not strings were reported).
    var mapping: [(value: RawKey, type: Located<String>)] = []
}

struct RawProperty: Sendable {
    let id: RawID
    let key: RawKey
    /// `"name"`: the property's name in JSON (and forms, queries, multipart) when it is not the key,
    /// as for parameters; the key names the Swift property.
    var name: Located<String>?
    /// False when the value is neither a type string nor an object (reported).
    var isValid = false
    var type: Located<String>?
    var description: String?
    var defaultValue: JSONNode?
    /// The `contentType` and `headers` of its part when the model is a multipart body.
    var contentType: Located<String>?
    var headers: [RawHeader]?
    /// `style` and `explode`: how the property is written when the model is a form body.
    var style: Located<String>?
    var explode: Located<Bool>?

    /// The name the property has in JSON: its `name`, else its key.
    var wireName: String { name?.value ?? key.key }
}
