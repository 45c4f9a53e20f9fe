import Foundation
import Testing
@testable import EndpointGenCore

/// OpenAPI's `style` and `explode` (parameters and a form body's `encoding`) become the spec's
/// `style` and `explode` (format version 2): what Stripe, Discord and GitHub write is kept, without
/// a warning, and the import validates.
@Suite struct ImportStyleTests {
    typealias T = ImportTestSupport

    static func parameters(_ imported: ImportedSnippet, _ endpoint: String) throws -> [String: Any] {
        try #require(imported.endpoint(endpoint, in: endpoint)?["parameters"] as? [String: Any])
    }

    @Test func queryStylesAreKept() throws {
        let json = T.document(paths: """
            {"/q": {"get": {"operationId": "q", "parameters": [
              {"name": "ids", "in": "query", "explode": false, "schema": {"type": "array", "items": {"type": "integer"}}},
              {"name": "tags", "in": "query", "style": "form", "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "piped", "in": "query", "style": "pipeDelimited", "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "spaced", "in": "query", "style": "spaceDelimited", "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "pipedExploded", "in": "query", "style": "pipeDelimited", "explode": true, "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "expand", "in": "query", "style": "deepObject", "explode": true, "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "filter", "in": "query", "style": "deepObject", "schema": {"type": "object", "properties": {"a": {"type": "string"}}}},
              {"name": "created", "in": "query", "style": "deepObject", "schema": {"anyOf": [
                {"type": "object", "title": "range", "properties": {"gte": {"type": "integer"}, "lt": {"type": "integer"}}},
                {"type": "integer"}]}},
              {"name": "color", "in": "query", "explode": false, "schema": {"type": "object", "properties": {"r": {"type": "integer"}}}},
              {"name": "email", "in": "query", "style": "deepObject", "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json, version: .two)
        let parameters = try Self.parameters(imported, "q")
        func style(_ name: String) -> String? { (parameters[name] as? [String: Any])?["style"] as? String }
        #expect(style("ids") == "comma")
        #expect(parameters["tags"] as? String == "[String]?")
        #expect(style("piped") == "pipeDelimited")
        #expect(style("spaced") == "spaceDelimited")
        // Exploded, a delimited style is form's: nothing to say.
        #expect(parameters["pipedExploded"] as? String == "[String]?")
        #expect(style("expand") == "deepObject")
        #expect(style("filter") == "deepObject")
        #expect((parameters["filter"] as? [String: Any])?["type"] as? String == "QFilter?")
        #expect(style("created") == "deepObject")
        #expect((parameters["created"] as? [String: Any])?["type"] as? String == "QCreated?")
        #expect((parameters["color"] as? [String: Any])?["style"] as? String == "form")
        #expect((parameters["color"] as? [String: Any])?["explode"] as? Bool == false)
        // A single value reads the same in every style.
        #expect(parameters["email"] as? String == "String?")
        #expect(imported.warnings == [])
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func pathAndHeaderStylesAreKept() throws {
        let json = T.document(paths: """
            {"/items/{color}/{ids}/{workflow_id}": {"get": {"operationId": "items", "parameters": [
              {"name": "color", "in": "path", "required": true, "style": "matrix", "explode": true,
               "schema": {"type": "object", "properties": {"R": {"type": "integer"}, "G": {"type": "integer"}}}},
              {"name": "ids", "in": "path", "required": true, "style": "label", "schema": {"type": "array", "items": {"type": "integer"}}},
              {"name": "workflow_id", "in": "path", "required": true, "schema": {"oneOf": [{"type": "integer"}, {"type": "string"}]}},
              {"name": "X-Shape", "in": "header", "schema": {"type": "object", "properties": {"w": {"type": "integer"}}}}],
              "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json, version: .two)
        let parameters = try Self.parameters(imported, "items")
        let color = try #require(parameters["color"] as? [String: Any])
        #expect(color["style"] as? String == "matrix")
        #expect(color["explode"] as? Bool == true)
        #expect((parameters["ids"] as? [String: Any])?["style"] as? String == "label")
        #expect((parameters["ids"] as? [String: Any])?["explode"] == nil)
        // GitHub's workflow_id: an integer or a file name, the union itself.
        #expect(parameters["workflow_id"] as? String == "ItemsWorkflowId")
        #expect((parameters["X-Shape"] as? [String: Any])?["type"] as? String == "ItemsXShape?")
        #expect(imported.warnings == [])
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func whatNoStyleCanWriteIsReported() throws {
        let json = T.document(paths: """
            {"/q/{deep}": {"get": {"operationId": "q", "parameters": [
              {"name": "deep", "in": "path", "required": true, "schema": {"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"}}}}},
              {"name": "nested", "in": "query", "schema": {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}}}}},
              {"name": "h", "in": "header", "style": "matrix", "schema": {"type": "array", "items": {"type": "string"}}}],
              "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json, version: .two)
        let parameters = try Self.parameters(imported, "q")
        #expect(parameters["deep"] as? String == "String")
        #expect(parameters["nested"] as? String == "String?")
        #expect((parameters["h"] as? [String: Any])?["type"] as? String == "[String]?")
        #expect((parameters["h"] as? [String: Any])?["style"] == nil)
        #expect(imported.warnings.count == 3)
        #expect(imported.warnings.contains { $0.contains("parameters/0/schema: a path parameter of type 'QDeep' cannot be sent") })
        #expect(imported.warnings.contains { $0.contains("parameters/1: 'nested' holds objects or arrays inside its value, which only style 'deepObject' writes") })
        #expect(imported.warnings.contains { $0.contains("parameters/2/style: style 'matrix' does not apply to a header parameter") })
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func formEncodingsBecomePropertyStyles() throws {
        let json = T.document(paths: """
            {"/customers": {"post": {"operationId": "createCustomer", "requestBody": {"content": {"application/x-www-form-urlencoded": {
              "schema": {"type": "object", "properties": {
                "email": {"type": "string"},
                "expand": {"type": "array", "items": {"type": "string"}},
                "metadata": {"anyOf": [{"type": "object", "additionalProperties": {"type": "string"}}, {"type": "string", "enum": [""]}]},
                "address": {"type": "object", "properties": {"city": {"type": "string"}}},
                "locales": {"type": "array", "items": {"type": "string"}},
                "plain": {"type": "array", "items": {"type": "string"}}}},
              "encoding": {
                "email": {"style": "deepObject", "explode": true},
                "expand": {"style": "deepObject", "explode": true},
                "metadata": {"style": "deepObject", "explode": true},
                "address": {"style": "deepObject", "explode": true, "contentType": "text/plain"},
                "locales": {"style": "form", "explode": false},
                "plain": {"style": "form", "explode": true}}}}},
              "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json, version: .two)
        let body = try #require(imported.endpoint("createCustomer", in: "customers")?["body"] as? [String: Any])
        let bodyType = try #require(body["type"] as? String)
        let model = try #require(imported.models[bodyType] as? [String: Any])
        let properties = try #require(model["properties"] as? [String: Any])
        func style(_ name: String) -> String? { (properties[name] as? [String: Any])?["style"] as? String }
        #expect(properties["email"] as? String == "String?")   // one value: every style writes it alike
        #expect(style("expand") == "deepObject")
        #expect(style("metadata") == "deepObject")
        #expect(style("address") == "deepObject")
        #expect(style("locales") == "form")
        #expect((properties["locales"] as? [String: Any])?["explode"] as? Bool == false)
        #expect(properties["plain"] as? String == "[String]?")  // the form body's own rule
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.contains("encoding/address/contentType: a form body's property has no 'contentType' of its own; dropped") == true)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func bodiesThatCanOnlyBeEmptyAreDroppedQuietly() throws {
        let empty = #"{"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {}, "additionalProperties": false}}}}"#
        let some = #"{"content": {"application/json": {"schema": {"type": "object", "properties": {"q": {"type": "string"}}}}}}"#
        let json = T.document(paths: """
            {"/a": {"get": {"operationId": "getA", "requestBody": \(empty), "responses": {"200": {"description": "ok"}}},
                    "delete": {"operationId": "deleteA", "requestBody": \(empty), "responses": {"200": {"description": "ok"}}}},
             "/b": {"get": {"operationId": "getB", "requestBody": \(some), "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json, version: .two)
        #expect(imported.endpoint("getA", in: "a")?["body"] == nil)
        #expect(imported.endpoint("deleteA", in: "a")?["body"] == nil)
        // A GET body that says something is still reported: URLSession cannot send it.
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.contains("~1b/get/requestBody: a GET request cannot carry a body") == true)
        #expect(imported.validationErrors.isEmpty)
    }

    /// Stripe's own document: what the spec format can now say draws no warning (it drew 820).
    @Test func stripeKeepsItsStyles() throws {
        let url = ImportVersionTwoTests.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/openapi/Stripe.json")
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("../shared/openapi/Stripe.json is missing; the tests run with ../shared beside the repository")
            return
        }
        let result = OpenAPIImporter.importDocument(try Data(contentsOf: url), fileName: "Stripe.json",
                                                    options: ImportOptions(name: "Stripe", formatVersion: .two))
        let text = try #require(result.specJSON)
        #expect(result.warningCounts["parameter-style"] == nil)
        #expect(result.warningCounts["parameter-type"] == nil)
        #expect(!result.diagnostics.sorted.contains { $0.message.contains("per-property encoding") || $0.message.contains("cannot carry a body") })
        #expect(text.contains(#""style": "deepObject""#))
        let (_, diagnostics) = Generator.validate(specData: Data(text.utf8), fileName: "Stripe.endpoints.json")
        #expect(diagnostics.all.filter { $0.severity == .error }.map(\.description) == [])
    }
}
