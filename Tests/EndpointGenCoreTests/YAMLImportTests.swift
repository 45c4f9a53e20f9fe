import Foundation
import Testing
@testable import EndpointGenCore

/// The same OpenAPI document as YAML and as JSON imports to the same bytes, and the reader agrees
/// with PyYAML (scripts/yaml-compare.py) when python3 has it.
@Suite struct YAMLImportTests {
    static let documents = ["pet-store-3.0", "google-books-3.0", "tomtom-3.0"]

    static func yamlFixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: "yaml", subdirectory: "Fixtures/YAML/openapi"))
    }

    @Test(arguments: documents)
    func yamlAndJSONImportToTheSameBytes(_ name: String) throws {
        let json = try Data(contentsOf: try ImportTestSupport.fixture(name + ".json"))
        let yaml = try Data(contentsOf: try Self.yamlFixture(name))
        let fromJSON = OpenAPIImporter.importDocument(json, fileName: name + ".json")
        let fromYAML = OpenAPIImporter.importDocument(yaml, fileName: name + ".yaml")
        #expect(!fromYAML.diagnostics.hasErrors, "\(fromYAML.diagnostics.sorted.prefix(5).map(\.description))")
        let spec = try #require(fromJSON.specJSON)
        #expect(fromYAML.specJSON == spec)
        #expect(fromYAML.operationCount == fromJSON.operationCount)
        #expect(fromYAML.warningCounts == fromJSON.warningCounts)
        // The same warnings, each at the line of its own file.
        #expect(fromYAML.diagnostics.all.map(\.message) == fromJSON.diagnostics.all.map(\.message))

        // The trees are equal too: keys in order, numbers with the same text.
        var diagnostics = Diagnostics()
        let jsonTree = try #require(JSONParser.parse(json, fileName: "j", diagnostics: &diagnostics))
        let yamlTree = try #require(YAMLParser.parse(yaml, fileName: "y", diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty)
        #expect(yamlTree.jsonText == jsonTree.jsonText)
    }

    /// The JSON documents read by the YAML reader (JSON is YAML) give the same tree.
    @Test(arguments: documents)
    func jsonDocumentsReadAsYAML(_ name: String) throws {
        let json = try Data(contentsOf: try ImportTestSupport.fixture(name + ".json"))
        var diagnostics = Diagnostics()
        let jsonTree = try #require(JSONParser.parse(json, fileName: "j", diagnostics: &diagnostics))
        let yamlTree = try #require(YAMLParser.parse(json, fileName: "j", diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty)
        #expect(yamlTree.jsonText == jsonTree.jsonText)
        #expect(OpenAPIImporter.importDocument(json, fileName: name + ".yaml").specJSON
                == OpenAPIImporter.importDocument(json, fileName: name + ".json").specJSON)
    }

    @Test func yamlErrorsStopTheImportWithTheirPlace() {
        let result = OpenAPIImporter.importDocument(Data("openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a: {}\n  /a: {}\n".utf8),
                                                    fileName: "api.yaml")
        #expect(result.specJSON == nil)
        #expect(result.diagnostics.sorted.map(\.description) == ["api.yaml:5:3: error: duplicate key '/a' (first at line 4, column 3)"])
    }

    /// scripts/yaml-compare.py against PyYAML, with the endpoint-gen built next to this test bundle.
    @Test func agreesWithPyYAML() throws {
        let root = ImportDocumentTests.repositoryRoot
        let script = root.appendingPathComponent("scripts/yaml-compare.py")
        let python = "/usr/bin/env"
        guard Self.run(python, ["python3", "-c", "import yaml"]).status == 0 else {
            print("YAMLImportTests.agreesWithPyYAML: skipped: python3 with PyYAML is not available (pip install PyYAML)")
            return
        }
        // The tool is built with the tests (the CLI tests run it); find it next to the test bundle.
        let bundle = Bundle.module.bundleURL
        var directory = bundle.deletingLastPathComponent()
        var tool: URL?
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("endpoint-gen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { tool = candidate; break }
            directory = directory.deletingLastPathComponent()
        }
        guard let tool else {
            print("YAMLImportTests.agreesWithPyYAML: skipped: the endpoint-gen executable was not found near \(bundle.path)")
            return
        }
        let run = Self.run(python, ["python3", script.path, "--bin", tool.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(" files agree with PyYAML"))
        #expect(!run.output.contains("FAIL"), "\(run.output)")
    }

    static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
