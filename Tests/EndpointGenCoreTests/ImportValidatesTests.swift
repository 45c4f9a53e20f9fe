import EndpointGenFuzzSupport
import Foundation
import Testing
@testable import EndpointGenCore

/// Every OpenAPI document the tests have, and a few hundred generated ones, import to a spec the
/// Validator accepts, with the checks `generate` runs (`Generator.validate(imported:)`): an
/// imported spec the Validator refuses is an importer bug.
@Suite struct ImportValidatesTests {
    /// The repository's root, from this file's place in it; the shared documents sit beside it (CI has
    /// `../shared` beside the clone).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared/openapi`, or the nearest `shared/openapi` further up (a worktree sits deeper than a clone).
    static let sharedDocuments: URL = {
        var directory = repositoryRoot.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("shared/openapi")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/openapi")
    }()

    static func documents(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { [".json", ".yaml", ".yml"].contains(where: $0.hasSuffix) }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    /// The fixtures' documents (JSON and YAML) and every document in ../shared/openapi.
    static var allDocuments: [URL] {
        let fixtures = repositoryRoot.appendingPathComponent("Tests/EndpointGenCoreTests/Fixtures")
        return documents(in: fixtures.appendingPathComponent("OpenAPI")) + documents(in: fixtures.appendingPathComponent("YAML/openapi"))
            + documents(in: sharedDocuments)
    }

    /// Errors of the import and of the validation `generate` runs on it, in both format versions.
    static func errors(importing data: Data, fileName: String, version: ImportFormatVersion = .two) -> [String] {
        let result = OpenAPIImporter.importDocument(data, fileName: fileName, options: ImportOptions(name: "Doc", formatVersion: version))
        let (spec, validation) = Generator.validate(imported: result, specFileName: "Doc.endpoints.json")
        var errors = (result.diagnostics.all + validation.all).filter { $0.severity == .error }.map(\.description)
        if errors.isEmpty, spec == nil { errors.append("no spec and no error") }
        return errors
    }

    @Test func everyDocumentOfTheTestsValidates() throws {
        let documents = Self.allDocuments
        // The fixtures are always there; the shared documents when ../shared is.
        #expect(documents.count >= 8)
        if FileManager.default.fileExists(atPath: Self.sharedDocuments.path) {
            #expect(documents.contains { $0.lastPathComponent == "Stripe.json" })
        }
        for url in documents {
            let data = try Data(contentsOf: url)
            let errors = Self.errors(importing: data, fileName: url.lastPathComponent)
            #expect(errors.isEmpty, "\(url.lastPathComponent): \(errors.prefix(5))")
        }
    }

    /// Seeded: the same documents on every run. A failure names the round, and prints the document.
    @Test func generatedDocumentsValidate() throws {
        let rounds = 300
        var failures = 0
        var messages: Set<String> = []
        for round in 0..<rounds {
            var random = FuzzRandom(seed: 0x23_2023, iteration: round)
            var generator = RandomOpenAPI(random: &random)
            let document = generator.document()
            let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted])
            for version in ImportFormatVersion.allCases {
                let errors = Self.errors(importing: data, fileName: "round\(round).json", version: version)
                guard !errors.isEmpty else { continue }
                failures += 1
                for error in errors { messages.insert(String(error.split(separator: " (in the spec imported")[0].split(separator: ": error: ").last ?? "")) }
                if failures <= 3 {
                    Issue.record("round \(round), format version \(version.rawValue): \(errors.prefix(3))\n\(String(decoding: data, as: UTF8.self))")
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(rounds * 2) imports have errors: \(messages.sorted())")
    }
}

/// Random but well-formed OpenAPI 3.0 / 3.1 documents: component schemas that refer to themselves and
/// to each other, unions, allOf, nullable values, enums of mixed types, maps, parameters with odd
/// names, paths with fragments, several responses, shared components.
struct RandomOpenAPI {
    var random: FuzzRandom
    let isThreeOne: Bool
    var schemaNames: [String] = []

    init(random: inout FuzzRandom) {
        self.random = random
        isThreeOne = random.chance(1, in: 2)
        _ = random.next()
    }

    static let names = ["Pet", "pet", "Pet_2", "Node", "node", "a.b", "x-y", "Type", "Self", "String", "Data", "Error",
                        "Protocol", "default", "1st", "Ünï", "Model", "JSON", "Response", "Foo Bar", "foo_bar", "FooBar",
                        "PetArray", "List", "Item", "Value", "Tree", "Optional", "Int", "Date"]
    static let propertyNames = ["id", "ID", "type", "self", "default", "additionalProperties", "x-y", "1a", "name", "Name",
                                "_", "kind", "parent", "children", "value", "class", "Self", "description", "é", "a b"]
    static let parameterNames = ["id", "ID", "X-Request-ID", "page[size]", "a.b", "type", "default", "body", "limit",
                                 "x-y", "self", "Accept", "user id", "filter[status]", "Content-Type", "1st"]
    static let segments = ["pets", "a", "users", "oauth2", "token", "v1", "files", "x-y", "Ünï", "search", "items"]

    mutating func chance(_ n: Int, in d: Int) -> Bool { random.chance(n, in: d) }
    mutating func below(_ n: Int) -> Int { random.below(n) }
    mutating func pick<T>(_ values: [T]) -> T { random.pick(values) }

    mutating func document() -> [String: Any] {
        let count = 2 + below(7)
        var names: [String] = []
        while names.count < count {
            let name = pick(Self.names)
            if !names.contains(name) { names.append(name) }
        }
        schemaNames = names
        var schemas: [String: Any] = [:]
        for name in names { schemas[name] = schema(depth: 0) }
        var components: [String: Any] = ["schemas": schemas]
        var sharedParameters: [String: Any] = [:]
        for index in 0..<below(3) { sharedParameters["p\(index)"] = parameter() }
        if !sharedParameters.isEmpty { components["parameters"] = sharedParameters }
        var sharedResponses: [String: Any] = [:]
        for index in 0..<below(3) { sharedResponses["r\(index)"] = response() }
        if !sharedResponses.isEmpty { components["responses"] = sharedResponses }
        var sharedBodies: [String: Any] = [:]
        for index in 0..<below(3) {
            let media = pick(["application/json", "multipart/form-data", "application/x-www-form-urlencoded", "application/octet-stream"])
            sharedBodies["b\(index)"] = ["content": [media: ["schema": schema(depth: 1)]]]
        }
        if !sharedBodies.isEmpty { components["requestBodies"] = sharedBodies }
        // Schemes that map to the same auth (two bearers), several per requirement (sent together),
        // empty requirements (optional), and a key in a cookie (which format version 1 cannot send).
        components["securitySchemes"] = [
            "bearer": ["type": "http", "scheme": "bearer"], "jwt": ["type": "http", "scheme": "bearer", "bearerFormat": "JWT"],
            "basic": ["type": "http", "scheme": "basic"], "oauth": ["type": "oauth2", "flows": [:] as [String: Any]],
            "key": ["type": "apiKey", "in": "header", "name": "X-Key"], "secret": ["type": "apiKey", "in": "query", "name": "secret"],
            "cookie": ["type": "apiKey", "in": "cookie", "name": "session"],
        ]

        var paths: [String: Any] = [:]
        var operationIDs: [String] = []
        for _ in 0..<(1 + below(5)) {
            var placeholders: [String] = []
            var path = ""
            for _ in 0..<(1 + below(3)) {
                if chance(1, in: 3) {
                    let name = pick(["id", "ID", "x-y", "petId", "a.b", "self", "file_id"])
                    if !placeholders.contains(name) {
                        placeholders.append(name)
                        path += "/{\(name)}"
                        continue
                    }
                }
                path += "/" + pick(Self.segments)
            }
            if chance(1, in: 12) { path = pick(["/", "/{id}", "/{id}/{ID}"]); placeholders = path == "/" ? [] : (path == "/{id}" ? ["id"] : ["id", "ID"]) }
            if chance(1, in: 4) { path += "#" + pick(["refresh", "downscope", "a-b", "x", "", "{id}"]) }
            var item: [String: Any] = [:]
            if chance(1, in: 3) {
                item["parameters"] = placeholders.map { ["name": $0, "in": "path", "required": true, "schema": primitive()] }
            }
            for method in ["get", "post", "put", "delete", "patch"] where chance(1, in: 2) || item.isEmpty {
                var operation: [String: Any] = [:]
                if chance(3, in: 4) {
                    // Sometimes an id another operation has (documents do that).
                    let id = !operationIDs.isEmpty && chance(1, in: 8) ? pick(operationIDs) : (chance(1, in: 5) ? pick(["listPets", "list-pets", "list_pets", "baseURL", "defaults", "samples", "call", "Call", "init", "self"])
                        : pick(["list", "get", "create", "refresh-token", "do.it", "X", "delete", "default", "a_b_c"]) + String(below(20)))
                    operationIDs.append(id)
                    operation["operationId"] = id
                }
                if chance(1, in: 2) { operation["tags"] = [pick(["pets", "Pets", "store", "default", "Doc", "a b", "Self", "models", "Pet", "node", "Error", "String", "listPets", "Call"])] }
                var parameters: [Any] = placeholders.compactMap { name in
                    item["parameters"] != nil && chance(1, in: 2) ? nil : ["name": name, "in": "path", "required": true, "schema": primitive()]
                }
                for _ in 0..<below(4) {
                    if !sharedParameters.isEmpty, chance(1, in: 3) {
                        parameters.append(["$ref": "#/components/parameters/p\(below(sharedParameters.count))"])
                    } else {
                        parameters.append(parameter())
                    }
                }
                if !parameters.isEmpty { operation["parameters"] = parameters }
                if method != "get", !sharedBodies.isEmpty, chance(1, in: 4) {
                    operation["requestBody"] = ["$ref": "#/components/requestBodies/b\(below(sharedBodies.count))"]
                } else if method != "get", chance(1, in: 2) {
                    let media = pick(["application/json", "application/json", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"])
                    operation["requestBody"] = ["required": chance(1, in: 2), "content": [media: ["schema": schema(depth: 1)]]]
                }
                var responses: [String: Any] = [:]
                for status in ["200", "201", "204", "400", "404", "4XX", "default"] where chance(1, in: 3) {
                    if !sharedResponses.isEmpty, chance(1, in: 3) {
                        responses[status] = ["$ref": "#/components/responses/r\(below(sharedResponses.count))"]
                    } else {
                        responses[status] = status == "204" ? ["description": "none"] : response()
                    }
                }
                if responses.isEmpty { responses["200"] = response() }
                operation["responses"] = responses
                if chance(1, in: 3) { operation["security"] = security() }
                item[method] = operation
            }
            paths[path] = item
        }
        var document: [String: Any] = [
            "openapi": isThreeOne ? "3.1.0" : "3.0.3",
            "info": ["title": pick(["Doc", "Test API", "Pets", "a b"]), "version": "1"],
            "servers": [["url": "https://api.example.com/v1"]],
            "paths": paths,
            "components": components,
        ]
        if chance(1, in: 4) { document["security"] = security() }
        return document
    }

    /// A security requirement list: alternatives of zero to three schemes each.
    mutating func security() -> [[String: [String]]] {
        (0..<below(4)).map { _ in
            var requirement: [String: [String]] = [:]
            for _ in 0..<below(4) { requirement[pick(["bearer", "jwt", "basic", "oauth", "key", "secret", "cookie"])] = [] }
            return requirement
        }
    }

    mutating func ref() -> [String: Any] { ["$ref": "#/components/schemas/" + escape(pick(schemaNames))] }

    func escape(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            .addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? name
    }

    mutating func primitive() -> [String: Any] {
        switch below(8) {
        case 0: return ["type": "string", "format": pick(["date-time", "uuid", "uri", "byte", "binary", "date", "email"])]
        case 1: return ["type": "integer", "format": pick(["int32", "int64"])]
        case 2: return ["type": "number", "format": pick(["float", "double"])]
        case 3: return ["type": "boolean"]
        case 4: return ["type": "integer"]
        case 5: return ["type": "number"]
        default: return ["type": "string"]
        }
    }

    mutating func nullable(_ schema: [String: Any]) -> [String: Any] {
        var schema = schema
        if isThreeOne, let type = schema["type"] as? String {
            schema["type"] = [type, "null"]
        } else if !isThreeOne {
            schema["nullable"] = true
        } else {
            return ["anyOf": [schema, ["type": "null"]]]
        }
        return schema
    }

    mutating func enumSchema() -> [String: Any] {
        switch below(6) {
        case 0: return ["type": "string", "enum": ["a", "b", "A", "a-b", "", "1", "+1", "-1", "default"].filter { _ in chance(1, in: 2) } + ["z"]]
        case 1: return ["type": "integer", "enum": [0, 1, -1, 2, 400]]
        case 2: return ["enum": ["a", 1, true, NSNull()]]
        case 3: return ["type": "string", "enum": ["x", NSNull(), "y"], "nullable": true]
        case 4: return ["type": "number", "enum": [1.5, 2]]
        default: return ["enum": [1, "1", "one"]]
        }
    }

    mutating func schema(depth: Int) -> [String: Any] {
        let choice = depth > 2 ? below(3) : below(14)
        var result: [String: Any]
        switch choice {
        case 0: result = primitive()
        case 1, 2: result = ref()
        case 3, 4:
            var properties: [String: Any] = [:]
            var required: [String] = []
            for _ in 0..<(1 + below(4)) {
                let name = pick(Self.propertyNames)
                properties[name] = schema(depth: depth + 1)
                if chance(1, in: 2) { required.append(name) }
            }
            result = ["type": "object", "properties": properties]
            if !required.isEmpty { result["required"] = Array(Set(required)).sorted() }
            if chance(1, in: 4) { result["additionalProperties"] = chance(1, in: 2) ? true : schema(depth: depth + 1) }
        case 5: result = ["type": "array", "items": schema(depth: depth + 1)]
        case 6: result = ["type": "object", "additionalProperties": schema(depth: depth + 1)]
        case 7: result = enumSchema()
        case 8, 9:
            var alternatives: [Any] = []
            for _ in 0..<(1 + below(4)) {
                let alternative: [String: Any] = chance(1, in: 6) ? ["type": "null"] : schema(depth: depth + 1)
                alternatives.append(alternative)
            }
            result = [pick(["anyOf", "oneOf"]): alternatives]
            if chance(1, in: 4) { result["discriminator"] = ["propertyName": pick(["type", "kind"])] }
        case 10:
            var members: [Any] = [ref()]
            if chance(1, in: 2) { members.append(["type": "object", "properties": [pick(Self.propertyNames): schema(depth: depth + 1)]]) }
            if chance(1, in: 4) { members.append(["nullable": true]) }
            result = ["allOf": members]
        case 11:
            result = isThreeOne ? ["type": [pick(["string", "integer", "boolean", "number"]), pick(["string", "integer", "array", "object"])]] : primitive()
        case 12:
            switch below(4) {
            case 0: result = ["const": pick(["fixed", "1"] as [Any])]
            case 1: result = ["type": "array", "prefixItems": [primitive(), ref()]]
            case 2: result = ["type": "array"]
            default:
                // A discriminated union of objects that refer back to it.
                let property = pick(["kind", "type"])
                let first: [String: Any] = ["type": "object", "required": [property],
                                            "properties": [property: ["type": "string"], "next": ref()]]
                let second: [String: Any] = ["allOf": [ref(), ["type": "object", "properties": [property: ["type": "string"]]]]]
                result = ["oneOf": [first, second, ref()], "discriminator": ["propertyName": property,
                          "mapping": ["a": "#/components/schemas/" + escape(pick(schemaNames)), "b": pick(schemaNames)]]]
            }
        default:
            result = ["type": "object"]
        }
        if chance(1, in: 6) { result = nullable(result) }
        if chance(1, in: 8) { result["default"] = pick(["x", 1, true, NSNull(), [1, 2], "a"] as [Any]) }
        if chance(1, in: 6) { result["description"] = "d" }
        return result
    }

    mutating func parameter() -> [String: Any] {
        let location = pick(["query", "query", "header", "cookie", "path"])
        var parameter: [String: Any] = ["name": pick(Self.parameterNames), "in": location]
        if location == "path" || chance(1, in: 3) { parameter["required"] = true }
        switch below(6) {
        case 0: parameter["schema"] = ["type": "array", "items": primitive()]
        case 1: parameter["schema"] = enumSchema()
        case 2: parameter["schema"] = ref()
        case 3: parameter["schema"] = ["type": "object", "additionalProperties": ["type": "string"]]
        default: parameter["schema"] = primitive()
        }
        if chance(1, in: 5) { parameter["style"] = pick(["form", "simple", "deepObject", "pipeDelimited", "spaceDelimited", "label", "matrix"]) }
        if chance(1, in: 5) { parameter["explode"] = chance(1, in: 2) }
        if chance(1, in: 10) {
            parameter.removeValue(forKey: "schema")
            parameter["content"] = ["application/json": ["schema": schema(depth: 2)]]
        }
        return parameter
    }

    mutating func response() -> [String: Any] {
        var response: [String: Any] = ["description": "r"]
        if chance(3, in: 4) {
            let media = pick(["application/json", "application/json", "text/plain", "application/octet-stream", "text/event-stream", "application/problem+json"])
            response["content"] = [media: ["schema": schema(depth: 1)]]
        }
        if chance(1, in: 4) {
            response["headers"] = [pick(["X-Rate-Limit", "Link", "x-y", "ETag"]): ["schema": primitive()]]
        }
        return response
    }
}
