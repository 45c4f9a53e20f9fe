import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import EndpointRuntime

@Suite struct LoggingMiddlewareTests {
    func request() throws -> HTTPRequest {
        try HTTPRequest(.post, baseURL: "https://api.test/v1") {
            Path("me")
            AuthOptions([.apiKey(in: .query, name: "key")])
            Query("visible", "yes")
            Query("access_token", "SECRET-1")
            Header("X-Zeta", "z")
            Header("authorization", "Bearer SECRET-2")
            Header("Accept", "application/json")
            DataBody(Data("12345".utf8), contentType: "text/plain")
        }
    }

    @Test func oneLinePerRequestAndResponseInAStableOrder() async throws {
        let lines = Recorder<String>()
        let stub = StubTransport()
        await stub.stub(.post, path: "/me", responses: [.json("{}", headers: ["Set-Cookie": "s=SECRET-3", "B": "2", "a": "1"])])
        let client = HTTPClient(transport: stub, middleware: [
            LoggingMiddleware { _, line in lines.append(line) },
            AuthMiddleware(credentials: .apiKey("SECRET-4")),
        ])
        _ = try await client.data(for: try request())
        let logged = lines.values
        #expect(logged.count == 2)
        #expect(logged.first == "→ POST https://api.test/v1/me?visible=yes&access_token=<redacted> "
            + "[Accept: application/json, authorization: <redacted>, Content-Type: text/plain, X-Zeta: z] 5 bytes")
        let response = try #require(logged.last)
        #expect(response.hasPrefix("← 200 POST https://api.test/v1/me?visible=yes&access_token=<redacted> "
            + "[a: 1, B: 2, Content-Type: application/json, Set-Cookie: <redacted>] 2 bytes in "), "\(response)")
        #expect(response.hasSuffix(" ms"))
        #expect(!logged.joined().contains("SECRET"))
        #expect(!logged.joined().contains("\n"))
    }

    @Test func levelsAndAMinimum() async throws {
        let lines = Recorder<String>()
        let stub = StubTransport()
        await stub.stub(.get, path: "/ok", responses: [StubResponse(status: 200)])
        await stub.stub(.get, path: "/missing", responses: [StubResponse(status: 404)])
        await stub.stub(.get, path: "/down", responses: [.failure(URLError(.notConnectedToInternet))])
        let all = HTTPClient(transport: stub, middleware: [
            LoggingMiddleware(includeHeaders: false, minimumLevel: .trace) { level, line in lines.append("\(level) \(line)") },
        ])
        for path in ["ok", "missing", "down"] {
            _ = try? await all.data(for: try HTTPRequest(.get, baseURL: "https://api.test") { Path(path) })
        }
        let logged = lines.values.map { $0.replacingOccurrences(of: #" in \d+ ms"#, with: " in N ms", options: .regularExpression) }
        #expect(logged.count == 6)
        #expect(Array(logged.prefix(4)) == [
            "info → GET https://api.test/ok", "info ← 200 GET https://api.test/ok 0 bytes in N ms",
            "info → GET https://api.test/missing", "warning ← 404 GET https://api.test/missing 0 bytes in N ms",
        ])
        #expect(logged[4] == "info → GET https://api.test/down")
        #expect(logged[5].hasPrefix("error ✕ GET https://api.test/down failed: "), "\(logged[5])")

        let warnings = Recorder<LogLevel>()
        let quiet = HTTPClient(transport: stub, middleware: [LoggingMiddleware(minimumLevel: .warning) { level, _ in warnings.append(level) }])
        for path in ["ok", "missing", "down"] {
            _ = try? await quiet.data(for: try HTTPRequest(.get, baseURL: "https://api.test") { Path(path) })
        }
        #expect(warnings.values == [.warning, .error])
    }

    @Test func redactedURLsShowTheMaskAsText() throws {
        let request = try HTTPRequest(.get, baseURL: "https://api.test") { Path("x"); Query("api_key", "k1"); Query("q", "a b") }
        #expect(Redaction.redactedURL(request.urlComponents) == "https://api.test/x?api_key=<redacted>&q=a%20b")
        #expect(request.description == "GET https://api.test/x?api_key=<redacted>&q=a%20b")
    }
}

