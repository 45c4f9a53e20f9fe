import Foundation
import Testing
@testable import EndpointGenCore

/// `--tag`, `--operation`, `--path`: which operations and models a filtered import keeps, the count
/// it reports, and the warnings for filters that match nothing.
@Suite struct ImportFilterTests {
    typealias T = ImportTestSupport

    static let document = T.document(paths: """
        {"/pets": {
           "get": {"operationId": "listPets", "tags": ["pets"], "responses": {"200": {"description": "ok",
             "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}},
           "post": {"operationId": "addPet", "tags": ["pets", "admin"], "requestBody": {"$ref": "#/components/requestBodies/NewPet"},
             "responses": {"201": {"description": "ok"}}}},
         "/pets/{id}/owner": {
           "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
           "get": {"operationId": "petOwner", "tags": ["owners"], "responses": {"200": {"$ref": "#/components/responses/Owner"}}}},
         "/petsitters": {
           "get": {"operationId": "listSitters", "tags": ["sitters"], "responses": {"200": {"description": "ok",
             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Sitter"}}}}}}},
         "/stores": {
           "trace": {"operationId": "traceStores"},
           "get": {"operationId": "listStores", "tags": ["stores"], "responses": {"200": {"description": "ok",
             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Store"}}}}}}}}
        """, components: """
        {"schemas": {
           "Pet": {"type": "object", "properties": {"name": {"type": "string"}, "tag": {"$ref": "#/components/schemas/Tag"}}},
           "Tag": {"type": "object", "properties": {"label": {"type": "string"}}},
           "NewPet": {"type": "object", "properties": {"name": {"type": "string"}}},
           "Owner": {"type": "object", "properties": {"name": {"type": "string"}, "address": {"$ref": "#/components/schemas/Address"}}},
           "Address": {"type": "object", "properties": {"city": {"type": "string"}}},
           "Sitter": {"type": "object", "properties": {"rate": {"type": "number"}}},
           "Store": {"type": "object", "properties": {"manager": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}}},
         "requestBodies": {"NewPet": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewPet"}}}}},
         "responses": {"Owner": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Owner"}}}}}}
        """)

    static func run(tags: [String] = [], operations: [String] = [], paths: [String] = []) -> ImportedSnippet {
        let options = ImportOptions(name: "Test", tags: tags, operationIDs: operations, pathPrefixes: paths)
        let result = OpenAPIImporter.importDocument(Data(document.utf8), fileName: "openapi.json", options: options)
        let lines = result.diagnostics.sorted.map(\.description)
        let text = result.specJSON ?? ""
        let spec = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        let (_, diagnostics) = Generator.validate(specData: Data(text.utf8), fileName: "Test.endpoints.json")
        let validationErrors = diagnostics.all.filter { $0.severity == .error }.map(\.description)
        return ImportedSnippet(result: result, spec: spec, lines: lines, validationErrors: validationErrors)
    }

    static func names(_ imported: ImportedSnippet) -> Set<String> { Set(imported.allEndpoints.map(\.name)) }

    @Test func withoutFiltersEverythingIsKeptAndNothingIsCounted() {
        let imported = Self.run()
        #expect(Self.names(imported) == ["listPets", "addPet", "petOwner", "listSitters", "listStores"])
        #expect(imported.result.kept == nil)
    }

