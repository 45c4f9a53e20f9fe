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