@Suite struct StubSequenceTests {
    @Test func servesResponsesInTurnThenTheLastAgain() async throws {
        let stub = StubTransport()
        await stub.stub(.get, path: "/issues", responses: [
            .json("[1, 2]", headers: ["Link": #"<https://api.test/issues?page=2>; rel="next""#]),
            .json("[3]"),
        ])
        let client = HTTPClient(transport: stub)
        let endpoint = Endpoint<[Int]>(try HTTPRequest(.get, baseURL: "https://api.test") { Path("issues") }, decoder: .json, pagination: .link)
        var items: [Int] = []
        for try await item in client.items(endpoint) { items.append(item) }
        #expect(items == [1, 2, 3])
        let sent = await stub.requests.map { $0.url?.absoluteString ?? "" }
        #expect(sent == ["https://api.test/issues", "https://api.test/issues?page=2"])
        #expect(try await client.send(endpoint) == [3], "after the last response, the last again")
    }

    @Test func aNextLinkToAnotherHostIsNotFollowed() async throws {
        let stub = StubTransport()
        await stub.stub(.get, path: "/issues", responses: [
            .json("[1]", headers: ["Link": #"<https://elsewhere.test/issues?page=2>; rel="next""#]),
        ])
        let client = HTTPClient(transport: stub, middleware: [AuthMiddleware(credentials: .bearer("SECRET"))])
        let endpoint = Endpoint<[Int]>(try HTTPRequest(.get, baseURL: "https://api.test") { Path("issues"); AuthOptions([.bearer]) },
                                       decoder: .json, pagination: .link)
        var iterator = client.pages(endpoint).makeAsyncIterator()
        #expect(try await iterator.next() == [1])
        let error = await #expect(throws: EndpointError.self) { _ = try await iterator.next() }
        #expect(error?.description.contains("elsewhere.test") == true, "\(String(describing: error))")
        #expect(await stub.requests.count == 1, "nothing was sent to the other host")
        #expect(try await iterator.next() == nil)
    }

    @Test func servesTypedHeaders() async throws {
        let stub = StubTransport()
        await stub.stub(path: "/repo", responses: [.json(#"{"method": "GET", "path": "/repo"}"#, headers: ["etag": "v9", "X-Request-ID": "r"])])
        let endpoint = EndpointWithHeaders<Echo, RepoHeaders>(Endpoint(try HTTPRequest(.get, baseURL: "https://a.test") { Path("repo") }, decoder: .json))
        let response = try await HTTPClient(transport: stub).response(for: endpoint)
        #expect(response.headers.eTag == "v9")
        #expect(response.body == Echo(method: "GET", path: "/repo"))
    }

    @Test func injectedFailuresThenSuccess() async throws {
        let stub = StubTransport()
        await stub.stub(.get, path: "/flaky", responses: [.failure(URLError(.timedOut)), StubResponse(status: 503), .json("[7]")])
        let client = HTTPClient(transport: stub, middleware: [RetryMiddleware(maxAttempts: 3, baseDelay: 0.001)])
        let endpoint = Endpoint<[Int]>(try HTTPRequest(.get, baseURL: "https://a.test") { Path("flaky") }, decoder: .json)
        #expect(try await client.send(endpoint) == [7])
        #expect(await stub.requests.count == 3)

        await stub.stub(path: "/down", responses: [.failure(URLError(.cannotConnectToHost))])
        let error = await #expect(throws: EndpointError.self) {
            try await HTTPClient(transport: stub).data(for: try HTTPRequest(.get, baseURL: "https://a.test") { Path("down") })
        }
        guard case let .transport(underlying, _)? = error else { Issue.record("not a transport error"); return }
        #expect((underlying as? URLError)?.code == .cannotConnectToHost)
    }

    @Test func delaysWaitAndCancellationCutsThemShort() async throws {
        let stub = StubTransport()
        await stub.stub(path: "/slow", responses: [.json("[1]", delay: .milliseconds(300))])
        let client = HTTPClient(transport: stub)
        let request = try HTTPRequest(.get, baseURL: "https://a.test") { Path("slow") }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await client.data(for: request).status == 200)
        #expect(clock.now - start >= .milliseconds(300))

        await stub.stub(path: "/slower", responses: [.json("[1]", delay: .seconds(30))])
        let slower = try HTTPRequest(.get, baseURL: "https://a.test") { Path("slower") }
        let task = Task { try await client.data(for: slower) }
        try await Task.sleep(for: .milliseconds(100))
        let cancelledAt = clock.now
        task.cancel()
        let result = await task.result
        #expect(clock.now - cancelledAt < .seconds(5))
        guard case let .failure(error) = result, case .cancelled? = error as? EndpointError else {
            Issue.record("expected a cancellation, got \(result)")
            return
        }
    }
}
