import Foundation
import Testing
@testable import EndpointGenCore

/// A document that imports must generate: fragments in paths, unions that list themselves, and the
/// places of what the Validator would find in an imported spec.
@Suite struct ImportGeneratesTests {
    typealias T = ImportTestSupport

    /// Imports a version 2 document (YAML or JSON) and validates it as `generate` does.
    static func importAndValidate(_ text: String, fileName: String = "Doc.openapi.yaml")
        -> (result: ImportResult, spec: [String: Any], errors: [String], warnings: [String]) {
        let result = OpenAPIImporter.importDocument(Data(text.utf8), fileName: fileName, options: ImportOptions(name: "Doc"))
        let (_, validation) = Generator.validate(imported: result, specFileName: "Doc.endpoints.json")
        let spec = result.specJSON.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
        let errors = (result.diagnostics.all + validation.all).filter { $0.severity == .error }.map(\.description)
        let warnings = result.diagnostics.all.filter { $0.severity == .warning }.map(\.description)
        return (result, spec, errors, warnings)
    }

    // MARK: Headers of several statuses

    /// The statuses of `responses` (and of `errors`) share one headers type: a header written with
    /// another type in another status is `String` in all of them, with a warning (the seeded
    /// documents of ImportValidatesTests found the validator's "one header has one type" error).
    @Test func aHeaderTypedDifferentlyInTwoStatusesIsText() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Doc, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /jobs:
                post:
                  operationId: startJob
                  tags: [jobs]
                  responses:
                    '200': {description: done, headers: {X-Retry: {schema: {type: boolean}}}, content: {application/json: {schema: {type: string}}}}
                    '202': {description: queued, headers: {X-Retry: {required: true, schema: {type: integer}}, X-Id: {schema: {type: string}}}}
                    '400': {description: bad, headers: {ETag: {schema: {type: string}}}, content: {application/json: {schema: {type: object, properties: {m: {type: string}}}}}}
                    '409': {description: taken, headers: {ETag: {schema: {type: boolean}}}, content: {application/json: {schema: {type: object, properties: {m: {type: string}}}}}}
            """
        let imported = Self.importAndValidate(document)
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        let endpoint = try #require(((imported.spec["groups"] as? [String: Any])?["jobs"] as? [String: Any])?["endpoints"] as? [String: Any])
        let startJob = try #require(endpoint["startJob"] as? [String: Any])
        let responses = try #require(startJob["responses"] as? [String: Any])
        #expect(((responses["200"] as? [String: Any])?["headers"] as? [String: Any])?["X-Retry"] as? String == "String?")
        #expect(((responses["202"] as? [String: Any])?["headers"] as? [String: Any])?["X-Retry"] as? String == "String")
        #expect(((responses["202"] as? [String: Any])?["headers"] as? [String: Any])?["X-Id"] as? String == "String?")
        let errors = try #require(startJob["errors"] as? [String: Any])
        #expect(((errors["409"] as? [String: Any])?["headers"] as? [String: Any])?["ETag"] as? String == "String?")
        #expect(imported.warnings.filter { $0.contains("has different types in different statuses") }.count == 2, "\(imported.warnings)")
    }

    // MARK: Fragments

    static let fragments = """
        openapi: 3.0.3
        info: {title: Tokens, version: "1"}
        servers: [{url: "https://auth.example.com"}]
        paths:
          /oauth2/token#refresh:
            post:
              operationId: refreshToken
              responses: {'200': {description: ok}}
          /oauth2/token#downscope:
            post:
              responses: {'200': {description: ok}}
          /oauth2/token:
            post:
              operationId: requestToken
              responses: {'200': {description: ok}}
          /files/{file_id}#metadata:
            get:
              parameters:
                - {name: file_id, in: path, required: true, schema: {type: string}}
              responses: {'200': {description: ok}}
        """

    @Test func aFragmentIsNotPartOfThePath() throws {
        let imported = Self.importAndValidate(Self.fragments)
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        let endpoints = try #require((imported.spec["groups"] as? [String: Any])?["oauth2"] as? [String: Any])["endpoints"] as? [String: Any]
        // Three operations of one method and path, each its own endpoint: the operationId, else the fragment, names it.
        let names = try #require(endpoints).keys.sorted()
        #expect(names == ["postOauth2TokenDownscope", "refreshToken", "requestToken"])
        for name in names {
            let endpoint = try #require(endpoints?[name] as? [String: Any])
            #expect(endpoint["path"] as? String == "/oauth2/token")
            #expect(endpoint["method"] as? String == "POST")
        }
        let files = try #require((imported.spec["groups"] as? [String: Any])?["files"] as? [String: Any])
        let metadata = try #require((files["endpoints"] as? [String: Any])?["getFilesMetadata"] as? [String: Any])
        #expect(metadata["path"] as? String == "/files/{file_id}")
        #expect((metadata["parameters"] as? [String: Any])?["file_id"] != nil)
        // Nothing is lost: a fragment is never sent.
        #expect(imported.warnings.filter { $0.contains("#") && $0.contains("fragment") }.isEmpty, "\(imported.warnings)")
    }

    /// `--path /oauth2/token` keeps the operations of `/oauth2/token#refresh` (what they request);
    /// `--path /oauth2/token#refresh` keeps that path's alone.
    @Test func aPathFilterLooksAtWhatIsRequested() throws {
        func kept(_ prefix: String) -> Int? {
            let result = OpenAPIImporter.importDocument(Data(Self.fragments.utf8), fileName: "Doc.openapi.yaml",
                                                        options: ImportOptions(name: "Doc", pathPrefixes: [prefix]))
            return result.kept?.operations
        }
        #expect(kept("/oauth2/token") == 3)
        #expect(kept("/oauth2") == 3)
        #expect(kept("/oauth2/token#refresh") == 1)
        #expect(kept("/files/{file_id}") == 1)
        #expect(kept("/oauth2/tok") == 0)
    }

    @Test func aPathTheSpecCannotHoldIsDroppedWithAWarning() throws {
        let imported = Self.importAndValidate("""
            openapi: 3.0.3
            info: {title: Odd, version: "1"}
            servers: [{url: "https://odd.example.com"}]
            paths:
              /search?kind=all:
                get: {operationId: searchAll, responses: {'200': {description: ok}}}
              /odd?=all:
                get: {operationId: odd, responses: {'200': {description: ok}}}
              /broken/{id:
                get: {operationId: broken, responses: {'200': {description: ok}}}
              /with space:
                get: {operationId: spaced, responses: {'200': {description: ok}}}
              relative/{id}:
                get: {operationId: relative, responses: {'200': {description: ok}}}
            """)
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        #expect(imported.result.warningCounts["invalid-operation"] == 4)
        #expect(imported.warnings.contains { $0.contains("'/odd?=all'") && $0.contains("query") })
        // A query of name=value pairs is sent (ImportMappingTests.aQueryWrittenIntoThePathIsSentAsParameters).
        #expect(!imported.warnings.contains { $0.contains("'/search?kind=all'") })
        let relative = (imported.spec["endpoints"] as? [String: Any])?["relative"] as? [String: Any]
            ?? ((imported.spec["groups"] as? [String: Any])?["relative"] as? [String: Any])?["endpoints"]
            .flatMap { ($0 as? [String: Any])?["relative"] as? [String: Any] }
        #expect(relative?["path"] as? String == "/relative/{id}")
        #expect(imported.result.operationCount == 2)
    }

    // MARK: Unions that list themselves

    static let recursiveUnions = """
        openapi: 3.1.0
        info: {title: Zoo, version: "1"}
        servers: [{url: "https://zoo.example.com"}]
        paths:
          /zoo:
            get:
              operationId: getZoo
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Zoo'}
        components:
          schemas:
            Zoo:
              type: object
              properties:
                self: {$ref: '#/components/schemas/SelfAny'}
                one: {$ref: '#/components/schemas/SelfOne'}
                ping: {$ref: '#/components/schemas/Ping'}
                pong: {$ref: '#/components/schemas/Pong'}
                nested: {$ref: '#/components/schemas/Nested'}
                nothing: {$ref: '#/components/schemas/Nothing'}
                tree: {$ref: '#/components/schemas/Tree'}
            SelfAny:
              anyOf:
                - $ref: '#/components/schemas/SelfAny'
                - type: string
            SelfOne:
              oneOf:
                - type: integer
                - $ref: '#/components/schemas/SelfOne'
                - type: string
            Ping:
              anyOf:
                - $ref: '#/components/schemas/Pong'
                - type: string
            Pong:
              oneOf:
                - $ref: '#/components/schemas/Ping'
                - type: boolean
            Nested:
              anyOf:
                - anyOf:
                    - $ref: '#/components/schemas/Nested'
                    - type: integer
                  title: inner
                - type: string
            Nothing:
              anyOf:
                - $ref: '#/components/schemas/Nothing'
                - $ref: '#/components/schemas/Nothing'
            Tree:
              anyOf:
                - type: array
                  items: {$ref: '#/components/schemas/Tree'}
                - type: string
        """

    @Test func aUnionListedAmongItsOwnAlternativesAddsNothing() throws {
        let imported = Self.importAndValidate(Self.recursiveUnions)
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        let models = try #require(imported.spec["models"] as? [String: Any])
        func alternatives(_ name: String) -> [String]? {
            let model = models[name] as? [String: Any]
            return (model?["anyOf"] ?? model?["oneOf"]) as? [String]
        }
        #expect(alternatives("SelfAny") == ["String"])
        #expect(alternatives("SelfOne") == ["Int", "String"])
        // A cycle through two unions: each is the other's alternatives and its own.
        #expect(alternatives("Ping") == ["Bool", "String"])
        #expect(alternatives("Pong") == ["String", "Bool"])
        #expect(alternatives("Nested") == ["Int", "String"])
        #expect(alternatives("NestedInner") == ["String", "Int"])
        // Through an array decoding goes one level down: the union stays as written.
        #expect(alternatives("Tree") == ["[Tree]", "String"])
        // A union of nothing but itself describes no value: JSON, with a warning.
        #expect(alternatives("Nothing") == ["JSON"])
        let nothingWarnings = imported.warnings.filter { $0.contains("'Nothing' lists only itself") }
        #expect(nothingWarnings.count == 1)
        #expect(nothingWarnings.first?.hasPrefix("Doc.openapi.yaml:51:") == true, "\(nothingWarnings)")
        // Nothing else is reported: the other unions lose nothing.
        #expect(imported.result.warningCounts["schema-as-json"] == 1, "\(imported.warnings)")
    }

    // MARK: Found by ImportValidatesTests.generatedDocumentsValidate

    /// Array items that may be null cannot be sent as such: the parameter is typed String, with a warning.
    @Test func aParameterOfNullableItemsIsSentAsString() throws {
        let imported = Self.importAndValidate("""
            openapi: 3.0.3
            info: {title: Nulls, version: "1"}
            servers: [{url: "https://nulls.example.com"}]
            paths:
              /values:
                get:
                  operationId: values
                  parameters:
                    - {name: ids, in: query, schema: {type: array, items: {type: number, nullable: true}}}
                    - {name: X-Ids, in: header, schema: {type: array, items: {type: integer, nullable: true}}}
                    - {name: plain, in: query, schema: {type: array, items: {type: integer}}}
                  responses: {'204': {description: none}}
            """)
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        let endpoint = try #require(((imported.spec["groups"] as? [String: Any])?["values"] as? [String: Any])?["endpoints"] as? [String: Any])
        let parameters = try #require((endpoint["values"] as? [String: Any])?["parameters"] as? [String: Any])
        #expect(parameters["ids"] as? String == "String?")
        #expect((parameters["X-Ids"] as? [String: Any])?["type"] as? String == "String?")
        #expect(parameters["plain"] as? String == "[Int]?")
        #expect(imported.result.warningCounts["parameter-type"] == 2)
    }

    /// Two alternatives whose Swift cases would have one name: the later is dropped, with a warning.
    @Test func alternativesOfOneSwiftNameAreOneCase() throws {
        let imported = Self.importAndValidate("""
            openapi: 3.1.0
            info: {title: Names, version: "1"}
            servers: [{url: "https://names.example.com"}]
            paths:
              /things:
                get:
                  operationId: things
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              any: {$ref: '#/components/schemas/AnyThing'}
                              pets: {$ref: '#/components/schemas/Pets'}
            components:
              schemas:
                JSON:
                  type: object
                  properties: {raw: {type: string}}
                Pet:
                  type: object
                  properties: {name: {type: string}}
                PetArray:
                  type: object
                  properties: {count: {type: integer}}
                AnyThing:
                  anyOf:
                    - $ref: '#/components/schemas/JSON'
                    - type: object
                Pets:
                  oneOf:
                    - $ref: '#/components/schemas/PetArray'
                    - type: array
                      items: {$ref: '#/components/schemas/Pet'}
                    - type: string
            """)
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        let models = try #require(imported.spec["models"] as? [String: Any])
        let anyThing = try #require((models["AnyThing"] as? [String: Any])?["anyOf"] as? [String])
        #expect(anyThing.count == 1)
        #expect((models["Pets"] as? [String: Any])?["oneOf"] as? [String] == ["PetArray", "String"])
        let dropped = imported.warnings.filter { $0.contains("would be the same Swift case") }
        #expect(dropped.count == 2, "\(imported.warnings)")
        #expect(dropped.contains { $0.contains("'[Pet]' of 'Pets'") })
    }

    /// A stream of events or lines whose schema is bytes: the elements are the text they are.
    @Test func aTextStreamOfBytesIsAStreamOfStrings() throws {
        let imported = Self.importAndValidate("""
            openapi: 3.0.3
            info: {title: Streams, version: "1"}
            servers: [{url: "https://streams.example.com"}]
            paths:
              /events:
                get:
                  operationId: events
                  responses:
                    '200':
                      description: ok
                      content:
                        text/event-stream:
                          schema: {type: string, format: binary}
              /lines:
                get:
                  operationId: lines
                  responses:
                    '200':
                      description: ok
                      content:
                        application/x-ndjson:
                          schema: {type: string, format: byte}
            """)
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        let events = try #require(((imported.spec["groups"] as? [String: Any])?["events"] as? [String: Any])?["endpoints"] as? [String: Any])
        let response = try #require((events["events"] as? [String: Any])?["response"] as? [String: Any])
        #expect(response["type"] as? String == "String")
        #expect(response["stream"] as? String == "sse")
        #expect(imported.warnings.filter { $0.contains("are text, not bytes") }.count == 2, "\(imported.warnings)")
    }

    /// A discriminator is a string: one that is a number, or a union, in an alternative is dropped, with a warning.
    @Test func aDiscriminatorThatIsNotAStringIsDropped() throws {
        let imported = Self.importAndValidate("""
            openapi: 3.0.3
            info: {title: Kinds, version: "1"}
            servers: [{url: "https://kinds.example.com"}]
            paths:
              /shapes:
                get:
                  operationId: shapes
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              numbered: {$ref: '#/components/schemas/Numbered'}
                              named: {$ref: '#/components/schemas/Named'}
            components:
              schemas:
                Circle:
                  type: object
                  required: [kind]
                  properties: {kind: {type: integer, enum: [1, 2]}, radius: {type: number}}
                Square:
                  type: object
                  required: [kind]
                  properties: {kind: {type: string}, side: {type: number}}
                Numbered:
                  oneOf: [{$ref: '#/components/schemas/Circle'}, {$ref: '#/components/schemas/Square'}]
                  discriminator: {propertyName: kind}
                Named:
                  oneOf: [{$ref: '#/components/schemas/Square'}, {$ref: '#/components/schemas/Triangle'}]
                  discriminator: {propertyName: kind}
                Triangle:
                  type: object
                  required: [kind]
                  properties: {kind: {type: string, enum: [triangle]}, base: {type: number}}
            """)
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        let models = try #require(imported.spec["models"] as? [String: Any])
        #expect((models["Numbered"] as? [String: Any])?["discriminator"] == nil)
        #expect((models["Numbered"] as? [String: Any])?["oneOf"] as? [String] == ["Circle", "Square"])
        // A string and a string enum choose: that one stays.
        #expect((models["Named"] as? [String: Any])?["discriminator"] as? String == "kind")
        let dropped = imported.warnings.filter { $0.contains("is not a string property") }
        #expect(dropped.count == 1 && dropped[0].contains("'Circle'"), "\(imported.warnings)")
    }

    // MARK: Places

    /// A problem the Validator finds in an imported spec points at the document: here the spec is
    /// made invalid on purpose (an optional union alternative) without moving any line.
    @Test func aValidatorProblemPointsAtTheDocument() throws {
        var result = OpenAPIImporter.importDocument(Data(Self.recursiveUnions.utf8), fileName: "Zoo.openapi.yaml",
                                                    options: ImportOptions(name: "Zoo"))
        #expect(try #require(result.specJSON).contains(#""anyOf": ["String"]"#))
        // The Validator reads the importer's tree, not its text: the tree is what is changed.
        func optionalString(_ value: ImportJSON) -> ImportJSON {
            switch value {
            case let .object(members):
                return .object(members.map { key, member in
                    key == "anyOf" && member == .array([.string("String")]) ? (key, .array([.string("String?")])) : (key, optionalString(member))
                })
            case let .array(items): return .array(items.map(optionalString))
            default: return value
            }
        }
        result.spec = optionalString(try #require(result.spec))
        let (validated, diagnostics) = Generator.validate(imported: result, specFileName: "Zoo.endpoints.json")
        #expect(validated == nil)
        let errors = diagnostics.all.filter { $0.severity == .error }
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        // `- type: string` of SelfAny, the alternative the spec's 'String' was made from.
        #expect(error.location == SourceLocation(file: "Zoo.openapi.yaml", line: 29, column: 11), "\(error)")
        #expect(error.message.contains("cannot be optional"))
        #expect(error.message.contains("in the spec imported from this document"))
    }

    /// `endpoint-gen import` asks for the text alone: the same bytes and warnings, without the tree
    /// and its places, which only `generate` validates.
    @Test func theTextAloneIsTheSameTextWithoutTheTree() throws {
        for fixture in ["pet-store-3.0.json", "github-like-3.0.json", "tomtom-3.0.json"] {
            let data = try Data(contentsOf: try T.fixture(fixture))
            let full = OpenAPIImporter.importDocument(data, fileName: fixture, options: ImportOptions(name: "PetStore"))
            let textOnly = OpenAPIImporter.importDocument(data, fileName: fixture, options: ImportOptions(name: "PetStore", keepsTree: false))
            #expect(textOnly.specJSON != nil)
            #expect(textOnly.specJSON == full.specJSON, "\(fixture)")
            #expect(textOnly.diagnostics.all.map(\.description) == full.diagnostics.all.map(\.description), "\(fixture)")
            #expect(full.spec != nil && full.sourceMap != nil, "\(fixture)")
            #expect(textOnly.spec == nil && textOnly.sourceMap == nil, "\(fixture)")
        }
    }

    /// On real output: the spec place of every property of every component model, and of every
    /// endpoint's path, maps to the document's place of that property's schema and that path's key.
    @Test func everyPropertyAndPathMapsToItsDocumentPlace() throws {
        let data = try Data(contentsOf: try T.fixture("pet-store-3.0.json"))
        let result = OpenAPIImporter.importDocument(data, fileName: "pet-store-3.0.json", name: "PetStore")
        let specJSON = try #require(result.specJSON)
        let map = try #require(result.sourceMap)
        var ignored = Diagnostics()
        let document = try #require(JSONParser.parse(data, fileName: "pet-store-3.0.json", diagnostics: &ignored))
        let specRoot = try #require(JSONParser.parse(Data(specJSON.utf8), fileName: "PetStore.endpoints.json", diagnostics: &ignored))
        func member(_ node: JSONNode?, _ key: String) -> JSONNode.Member? {
            guard case .object(let members)? = node?.value else { return nil }
            return members.first { $0.key == key }
        }
        var checked = 0
        for component in (member(member(document, "components")?.value, "schemas")?.value).map(Self.members) ?? [] {
            let (name, schema) = (component.key, component.value)
            guard let properties = member(schema, "properties")?.value, let model = member(member(specRoot, "models")?.value, name) else { continue }
            for property in Self.members(properties) {
                guard let specProperty = member(member(model.value, "properties")?.value, property.key) else { continue }
                // The property's key and its type in the spec both lead to the property's schema.
                #expect(map.documentLocation(ofSpecLocation: specProperty.keyLocation, inSpec: specJSON) == property.value.location)
                #expect(map.documentLocation(ofSpecLocation: specProperty.value.location, inSpec: specJSON) == property.value.location)
                checked += 1
            }
        }
        #expect(checked >= 20)
        // Paths: each endpoint's `path` value -> the key of its path in `paths`.
        let pathKeys = Dictionary(Self.members(try #require(member(document, "paths")?.value)).map { ($0.key, $0.keyLocation) },
                                  uniquingKeysWith: { first, _ in first })
        var paths = 0
        for group in Self.members(try #require(member(specRoot, "groups")?.value)) {
            for endpoint in Self.members(try #require(member(group.value, "endpoints")?.value)) {
                let path = try #require(member(endpoint.value, "path"))
                guard case .string(let text) = path.value.value else { continue }
                #expect(map.documentLocation(ofSpecLocation: path.value.location, inSpec: specJSON) == pathKeys[text])
                paths += 1
            }
        }
        #expect(paths == result.operationCount)
    }

    static func members(_ node: JSONNode) -> [JSONNode.Member] {
        if case .object(let members) = node.value { return members }
        return []
    }
}
