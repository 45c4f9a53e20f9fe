import Foundation
import Testing
@testable import EndpointGenCore

/// Swagger 2.0 documents: translated into the OpenAPI 3.0 tree the importer reads, with warnings
/// naming the 2.0 document's own pointers, lines and columns.
@Suite struct ImportSwagger2Tests {
    typealias T = ImportTestSupport

    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/Swagger2"))
        return try Data(contentsOf: url)
    }

    static func importFixture(_ name: String) throws -> ImportResult {
        OpenAPIImporter.importDocument(try fixture(name), fileName: name, options: ImportOptions(name: "PetShop"))
    }

    /// The pet shop as Swagger 2.0 (JSON and YAML) imports to the bytes of its hand-written OpenAPI 3.0
    /// equivalent, and the spec validates and generates.
    @Test func petShopImportsAsItsOpenAPI3Equivalent() throws {
        let json = try Self.importFixture("PetShop.swagger.json")
        let yaml = try Self.importFixture("PetShop.swagger.yaml")
        let openAPI3 = try Self.importFixture("PetShop.openapi3.json")
        #expect(!json.diagnostics.hasErrors, "\(json.diagnostics.sorted.map(\.description))")
        let spec = try #require(json.specJSON)
        #expect(yaml.specJSON == spec)
        #expect(openAPI3.specJSON == spec)
        #expect(json.operationCount == 8)
        // The same warnings, by kind, as the 3.0 document, plus the one for `tsv`, which 3.0 cannot say.
        var expectedCounts = openAPI3.warningCounts
        expectedCounts["parameter-style", default: 0] += 1
        #expect(json.warningCounts == expectedCounts)
        #expect(yaml.warningCounts == expectedCounts)

        let generated = Generator.generate(specData: Data(spec.utf8), fileName: "PetShop.endpoints.json", options: GeneratorOptions())
        #expect(generated.diagnostics.all.filter { $0.severity == .error }.isEmpty, "\(generated.diagnostics.all.map(\.description))")
        let swift = try #require(generated.swift)
        #expect(swift.contains("enum PetShop"))
    }

    /// What the translation gives, read from the spec itself.
    @Test func petShopMapping() throws {
        let imported = T.run(String(decoding: try Self.fixture("PetShop.swagger.json"), as: UTF8.self),
                             fileName: "PetShop.swagger.json", name: "PetShop", version: .two)
        #expect(imported.validationErrors.isEmpty)
        #expect(imported.spec["baseURL"] as? String == "https://petshop.example.com/v2")
        let auth = try #require(imported.spec["auth"] as? [String: Any])
        #expect(auth["name"] as? String == "X-API-Key")

        let list = try #require(imported.endpoint("listPets", in: "petEndpoints"))
        let parameters = try #require(list["parameters"] as? [String: Any])
        // collectionFormat: absent and csv -> comma; multi -> the default form; ssv -> spaceDelimited,
        // pipes -> pipeDelimited; tsv (no 3.0 equivalent) -> form, reported.
        #expect((parameters["tags"] as? [String: Any])?["style"] as? String == "comma")
        #expect((parameters["colors"] as? [String: Any])?["style"] as? String == "comma")
        #expect(parameters["ids"] as? String == "[Int64]?")
        #expect((parameters["words"] as? [String: Any])?["style"] as? String == "spaceDelimited")
        #expect((parameters["owners"] as? [String: Any])?["style"] as? String == "pipeDelimited")
        #expect(parameters["names"] as? String == "[String]?")
        #expect((parameters["limit"] as? [String: Any])?["default"] as? Int == 20)
        #expect((parameters["X-Request-ID"] as? [String: Any])?["type"] as? String == "UUID?")
        let response = try #require(list["response"] as? [String: Any])
        #expect((response["headers"] as? [String: Any])?["X-Total-Count"] as? String == "Int?")

        #expect(imported.endpoint("addPet", in: "petEndpoints")?["body"] as? String == "NewPet")
        #expect(imported.endpoint("addPet", in: "petEndpoints")?["auth"] as? String == "bearer")
        #expect(imported.endpoint("deletePet", in: "petEndpoints")?["auth"] as? String == "basic")
        let upload = try #require(imported.endpoint("uploadPhoto", in: "petEndpoints")?["body"] as? [String: Any])
        #expect(upload["encoding"] as? String == "multipart")
        let uploadModel = try #require((imported.models["PetUploadPhotoRequest"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(uploadModel["file"] as? String == "File")
        let rename = try #require(imported.endpoint("renamePet", in: "petEndpoints")?["body"] as? [String: Any])
        #expect(rename["encoding"] as? String == "form")
        // PNG or JPEG: a File holding whichever the server sends (asking for neither).
        #expect(imported.endpoint("downloadPhoto", in: "petEndpoints")?["response"] as? String == "File")
        let order = try #require(imported.endpoint("placeOrder", in: "store"))
        #expect((order["errors"] as? [String: Any])?["404"] as? String == "ErrorModel")
        #expect((order["sample"] as? [String: Any])?["status"] as? String == "placed")
        let newPet = try #require((imported.models["NewPet"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(newPet["nickname"] as? String == "String?")  // x-nullable
        #expect(((imported.models["Category"] as? [String: Any])?["properties"] as? [String: Any])?["parent"] as? String == "Category?")
    }

    /// Warnings about translated nodes name the 2.0 pointer, at the 2.0 line and column.
    @Test func warningsNameTheSwagger2Document() throws {
        let result = try Self.importFixture("PetShop.swagger.json")
        let lines = result.diagnostics.sorted.map(\.description)
        // ssv and pipes have their 3.0 styles: nothing to report.
        #expect(!lines.contains { $0.contains("parameters/5/") || $0.contains("parameters/6/") })
        #expect(lines.contains(
            "PetShop.swagger.json:65:113: warning: #/paths/~1pets/get/parameters/7/collectionFormat: collectionFormat 'tsv' of 'names' has no OpenAPI 3 equivalent; sent as form (name=a&name=b)"))
        #expect(lines.contains(
            "PetShop.swagger.json:223:5: warning: #/definitions/Error: model 'Error' would collide with another type as 'Error'; renamed to 'ErrorModel'"))
        #expect(lines.contains(
            "PetShop.swagger.json:20:14: warning: #/securityDefinitions/oauth: oauth2 flows and scopes are not expressible; 'oauth' is mapped to bearer (send the access token)"))
        #expect(!lines.contains { $0.contains("#/components") || $0.contains("requestBody") || $0.contains("/content/") })

        let yaml = try Self.importFixture("PetShop.swagger.yaml")
        let yamlLines = yaml.diagnostics.sorted.map(\.description)
        #expect(yamlLines.contains { $0.hasPrefix("PetShop.swagger.yaml:") && $0.contains(": warning: #/paths/~1pets/get/parameters/7/collectionFormat: collectionFormat 'tsv'") })
        #expect(yamlLines.count == lines.count)
    }

    /// `openapi.json:line:column` of the first `needle` in `text` (lines and columns count from 1).
    static func place(of needle: String, in text: String) -> String {
        let before = text[..<text.range(of: needle)!.lowerBound]
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        return "openapi.json:\(lines.count):\(lines.last!.count + 1)"
    }

    static func swagger(_ paths: String, extra: String = "") -> String {
        """
        {
          "swagger": "2.0",
          "info": { "title": "T", "version": "1" },
          "host": "api.example.com",
          "schemes": ["https"],\(extra.isEmpty ? "" : "\n  " + extra + ",")
          "paths": \(paths)
        }
        """
    }

    /// Draft 4's `items: [A, B]`: in a schema that is not an array it can only mean "one of these"
    /// (Slack's), so `anyOf`; in an array, each element one of them; `[A]` alone is `A`.
    @Test func aListUnderItemsIsTheUnionItStandsFor() throws {
        let imported = T.run(Self.swagger("""
            {"/m": {"get": {"operationId": "m", "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Channel"}}}}}}
            """, extra: """
            "definitions": {
              "Message": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}},
              "File": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
              "Channel": {"type": "object", "properties": {
                "latest": {"items": [{"$ref": "#/definitions/Message"}, {"type": "null"}]},
                "pins": {"type": "array", "items": [{"$ref": "#/definitions/Message"}, {"$ref": "#/definitions/File"}]},
                "ids": {"type": "array", "items": [{"type": "string"}]},
                "pair": {"items": [{"type": "string"}, {"type": "integer"}], "minItems": 2}}}}
            """), version: .two)
        let channel = try #require((imported.models["Channel"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(channel["latest"] as? String == "Message?")
        #expect(channel["ids"] as? String == "[String]?")
        // Without a type but with `minItems`, a tuple: an array, each element one of them.
        let pair = try #require(channel["pair"] as? String)
        #expect(pair.hasPrefix("[") && pair.hasSuffix("]?"), "\(pair)")
        let pins = try #require((channel["pins"] as? String)?.dropFirst().dropLast().dropLast())
        #expect((imported.models[String(pins)] as? [String: Any])?["anyOf"] as? [String] == ["Message", "FileModel"])
        #expect(!imported.warnings.contains { $0.contains("a schema must be an object") }, "\(imported.warnings)")
        #expect(imported.validationErrors.isEmpty)
    }

    /// A warning about a schema inside such a list names it where the document has it (`items/1`), not
    /// where the translation put it (`anyOf/1`, `items/anyOf/1`, `items`).
    @Test func warningsInsideAnItemsListNameTheDocumentsPointer() throws {
        let text = Self.swagger("""
            {"/m": {"get": {"operationId": "m", "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Channel"}}}}}}
            """, extra: """
            "definitions": {
              "Channel": {"type": "object", "properties": {
                "latest": {"items": [{"type": "string"}, {"$ref": "#/definitions/Gone1"}]},
                "pins": {"type": "array", "items": [{"type": "string"}, {"$ref": "#/definitions/Gone2"}]},
                "ids": {"type": "array", "items": [{"type": "object", "properties": {"x": {"$ref": "#/definitions/Gone3"}}}]}}}}
            """)
        let imported = T.run(text, version: .two)
        func warning(_ gone: String) -> String? { imported.warnings.first { $0.contains("'#/definitions/\(gone)'") } }
        #expect(try #require(warning("Gone1")).contains(" #/definitions/Channel/properties/latest/items/1: "), "\(imported.warnings)")
        #expect(try #require(warning("Gone2")).contains(" #/definitions/Channel/properties/pins/items/1: "), "\(imported.warnings)")
        #expect(try #require(warning("Gone3")).contains(" #/definitions/Channel/properties/ids/items/0/properties/x: "), "\(imported.warnings)")
        // At the document's own line and column.
        #expect(try #require(warning("Gone1")).hasPrefix(Self.place(of: "{\"$ref\": \"#/definitions/Gone1\"}", in: text) + ":"))
    }

    /// The same lists in a parameter's own `items`: `[A]` is `A`, `[A, B]` a union of them.
    @Test func aListUnderAParametersItemsIsTheUnionItStandsFor() throws {
        let imported = T.run(Self.swagger("""
            {"/a": {"get": {"operationId": "a", "parameters": [
              {"name": "ids", "in": "query", "type": "array", "items": [{"type": "string"}]},
              {"name": "mixed", "in": "query", "type": "array", "items": [{"type": "string"}, {"type": "integer"}], "collectionFormat": "multi"}],
              "responses": {"204": {"description": "none"}}}}}
            """), version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let parameters = try #require(imported.endpoint("a", in: "a")?["parameters"] as? [String: Any])
        #expect((parameters["ids"] as? [String: String])?["type"] == "[String]?")
        #expect(parameters["mixed"] as? String == "[AMixedItem]?")
        #expect((imported.models["AMixedItem"] as? [String: Any])?["anyOf"] as? [String] == ["String", "Int"])
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// `in: cookie` is not 2.0's, but plain: read as 3.0 reads it (version 2). Its list's
    /// `collectionFormat` (csv by default) joins the elements, where a 3.0 cookie's default sends
    /// a cookie per element.
    @Test func aCookieListIsCommaJoinedAsCollectionFormatSays() throws {
        let imported = T.run(Self.swagger("""
            {"/a": {"get": {"operationId": "a", "parameters": [
              {"name": "ids", "in": "cookie", "type": "array", "items": {"type": "integer"}},
              {"name": "each", "in": "cookie", "type": "array", "items": {"type": "integer"}, "collectionFormat": "csv"}],
              "responses": {"204": {"description": "none"}}}}}
            """), version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let parameters = try #require(imported.endpoint("a", in: "a")?["parameters"] as? [String: Any])
        #expect(parameters["ids"] as? [String: String] == ["type": "[Int]?", "in": "cookie", "style": "comma"])
        #expect(parameters["each"] as? [String: String] == ["type": "[Int]?", "in": "cookie", "style": "comma"])
    }

    @Test func aParameterInAnUnknownLocationIsAnError() {
        let imported = T.run(Self.swagger("""
            {"/a": {"get": {"operationId": "a", "parameters": [{"name": "x", "in": "somewhere", "type": "string"}],
              "responses": {"200": {"description": "ok"}}}}}
            """))
        #expect(imported.result.specJSON == nil)
        #expect(imported.errors == ["openapi.json:6:83: error: parameter 'x': 'in: somewhere' is not a Swagger 2.0 location (query, header, path, formData or body)"])

        let shared = T.run(Self.swagger(#"{}"#, extra: #""parameters": {"p": {"name": "p", "in": 3}}"#))
        #expect(shared.result.specJSON == nil)
        #expect(shared.errors == ["openapi.json:6:43: error: parameter 'p': 'in: 3' is not a Swagger 2.0 location (query, header, path, formData or body)"])
    }

    @Test func cookieParametersAreDroppedWithTheirPointer() {
        let imported = T.run(Self.swagger("""
            {"/a": {"get": {"operationId": "a", "parameters": [{"name": "q", "in": "query", "type": "string"},
                {"name": "session", "in": "cookie", "type": "string"}],
              "responses": {"200": {"description": "ok"}}}}}
            """))
        #expect(imported.warnings == ["openapi.json:7:5: warning: #/paths/~1a/get/parameters/1: format version 1 has no cookie parameters; 'session' dropped (version 2 keeps them)"])
        #expect(imported.endpoint("a", in: "a")?["parameters"] as? [String: String] == ["q": "String?"])
    }

    @Test func bodyAndFormParameters() throws {
        // A path-level body parameter reaches each operation; form parameters beside a body are reported.
        let imported = T.run(Self.swagger("""
            {"/a": {"parameters": [{"name": "payload", "in": "body", "schema": {"type": "object", "properties": {"n": {"type": "integer"}}}}],
              "put": {"operationId": "put", "responses": {"204": {"description": "ok"}}},
              "post": {"operationId": "post", "parameters": [{"name": "f", "in": "formData", "type": "string"}],
                "responses": {"204": {"description": "ok"}}}},
             "/b": {"post": {"operationId": "b", "parameters": [{"name": "tags", "in": "formData", "type": "array", "items": {"type": "string"}}],
                "responses": {"204": {"description": "ok"}}}}}
            """))
        #expect(imported.validationErrors.isEmpty)
        #expect(imported.endpoint("put", in: "a")?["body"] as? String == "APutRequest")
        #expect(imported.endpoint("post", in: "a")?["body"] as? String == "APostRequest")
        #expect(imported.warnings.contains {
            $0.contains("warning: #/paths/~1a/post/parameters/0: an operation with a body parameter has no form parameters; 'f' dropped")
        }, "\(imported.warnings)")
        let form = try #require(imported.endpoint("b", in: "b")?["body"] as? [String: Any])
        #expect(form["encoding"] as? String == "form")
        #expect(imported.warnings.contains {
            $0.hasPrefix("openapi.json:10:53: warning: #/paths/~1b/post/parameters/0: collectionFormat 'csv' (Swagger 2.0's default) of the form field 'tags'")
        })
    }

    @Test func serversFromHostBasePathAndSchemes() {
        func baseURL(_ extra: String) -> (String?, [String]) {
            let imported = T.run("""
                {"swagger": "2.0", "info": {"title": "T", "version": "1"}, \(extra) "paths": {}}
                """)
            return (imported.spec["baseURL"] as? String, imported.warnings)
        }
        #expect(baseURL(#""host": "h.example.com", "basePath": "/v1", "schemes": ["http", "https"],"#).0 == "https://h.example.com/v1")
        #expect(baseURL(#""host": "h.example.com", "basePath": "/v1", "schemes": ["http", "https"],"#).1
                == ["openapi.json:1:116: warning: #/schemes/0: only the first server is used; 'http://h.example.com/v1' dropped"])
        let noSchemes = baseURL(#""host": "h.example.com","#)
        #expect(noSchemes.0 == "https://h.example.com")
        #expect(noSchemes.1 == ["openapi.json:1:68: warning: #/host: no HTTP scheme given; 'https' assumed for 'h.example.com'"])
        let relative = baseURL(#""basePath": "/api","#)
        #expect(relative.0 == "http://localhost/api")
        #expect(relative.1.first?.contains("warning: #/basePath: server URL '/api' is relative") == true)
    }

    @Test func referencesAndSchemaKeywords() throws {
        let imported = T.run(Self.swagger("""
            {"/a": {"get": {"operationId": "a", "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Missing"}},
              "404": {"$ref": "#/responses/Gone"}}}},
             "/b": {"get": {"operationId": "b", "produces": ["application/xml"], "responses": {"404": {"$ref": "#/responses/Gone"}, "200": {"description": "ok"}}}}}
            """, extra: """
            "definitions": {"Animal": {"type": "object", "discriminator": "kind", "required": ["kind"],
                "properties": {"kind": {"type": "string"}, "owner": {"$ref": "#/definitions/Animal", "x-nullable": true}}}},
              "responses": {"Gone": {"description": "gone", "schema": {"$ref": "#/definitions/Animal"}}}
            """))
        #expect(imported.validationErrors.isEmpty)
        // A reference that names nothing is reported with its text and its 2.0 pointer.
        #expect(imported.warnings.contains {
            $0.contains(": warning: #/paths/~1a/get/responses/200/schema: reference '#/definitions/Missing' does not resolve; dropped")
        })
        #expect(imported.endpoint("a", in: "a")?["errors"] as? [String: String] == ["404": "Animal"])
        // The operation produces XML only: the shared response's copy is XML, its error body the
        // error's text, without a warning.
        #expect(imported.endpoint("b", in: "b")?["errors"] as? [String: String] == ["404": "String"])
        #expect(!imported.warnings.contains { $0.contains("#/responses/Gone") })
        let animal = try #require((imported.models["Animal"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(animal["owner"] as? String == "JSON?" || animal["owner"] as? String == "Animal?")
    }

    /// An operation is translated without its pointers first; each part that warns (its parameters, its
    /// own schemes, its responses) is translated again with them: every warning names its own place,
    /// once, and the importer's warnings about the same operation still find theirs.
    @Test func warningsInEachPartOfAnOperationNameTheirPlacesOnce() {
        let text = Self.swagger("""
            {"/a": {"get": {"operationId": "a", "schemes": ["http"],
              "parameters": [{"name": "q", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "tsv"},
                {"name": "session", "in": "cookie", "type": "string"}],
              "responses": {"200": {"description": "ok", "schema": {"type": "string"},
                "headers": {"X-List": {"type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"}}}}}}}
            """)
        func place(of needle: String) -> String { Self.place(of: needle, in: text) }
        let imported = T.run(text)
        let expected = [
            "\(place(of: "\"tsv\"")): warning: #/paths/~1a/get/parameters/0/collectionFormat: collectionFormat 'tsv' of 'q' has no OpenAPI 3 equivalent",
            "\(place(of: "\"schemes\": [\"http\"]")): warning: #/paths/~1a/get/schemes: operation-level schemes are not supported",
            "\(place(of: "\"pipes\"")): warning: #/paths/~1a/get/responses/200/headers/X-List/collectionFormat: collectionFormat 'pipes' of the response header 'X-List'",
            "\(place(of: "{\"name\": \"session\"")): warning: #/paths/~1a/get/parameters/1: format version 1 has no cookie parameters; 'session' dropped",
        ]
        for prefix in expected {
            #expect(imported.warnings.filter { $0.hasPrefix(prefix) }.count == 1, "\(prefix) in \(imported.warnings)")
        }
    }

    /// A parameter that warns is translated again on its own; when something else among the parameters
    /// and the body warns too (a second body), the whole is translated again. Either way each message is
    /// given once, naming its own place, and an error is given once.
    @Test func warningsOfSeveralParametersAndABodyAreGivenOnce() {
        let text = Self.swagger("""
            {"/a": {"post": {"operationId": "a",
              "parameters": [{"name": "q", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "tsv"},
                {"name": "b1", "in": "body", "schema": {"type": "string"}},
                {"name": "h", "in": "header", "type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"},
                {"name": "b2", "in": "body", "schema": {"type": "string"}}],
              "responses": {"204": {"description": "ok"}}}}}
            """)
        func place(of needle: String) -> String { Self.place(of: needle, in: text) }
        let imported = T.run(text)
        let expected = [
            "\(place(of: "\"tsv\"")): warning: #/paths/~1a/post/parameters/0/collectionFormat: collectionFormat 'tsv' of 'q' has no OpenAPI 3 equivalent",
            "\(place(of: "\"pipes\"")): warning: #/paths/~1a/post/parameters/2/collectionFormat: collectionFormat 'pipes' of the header parameter 'h'",
            "\(place(of: "{\"name\": \"b2\"")): warning: #/paths/~1a/post/parameters/3: an operation has one body parameter; 'b2' dropped",
        ]
        for prefix in expected {
            #expect(imported.warnings.filter { $0.hasPrefix(prefix) }.count == 1, "\(prefix) in \(imported.warnings)")
        }
        #expect(imported.warnings.filter { $0.contains("collectionFormat") || $0.contains("body parameter") }.count == 2 + 1)

        let withError = T.run(Self.swagger("""
            {"/a": {"get": {"operationId": "a", "parameters": [{"name": "x", "in": "somewhere", "type": "string"},
              {"name": "q", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "tsv"}],
              "responses": {"200": {"description": "ok"}}}}}
            """))
        #expect(withError.result.specJSON == nil)
        #expect(withError.errors == ["openapi.json:6:83: error: parameter 'x': 'in: somewhere' is not a Swagger 2.0 location (query, header, path, formData or body)"])
    }

    @Test func swaggerVersionsOtherThan2AreErrors() {
        let yaml = OpenAPIImporter.importDocument(Data("swagger: 2.0\ninfo: {title: T, version: '1'}\npaths: {}\n".utf8),
                                                  fileName: "api.yaml", options: ImportOptions())
        #expect(!yaml.diagnostics.hasErrors)
        #expect(yaml.specJSON != nil)
        let old = T.run(#"{"swagger": "1.2", "paths": {}}"#)
        #expect(old.errors == ["openapi.json:1:13: error: this is a Swagger 1.2 document; only Swagger 2.0 and OpenAPI 3.0 and 3.1 are read"])
    }
}
