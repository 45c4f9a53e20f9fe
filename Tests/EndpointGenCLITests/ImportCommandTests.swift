import Foundation
import Testing

/// `endpoint-gen import`, end to end: the built binary is run on files in a temporary directory.
@Suite struct ImportCommandTests {
    static let document = """
        {
          "openapi": "3.0.3",
          "info": { "title": "Tiny Pets", "version": "1" },
          "servers": [{ "url": "https://pets.example.com/v1" }],
          "paths": {
            "/pets/{id}": {
              "get": {
                "operationId": "getPet",
                "tags": ["pets"],
                "parameters": [
                  { "name": "id", "in": "path", "required": true, "schema": { "type": "integer" } },
                  { "name": "Accept", "in": "header", "schema": { "type": "string" } }
                ],
                "responses": { "200": { "description": "ok", "content": { "application/json": {
                  "schema": { "type": "object", "required": ["id"], "properties": { "id": { "type": "integer" } } } } } } }
              }
            }
          }
        }
        """

    @Test func importsToStandardOutputWithWarningsOnStandardError() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("openapi.json", Self.document)
        let run = try EndpointGenProcess.run(["import", input.path, "--name", "TinyPets"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("{\n  \"formatVersion\": 2,\n  \"name\": \"TinyPets\",\n"))
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(spec["baseURL"] as? String == "https://pets.example.com/v1")
        #expect(run.stderr == "\(input.path):12:11: warning: #/paths/~1pets~1{id}/get/parameters/1: header parameter 'Accept' is set by the runtime (OpenAPI ignores it too); dropped\n")
    }

