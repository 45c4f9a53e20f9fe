@testable import EndpointGenCore

/// Small builders for `Spec` values, so back-end tests do not depend on the JSON front end.
enum TranslatorFixtures {
    static let here = SourceLocation(file: "Test.endpoints.json", line: 1, column: 1)

    static func spec(
        name: String = "TestAPI", description: String? = nil, baseURL: String = "https://api.example.com/v1",
        dateFormat: DateFormat = .iso8601, endpoints: [Endpoint] = [], groups: [Group] = [], models: [Model] = []
    ) -> Spec {
        Spec(fileName: "\(name).endpoints.json", outputName: name,
             api: Group(key: name, swiftName: name, description: description, endpoints: endpoints, groups: groups, location: here),
             baseURL: baseURL, dateFormat: dateFormat, models: models)
    }

    static func group(_ key: String, _ swiftName: String, description: String? = nil, endpoints: [Endpoint] = [], groups: [Group] = []) -> Group {
        Group(key: key, swiftName: swiftName, description: description, endpoints: endpoints, groups: groups, location: here)
    }

    static func endpoint(
        _ key: String, _ swiftName: String? = nil, method: String = "GET", path: String,
        description: String? = nil, deprecation: Endpoint.Deprecation? = nil,
        parameters: [EndpointGenCore.Parameter] = [], headers: [Header] = [], auth: Auth = .none, body: Body? = nil,
        response: Response = Response(type: .void, status: nil, contentType: nil), errors: [ErrorResponse] = [],
        timeout: Double? = nil, sample: String? = nil
    ) -> Endpoint {
        // The fixtures' API shares no headers, auth or errors: an endpoint's are its overrides.
        Endpoint(key: key, swiftName: swiftName ?? key, description: description, deprecation: deprecation, method: method,
                 path: segments(path), parameters: parameters,
                 overrides: Endpoint.Overrides(headers: headers, auth: auth == .none ? nil : auth, errors: errors), body: body,
                 response: response, timeout: timeout, sample: sample, location: here)
    }

    /// `/activities/{id}/{name}.json` -> segments with literal and parameter parts.
    static func segments(_ path: String) -> [PathSegment] {
        path.split(separator: "/").map { segment in
            var parts: [PathSegment.Part] = []
            var rest = Substring(segment)
            while !rest.isEmpty {
                if rest.first == "{", let close = rest.firstIndex(of: "}") {
                    parts.append(.parameter(String(rest[rest.index(after: rest.startIndex) ..< close])))
                    rest = rest[rest.index(after: close)...]
                } else {
                    let end = rest.firstIndex(of: "{") ?? rest.endIndex
                    parts.append(.literal(String(rest[..<end])))
                    rest = rest[end...]
                }
            }
            return PathSegment(parts: parts)
        }
    }

    static func parameter(
        _ key: String, _ type: TypeRef, swiftName: String? = nil, in location: EndpointGenCore.Parameter.Location = .query,
        wireName: String? = nil, description: String? = nil, default defaultValue: DefaultValue? = nil,
        style: EndpointGenCore.Parameter.Style? = nil
    ) -> EndpointGenCore.Parameter {
        EndpointGenCore.Parameter(key: key, wireName: wireName ?? key, swiftName: swiftName ?? key, type: type, location: location,
                                  description: description, defaultValue: defaultValue, style: style ?? .default(in: location), sourceLocation: here)
    }

    static func object(_ key: String, description: String? = nil, _ properties: [Property]) -> Model {
        Model(key: key, swiftName: key, description: description, kind: .object(properties), location: here)
    }

    static func property(_ key: String, _ type: TypeRef, swiftName: String? = nil, description: String? = nil,
                         default defaultValue: DefaultValue? = nil) -> Property {
        Property(key: key, swiftName: swiftName ?? key, type: type, description: description, defaultValue: defaultValue, location: here)
    }

    static func enumeration(_ key: String, _ cases: [(String, String)]) -> Model {
        Model(key: key, swiftName: key, description: nil, kind: .enumeration(cases.map { EnumCase(value: $0.0, swiftName: $0.1) }), location: here)
    }

    static let string = TypeRef.builtin(.string)
    static let int = TypeRef.builtin(.int)
    static let int64 = TypeRef.builtin(.int64)
    static let bool = TypeRef.builtin(.bool)
    static let date = TypeRef.builtin(.date)

    static func model(_ name: String) -> TypeRef { .model(name, defined: true) }

    /// The architecture document's StravaAPI example, as a validated Spec.
    static var architectureExample: Spec {
        spec(
            name: "StravaAPI", description: "Strava API v3.", baseURL: "https://www.strava.com/api/v3",
            endpoints: [
                endpoint("athlete", path: "/athlete", description: "Returns the authenticated athlete.",
                         headers: [Header(name: "Accept", value: "application/json")], auth: .bearer,
                         response: Response(type: model("DetailedAthlete"), status: nil, contentType: nil)),
                endpoint("activity", path: "/activities/{id}",
                         parameters: [
                            parameter("id", int64, in: .path),
                            parameter("include_all_efforts", .optional(bool), swiftName: "includeAllEfforts"),
                            parameter("If-None-Match", .optional(string), swiftName: "ifNoneMatch", in: .header),
                         ],
                         headers: [Header(name: "Accept", value: "application/json")], auth: .bearer,
                         response: Response(type: model("DetailedActivity"), status: nil, contentType: nil),
                         errors: [ErrorResponse(status: .code(404), type: model("Fault"))]),
            ],
            groups: [
                group("activities", "Activities", endpoints: [
                    endpoint("list", path: "/activities",
                             parameters: [
                                parameter("before", .optional(date)),
                                parameter("per_page", int, swiftName: "perPage", default: .integer("30")),
                                parameter("ids", .optional(.array(int64)), style: .comma),
                             ],
                             headers: [Header(name: "Accept", value: "application/json")], auth: .bearer,
                             response: Response(type: .array(model("SummaryActivity")), status: nil, contentType: nil)),
                    endpoint("create", method: "POST", path: "/activities", deprecation: .message("Use upload."),
                             headers: [Header(name: "Accept", value: "application/json")], auth: .bearer,
                             body: Body(type: model("NewActivity"), encoding: .json, contentType: nil),
                             response: Response(type: model("DetailedActivity"), status: 201, contentType: nil)),
                ]),
            ])
    }
}
