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
                  { "name": "session", "in": "cookie", "schema": { "type": "string" } }
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
        #expect(run.stdout.hasPrefix("{\n  \"name\": \"TinyPets\",\n"))
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(spec["baseURL"] as? String == "https://pets.example.com/v1")
        #expect(run.stderr == "\(input.path):12:11: warning: #/paths/~1pets~1{id}/get/parameters/1: cookie parameters are not supported; 'session' dropped\n")
    }

    @Test func writesTheOutputFileOnlyWhenItChangesAndTheResultValidates() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("openapi.json", Self.document)
        let output = directory.url.appendingPathComponent("TinyPets.endpoints.json")
        let first = try EndpointGenProcess.run(["import", input.path, "--output", output.path])
        #expect(first.status == 0)
        #expect(first.stdout.isEmpty)
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.contains("\"name\": \"TinyPets\""))   // from info.title

        // Same bytes again: the file is not rewritten.
        let stamp = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: output.path)
        #expect(try EndpointGenProcess.run(["import", input.path, "--output", output.path]).status == 0)
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
                  - name: session
                    in: cookie
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
        #expect(yamlRun.stderr == "\(yaml.path):12:9: warning: #/paths/~1pets~1{id}/get/parameters/1: cookie parameters are not supported; 'session' dropped\n")

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

        let swagger = try directory.write("swagger.json", #"{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}}"#)
        let swaggerRun = try EndpointGenProcess.run(["import", swagger.path])
        #expect(swaggerRun.status == 1)
        #expect(swaggerRun.stderr.contains("error: this is a Swagger 2.0 document"))
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
private enum EndpointGenProcess {
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
