import Foundation
import Testing
@testable import EndpointGenCore

/// One import of a hand-written OpenAPI snippet, with the spec read back and validated.
struct ImportedSnippet {
    var result: ImportResult
    /// The spec as plain JSON objects (for assertions; key order is checked on the text).
    var spec: [String: Any]
    /// Printed diagnostics (`file:line:column: warning: message`).
    var lines: [String]
    /// Errors the spec Validator reports for the imported spec (should be none).
    var validationErrors: [String]

    var text: String { result.specJSON ?? "" }
    func count(_ kind: String) -> Int { result.warningCounts[kind] ?? 0 }
    var warnings: [String] { lines.filter { $0.contains(": warning: ") } }
    var errors: [String] { lines.filter { $0.contains(": error: ") } }

    var groups: [String: Any] { spec["groups"] as? [String: Any] ?? [:] }
    var models: [String: Any] { spec["models"] as? [String: Any] ?? [:] }

    /// The endpoint `name` in the group `group` (nil: the top level).
    func endpoint(_ name: String, in group: String? = nil) -> [String: Any]? {
        let container = group.flatMap { groups[$0] as? [String: Any] } ?? (group == nil ? spec : [:])
        return (container["endpoints"] as? [String: Any])?[name] as? [String: Any]
    }

    /// Every endpoint in the spec with its group key ("" for the top level).
    var allEndpoints: [(group: String, name: String, value: [String: Any])] {
        var result: [(String, String, [String: Any])] = []
        for (name, value) in spec["endpoints"] as? [String: Any] ?? [:] {
            if let value = value as? [String: Any] { result.append(("", name, value)) }
        }
        for (groupName, group) in groups {
            for (name, value) in (group as? [String: Any])?["endpoints"] as? [String: Any] ?? [:] {
                if let value = value as? [String: Any] { result.append((groupName, name, value)) }
            }
        }
        return result
    }
}

enum ImportTestSupport {
    /// Imports `json` (an OpenAPI document) and validates the result with the generator's own Validator.
    /// The mapping suites that use it pin format version 1, the mapping `--format-version 1` keeps
    /// (ImportVersionTwoTests covers version 2, the default).
    static func run(_ json: String, fileName: String = "openapi.json", name: String? = "Test",
                    version: ImportFormatVersion = .one) -> ImportedSnippet {
        let result = OpenAPIImporter.importDocument(Data(json.utf8), fileName: fileName,
                                                    options: ImportOptions(name: name, formatVersion: version))
        let lines = result.diagnostics.sorted.map(\.description)
        var spec: [String: Any] = [:]
        var validationErrors: [String] = []
        if let text = result.specJSON {
            spec = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
            let (_, diagnostics) = Generator.validate(specData: Data(text.utf8), fileName: "Test.endpoints.json")
            validationErrors = diagnostics.all.filter { $0.severity == .error }.map(\.description)
        }
        return ImportedSnippet(result: result, spec: spec, lines: lines, validationErrors: validationErrors)
    }

    /// A minimal OpenAPI 3.0 document around `paths` and `components`.
    static func document(paths: String = "{}", components: String = "{}", extra: String = "", version: String = "3.0.3") -> String {
        """
        {
          "openapi": "\(version)",
          "info": { "title": "Test API", "version": "1" },
          "servers": [{ "url": "https://api.example.com/v1" }],\(extra.isEmpty ? "" : "\n  " + extra + ",")
          "paths": \(paths),
          "components": \(components)
        }
        """
    }

    /// The URL of a fixture document.
    static func fixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/OpenAPI"))
    }
}
