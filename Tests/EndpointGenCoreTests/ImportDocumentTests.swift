import Foundation
import Testing
@testable import EndpointGenCore

/// The three real documents, and one written for the names real documents use (Bookshop): each imports with no error, validates, generates, imports to the same
/// bytes twice and to the spec checked in under specs/imported/, and every operation in it is checked
/// against the document itself (method, path template, parameter names and placement).
@Suite struct ImportDocumentTests {
    struct Document: Sendable, CustomStringConvertible {
        var file: String
        var name: String
        var description: String { file }
    }

    static let documents = [
        Document(file: "pet-store-3.0.json", name: "PetStore"),
        Document(file: "google-books-3.0.json", name: "GoogleBooks"),
        Document(file: "tomtom-3.0.json", name: "TomTom"),
        Document(file: "bookshop-3.0.json", name: "Bookshop"),
    ]

    /// The repository's root, from this file's place in it.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: documents)
    func importsValidatesAndGenerates(_ document: Document) throws {
        let data = try Data(contentsOf: try ImportTestSupport.fixture(document.file))
        let result = OpenAPIImporter.importDocument(data, fileName: document.file, name: document.name)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.sorted.prefix(5).map(\.description))")
        let spec = try #require(result.specJSON)

        // Deterministic: a second import gives the same bytes.
        let again = OpenAPIImporter.importDocument(data, fileName: document.file, name: document.name)
        #expect(again.specJSON == spec)

        let generated = Generator.generate(specData: Data(spec.utf8), fileName: "\(document.name).endpoints.json",
                                           options: GeneratorOptions(accessLevel: .public))
        let errors = generated.diagnostics.all.filter { $0.severity == .error }.map(\.description)
        #expect(errors.isEmpty, "\(errors.prefix(5))")
        let swift = try #require(generated.swift)

