import Foundation
import Testing

/// `--service` and the config's `"service"`.
@Suite struct ServiceOptionTests {
    static let spec = """
        {
          "formatVersion": 2,
          "name": "Ping",
          "baseURL": "https://api.example.com",
          "endpoints": { "ping": { "method": "GET", "path": "/ping" } }
        }
        """

    @Test func theFlagAndTheConfigBothAddTheServerSide() throws {
        let scratch = try Scratch()
        try scratch.write(Self.spec, to: "Ping.endpoints.json")
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "plain", "--quiet").status == 0)
        #expect(scratch.read("plain/Ping.swift")?.contains("protocol Service") == false)
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "flag", "--service", "--quiet").status == 0)
        let flagged = try #require(scratch.read("flag/Ping.swift"))
        #expect(flagged.contains("func ping() async throws\n"))
        try scratch.write(#"{ "service": true }"#, to: "endpoint-gen.json")
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "config", "--config", "endpoint-gen.json", "--quiet").status == 0)
        #expect(scratch.read("config/Ping.swift") == flagged)
        try scratch.write(#"{ "service": false }"#, to: "endpoint-gen.json")
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "off", "--config", "endpoint-gen.json", "--quiet").status == 0)
        #expect(scratch.read("off/Ping.swift") == scratch.read("plain/Ping.swift"))
    }

    /// A document whose schema and tag are named `Service`, which the generated protocol needs.
    static let document = """
        openapi: 3.0.3
        info: {title: Shop, version: "1"}
        servers: [{url: "https://api.example.com"}]
        paths:
          /services/{id}:
            get:
              operationId: getService
              tags: [service]
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Service'}}}}
        components:
          schemas:
            Service: {type: object, properties: {name: {type: string}}}
        """

    /// Imported for the server side (PagerDuty's and Plaid's documents have a `Service` schema), the
    /// model and the group step aside for the protocol, with warnings at their places; without it
    /// the model keeps its name.
    @Test func aDocumentsServiceModelIsRenamedOnlyForTheServerSide() throws {
        let scratch = try Scratch()
        try scratch.write(Self.document, to: "Shop.openapi.yaml")
        let served = try scratch.run("generate", "Shop.openapi.yaml", "--output", "served", "--service", "--quiet")
        #expect(served.status == 0)
        #expect(served.stderr.contains("Shop.openapi.yaml:14:5: warning: #/components/schemas/Service: model 'Service' would collide with the generated service protocol as 'Service'; renamed to 'ServiceModel'"))
        #expect(served.stderr.contains("group 'service' would shadow the generated service protocol 'Service'; renamed to 'serviceEndpoints'"))
        let code = try #require(scratch.read("served/Shop.swift"))
        #expect(code.contains("public nonisolated struct ServiceModel: Codable"))
        #expect(code.contains("protocol Service: Sendable"))
        #expect(code.contains("func serviceEndpointsGetService(id: String) async throws -> Shop.ServiceModel"))

        let plain = try scratch.run("generate", "Shop.openapi.yaml", "--output", "plain", "--quiet")
        #expect(plain.status == 0)
        #expect(scratch.read("plain/Shop.swift")?.contains("public nonisolated struct Service: Codable") == true)
        #expect(!plain.stderr.contains("ServiceModel"))

        // `import --service`, or a config saying so, writes the spec that `generate --service` takes.
        #expect(try scratch.run("import", "Shop.openapi.yaml", "--output", "Flag.endpoints.json", "--service", "--quiet").status == 0)
        try scratch.write(#"{ "service": true }"#, to: "endpoint-gen.json")
        #expect(try scratch.run("import", "Shop.openapi.yaml", "--output", "Config.endpoints.json", "--config", "endpoint-gen.json", "--quiet").status == 0)
        #expect(scratch.read("Flag.endpoints.json")?.contains("\"ServiceModel\"") == true)
        #expect(scratch.read("Config.endpoints.json") == scratch.read("Flag.endpoints.json"))
        let generated = try scratch.run("generate", "Flag.endpoints.json", "--output", "fromSpec", "--service", "--quiet")
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(try scratch.run("import", "Shop.openapi.yaml", "--output", "Plain.endpoints.json", "--quiet").status == 0)
        let refused = try scratch.run("generate", "Plain.endpoints.json", "--output", "refused", "--service", "--quiet")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("rename the model"))
    }

    @Test func aServiceThatIsNotABooleanIsAnErrorAtItsPlace() throws {
        let scratch = try Scratch()
        try scratch.write(Self.spec, to: "Ping.endpoints.json")
        try scratch.write(#"{ "service": "yes" }"#, to: "endpoint-gen.json")
        let result = try scratch.run("generate", "Ping.endpoints.json", "--output", "out", "--config", "endpoint-gen.json")
        #expect(result.status == 1)
        #expect(result.stderr == "endpoint-gen.json:1:14: error: 'service' must be true or false\n")
        #expect(!scratch.exists("out"))
    }
}
