import EndpointGenCore
import Foundation
import Testing

/// `"service": true`: what the generator adds, how it names requirements, and what it refuses.
@Suite struct ServiceGenerationTests {
    static let spec = """
    {
      "formatVersion": 2,
      "name": "Names",
      "baseURL": "https://names.example",
      "endpoints": {
        "class": { "method": "GET", "path": "/class" },
        "a_b_c": { "method": "GET", "path": "/top" }
      },
      "groups": {
        "a_b": { "path": "/ab", "endpoints": { "c": { "method": "POST", "path": "/c", "body": "String" } } },
        "a": { "path": "/a", "groups": { "b": { "path": "/b", "endpoints": { "c": { "method": "DELETE", "path": "/{id}", "parameters": { "id": "Int" } } } } } }
      }
    }
    """

    func generate(_ text: String, service: Bool, parts: Int? = nil) -> GeneratorResult {
        Generator.generate(specData: Data(text.utf8), fileName: "Names.endpoints.json",
                           options: GeneratorOptions(parts: parts, service: service))
    }

    @Test func nothingWithoutTheOption() throws {
        let swift = try #require(generate(Self.spec, service: false).swift)
        #expect(!swift.contains("Service"))
        #expect(!swift.contains("handler"))
        let withService = try #require(generate(Self.spec, service: true).swift)
        // The client's part of the file is the same; the server side follows it.
        #expect(withService.hasPrefix(swift.dropLast().description))
        #expect(withService.contains("public nonisolated protocol Service: Sendable {"))
        #expect(withService.contains("public static func handler(_ service: some Service) -> HTTPHandler {"))
    }

    @Test func requirementsAreNamedByGroupPathAndNumberedOnAClash() throws {
        let swift = try #require(generate(Self.spec, service: true).swift)
        // `class` is escaped; `a_b_c` (top level), `a_b.c` and `a.b.c` are all `aBC`: numbered in spec order.
        #expect(swift.contains("func `class`() async throws\n"))
        #expect(swift.contains("func aBC() async throws\n"))
        #expect(swift.contains("func aBC2(body: String) async throws\n"))
        #expect(swift.contains("func aBC3(id: Int) async throws\n"))
        #expect(swift.contains(#"throw ServiceNotImplemented("aBC3(id:)")"#))
        #expect(swift.contains(#"ServiceRoute(.delete, "/a/b/{id}") { request in"#))
        #expect(swift.contains(#"try await service.aBC3(id: request.path("id", as: Int.self))"#))
    }

    @Test func namesTheServiceNeedsAreErrorsAtTheirPlace() {
        let text = """
        {
          "formatVersion": 2, "name": "Clash", "baseURL": "https://clash.example",
          "endpoints": { "handler": { "method": "GET", "path": "/h" } },
          "groups": { "service": { "path": "/s", "endpoints": { "get": { "method": "GET", "path": "" } } } }
        }
        """
        let result = generate(text, service: true)
        #expect(result.files.isEmpty)
        let messages = result.diagnostics.sorted.map(\.description)
        #expect(messages.count == 2)
        // Each at its line in the spec (the column is the validator's position for an endpoint or group).
        #expect(messages.first?.hasPrefix("Names.endpoints.json:3:") == true)
        #expect(messages.first?.contains(": error: the endpoint 'handler' is named handler in Swift") == true)
        #expect(messages.last?.hasPrefix("Names.endpoints.json:4:") == true)
        #expect(messages.last?.contains(": error: the group 'service' is named Service in Swift") == true)
        // Without the option the same spec is fine.
        #expect(!generate(text, service: false).files.isEmpty)
    }