    @Test func writesTheOutputFileOnlyWhenItChangesAndTheResultValidates() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("openapi.json", Self.document)
        let output = directory.url.appendingPathComponent("TinyPets.endpoints.json")
        let first = try EndpointGenProcess.run(["import", input.path, "--output", output.path])
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("wrote \(output.path) ("), "\(first.stdout)")
        #expect(first.stdout == "wrote \(output.path) (1 endpoint, 1 model)\n")
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.contains("\"name\": \"TinyPets\""))   // from info.title

        // Same bytes again: the file is not rewritten.
        let stamp = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: output.path)
        let again = try EndpointGenProcess.run(["import", input.path, "--output", output.path])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("unchanged \(output.path) ("))
        #expect(try EndpointGenProcess.run(["import", input.path, "--output", output.path, "--quiet"]).stdout.isEmpty)
        let after = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        #expect(after == stamp)
        #expect(try String(contentsOf: output, encoding: .utf8) == written)

        let validation = try EndpointGenProcess.run(["validate", output.path])
        #expect(validation.status == 0, "\(validation.stderr)")
    }

    @Test func yamlIsReadAndInvalidJSONAndSwaggerAreErrors() throws {
        let directory = try TemporaryDirectory()
        // The tiny document as YAML imports to the same bytes as the JSON.
        let jsonInput = try directory.write("openapi.json", Self.document)
        let yaml = try directory.write("api.yaml", """
            openapi: 3.0.3
            info: {title: Tiny Pets, version: '1'}
            servers:
            - url: https://pets.example.com/v1
            paths:
              /pets/{id}:
                get:
                  operationId: getPet
                  tags: [pets]
                  parameters:
                  - {name: id, in: path, required: true, schema: {type: integer}}
                  - name: Accept
                    in: header
                    schema: {type: string}
                  responses:
                    200:
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [id]
                            properties:
                              id: {type: integer}
            """)
        let yamlRun = try EndpointGenProcess.run(["import", yaml.path, "--name", "TinyPets"])
        let jsonRun = try EndpointGenProcess.run(["import", jsonInput.path, "--name", "TinyPets"])
        #expect(yamlRun.status == 0)
        #expect(jsonRun.status == 0)
        #expect(yamlRun.stdout == jsonRun.stdout)
        #expect(yamlRun.stderr == "\(yaml.path):12:9: warning: #/paths/~1pets~1{id}/get/parameters/1: header parameter 'Accept' is set by the runtime (OpenAPI ignores it too); dropped\n")

        // Standard input is sniffed: YAML unless it starts with '{'.
        let piped = try EndpointGenProcess.run(["import", "-", "--name", "TinyPets"], input: try String(contentsOf: yaml, encoding: .utf8))
        #expect(piped.status == 0)
        #expect(piped.stdout == jsonRun.stdout)

        let badYAML = try directory.write("bad.yml", "openapi: 3.0.0\ninfo:\n\ttitle: t\n")
        let badRun = try EndpointGenProcess.run(["import", badYAML.path])
        #expect(badRun.status == 1)
        #expect(badRun.stdout.isEmpty)
        #expect(badRun.stderr == "\(badYAML.path):3:1: error: a tab indents this line; YAML indentation must be spaces\n")

        let broken = try directory.write("broken.json", "{\n  \"openapi\": \"3.0.0\",\n  \"paths\": [1,,2]\n}\n")
        let brokenRun = try EndpointGenProcess.run(["import", broken.path])
        #expect(brokenRun.status == 1)
        #expect(brokenRun.stderr.hasPrefix("\(broken.path):3:"))

        // Swagger 2.0 is read (SwaggerAndSplitDocumentCommandTests); older versions are errors.
        let swagger = try directory.write("swagger.json", #"{"swagger": "1.2", "info": {"title": "t", "version": "1"}, "paths": {}}"#)
        let swaggerRun = try EndpointGenProcess.run(["import", swagger.path])
        #expect(swaggerRun.status == 1)
        #expect(swaggerRun.stderr.contains("error: this is a Swagger 1.2 document"))
    }

    static let twoTags = """
        {
          "openapi": "3.0.3",
          "info": { "title": "Zoo", "version": "1" },
          "servers": [{ "url": "https://zoo.example.com" }],
          "paths": {
            "/pets": { "get": { "operationId": "listPets", "tags": ["pets"], "responses": { "200": { "description": "ok",
              "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pet" } } } } } } },
            "/keepers": { "get": { "operationId": "listKeepers", "tags": ["keepers"], "responses": { "200": { "description": "ok",
              "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Keeper" } } } } } } }
          },
          "components": { "schemas": {
            "Pet": { "type": "object", "properties": { "name": { "type": "string" } } },
            "Keeper": { "type": "object", "properties": { "name": { "type": "string" } } }
          } }
        }
        """

    @Test func filtersKeepMatchingOperationsAndReportTheCounts() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("zoo.json", Self.twoTags)
        let run = try EndpointGenProcess.run(["import", input.path, "--tag", "pets", "--name", "ZOO"])
        #expect(run.status == 0)
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(spec["name"] as? String == "ZOO")
        #expect((spec["groups"] as? [String: Any])?.keys.sorted() == ["pets"])
        #expect((spec["models"] as? [String: Any])?.keys.sorted() == ["Pet"])
        #expect(run.stderr == "kept 1 of 2 operations, 1 of 2 models\n")

        // Repeated, of several kinds, from a config too: any match keeps an operation.
        let config = try directory.write("endpoint-gen.json", #"{ "operations": ["listKeeper"], "paths": ["/keepers"] }"#)
        let both = try EndpointGenProcess.run(["import", input.path, "--config", config.path, "--tag", "pets", "--tag=pet"])
        #expect(both.status == 0)
        let lines = both.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("warning: #/paths: no operation has the operationId 'listKeeper'; did you mean 'listKeepers'?") })
        #expect(lines.contains { $0.hasSuffix("warning: #/paths: no operation has the tag 'pet'; did you mean 'pets'?") })
        #expect(lines.last == "kept 2 of 2 operations, 2 of 2 models")

        let badConfig = try directory.write("bad.json", #"{ "tags": "pets" }"#)
        let bad = try EndpointGenProcess.run(["import", input.path, "--config", badConfig.path])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("error: 'tags' must be an array of non-empty strings"))
    }

    @Test func generateImportsAnOpenAPIDocumentNamedAfterItsFile() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("ZooKit.openapi.json", Self.twoTags)
        let config = try directory.write("endpoint-gen.json", #"{ "accessLevel": "internal", "tags": ["keepers"] }"#)
        let output = directory.url.appendingPathComponent("out")
        let run = try EndpointGenProcess.run(["generate", input.path, "--config", config.path, "--output", output.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "\(input.path): kept 1 of 2 operations, 1 of 2 models\n")
        let swift = try String(contentsOf: output.appendingPathComponent("ZooKit.swift"), encoding: .utf8)
        #expect(swift.hasPrefix("// Generated by endpoint-gen from ZooKit.openapi.json. DO NOT EDIT."))
        #expect(swift.contains("enum ZooKit"))
        #expect(swift.contains("Keeper") && !swift.contains("listPets"))
        #expect(!swift.contains("public "))

        // validate imports the document and checks the spec; --check compares with what is there; a
        // directory finds documents too.
        #expect(try EndpointGenProcess.run(["validate", input.path]).status == 0)
        #expect(try EndpointGenProcess.run(["generate", directory.url.path, "--config", config.path, "--output", output.path, "--check"]).status == 0)

        // YAML goes through the same import; what it cannot read is an error at its line and column.
        let yaml = try directory.write("Other.openapi.yaml", """
            openapi: 3.0.3
            info: { title: Other, version: "1" }
            servers: [{ url: "https://other.example.com" }]
            paths:
              /ping:
                get:
                  operationId: ping
                  responses:
                    "204": { description: none }
            """)
        let yamlRun = try EndpointGenProcess.run(["generate", yaml.path, "--output", output.path])
        #expect(yamlRun.status == 0, "\(yamlRun.stderr)")
        let other = try String(contentsOf: output.appendingPathComponent("Other.swift"), encoding: .utf8)
        #expect(other.contains("public static var ping: Endpoint<Void> {"))
        let broken = try directory.write("Broken.openapi.yml", "openapi: 3.0.3\npaths:\n  /a: [unclosed\n")
        let brokenRun = try EndpointGenProcess.run(["generate", broken.path, "--output", output.path])
        #expect(brokenRun.status == 1)
        #expect(brokenRun.stderr.hasPrefix("\(broken.path):4:1: error: unexpected end of file"), "\(brokenRun.stderr)")
        #expect(brokenRun.stderr.contains("opened at line 3, column 7"), "\(brokenRun.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Broken.swift").path))
    }

    /// Paths with fragments and unions that list themselves used to import to specs generate refused
    /// (at document:1:1); they generate now, with no warning for either.
    @Test func generateTakesFragmentsAndRecursiveUnions() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("Tokens.openapi.yaml", """
            openapi: 3.1.0
            info: { title: Tokens, version: "1" }
            servers: [{ url: "https://auth.example.com" }]
            paths:
              /oauth2/token#refresh:
                post:
                  operationId: refreshToken
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/Grant" }
              /oauth2/token#revoke:
                post:
                  responses: { "204": { description: none } }
            components:
              schemas:
                Grant:
                  anyOf:
                    - $ref: "#/components/schemas/Grant"
                    - type: string
                    - type: integer
            """)
        let output = directory.url.appendingPathComponent("out")
        let run = try EndpointGenProcess.run(["generate", input.path, "--output", output.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let swift = try String(contentsOf: output.appendingPathComponent("Tokens.swift"), encoding: .utf8)
        #expect(swift.contains("refreshToken") && swift.contains("postOauth2TokenRevoke"))
        // Both requests go to /oauth2/token; the fragment is never part of it.
        #expect(swift.components(separatedBy: #"[Path("oauth2", "token")]"#).count == 3)
        #expect(!swift.contains("refresh\"") && !swift.contains("#"))
    }

    @Test func formatVersionTwoWritesTheVersionTwoKeys() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("openapi.json", """
            {"openapi": "3.0.3", "info": {"title": "Tiny", "version": "1"}, "servers": [{"url": "https://tiny.example.com"}],
             "paths": {"/a": {"get": {"operationId": "a", "responses": {"200": {"description": "ok",
                "headers": {"ETag": {"schema": {"type": "string"}}},
                "content": {"application/json": {"schema": {"type": "integer", "enum": [1, 2]}}}}}}}}}
            """)
        let two = try EndpointGenProcess.run(["import", input.path, "--format-version", "2"])
        #expect(two.status == 0)
        #expect(two.stderr.isEmpty, "\(two.stderr)")
        #expect(two.stdout.hasPrefix("{\n  \"formatVersion\": 2,\n  \"name\": \"Tiny\",\n"))
        #expect(two.stdout.contains("""
                      "response": {
                        "type": "AResponse",
                        "headers": { "ETag": "String?" }
                      }
            """), "\(two.stdout)")
        #expect(two.stdout.contains("""
                "AResponse": {
                  "type": "Int",
                  "enum": [1, 2]
                }
            """), "\(two.stdout)")

        // The default is version 2.
        #expect(try EndpointGenProcess.run(["import", input.path]).stdout == two.stdout)

        // Version 1: the same document approximated, with warnings naming what was lost.
        let one = try EndpointGenProcess.run(["import", input.path, "--format-version", "1"])
        #expect(one.status == 0)
        #expect(!one.stdout.contains("formatVersion"))
        #expect(one.stderr.contains("#/paths/~1a/get/responses/200/headers: response headers are not expressible; dropped"))
        #expect(one.stderr.contains("only string enums become enum models"))

        let bad = try EndpointGenProcess.run(["import", input.path, "--format-version", "3"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("endpoint-gen import: error: --format-version takes 1 or 2, not '3'"))
    }

    @Test func usageErrors() throws {
        #expect(try EndpointGenProcess.run(["import"]).status == 64)
        #expect(try EndpointGenProcess.run(["import", "a.json", "--frobnicate"]).status == 64)
        #expect(try EndpointGenProcess.run(["import", "a.json", "--name"]).status == 64)
        let help = try EndpointGenProcess.run(["import", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: endpoint-gen import <openapi.json>"))
        let missing = try EndpointGenProcess.run(["import", "/nonexistent/openapi.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read '/nonexistent/openapi.json'"))
    }
}

/// Runs the built `endpoint-gen` (next to the test bundle in .build).
private nonisolated enum EndpointGenProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = bundleDirectory.appendingPathComponent("endpoint-gen")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/endpoint-gen")
    }

    static func run(_ arguments: [String], input: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inputPipe = input.map { _ in Pipe() }
        if let inputPipe { process.standardInput = inputPipe }
        try process.run()
        if let inputPipe, let input {
            // Small inputs only: the child reads all of standard input before it writes.
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        // Read both pipes before waiting, so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
private final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-gen-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}
