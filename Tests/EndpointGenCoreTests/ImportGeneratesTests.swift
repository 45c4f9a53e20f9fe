import Foundation
import Testing
@testable import EndpointGenCore

/// A document that imports must generate: fragments in paths.
@Suite struct ImportGeneratesTests {
    typealias T = ImportTestSupport

    /// Imports a version 2 document (YAML or JSON) and validates it as `generate` does.
    static func importAndValidate(_ text: String, fileName: String = "Doc.openapi.yaml")
        -> (result: ImportResult, spec: [String: Any], errors: [String], warnings: [String]) {
        let result = OpenAPIImporter.importDocument(Data(text.utf8), fileName: fileName, options: ImportOptions(name: "Doc"))
        let (_, validation) = result.specJSON.map { Generator.validate(specData: Data($0.utf8), fileName: "Doc.endpoints.json") } ?? (nil, Diagnostics())
        let spec = result.specJSON.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
        let errors = (result.diagnostics.all + validation.all).filter { $0.severity == .error }.map(\.description)
        let warnings = result.diagnostics.all.filter { $0.severity == .warning }.map(\.description)
        return (result, spec, errors, warnings)
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

    @Test func aPathTheSpecCannotHoldIsDroppedWithAWarning() throws {
        let imported = Self.importAndValidate("""
            openapi: 3.0.3
            info: {title: Odd, version: "1"}
            servers: [{url: "https://odd.example.com"}]
            paths:
              /search?kind=all:
                get: {operationId: searchAll, responses: {'200': {description: ok}}}
              /broken/{id:
                get: {operationId: broken, responses: {'200': {description: ok}}}
              /with space:
                get: {operationId: spaced, responses: {'200': {description: ok}}}
              relative/{id}:
                get: {operationId: relative, responses: {'200': {description: ok}}}
            """)
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        #expect(imported.result.warningCounts["invalid-operation"] == 4)
        #expect(imported.warnings.contains { $0.contains("'/search?kind=all'") && $0.contains("query") })
        let relative = (imported.spec["endpoints"] as? [String: Any])?["relative"] as? [String: Any]
            ?? ((imported.spec["groups"] as? [String: Any])?["relative"] as? [String: Any])?["endpoints"]
            .flatMap { ($0 as? [String: Any])?["relative"] as? [String: Any] }
        #expect(relative?["path"] as? String == "/relative/{id}")
        #expect(imported.result.operationCount == 1)
    }

}
