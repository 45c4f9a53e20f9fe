import EndpointGenCore
import Foundation
import Testing

/// Small specs through the whole pipeline, checking the Swift each key of the format produces.
/// (That such output compiles is checked by the ExampleAPIs target, built with -warnings-as-errors
/// from specs/, whose specs use every key.)
@Suite struct SnippetTests {
    static func generate(_ json: String, fileName: String = "API.endpoints.json", access: AccessLevel = .public,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let result = Generator.generate(specData: Data(json.utf8), fileName: fileName, options: GeneratorOptions(accessLevel: access))
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.all.map(\.description))", sourceLocation: sourceLocation)
        return try #require(result.swift, sourceLocation: sourceLocation)
    }

    /// A spec with one GET endpoint and the given extra endpoint keys and top-level keys.
    static func spec(endpoint: String = "", top: String = "", path: String = "/things", method: String = "GET") -> String {
        """
        { "baseURL": "https://api.example.com/v2", \(top)
          "endpoints": { "thing": { "method": "\(method)", "path": "\(path)" \(endpoint.isEmpty ? "" : ", " + endpoint) } } }
        """
    }

    /// A default on a union is the first alternative, in the order written, that takes it: through a
    /// union that is an alternative, in the elements of an array, and in an `anyOf` whose first
    /// alternative does not take it.
    @Test func unionDefaultsChooseTheFirstAlternativeThatTakesThem() throws {
        let swift = try Self.generate(Self.spec(top: """
            "models": {
              "Options": { "properties": {
                "mode": { "type": "Outer", "default": "fast" },
                "count": { "type": "Outer?", "default": 3 },
                "stops": { "type": "[Stop]", "default": ["a", ["b", "c"]] },
                "ratio": { "type": "Ratio?", "default": 0.5 },
                "unset": { "type": "Stop?", "default": null }
              } },
              "Outer": { "oneOf": ["Inner", "Int"] },
              "Inner": { "oneOf": ["Speed", "[Speed]"] },
              "Speed": { "enum": ["slow", "fast"] },
              "Stop": { "oneOf": ["String", "[String]"] },
              "Ratio": { "anyOf": ["Int", "Double"] }
            },
            """))
        #expect(swift.contains("mode: Outer = .inner(.speed(.fast))"), "\(swift)")
        #expect(swift.contains("count: Outer? = .int(3)"))
        #expect(swift.contains(#"stops: [Stop] = [.string("a"), .stringArray(["b", "c"])]"#))
        #expect(swift.contains("ratio: Ratio? = Ratio(double: 0.5)"))
        #expect(swift.contains("unset: Stop? = nil"))
    }

    /// A discriminated union reads its discriminator from a keyed container and decodes an object
    /// alternative from that container (`init(from container:)`, internal); an alternative with
    /// `additionalProperties` is decoded from the decoder (it reads every key of its own container). A union without
    /// a discriminator, and a model no discriminated union holds, keep the one `init(from:)`.
    /// The alternatives' `init(from container: KeyedDecodingContainer<ModelKey>)` names the standard
    /// library's type unqualified: a model may not take its name.
    @Test func aModelCannotHideKeyedDecodingContainer() {
        let json = Self.spec(top: #""models": { "KeyedDecodingContainer": { "properties": { "a": "Int" } } },"#)
        let result = Generator.generate(specData: Data(json.utf8), fileName: "API.endpoints.json", options: GeneratorOptions())
        #expect(result.diagnostics.all.map(\.description).contains {
            $0.contains("'KeyedDecodingContainer' is a type that generated code uses; choose another name")
        })
    }

    @Test func discriminatedUnionsDecodeObjectAlternativesFromTheirContainer() throws {
        let swift = try Self.generate(Self.spec(top: """
            "models": {
              "Pet": { "oneOf": ["Cat", "Tagged"], "discriminator": { "property": "petType" } },
              "Cat": { "properties": { "petType": "String", "name": "String" } },
              "Tagged": { "properties": { "petType": "String" }, "additionalProperties": "String" },
              "Plain": { "oneOf": ["Cat", "Int"] },
              "Other": { "properties": { "name": "String" } }
            },
            """))
        #expect(swift.contains("""
                    public init(from decoder: any Decoder) throws {
                        if let object = try? decoder.container(keyedBy: ModelKey.self) {
                            switch try? object.decode(String.self, forKey: "petType") {
                            case "Cat":
                                if let value = try? Cat(from: object) {
                                    self = .cat(value)
                                    return
                                }
                            case "Tagged":
                                if let value = try? Tagged(from: decoder) {
                                    self = .tagged(value)
                                    return
                                }
                            default: break
                            }
                        }
                        self = .unknown(try JSONValue(from: decoder))
                    }
            """), "\(swift)")
        #expect(swift.contains("""
                    public init(from decoder: any Decoder) throws { try self.init(from: decoder.container(keyedBy: ModelKey.self)) }

                    /// Decodes the members of `container`: a union that has read its discriminator there decodes
                    /// this alternative from the same container rather than reading the object's keys again.
                    init(from container: KeyedDecodingContainer<ModelKey>) throws {
                        self.petType = try container.member("petType")
                        self.name = try container.member("name")
                    }
            """))
        // Only Cat has the second initializer.
        #expect(swift.components(separatedBy: "init(from container:").count == 2)
        // Without a discriminator: each alternative from the decoder, a model by its own init(from:).
        #expect(swift.contains("if let value = try? Cat(from: decoder) {"))
        #expect(swift.contains("if let value = ModelCoding.attempt(Int.self, from: decoder) {"))
        #expect(swift.contains("""
                    public init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: ModelKey.self)
                        self.name = try container.member("name")
                    }
            """))
    }

    @Test func fileHeaderImportsAndVersionMarker() throws {
        let swift = try Self.generate(Self.spec(), fileName: "Things.endpoints.json")
        #expect(swift.hasPrefix("""
            // Generated by endpoint-gen from Things.endpoints.json. DO NOT EDIT.

            import Foundation
            public import EndpointRuntime

            private typealias _RequiresEndpointRuntime = EndpointRuntimeVersion2

            public nonisolated enum Things {
                /// What every endpoint shares: the base URL, headers, auth, date format and error bodies.
                /// A client made with another base URL sends there instead.
                public static let defaults = APIDefaults(baseURL: "https://api.example.com/v2")

                public static var thing: Endpoint<Void> { defaults.endpoint(Call.thing, decoder: .none) }
            }
            """))
        // The endpoint is also a case of `Things.Call`, which builds the request from the defaults.
        #expect(swift.contains("""
                public nonisolated enum Call: HTTPRequestable, Sendable, Hashable {
                    case thing

                    public func httpRequest() throws -> HTTPRequest {
                        switch self {
                        case .thing: return try defaults.request(.get, [Path("things")])
                        }
                    }

                    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity() == rhs.identity() }

                    public func hash(into hasher: inout Hasher) { hasher.combine(identity()) }

                    /// The case's name and values: what `==` and `hash(into:)` compare.
                    private func identity() -> [AnyHashable] {
                        switch self {
                        case .thing: return ["thing"]
                        }
                    }
                }
            """))
        #expect(!swift.contains("Typed"))
    }

    @Test func descriptionsBecomeDocComments() throws {
        let swift = try Self.generate(Self.spec(
            endpoint: #""description": "First line.\nSecond line.", "parameters": { "q": { "type": "String?", "description": "The query." } }"#,
            top: #""description": "The API.","#))
        #expect(swift.contains("/// The API.\npublic nonisolated enum API {"))
        #expect(swift.contains("""
                /// First line.
                /// Second line.
                ///
                /// - Parameters:
                ///   - q: The query.
                public static func thing(q: String? = nil) -> Endpoint<Void> {
            """))
        #expect(swift.contains("        case thing(q: String? = nil)\n"))
    }

    @Test func headersInheritOverrideAndRemove() throws {
        let swift = try Self.generate("""
            { "baseURL": "https://a.example", "headers": { "Accept": "application/json", "X-A": "1", "X-B": "2" },
              "groups": { "g": { "path": "/g", "headers": { "x-a": "group", "X-B": null },
                "endpoints": { "e": { "method": "GET", "path": "/e", "headers": { "X-C": "3" } } } } } }
            """)
        // The API's headers are written once; the group replaces one and removes another. The
        // defaults fit on their line, so they stay on it.
        #expect(swift.contains("""
                public static let defaults = APIDefaults(baseURL: "https://a.example", headers: ["Accept": "application/json", "X-A": "1", "X-B": "2"])

            """))
        // A list of components that fits on the case's line stays on it.
        #expect(swift.contains("""
                        case .e: return try API.defaults.request(.get, [Path("g", "e"), Header("x-a", "group"), Header("X-C", "3"), Header.remove("X-B")])
            """))
        #expect(!swift.contains("Header(\"Accept\""))
        #expect(swift.components(separatedBy: "X-B").count - 1 == 2)
    }

    @Test(arguments: [
        (#""auth": "bearer","#, "AuthOptions([.bearer])"),
        (#""auth": "basic","#, "AuthOptions([.basic])"),
        (#""auth": { "type": "apiKey", "in": "header", "name": "X-Key" },"#, #"AuthOptions([.apiKey(in: .header, name: "X-Key")])"#),
        (#""auth": { "type": "apiKey", "in": "query", "name": "key" },"#, #"AuthOptions([.apiKey(in: .query, name: "key")])"#),
    ])
    func auth(top: String, line: String) throws {
        // The API's auth is written once, in its defaults.
        let swift = try Self.generate(Self.spec(top: top))
        #expect(swift.contains("    public static let defaults = APIDefaults(baseURL: \"https://api.example.com/v2\", auth: \(line))\n"))
        #expect(swift.components(separatedBy: "AuthOptions(").count == 2)
        // An endpoint can turn it off, or ask for another.
        let none = try Self.generate(Self.spec(endpoint: #""auth": "none""#, top: top))
        #expect(none.contains(#"return try defaults.request(.get, [Path("things"), AuthOptions([])])"#))
        let other = try Self.generate(Self.spec(endpoint: #""auth": "basic""#, top: #""auth": { "type": "apiKey", "in": "query", "name": "k" },"#))
        #expect(other.contains(#"return try defaults.request(.get, [Path("things"), AuthOptions([.basic])])"#))
        // Without auth anywhere: no requirement written.
        let plain = try Self.generate(Self.spec())
        #expect(!plain.contains("auth:") && !plain.contains("AuthOptions("))
    }

    @Test func authAlternativesAndOptionalAuth() throws {
        // At the top level: written once, as `AuthOptions` in the defaults.
        let top = try Self.generate(Self.spec(top: #""auth": ["basic", { "type": "apiKey", "in": "header", "name": "X-API-Key" }],"#))
        // Too long for one line (153 columns): the arguments one per line, each fitting on its own.
        #expect(top.contains("""
                public static let defaults = APIDefaults(
                    baseURL: "https://api.example.com/v2",
                    auth: AuthOptions([.basic, .apiKey(in: .header, name: "X-API-Key")])
                )
            """), "\(top)")
        #expect(top.components(separatedBy: "AuthOptions(").count == 2)
        let optionalTop = try Self.generate(Self.spec(top: #""auth": ["none", "bearer"],"#))
        #expect(optionalTop.contains("APIDefaults(baseURL: \"https://api.example.com/v2\", auth: AuthOptions([.bearer], optional: true))\n"))
        // At an endpoint: a component; "none" anywhere in the list makes it optional.
        let endpoint = try Self.generate(Self.spec(endpoint: #""auth": ["bearer", "none", "basic"]"#, top: #""auth": "bearer","#))
        #expect(endpoint.contains(#"return try defaults.request(.get, [Path("things"), AuthOptions([.bearer, .basic], optional: true)])"#))
        // One scheme in a list is that scheme: nothing differs from the API's here.
        let single = try Self.generate(Self.spec(endpoint: #""auth": ["bearer"]"#, top: #""auth": "bearer","#))
        #expect(single.contains(#"return try defaults.request(.get, [Path("things")])"#))
    }

    @Test func anEndpointOrGroupWithItsOwnBaseURL() throws {
        let swift = try Self.generate("""
            { "baseURL": "https://api.example.com/v2",
              "endpoints": {
                "upload": { "method": "POST", "path": "/files", "baseURL": "https://upload.example.com/v2" },
                "same": { "method": "GET", "path": "/same", "baseURL": "https://api.example.com/v2" } },
              "groups": { "assets": { "baseURL": "https://assets.example.com", "path": "/a",
                "endpoints": { "get": { "method": "GET" }, "back": { "method": "GET", "baseURL": "https://api.example.com/v2" } } } } }
            """)
        #expect(swift.contains(#"case .upload: return try defaults.request(.post, baseURL: "https://upload.example.com/v2", [Path("files")])"#), "\(swift)")
        #expect(swift.contains(#"case .same: return try defaults.request(.get, [Path("same")])"#))
        #expect(swift.contains(#"case .get: return try API.defaults.request(.get, baseURL: "https://assets.example.com", [Path("a")])"#))
        #expect(swift.contains(#"case .back: return try API.defaults.request(.get, [Path("a")])"#))
    }

    @Test(arguments: [("iso8601-fractional", "iso8601Fractional"), ("secondsSince1970", "secondsSince1970"),
                      ("millisecondsSince1970", "millisecondsSince1970"), ("date", "date")])
    func dateFormat(spec: String, swift name: String) throws {
        let swift = try Self.generate(Self.spec(top: "\"dateFormat\": \"\(spec)\","))
        #expect(swift.contains("public static let defaults = APIDefaults(baseURL: \"https://api.example.com/v2\", dateFormat: .\(name))\n"))
        #expect(swift.contains("return try defaults.request(.get, [Path(\"things\")])"))
        let iso = try Self.generate(Self.spec(top: "\"dateFormat\": \"iso8601\","))
        #expect(iso.contains("public static let defaults = APIDefaults(baseURL: \"https://api.example.com/v2\")\n"))
        #expect(!iso.contains("dateFormat"))
    }

    @Test func parametersDefaultsStylesAndLocations() throws {
        let swift = try Self.generate(Self.spec(endpoint: """
            "parameters": {
              "id": "Int64",
              "page_size": { "type": "Int", "default": 20 },
              "ratio": { "type": "Double", "default": 0.5 },
              "name": { "type": "String", "default": "a \\"b\\"" },
              "flag": { "type": "Bool", "default": false },
              "kind": { "type": "Kind", "default": "big-one" },
              "kinds": { "type": "[Kind]", "default": ["small"] },
              "ids": { "type": "[Int]?", "style": "comma" },
              "tags": "[String]?",
              "q": { "type": "String?", "name": "search" },
              "X-Trace": { "type": "String?", "in": "header" }
            }
            """, top: #""models": { "Kind": { "enum": ["big-one", "small"] } },"#, path: "/things/{id}"))
        #expect(swift.contains("""
                    case thing(
                        id: Int64, pageSize: Int = 20, ratio: Double = 0.5, name: String = "a \\"b\\"", flag: Bool = false, kind: Kind = .bigOne,
                        kinds: [Kind] = [.small], ids: [Int]? = nil, tags: [String]? = nil, q: String? = nil, xTrace: String? = nil
                    )
            """))
        #expect(swift.contains("case let .thing(id, pageSize, ratio, name, flag, kind, kinds, ids, tags, q, xTrace):"))
        #expect(swift.contains("""
                                Path("things", id),
                                Query("page_size", pageSize),
                                Query("ratio", ratio),
                                Query("name", name),
                                Query("flag", flag),
                                Query("kind", kind),
                                Query("kinds", kinds),
                                Query("ids", ids, style: .comma),
                                Query("tags", tags),
                                Query("search", q),
                                Header("X-Trace", xTrace),
            """))
        // The typed value repeats the defaults and passes every value on to its case. (A signature
        // or call longer than 150 columns wraps: its items fill the lines one level in.)
        #expect(swift.contains("    public static func thing(\n        id: Int64, pageSize: Int = 20, ratio: Double = 0.5, "))
        #expect(swift.contains("""
                    defaults.endpoint(
                        Call.thing(
                            id: id, pageSize: pageSize, ratio: ratio, name: name, flag: flag, kind: kind, kinds: kinds, ids: ids, tags: tags, q: q, xTrace: xTrace
                        ),
                        decoder: .none
                    )
            """))
    }

    @Test func pathSegmentsMadeOfParts() throws {
        let swift = try Self.generate(Self.spec(endpoint: #""parameters": { "name": "String", "v": "Int" }"#, path: "/v{v}/files/{name}.json/raw"))
        #expect(swift.contains("""
                        case let .thing(name, v): return try defaults.request(.get, [PathSegment("v", v), Path("files"), PathSegment(name, ".json"), Path("raw")])
            """))
    }

    @Test(arguments: [
        (#""body": "Item""#, "JSONBody(body)"),
        (#""body": { "type": "Item", "contentType": "application/vnd.item+json" }"#, #"JSONBody(body, contentType: "application/vnd.item+json")"#),
        (#""body": { "type": "Item", "encoding": "form" }"#, "FormBody(body)"),
        (#""body": { "type": "Item", "encoding": "multipart" }"#, "MultipartBody(body)"),
        (#""body": { "type": "Data", "encoding": "binary" }"#, "DataBody(body)"),
        (#""body": { "type": "Data", "encoding": "binary", "contentType": "image/png" }"#, #"DataBody(body, contentType: "image/png")"#),
        (#""body": { "type": "String", "encoding": "text" }"#, "DataBody(body)"),
    ])
    func bodies(endpoint: String, line: String) throws {
        let swift = try Self.generate(Self.spec(endpoint: endpoint, top: #""models": { "Item": { "properties": { "a": "Int" } } },"#, method: "POST"))
        #expect(swift.contains("return try defaults.request(.post, [Path(\"things\"), \(line)])\n"))
        #expect(swift.contains("case thing(body: "))
    }

    @Test func responsesErrorsTimeoutAndSample() throws {
        let swift = try Self.generate(Self.spec(endpoint: """
            "response": { "type": "String", "status": 202, "contentType": "text/csv" },
            "errors": { "404": "Problem", "5XX": "Problem", "default": "JSON" },
            "timeout": 2.5,
            "sample": "a \\"#quoted\\"# value"
            """, top: #""models": { "Problem": { "properties": { "detail": "String?" } } },"#))
        // What is sent is the case's; what comes back (decoder, statuses, error bodies) the typed value's.
        #expect(swift.contains("""
                        case .thing: return try defaults.request(.get, [Path("things"), Header("Accept", "text/csv"), Timeout(2.5)])
            """))
        #expect(swift.contains("""
                public static var thing: Endpoint<String> {
                    defaults.endpoint(
                        Call.thing,
                        decoder: .text,
                        statuses: [202],
                        errors: [.code(404): Problem.self, .range(5): Problem.self, .default: JSONValue.self]
                    )
                }
            """))
        // The sample is not part of the request: it is listed in `API.samples` for the stub transport.
        #expect(swift.contains("""
                public static let samples: [SampleResponse] = [
                    SampleResponse(.get, "/things", status: 202, json: ##""a \\"#quoted\\"# value""##),
                ]
            """))
        #expect(!swift.contains("Sample(") && !swift.contains("ErrorBody(") && !swift.contains("ExpectedStatus("))
        // Without samples, an empty `samples`: `StubTransport(samples: API.samples)` always compiles.
        #expect(try Self.generate(Self.spec()).contains("    public static let samples: [SampleResponse] = []\n"))
        // An inherited Accept wins over the response's content type.
        let inherited = try Self.generate(Self.spec(endpoint: #""response": { "type": "Data", "contentType": "image/png" }"#,
                                                    top: #""headers": { "Accept": "*/*" },"#))
        #expect(inherited.contains("headers: [\"Accept\": \"*/*\"]"))
        #expect(!inherited.contains("image/png"))
        #expect(!inherited.contains("Header(\"Accept\""))
        #expect(inherited.contains("Endpoint<Data>"))
        #expect(inherited.contains("decoder: .data"))
    }

    @Test func deprecatedEndpoints() throws {
        let swift = try Self.generate("""
            { "baseURL": "https://a.example", "endpoints": {
                "old": { "method": "GET", "path": "/old", "deprecated": true },
                "older": { "method": "GET", "path": "/older", "deprecated": "Use \\"new\\"." },
                "new": { "method": "GET", "path": "/new" } } }
            """)
        // Only the typed values are deprecated.
        #expect(swift.contains("    @available(*, deprecated)\n    public static var old: Endpoint<Void> { defaults.endpoint(Call.old, decoder: .none) }"))
        #expect(swift.contains("    @available(*, deprecated, message: \"Use \\\"new\\\".\")\n    public static var older: Endpoint<Void> { defaults.endpoint(Call.older, decoder: .none) }"))
        #expect(swift.contains(" }\n\n    public static var new: Endpoint<Void> { defaults.endpoint(Call.new, decoder: .none) }"))
        #expect(swift.components(separatedBy: "@available(").count - 1 == 2)
        // The cases are not, so the one exhaustive switch names them all without a warning.
        #expect(swift.contains("""
                    case old, older, new

                    public func httpRequest() throws -> HTTPRequest {
                        switch self {
                        case .old:
            """))
        #expect(!swift.contains("default:"))
        #expect(!swift.contains("_DeprecatedEndpoints") && !swift.contains("_UnmatchedEndpoint"))
    }

    @Test func namesThatAreNotSwiftIdentifiers() throws {
        let swift = try Self.generate("""
            { "baseURL": "https://a.example", "endpoints": {
                "2fa": { "method": "GET", "path": "/x/{class}", "parameters": { "class": "String", "for": "Int?", "user-id": "Int?", "page size": "Int?", "größe": "Int?" } },
                "default": { "method": "GET", "path": "/d" } },
              "groups": { "self-service": { "endpoints": { "get": { "method": "GET", "path": "/g" } } } } }
            """)
        #expect(swift.contains("case _2fa(class: String, for: Int? = nil, userId: Int? = nil, pageSize: Int? = nil, größe: Int? = nil)"))
        #expect(swift.contains("        case `default`\n"))
        #expect(swift.contains("case let ._2fa(`class`, `for`, userId, pageSize, größe):"))
        #expect(swift.contains("Path(\"x\", `class`)"))
        #expect(swift.contains("Query(\"for\", `for`)"))
        #expect(swift.contains("Query(\"page size\", pageSize)"))
        #expect(swift.contains("""
                public static func _2fa(class: String, for: Int? = nil, userId: Int? = nil, pageSize: Int? = nil, größe: Int? = nil) -> Endpoint<Void> {
            """))
        #expect(swift.contains("Call._2fa(class: `class`, for: `for`, userId: userId, pageSize: pageSize, größe: größe), decoder: .none)\n"))
        #expect(swift.contains("public static var `default`: Endpoint<Void> {"))
        #expect(swift.contains("case .`default`:"))
        // The group: a namespace of typed values, and a case wrapping its own `Call`.
        #expect(swift.contains("public nonisolated enum SelfService {\n        public static var get: Endpoint<Void> {"))
        #expect(swift.contains("API.defaults.endpoint(API.Call.selfService(.get), decoder: .none)"))
        #expect(swift.contains("        case selfService(SelfService.Call)\n"))
        #expect(swift.contains("nonisolated extension API.SelfService {\n    /// The endpoints of `API.SelfService` as cases; `API.Call.selfService(...)` wraps them.\n    public nonisolated enum Call:"))
    }

    @Test func objectModels() throws {
        let swift = try Self.generate(Self.spec(top: """
            "models": {
              "Pet": { "description": "A pet.", "properties": {
                "id": "Int64", "pet_name": { "type": "String", "description": "Its name." }, "tags": "[String]?",
                "count": { "type": "Int", "default": 1 }, "extra": "[String: JSON]?" } },
              "Plain": { "properties": { "a": "Int", "b": "Bool?" } }
            },
            """))
        // Models are nested in the API's namespace.
        #expect(swift.contains("""
            // Models
            nonisolated extension API {
                /// A pet.
                public nonisolated struct Pet: Codable, Hashable, Sendable {
                    public var id: Int64

                    /// Its name.
                    public var petName: String

                    public var tags: [String]?
                    public var count: Int
                    public var extra: [String: JSONValue]?

                    public init(id: Int64, petName: String, tags: [String]? = nil, count: Int = 1, extra: [String: JSONValue]? = nil) {
                        self.id = id
                        self.petName = petName
                        self.tags = tags
                        self.count = count
                        self.extra = extra
                    }

                    public init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: ModelKey.self)
                        self.id = try container.member("id")
                        self.petName = try container.member("pet_name")
                        self.tags = try container.memberIfPresent("tags")
                        self.count = try container.member("count")
                        self.extra = try container.memberIfPresent("extra")
                    }

                    public func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: ModelKey.self)
                        try container.encodeMember(self.id, "id")
                        try container.encodeMember(self.petName, "pet_name")
                        try container.encodeMemberIfPresent(self.tags, "tags")
                        try container.encodeMember(self.count, "count")
                        try container.encodeMemberIfPresent(self.extra, "extra")
                    }

                    public static func == (lhs: Self, rhs: Self) -> Bool {
                        guard ModelEquality.same(lhs.id, rhs.id), ModelEquality.same(lhs.petName, rhs.petName), ModelEquality.same(lhs.tags, rhs.tags),
                              ModelEquality.same(lhs.count, rhs.count), ModelEquality.same(lhs.extra, rhs.extra) else { return false }
                        return true
                    }
                }
            """))
        // `==` compares every stored property with one generic function; `hash(into:)` is synthesized.
        let models = try #require(swift.range(of: "// Models") as Range<String.Index>?)
        #expect(!swift[models.lowerBound...].contains("func hash(into"))
        // Keys are string literals of the runtime's `ModelKey`: no model declares `CodingKeys`.
        #expect(!swift.contains("CodingKeys"))
        #expect(swift.contains("            self.a = try container.member(\"a\")\n            self.b = try container.memberIfPresent(\"b\")\n"))
    }

    @Test func enumModelsAreOpenStructs() throws {
        let swift = try Self.generate(Self.spec(top: #""models": { "State": { "enum": ["closed", "unknown", "in-progress"] } },"#))
        #expect(swift.contains("""
                public nonisolated struct State: RawRepresentable, Codable, Hashable, Sendable, ParameterValue {
                    public var rawValue: String

                    /// The value `rawValue`, listed below or not: a value the spec does not list is kept as it is.
                    public init(rawValue: String) {
                        self.rawValue = rawValue
                    }

                    public static var closed: Self { Self(rawValue: "closed") }
                    public static var unknown: Self { Self(rawValue: "unknown") }

                    /// `in-progress`
                    public static var inProgress: Self { Self(rawValue: "in-progress") }
                }
            """))
        #expect(!swift.contains("unknownValue") && !swift.contains("switch rawValue"))
    }

    @Test func enumValuesNamedLikeOptionalCasesAreRenamed() throws {
        // `.none` on an optional enum would mean nil: the case is `noneValue`, and a default of
        // "NONE" on an optional parameter is that case, not a nil default.
        let swift = try Self.generate(Self.spec(
            endpoint: #""parameters": { "who": { "type": "Association?", "default": "NONE" } }"#,
            top: #""models": { "Association": { "enum": ["OWNER", "NONE", "some"] } },"#))
        #expect(swift.contains("""
                    /// `OWNER`
                    public static var owner: Self { Self(rawValue: "OWNER") }

                    /// `NONE`
                    public static var noneValue: Self { Self(rawValue: "NONE") }

                    /// `some`
                    public static var someValue: Self { Self(rawValue: "some") }
            """))
        #expect(swift.contains("case thing(who: Association? = .noneValue)"))
        #expect(swift.contains("public static func thing(who: Association? = .noneValue) -> Endpoint<Void> {"))
        #expect(!swift.contains("static var none:") && !swift.contains("Association? = .none)"))
    }

    @Test(arguments: [AccessLevel.package, .internal])
    func accessLevelReplacesEveryPublic(level: AccessLevel) throws {
        let swift = try Self.generate(Self.spec(endpoint: #""deprecated": true, "response": "M""#,
                                                top: #""models": { "M": { "properties": { "a": "Int" } }, "E": { "enum": ["x"] } },"#),
                                      access: level)
        #expect(!swift.contains("public "))
        #expect(swift.contains("\(level.rawValue) nonisolated enum API {"))
        #expect(swift.contains("\(level.rawValue) nonisolated struct M:"))
        #expect(swift.contains("\(level.rawValue) nonisolated struct E:"))
        #expect(swift.contains("\(level.rawValue) static var x: Self { Self(rawValue: \"x\") }"))
        #expect(swift.contains("\(level.rawValue) static let defaults = APIDefaults("))
        #expect(swift.contains("@available(*, deprecated)\n    \(level.rawValue) static var thing: Endpoint<M> {"))
        #expect(swift.contains("\(level.rawValue) nonisolated enum Call: HTTPRequestable, Sendable, Hashable {"))
        #expect(swift.contains("\(level.rawValue) func httpRequest()"))
        #expect(swift.contains("\(level.rawValue) init(a: Int)"))
    }

    @Test func runtimeNamesAreQualifiedWhenTheSpecHidesThem() throws {
        // Groups `authOptions` and `path` nest enums `AuthOptions` and `Path`, which would hide the runtime's.
        let swift = try Self.generate("""
            { "baseURL": "https://a.example", "auth": "bearer",
              "groups": { "authOptions": { "endpoints": { "login": { "method": "POST", "path": "/login", "auth": "none" } } },
                          "path": { "endpoints": { "p": { "method": "GET", "path": "/p" } } } } }
            """)
        #expect(swift.contains("EndpointRuntime.AuthOptions([])"))
        #expect(swift.contains("EndpointRuntime.Path(\"login\")"))
        #expect(swift.contains("EndpointRuntime.Path(\"p\")"))
        #expect(!swift.contains("    AuthOptions([])") && !swift.contains("    Path("))
        #expect(swift.contains("        case authOptions(AuthOptions.Call)\n        case path(Path.Call)\n"))
        let plain = try Self.generate(Self.spec(endpoint: #""auth": "none""#, top: #""auth": "bearer","#))
        #expect(plain.contains(#", AuthOptions([])])"#))
        #expect(!plain.contains("EndpointRuntime.AuthOptions") && !plain.contains("EndpointRuntime.Path"))
    }

    /// Every level's `Call` enum has one exhaustive switch, which Swift checks for a few hundred cases
    /// at most: a level holds at most 300 endpoints and groups, and more is an error naming the level.
    /// A case whose body is an object model is `indirect`, so that a `Call` is not as large as the
    /// largest model; no other case is.
    @Test func casesCarryingAnObjectModelAreIndirect() throws {
        let swift = try Self.generate("""
            { "baseURL": "https://a.example",
              "models": { "Item": { "properties": { "a": "Int" } }, "State": { "enum": ["on", "off"] } },
              "endpoints": {
                "create": { "method": "POST", "path": "/items", "body": "Item" },
                "patch": { "method": "PATCH", "path": "/items", "body": { "type": "Item", "encoding": "form" } },
                "upload": { "method": "PUT", "path": "/raw", "body": { "type": "Data", "encoding": "binary" } },
                "set": { "method": "PUT", "path": "/state", "body": "State" },
                "list": { "method": "GET", "path": "/items", "parameters": { "state": "State?" } } } }
            """)
        #expect(swift.contains("        indirect case create(body: Item)\n"))
        #expect(swift.contains("        indirect case patch(body: Item)\n"))
        #expect(swift.contains("        case upload(body: Data)\n") && !swift.contains("indirect case upload"))
        #expect(swift.contains("        case set(body: State)\n") && !swift.contains("indirect case set"))
        #expect(swift.contains("        case list(state: State? = nil)\n") && !swift.contains("indirect enum"))
    }

    @Test func aLevelHoldsAtMost300Cases() throws {
        let endpoints = (0..<450).map { #""e\#($0)": { "method": "GET", "path": "/e\#($0)/{id}", "parameters": { "id": "Int" } }"# }
        let atMost = try Self.generate(#"{ "baseURL": "https://a.example", "endpoints": { \#(endpoints.prefix(300).joined(separator: ", ")) } }"#)
        // One arm a case in `httpRequest()`, and one in the `identity()` that `==` compares.
        #expect(atMost.components(separatedBy: "            case let .e").count - 1 == 2 * 300)
        #expect(!atMost.contains("default:") && !atMost.contains("_httpRequest"))

        let tooMany = Generator.generate(specData: Data(#"{ "baseURL": "https://a.example", "endpoints": { \#(endpoints.prefix(301).joined(separator: ", ")) } }"#.utf8),
                                         fileName: "API.endpoints.json", options: GeneratorOptions())
        #expect(tooMany.swift == nil)
        #expect(tooMany.diagnostics.all.map(\.description) == [
            "API.endpoints.json:1:1: error: the top level has 301 endpoints and groups; at most 300 fit one level (Swift cannot check a switch over more): move some into groups",
        ])
        let inGroup = Generator.generate(specData: Data(#"{ "baseURL": "https://a.example", "groups": { "big": { "endpoints": { \#(endpoints.prefix(301).joined(separator: ", ")) } } } }"#.utf8),
                                         fileName: "API.endpoints.json", options: GeneratorOptions())
        #expect(inGroup.diagnostics.all.map(\.description) == [
            "API.endpoints.json:1:47: error: group 'big' has 301 endpoints and groups; at most 300 fit one level (Swift cannot check a switch over more): move some into groups",
        ])

        // 450 split over two groups, as specs/Large.endpoints.json does: one switch a level.
        let split = try Self.generate(#"{ "baseURL": "https://a.example", "groups": { "a": { "endpoints": { \#(endpoints.prefix(250).joined(separator: ", ")) } }, "#
            + #""b": { "endpoints": { \#(endpoints.suffix(200).joined(separator: ", ")) } } } }"#)
        #expect(split.components(separatedBy: "            case let .e").count - 1 == 2 * 450)
        #expect(split.contains("        case a(A.Call)\n        case b(B.Call)\n"))
        #expect(!split.contains("default:"))
    }

    @Test func emptyGroupsAndAPIsWithoutEndpoints() throws {
        let swift = try Self.generate(#"{ "baseURL": "https://a.example", "groups": { "g": { "endpoints": { "e": { "method": "GET", "path": "/e" } } }, "h": { "endpoints": {} } } }"#)
        // No top-level endpoints: the namespace holds the defaults alone, and its `Call` only the groups.
        #expect(swift.contains("""
            public nonisolated enum API {
                /// What every endpoint shares: the base URL, headers, auth, date format and error bodies.
                /// A client made with another base URL sends there instead.
                public static let defaults = APIDefaults(baseURL: "https://a.example")
            }
            """))
        #expect(swift.contains("        case g(G.Call)\n        case h(H.Call)\n"))
        #expect(swift.contains("nonisolated extension API.G {\n    /// The endpoints of `API.G` as cases; `API.Call.g(...)` wraps them.\n    public nonisolated enum Call: HTTPRequestable, Sendable, Hashable {\n        case e\n"))
        // An empty group: a caseless `Call` whose `httpRequest()` can never run, but must compile.
        #expect(swift.contains("nonisolated extension API {\n    public nonisolated enum H {}\n}"))
        #expect(swift.contains("""
                public nonisolated enum Call: HTTPRequestable, Sendable, Hashable {
                    public func httpRequest() throws -> HTTPRequest {
                        throw EndpointError.invalidRequest(reason: "H has no endpoints.", underlying: nil, request: nil)
                    }
                }
            """))
    }
}