    /// Two endpoints of one method and path are one route: the handler answers with the first, so
    /// the second's requirement is never called. A warning at the second names both (the file is
    /// still written: the client is unaffected); a base URL of its own makes a path of its own.
    @Test func endpointsOfOneRouteAreAWarningNamingBoth() throws {
        let text = """
        {
          "formatVersion": 2, "name": "Routes", "baseURL": "https://routes.example/v1",
          "endpoints": {
            "user": { "method": "GET", "path": "/users/{id}", "parameters": { "id": "Int" } },
            "mirror": { "method": "GET", "baseURL": "https://eu.routes.example/v2", "path": "/users/{id}", "parameters": { "id": "Int" } },
            "same_server": { "method": "GET", "baseURL": "https://eu.routes.example/v1", "path": "/users/{id}", "parameters": { "id": "Int" } },
            "delete_user": { "method": "DELETE", "path": "/users/{id}", "parameters": { "id": "Int" } }
          },
          "groups": {
            "people": { "path": "/users", "endpoints": { "by_name": { "method": "GET", "path": "/{name}", "parameters": { "name": "String" } } } }
          }
        }
        """
        let result = generate(text, service: true)
        let swift = try #require(result.swift)
        // The mirror is served below its own base path; an own base URL with the API's path is the API's route.
        #expect(swift.contains(#"ServiceRoute(.get, "/v2/users/{id}") { request in"#))
        #expect(swift.contains(#"ServiceRoute(.get, "/users/{id}") { request in"#))
        let messages = result.diagnostics.sorted.map(\.description)
        #expect(messages == [
            "Names.endpoints.json:6:5: warning: 'same_server' is GET /users/{id}, the route of 'user' (line 4): Routes.handler(_:) sends such requests to 'user', the first in spec order, and never calls the requirement of 'same_server'; give one of them another method, path, base URL, body type, Accept or query",
            "Names.endpoints.json:10:50: warning: 'people.by_name' is GET /users/{name}, the route of 'user' (line 4): Routes.handler(_:) sends such requests to 'user', the first in spec order, and never calls the requirement of 'people.by_name'; give one of them another method, path, base URL, body type, Accept or query",
        ])
        // Without the option there is no handler, and nothing to warn about.
        #expect(generate(text, service: false).diagnostics.sorted.isEmpty)
    }

    /// Endpoints of one route that the client sends with other media types (a body twin, a stream
    /// asked for by `Accept`) are routes with conditions, and no warning; endpoints that are not
    /// shared keep plain routes. Two with the same media types are still a warning.
    @Test func endpointsOfOneRouteWithOtherMediaTypesAreToldApart() throws {
        let text = """
        {
          "formatVersion": 2, "name": "Twins", "baseURL": "https://twins.example",
          "headers": { "Accept": "application/json" },
          "endpoints": {
            "send": { "method": "POST", "path": "/messages", "body": "Message", "response": "Message" },
            "send_stream": { "method": "POST", "path": "/messages", "body": "Message", "headers": { "Accept": "text/event-stream" },
                             "response": { "type": "Message", "stream": "sse" } },
            "send_multipart": { "method": "POST", "path": "/messages", "body": { "type": "Upload", "encoding": "multipart", "contentType": "multipart/mixed" } },
            "send_form": { "method": "POST", "path": "/messages", "body": { "type": "Upload", "encoding": "form" } },
            "send_again": { "method": "POST", "path": "/messages", "body": { "type": "Message", "contentType": "application/json; charset=utf-8" } },
            "send_file": { "method": "POST", "path": "/messages", "body": "File" },
            "list": { "method": "GET", "path": "/messages", "response": "[Message]" }
          },
          "models": {
            "Message": { "properties": { "text": "String" } },
            "Upload": { "properties": { "text": "String" } }
          }
        }
        """
        let result = generate(text, service: true)
        let swift = try #require(result.swift)
        #expect(swift.contains(#"ServiceRoute(.post, "/messages", contentType: "application/json", accept: "application/json") { request in"#))
        #expect(swift.contains(#"ServiceRoute(.post, "/messages", contentType: "application/json", accept: "text/event-stream") { request in"#))
        // A multipart body goes as `multipart/form-data` whatever its `contentType`: what the route expects.
        #expect(swift.contains(#"ServiceRoute(.post, "/messages", contentType: "multipart/form-data", accept: "application/json") { request in"#))
        #expect(swift.contains(#"ServiceRoute(.post, "/messages", contentType: "application/x-www-form-urlencoded", accept: "application/json") { request in"#))
        // A file sends its own content type: no condition on it.
        #expect(swift.contains(#"ServiceRoute(.post, "/messages", accept: "application/json") { request in"#))
        #expect(swift.contains(#"ServiceRoute(.get, "/messages") { request in"#))
        // The same media types, parameters aside, as `send`: the one warning.
        let messages = result.diagnostics.sorted.map(\.description)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("warning: 'send_again' is POST /messages with the same Content-Type, Accept and query items, the route of 'send' (line 5)") == true)
    }

    /// Endpoints of one route told apart by a query item one of them always sends (a required
    /// parameter, or one with a default): OpenAI's `/responses?beta=true`, imported as a `beta`
    /// parameter defaulting to "true". Items every endpoint of the route sends are no condition.
    @Test func endpointsOfOneRouteAreToldApartByQueryItemsTheyAlwaysSend() throws {
        let text = """
        {
          "formatVersion": 2, "name": "Beta", "baseURL": "https://beta.example",
          "endpoints": {
            "create": { "method": "POST", "path": "/responses", "parameters": { "store": { "type": "Bool", "default": true } } },
            "betaCreate": { "method": "POST", "path": "/responses",
                            "parameters": { "beta": { "type": "String?", "default": "true" }, "store": { "type": "Bool", "default": true },
                                            "filter": "[String]?" } }
          }
        }
        """
        let result = generate(text, service: true)
        let swift = try #require(result.swift)
        #expect(swift.contains(#"ServiceRoute(.post, "/responses") { request in"#))
        #expect(swift.contains(#"ServiceRoute(.post, "/responses", query: ["beta"]) { request in"#))
        #expect(result.diagnostics.sorted.isEmpty, "\(result.diagnostics.sorted.map(\.description))")
    }

    /// An own base URL's path is a literal like the spec's own paths, escapes decoded: the router
    /// compares literals with the request's decoded segments.
    @Test func anOwnBasePathWithAnEscapeIsItsDecodedLiteral() throws {
        let text = """
        {
          "formatVersion": 2, "name": "Escaped", "baseURL": "https://escaped.example",
          "endpoints": {
            "files": { "method": "GET", "baseURL": "https://uploads.example/my%20api", "path": "/files" }
          }
        }
        """
        let swift = try #require(generate(text, service: true).swift)
        #expect(swift.contains(#"ServiceRoute(.get, "/my api/files") { request in"#))
    }

    /// HTTPBin's `mirror` (`https://eu.httpbin.org/v2`) and `get` share `GET /get` below their base
    /// URLs, but not on the wire: the handler tells them apart by the mirror's `/v2`, without a warning.
    @Test func httpbinMirrorAndGetAreTwoRoutes() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../specs/HTTPBin.endpoints.json")
        let result = Generator.generate(specData: try Data(contentsOf: url), fileName: "HTTPBin.endpoints.json",
                                        options: GeneratorOptions(moduleTypes: ["Coordinates"], service: true))
        #expect(result.diagnostics.sorted.isEmpty)
        let swift = try #require(result.swift)
        #expect(swift.contains(#"ServiceRoute(.get, "/get") { request in"#))
        #expect(swift.contains(#"ServiceRoute(.get, "/v2/get") { request in"#))
    }

    @Test func inPartsTheServiceClosesTheLastPart() throws {
        let files = generate(Self.spec, service: true, parts: 2).files
        #expect(files.count == 2)
        #expect(!files[0].swift.contains("protocol Service"))
        #expect(files[1].swift.contains("protocol Service"))
        #expect(files[1].swift.contains("import EndpointRuntime"))
    }
}