        // What is checked in is what the importer and generator produce today.
        let checkedInSpec = Self.repositoryRoot.appendingPathComponent("specs/imported/\(document.name).endpoints.json")
        #expect((try? String(contentsOf: checkedInSpec, encoding: .utf8)) == spec,
                "specs/imported/\(document.name).endpoints.json is stale: re-run endpoint-gen import")
        let checkedInSwift = Self.repositoryRoot.appendingPathComponent("Tests/ImportedAPIs/\(document.name)/\(document.name).swift")
        #expect((try? String(contentsOf: checkedInSwift, encoding: .utf8)) == swift,
                "Tests/ImportedAPIs/\(document.name)/\(document.name).swift is stale: re-run endpoint-gen")
    }

    @Test(arguments: documents)
    func everyOperationMatchesTheDocument(_ document: Document) throws {
        let data = try Data(contentsOf: try ImportTestSupport.fixture(document.file))
        let openAPI = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let expected = Self.operations(in: openAPI)
        #expect(expected.count >= 10)

        let imported = ImportTestSupport.run(String(decoding: data, as: UTF8.self), fileName: document.file, name: document.name)
        #expect(imported.errors.isEmpty)
        #expect(imported.validationErrors.isEmpty)
        #expect(imported.result.operationCount == expected.count)
        let endpoints = imported.allEndpoints
        #expect(endpoints.count == expected.count)

        for operation in expected {
            let matches = endpoints.filter {
                $0.value["method"] as? String == operation.method && $0.value["path"] as? String == operation.path
            }
            try #require(matches.count == 1, "\(operation.method) \(operation.path): \(matches.count) endpoints")
            let endpoint = matches[0].value
            let placeholders = Self.placeholders(operation.path)
            var actual: Set<String> = []
            for (key, value) in endpoint["parameters"] as? [String: Any] ?? [:] {
                let object = value as? [String: Any]
                let wireName = object?["name"] as? String ?? key
                let location = object?["in"] as? String ?? (placeholders.contains(wireName) ? "path" : "query")
                actual.insert("\(location) \(wireName)")
            }
            #expect(actual == operation.parameters, "\(operation.method) \(operation.path)")
        }
    }

    /// The warnings each document gives, by kind, in both format versions. Before version 2 and the
    /// same-schema rule, Pet Store gave 21 (16 for XML and form bodies beside JSON with the same
    /// schema, which lose nothing), Google Books 7, TomTom 20.
    @Test(arguments: documents)
    func warningCountsInBothFormatVersions(_ document: Document) throws {
        let data = try Data(contentsOf: try ImportTestSupport.fixture(document.file))
        func counts(_ version: ImportFormatVersion) -> [String: Int] {
            OpenAPIImporter.importDocument(data, fileName: document.file,
                                           options: ImportOptions(name: document.name, formatVersion: version)).warningCounts
        }
        let expected: [String: ([String: Int], [String: Int])] = [
            "PetStore": (["response-headers": 1, "unsupported-security": 1, "renamed": 2],
                         ["unsupported-security": 1, "renamed": 2]),
            "GoogleBooks": (["unsupported-security": 2, "renamed": 5], ["unsupported-security": 2, "renamed": 5]),
            // `404/596` is not a status code; the integer enums are models in version 2.
            "TomTom": (["unsupported-status": 18, "schema-detail-dropped": 2], ["unsupported-status": 18]),
            "Bookshop": ([:], [:]),
        ]
        let (one, two) = try #require(expected[document.name])
        #expect(counts(.one) == one)
        #expect(counts(.two) == two)

        // Google Books and Bookshop need no version 2 key: their version 2 spec is the version 1 spec
        // stating `"formatVersion": 2`, which today's generator reads.
        if ["GoogleBooks", "Bookshop"].contains(document.name) {
            let spec = try #require(OpenAPIImporter.importDocument(
                data, fileName: document.file, options: ImportOptions(name: document.name, formatVersion: .two)).specJSON)
            let checkedIn = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("specs/imported/\(document.name).endpoints.json"),
                                       encoding: .utf8)
            #expect(spec == checkedIn.replacingOccurrences(of: "{\n  \"name\"", with: "{\n  \"formatVersion\": 2,\n  \"name\""))
            let (_, validation) = Generator.validate(specData: Data(spec.utf8), fileName: "\(document.name).endpoints.json")
            #expect(!validation.hasErrors)
        }
    }

    // MARK: Reading the document directly (independently of the importer)

    struct Operation {
        var method: String
        var path: String
        /// "in name" for every parameter the spec can express.
        var parameters: Set<String>
    }

    static func operations(in document: [String: Any]) -> [Operation] {
        let components = document["components"] as? [String: Any] ?? [:]
        let sharedParameters = components["parameters"] as? [String: Any] ?? [:]
        func resolve(_ parameter: Any) -> [String: Any]? {
            guard let object = parameter as? [String: Any] else { return nil }
            if let ref = object["$ref"] as? String {
                return sharedParameters[String(ref.split(separator: "/").last ?? "")] as? [String: Any]
            }
            return object
        }
        func pairs(_ list: Any?) -> [(String, String)] {
            (list as? [Any] ?? []).compactMap(resolve).compactMap { parameter in
                guard let name = parameter["name"] as? String, let location = parameter["in"] as? String else { return nil }
                return (location, name)
            }
        }
        var result: [Operation] = []
        for (path, item) in document["paths"] as? [String: Any] ?? [:] {
            guard let item = item as? [String: Any] else { continue }
            for method in ["get", "put", "post", "delete", "options", "head", "patch"] {
                guard let operation = item[method] as? [String: Any] else { continue }
                var merged: [String: (String, String)] = [:]
                for (location, name) in pairs(item["parameters"]) + pairs(operation["parameters"]) {
                    merged["\(location) \(name)"] = (location, name)
                }
                let kept = merged.values.filter { location, name in
                    !(location == "header" && ["accept", "content-type", "authorization"].contains(name.lowercased()))
                }
                result.append(Operation(method: method.uppercased(), path: path, parameters: Set(kept.map { "\($0.0) \($0.1)" })))
            }
        }
        return result.sorted { ($0.path, $0.method) < ($1.path, $1.method) }
    }

    static func placeholders(_ path: String) -> Set<String> {
        var result: Set<String> = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }
}
