import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import EndpointRuntime

/// Collects values from concurrent code. `@unchecked Sendable`: every access is under `lock`.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Value] = []
    func append(_ value: Value) { lock.lock(); items.append(value); lock.unlock() }
    var values: [Value] { lock.lock(); defer { lock.unlock() }; return items }
}

/// Middleware against the real local server.
@Suite struct MiddlewareTests {
    let server: LocalHTTPServer
    let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))

    init() async throws { server = try await LocalHTTPServer.start() }

    func request(_ method: HTTPMethod = .get, auth: AuthRequirement = .none,
                 @RequestBuilder _ extra: () -> [any RequestComponent] = { [] }) throws -> HTTPRequest {
        let more = extra()
        return try HTTPRequest(method, baseURL: server.baseURLString) {
            Path("mw")
            AuthOptions([auth])
            more
        }
    }

    @Test func bearerRefreshesOnceOn401AndReplays() async throws {
        let calls = Recorder<Bool>()
        let auth = AuthMiddleware { requirement, refresh in
            #expect(requirement == .bearer)
            calls.append(refresh)
            return .bearer(refresh ? "fresh" : "stale")
        }
        let client = HTTPClient(transport: transport, middleware: [auth])
        let sent = try request(auth: .bearer) { Header("X-Echo-Require-Authorization", "Bearer fresh") }
        let response = try await client.data(for: sent)
        #expect(response.status == 200)
        #expect(calls.values == [false, true])
        #expect(try EchoedRequest(from: response.body).header("Authorization") == "Bearer fresh")

        // Still 401 after the refresh: returned as is, no second refresh.
        let hopeless = try request(auth: .bearer) { Header("X-Echo-Require-Authorization", "Bearer never") }
        let error = await #expect(throws: EndpointError.self) { try await client.send(Endpoint(hopeless, decoder: .none)) }
        #expect(error?.status == 401)
        #expect(calls.values == [false, true, false, true])
    }

    @Test func basicAndAPIKeys() async throws {
        let client = HTTPClient(transport: transport, middleware: [AuthMiddleware { requirement, _ in
            switch requirement {
            case .basic: return .basic(username: "ada", password: "p:ss wörd")
            case .apiKey: return .apiKey("k+y/=&")
            default: return nil
            }
        }])
        let basic = try EchoedRequest(from: try await client.data(for: try request(auth: .basic)).body)
        #expect(basic.header("Authorization") == "Basic " + Data("ada:p:ss wörd".utf8).base64EncodedString())

        let header = try EchoedRequest(from: try await client.data(for: try request(auth: .apiKey(in: .header, name: "X-Api-Key"))).body)
        #expect(header.header("X-Api-Key") == "k+y/=&")

        let query = try EchoedRequest(from: try await client.data(for: try request(auth: .apiKey(in: .query, name: "api_key")) {
            Query("q", 1)
        }).body)
        #expect(query.rawQuery == "q=1&api_key=k%2By%2F%3D%26")

        let none = try EchoedRequest(from: try await client.data(for: try request()).body)
        #expect(none.header("Authorization") == nil)
    }

    @Test func mismatchedOrFailingProviderIsAnError() async throws {
        let wrong = HTTPClient(transport: transport, middleware: [AuthMiddleware(credentials: .apiKey("x"))])
        let error = await #expect(throws: EndpointError.self) { try await wrong.data(for: try request(auth: .bearer)) }
        guard case .invalidRequest? = error else { Issue.record("\(String(describing: error))"); return }

        struct NoToken: Error {}
        let failing = HTTPClient(transport: transport, middleware: [AuthMiddleware { _, _ in throw NoToken() }])
        let second = await #expect(throws: EndpointError.self) { try await failing.data(for: try request(auth: .bearer)) }
        #expect(second?.underlyingError is NoToken)
    }

    func request(options: AuthOptions, @RequestBuilder _ extra: () -> [any RequestComponent] = { [] }) throws -> HTTPRequest {
        let more = extra()
        return try HTTPRequest(.get, baseURL: server.baseURLString) {
            Path("mw")
            options
            more
        }
    }

    @Test func alternativesSendTheFirstTheProviderHasCredentialsFor() async throws {
        let asked = Recorder<AuthRequirement>()
        let keyOnly = HTTPClient(transport: transport, middleware: [AuthMiddleware { requirement, _ in
            asked.append(requirement)
            if case .apiKey = requirement { return .apiKey("k-1") }
            return nil
        }])
        let either = AuthOptions([.basic, .apiKey(in: .header, name: "X-API-Key")])
        let echoed = try EchoedRequest(from: try await keyOnly.data(for: try request(options: either)).body)
        #expect(echoed.header("X-API-Key") == "k-1")
        #expect(echoed.header("Authorization") == nil)
        #expect(asked.values == [.basic, .apiKey(in: .header, name: "X-API-Key")])

        // Fixed credentials pick the alternative they are for, whichever comes first.
        let basicOnly = HTTPClient(transport: transport, middleware: [AuthMiddleware(credentials: .basic(username: "ada", password: "pw"))])
        let basic = try EchoedRequest(from: try await basicOnly.data(for: try request(options: either)).body)
        #expect(basic.header("Authorization") == "Basic " + Data("ada:pw".utf8).base64EncodedString())
        #expect(basic.header("X-API-Key") == nil)
        let bothOrders = AuthOptions([.apiKey(in: .header, name: "X-API-Key"), .basic])
        let reversed = try EchoedRequest(from: try await basicOnly.data(for: try request(options: bothOrders)).body)
        #expect(reversed.header("Authorization") == "Basic " + Data("ada:pw".utf8).base64EncodedString())
    }

    /// An alternative of several schemes (Plaid's client ID and secret) is sent when the provider
    /// has credentials for each, asked by name, and then with all of them; else the next alternative.
    @Test func schemesSentTogetherAreAllAddedOrTheNextAlternativeIsTried() async throws {
        let clientID = AuthRequirement.apiKey(in: .header, name: "PLAID-CLIENT-ID")
        let secret = AuthRequirement.apiKey(in: .query, name: "secret")
        let options = AuthOptions(alternatives: [[clientID, secret], [.bearer]])
        #expect(options == AuthOptions(alternatives: [[clientID, secret, clientID], [.bearer], [clientID, secret]]), "repeats left out")
        #expect(!options.isOptional && AuthOptions(alternatives: [[clientID, secret], []]).isOptional)
        #expect(AuthOptions([.basic, .bearer]) == AuthOptions(alternatives: [[.basic], [.bearer]]))

        let asked = Recorder<AuthRequirement>()
        let seen = Recorder<AuthOptions>()
        let spy = ClosureMiddleware { request, next in
            seen.append(request.authOptions)
            return try await next(request)
        }
        let both = HTTPClient(transport: transport, middleware: [AuthMiddleware { requirement, _ in
            asked.append(requirement)
            switch requirement {
            case clientID: return .apiKey("id-7")
            case secret: return .apiKey("s3cr3t")
            default: return nil
            }
        }, spy])
        let response = try await both.data(for: try request(options: options))
        let sent = try EchoedRequest(from: response.body)
        #expect(sent.header("PLAID-CLIENT-ID") == "id-7")
        #expect(sent.rawQuery == "secret=s3cr3t")
        #expect(sent.header("Authorization") == nil)
        #expect(asked.values == [clientID, secret])
        // The request passed on says the alternative it carries; its description redacts both.
        #expect(seen.values == [AuthOptions(alternatives: [[clientID, secret]])])
        #expect(!"\(response.request)".contains("s3cr3t"))

        // Missing one of the two: the next alternative is sent, alone.
        let idOnly = HTTPClient(transport: transport, middleware: [AuthMiddleware { requirement, _ in
            switch requirement {
            case clientID: return .apiKey("id-7")
            case .bearer: return .bearer("tok")
            default: return nil
            }
        }])
        let fallback = try EchoedRequest(from: try await idOnly.data(for: try request(options: options)).body)
        #expect(fallback.header("Authorization") == "Bearer tok")
        #expect(fallback.header("PLAID-CLIENT-ID") == nil)
        #expect(fallback.rawQuery == nil || fallback.rawQuery == "")

        // Two schemes in one header cannot both be sent: an error, not half the credentials.
        let clash = HTTPClient(transport: transport, middleware: [AuthMiddleware { requirement, _ in
            requirement == .bearer ? .bearer("t") : .basic(username: "u", password: "p")
        }])
        let error = await #expect(throws: EndpointError.self) {
            try await clash.data(for: try request(options: AuthOptions(alternatives: [[.bearer, .basic]])))
        }
        guard case .invalidRequest(let reason, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("same place"))
    }

    @Test func theRequestPassedOnSaysWhichCredentialsItCarries() async throws {
        let seen = Recorder<AuthOptions>()
        let spy = ClosureMiddleware { request, next in
            seen.append(request.authOptions)
            return try await next(request)
        }
        let client = HTTPClient(transport: transport, middleware: [AuthMiddleware(credentials: .apiKey("secret-key")), spy])
        let either = AuthOptions([.bearer, .apiKey(in: .query, name: "sig_key")])
        let response = try await client.data(for: try request(options: either))
        #expect(try EchoedRequest(from: response.body).rawQuery == "sig_key=secret-key")
        #expect(seen.values == [AuthOptions([.apiKey(in: .query, name: "sig_key")])])
        // So the request's description redacts the key of the alternative that was sent.
        #expect(!"\(response.request)".contains("secret-key"))
        // Before the middleware, every alternative's key name is redacted.
        let unsent = try request(options: either) { Query("sig_key", "typed-by-hand") }
        #expect("\(unsent)".contains("sig_key=<redacted>"), "\(unsent)")
        #expect(Redaction.isSensitiveHeader("X-Custom", auth: AuthOptions([.basic, .apiKey(in: .header, name: "x-custom")])))
        #expect(!Redaction.isSensitiveHeader("X-Custom", auth: AuthOptions([.basic])))
    }

    @Test func optionalCredentialsAreSentWhenHeldAndOtherwiseNot() async throws {
        let optional = AuthOptions([.bearer], optional: true)
        #expect(optional == AuthOptions([.none, .bearer]), "a .none alternative makes it optional")
        #expect(optional.isOptional && !AuthOptions([.bearer]).isOptional && !AuthOptions([.none]).isOptional)

        let holding = HTTPClient(transport: transport, middleware: [AuthMiddleware(credentials: .bearer("tok"))])
        let sent = try EchoedRequest(from: try await holding.data(for: try request(options: optional)).body)
        #expect(sent.header("Authorization") == "Bearer tok")

        // No credentials for it: sent without, no error, and a 401 is not replayed.
        let calls = Recorder<Bool>()
        let empty = HTTPClient(transport: transport, middleware: [AuthMiddleware { _, refresh in calls.append(refresh); return nil }])
        let bare = try EchoedRequest(from: try await empty.data(for: try request(options: optional)).body)
        #expect(bare.header("Authorization") == nil)
        let key = UUID().uuidString
        let refused = try request(options: optional) { Header("X-Echo-Fail", "1:401:\(key)") }
        #expect(try await empty.data(for: refused).status == 401)
        #expect(calls.values == [false, false, true])
        #expect(try await empty.data(for: refused).status == 200, "the server saw the 401 request once, not a replay")

        // Credentials of another kind only: still sent without, where required ones fail.
        let wrongKind = HTTPClient(transport: transport, middleware: [AuthMiddleware(credentials: .apiKey("k"))])
        let none = try EchoedRequest(from: try await wrongKind.data(for: try request(options: optional)).body)
        #expect(none.header("Authorization") == nil)
        let error = await #expect(throws: EndpointError.self) {
            try await wrongKind.data(for: try request(options: AuthOptions([.bearer, .basic])))
        }
        guard case .invalidRequest(let reason, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("bearer"))
    }

    @Test func requiredAlternativesWithoutCredentialsAreSentAsToday() async throws {
        // The provider has nothing: the request goes without, and the server's 401 is the error.
        let client = HTTPClient(transport: transport, middleware: [AuthMiddleware { _, _ in nil }])
        let guarded = try request(options: AuthOptions([.bearer, .basic])) { Header("X-Echo-Require-Authorization", "Bearer t") }
        let error = await #expect(throws: EndpointError.self) { try await client.send(Endpoint(guarded, decoder: .none)) }
        #expect(error?.status == 401)
    }

    @Test func retriesIdempotentRequestsHonouringRetryAfter() async throws {
        let client = HTTPClient(transport: transport, middleware: [RetryMiddleware(maxAttempts: 3, baseDelay: 0.05)])
        let key = UUID().uuidString
        let flaky = try request {
            Header("X-Echo-Fail", "2:503:\(key)")
            Header("X-Echo-Headers", #"{"Retry-After": "0"}"#)
        }
        let response = try await client.data(for: flaky)
        #expect(response.status == 200)
        #expect(try EchoedRequest(from: response.body).headerValues("X-Echo-Fail").count == 1)

        // Three failures exceed three attempts: the last 503 is returned.
        let key2 = UUID().uuidString
        let worse = try request { Header("X-Echo-Fail", "3:503:\(key2)"); Header("X-Echo-Headers", #"{"Retry-After": "0"}"#) }
        #expect(try await client.data(for: worse).status == 503)
        #expect(try await client.data(for: worse).status == 200, "the server saw exactly 3 requests before")
    }

    @Test func nonIdempotentRequestsRetryOnlyFor429And503() async throws {
        let client = HTTPClient(transport: transport, middleware: [RetryMiddleware(maxAttempts: 2, baseDelay: 0.01)])
        let key = UUID().uuidString
        let post502 = try request(.post) { Header("X-Echo-Fail", "1:502:\(key)") }
        #expect(try await client.data(for: post502).status == 502, "a POST is not repeated after a 502")

        let key2 = UUID().uuidString
        let post429 = try request(.post) { Header("X-Echo-Fail", "1:429:\(key2)"); Header("X-Echo-Headers", #"{"Retry-After": "0"}"#) }
        #expect(try await client.data(for: post429).status == 200)

        let key3 = UUID().uuidString
        let keyed = try request(.post) { Header("X-Echo-Fail", "1:502:\(key3)"); Header("Idempotency-Key", UUID()) }
        #expect(try await client.data(for: keyed).status == 200, "an Idempotency-Key makes a POST retryable")
    }

    @Test func longRetryAfterIsNotWaitedFor() async throws {
        let client = HTTPClient(transport: transport, middleware: [RetryMiddleware(maxAttempts: 3, baseDelay: 0.01, maxDelay: 1)])
        let key = UUID().uuidString
        let slow = try request { Header("X-Echo-Fail", "1:429:\(key)"); Header("X-Echo-Headers", #"{"Retry-After": "120"}"#) }
        let start = ContinuousClock.now
        let response = try await client.data(for: slow)
        #expect(response.status == 429)
        #expect(response.headers["Retry-After"] == "120")
        #expect(ContinuousClock.now - start < .seconds(60), "a 120 s Retry-After is not waited for")
    }

    @Test func retryAfterParsing() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryMiddleware.retryAfter("7") == 7)
        #expect(RetryMiddleware.retryAfter("Sun, 06 Nov 1994 08:49:47 GMT", now: now) == 10)
        #expect(RetryMiddleware.retryAfter("soon") == nil)
        #expect(RetryMiddleware.retryAfter(nil) == nil)
    }

    @Test func loggingRedactsCredentials() async throws {
        let lines = Recorder<String>()
        let client = HTTPClient(transport: transport, middleware: [
            LoggingMiddleware { _, line in lines.append(line) },
            AuthMiddleware { _, _ in .apiKey("SECRET-KEY-1") },
        ])
        let sent = try request(auth: .apiKey(in: .query, name: "key")) {
            Header("Authorization", "Bearer SECRET-TOKEN-2")
            Header("Cookie", "session=SECRET-COOKIE-3")
            Header("X-Api-Key", "SECRET-KEY-4")
            Query("access_token", "SECRET-TOKEN-5")
            Query("visible", "yes")
            Header("X-Echo-Headers", #"{"Set-Cookie": "s=HIDDEN-COOKIE-6"}"#)
        }
        _ = try await client.data(for: sent)
        let text = lines.values.joined(separator: "\n")
        #expect(!text.contains("SECRET"), "\(text)")
        #expect(!text.contains("s=HIDDEN-COOKIE-6\n"), "\(text)")
        #expect(text.contains("visible=yes"))
        #expect(text.contains("Authorization: <redacted>"))
        #expect(text.contains("Set-Cookie: <redacted>"))
        #expect(text.contains("← 200 GET"))
    }

    @Test func errorDescriptionsHideCredentials() async throws {
        let client = HTTPClient(transport: transport, middleware: [AuthMiddleware { _, _ in .apiKey("SECRET-KEY-1") }])
        let sent = try request(auth: .apiKey(in: .query, name: "sig")) {
            Header("Authorization", "Bearer SECRET-TOKEN-2")
            Query("password", "SECRET-PASS-3")
            Header("X-Echo-Status", 500)
        }
        let error = await #expect(throws: EndpointError.self) { try await client.send(Endpoint(sent, decoder: .none)) }
        let thrown = try #require(error)
        for text in [thrown.description, String(describing: thrown), "\(thrown)", thrown.localizedDescription,
                     String(describing: thrown.request), String(describing: thrown.response)] {
            #expect(!text.contains("SECRET"), "\(text)")
        }
        #expect(thrown.description.contains("status 500"))
        let headerError = try #require(throws: EndpointError.self) {
            try HTTPRequest(.get, baseURL: "https://h.test") { Header("Authorization", "Bearer SECRET\r\nX: y") }
        }
        #expect(!headerError.description.contains("SECRET"))
        let tokenBody = HTTPResponse(status: 200, body: Data(#"{"access_token": "SECRET-A", "user": "ada", "password":"SECRET-B"}"#.utf8), request: sent)
        let scrubbed = EndpointError.decoding(underlying: DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "x")), response: tokenBody)
        #expect(!scrubbed.description.contains("SECRET"), "\(scrubbed)")
        #expect(scrubbed.description.contains("ada"))
        #expect(Credentials.bearer("SECRET").description == "bearer(<redacted>)")
        #expect(!Credentials.basic(username: "u", password: "SECRET").description.contains("SECRET"))
    }

    @Test func middlewareOrderAndClosureMiddleware() async throws {
        let order = Recorder<String>()
        let outer = ClosureMiddleware { request, next in
            order.append("outer in")
            var request = request
            request.headers["X-Outer"] = "1"
            let response = try await next(request)
            order.append("outer out \(response.status)")
            return response
        }
        let inner = ClosureMiddleware { request, next in
            order.append("inner in \(request.headers["X-Outer"] ?? "-")")
            return try await next(request)
        }
        let client = HTTPClient(transport: transport, middleware: [outer, inner])
        let echoed = try EchoedRequest(from: try await client.data(for: try request()).body)
        #expect(echoed.header("X-Outer") == "1")
        #expect(order.values == ["outer in", "inner in 1", "outer out 200"])
    }
}