    @Test func aTagKeepsItsOperationsAndTheModelsTheyReachThroughReferences() throws {
        let imported = Self.run(tags: ["pets"])
        #expect(Self.names(imported) == ["listPets", "addPet"])
        // Pet -> Tag through a property; NewPet through a request body component.
        #expect(Set(imported.models.keys) == ["Pet", "Tag", "NewPet"])
        #expect(imported.validationErrors.isEmpty)
        let kept = try #require(imported.result.kept)
        #expect(kept == ImportKept(operations: 2, totalOperations: 5, models: 3, totalModels: 7))
        #expect(kept.summary == "kept 2 of 5 operations, 3 of 7 models")
        // Only what is kept is reported: Store's oneOf and the TRACE operation of /stores are not.
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    @Test func anOperationMatchesAnyOfItsTags() {
        #expect(Self.names(Self.run(tags: ["admin"])) == ["addPet"])
    }

    @Test func filtersOfEveryKindCombineAsAnyOf() {
        let imported = Self.run(tags: ["sitters"], operations: ["listPets"], paths: ["/pets/{id}"])
        #expect(Self.names(imported) == ["listSitters", "listPets", "petOwner"])
        // Owner through a response component, Address through Owner; path-level parameters kept.
        #expect(Set(imported.models.keys) == ["Pet", "Tag", "Owner", "Address", "Sitter"])
        #expect(imported.endpoint("petOwner", in: "owners")?["parameters"] != nil)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func aPathPrefixMatchesWholeSegments() {
        #expect(Self.names(Self.run(paths: ["/pets"])) == ["listPets", "addPet", "petOwner"])
        #expect(Self.names(Self.run(paths: ["pets/"])) == ["listPets", "addPet", "petOwner"])
        #expect(Self.names(Self.run(paths: ["/petsitters"])) == ["listSitters"])
        #expect(OpenAPIImportContext.path("/a/b", isUnder: "/") && !OpenAPIImportContext.path("/ab", isUnder: "/a"))
    }

    @Test func unknownTagsAndOperationsAreWarningsWithASuggestion() {
        let imported = Self.run(tags: ["pet", "zebra"], operations: ["listPet"], paths: ["/cats"])
        #expect(imported.errors.isEmpty)
        #expect(imported.warnings == [
            "openapi.json:5:12: warning: #/paths: no operation has the tag 'pet'; did you mean 'pets'?",
            "openapi.json:5:12: warning: #/paths: no operation has the tag 'zebra'",
            "openapi.json:5:12: warning: #/paths: no operation has the operationId 'listPet'; did you mean 'listPets'?",
            "openapi.json:5:12: warning: #/paths: no path is '/cats' or lies below it",
        ])
        #expect(imported.count("filter-matches-nothing") == 4)
        #expect(imported.result.kept?.operations == 0)
        #expect(imported.validationErrors.isEmpty)
    }

    /// One kept operation whose parts the import drops, each the only way to a model: those models
    /// are not kept. A property named `links` is a property, not an OpenAPI `links`: its model is kept.
    static let droppedPartsDocument = T.document(paths: """
        {"/things": {
           "get": {"operationId": "listThings", "tags": ["things"],
             "parameters": [
               {"name": "session", "in": "cookie", "schema": {"$ref": "#/components/schemas/CookieValue"}},
               {"name": "Authorization", "in": "header", "schema": {"$ref": "#/components/schemas/AuthValue"}},
               {"name": "ghost", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/GhostValue"}},
               {"name": "kind", "in": "query", "schema": {"$ref": "#/components/schemas/Kind"}}],
             "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/GetBody"}}}},
             "responses": {
               "200": {"description": "ok",
                 "headers": {"X-Meta": {"schema": {"$ref": "#/components/schemas/HeaderMeta"}}},
                 "links": {"next": {"operationId": "listThings"}},
                 "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Page"}},
                             "application/xml": {"schema": {"$ref": "#/components/schemas/XMLPage"}}}},
               "206": {"description": "partial", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Partial"}}}},
               "404": {"description": "missing", "headers": {"X-Why": {"schema": {"$ref": "#/components/schemas/WhyHeader"}}},
                 "content": {"text/plain": {"schema": {"$ref": "#/components/schemas/TextError"}}}},
               "500": {"description": "failed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Failure"}}}}},
             "callbacks": {"done": {"{$request.body#/url}": {"post": {"requestBody": {"content": {"application/json":
               {"schema": {"$ref": "#/components/schemas/CallbackBody"}}}}, "responses": {"200": {"description": "ok"}}}}}}}},
         "/other": {"get": {"operationId": "other", "tags": ["other"], "responses": {"204": {"description": "none"}}}}}
        """, components: """
        {"schemas": {
           "CookieValue": {"type": "object", "properties": {"a": {"type": "string"}}},
           "AuthValue": {"type": "object", "properties": {"a": {"type": "string"}}},
           "GhostValue": {"type": "object", "properties": {"a": {"type": "string"}}},
           "Kind": {"type": "string", "enum": ["big", "small"]},
           "GetBody": {"type": "object", "properties": {"a": {"type": "string"}}},
           "HeaderMeta": {"type": "string", "enum": ["full", "partial"]},
           "Page": {"type": "object", "properties": {"links": {"$ref": "#/components/schemas/PageLinks"}}},
           "PageLinks": {"type": "object", "properties": {"next": {"type": "string"}}},
           "XMLPage": {"type": "object", "properties": {"a": {"type": "string"}}},
           "Partial": {"type": "object", "properties": {"a": {"type": "string"}}},
           "WhyHeader": {"type": "object", "properties": {"a": {"type": "string"}}},
           "TextError": {"type": "object", "properties": {"a": {"type": "string"}}},
           "Failure": {"type": "object", "properties": {"a": {"type": "string"}}},
           "CallbackBody": {"type": "object", "properties": {"a": {"type": "string"}}}}}
        """)

    @Test(arguments: ImportFormatVersion.allCases)
    func aModelReachedOnlyThroughWhatTheImportDropsIsNotKept(_ version: ImportFormatVersion) throws {
        let options = ImportOptions(name: "Test", tags: ["things"], formatVersion: version)
        let result = OpenAPIImporter.importDocument(Data(Self.droppedPartsDocument.utf8), fileName: "openapi.json", options: options)
        let text = try #require(result.specJSON)
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let models = Set((spec["models"] as? [String: Any] ?? [:]).keys)
        // Version 1 types the first success response only and drops response headers; version 2
        // types 206 too (`responses`), with each status's headers (200's `X-Meta` reaches HeaderMeta),
        // and an error's headers beside its text (404's `X-Why` reaches WhyHeader; its TextError
        // schema does not, the body being the error's text), and sends the cookie (CookieValue).
        let expected: Set<String> = version == .one ? ["Kind", "Page", "PageLinks", "Failure"]
                                                    : ["Kind", "Page", "PageLinks", "Partial", "Failure", "HeaderMeta", "WhyHeader", "CookieValue"]
        #expect(models == expected)
        #expect(result.kept == ImportKept(operations: 1, totalOperations: 2, models: expected.count, totalModels: 14))
        let (_, diagnostics) = Generator.validate(specData: Data(text.utf8), fileName: "Test.endpoints.json")
        #expect(!diagnostics.hasErrors, "\(diagnostics.sorted.map(\.description))")

        // A single success response's headers are kept in version 2, and so is the model they reach.
        let single = Self.droppedPartsDocument.replacingOccurrences(of: #""206""#, with: #""299x""#)
        let imported = OpenAPIImporter.importDocument(Data(single.utf8), fileName: "openapi.json", options: options)
        let singleSpec = try #require(try JSONSerialization.jsonObject(with: Data((imported.specJSON ?? "").utf8)) as? [String: Any])
        let singleModels = Set((singleSpec["models"] as? [String: Any] ?? [:]).keys)
        #expect(singleModels == (version == .one ? ["Kind", "Page", "PageLinks", "Failure"]
                                                  : ["Kind", "Page", "PageLinks", "Failure", "HeaderMeta", "WhyHeader", "CookieValue"]))
    }

    /// A filtered import keeps the models of an operation's body offered in another encoding too:
    /// the `...Multipart` endpoint sends it.
    @Test func theModelOfABodyTwinIsKept() throws {
        let document = T.document(paths: """
            {"/photos": {"post": {"operationId": "addPhoto", "requestBody": {"content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/PhotoLink"}},
                "multipart/form-data": {"schema": {"$ref": "#/components/schemas/PhotoUpload"}}}},
              "responses": {"201": {"description": "ok"}}}},
             "/other": {"get": {"operationId": "other", "responses": {"200": {"description": "ok"}}}}}
            """, components: """
            {"schemas": {
               "PhotoLink": {"type": "object", "properties": {"url": {"type": "string"}}},
               "PhotoUpload": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}}}}
            """)
        let options = ImportOptions(name: "Test", pathPrefixes: ["/photos"])
        let result = OpenAPIImporter.importDocument(Data(document.utf8), fileName: "openapi.json", options: options)
        let text = try #require(result.specJSON, "\(result.diagnostics.all)")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set((spec["models"] as? [String: Any])?.keys.map { $0 } ?? []) == ["PhotoLink", "PhotoUpload"])
        let (_, diagnostics) = Generator.validate(specData: Data(text.utf8), fileName: "Test.endpoints.json")
        #expect(diagnostics.all.filter { $0.severity == .error }.isEmpty, "\(diagnostics.all)")
        #expect(text.contains("addPhotoMultipart"), "\(text)")
    }
}
