import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import EndpointRuntime

/// Thrown by ``bounded(_:_:)`` when the work did not finish in time.
struct Stalled: Error, CustomStringConvertible {
    var seconds: Double
    var description: String { "still running after \(seconds) s (a stall)" }
}

/// Runs `body`, cancelling it after `seconds`: a test of a request that might stall ends either way.
/// Returns the result and how long it took.
func bounded<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> (T, Duration) {
    let start = ContinuousClock.now
    let value = try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw Stalled(seconds: seconds) }
        return value
    }
    return (value, ContinuousClock.now - start)
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// Answers that can stall URLSession on Linux: authentication challenges (FoundationNetworking tries
/// to answer a Basic challenge itself and never finishes the task), proxy challenges, redirect
/// loops and `Expect: 100-continue`. Each must come back promptly as a status or an error.
@Suite struct TransportStallTests {
    let server: LocalHTTPServer
    let transport = URLSessionTransport()

    init() async throws { server = try await LocalHTTPServer.start() }

    /// Runs `body` (cancelled as a stall after `stall` seconds) and expects it to end within `limit`
    /// seconds, or else no more than a second after an ordinary request sent at the same time through
    /// `control` (this suite's transport by default). In a full `swift test` every suite starts its
    /// python server at once and all requests can wait seconds for a thread; the ordinary request
    /// measures that wait, so what is judged is the answer's own promptness.
    func prompt<T: Sendable>(limit: Double = 3, stall: Double, control: URLSessionTransport? = nil,
                             _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let ordinary = try HTTPRequest(.get, baseURL: server.baseURLString) { Path("ordinary"); Timeout(20) }
        let controlTransport = control ?? transport
        async let measured = bounded(stall, body)
        async let baseline = bounded(stall) { try await controlTransport.send(ordinary) }
        let (value, elapsed) = try await measured
        let controlElapsed = (try? await baseline)?.1 ?? .seconds(0)
        #expect(elapsed < .seconds(limit) || elapsed < controlElapsed + .seconds(1),
                "took \(elapsed); an ordinary request sent at the same time took \(controlElapsed)")
        return value
    }

    /// A request answered with `status`, `headers` and the body `answer`.
    func canned(_ status: Int, _ headers: [String: String], answer: String = "the answer body",
                @RequestBuilder _ extra: () -> [any RequestComponent] = { [] }) throws -> HTTPRequest {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: headers, options: [.sortedKeys]), as: UTF8.self)
        let more = extra()
        return try HTTPRequest(.get, baseURL: server.baseURLString) {
            Path("challenge")
            Header("X-Echo-Status", status)
            Header("X-Echo-Headers", json)
            Header("X-Echo-Body", Data(answer.utf8))
            Timeout(20)
            more
        }
    }

    static let challenges: [(status: Int, header: String, value: String)] = [
        (401, "WWW-Authenticate", #"Basic realm="api""#),
        (401, "WWW-Authenticate", #"basic realm="api", charset="UTF-8""#),
        (401, "WWW-Authenticate", #"Bearer realm="api", error="invalid_token""#),
        (401, "WWW-Authenticate", #"Bearer realm="a", Basic realm="b""#),
        (401, "WWW-Authenticate", #"Digest realm="api", qop="auth", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41""#),
        (401, "WWW-Authenticate", #"Custom realm="api", scope="all""#),
        (407, "Proxy-Authenticate", #"Basic realm="proxy""#),
    ]

    @Test(arguments: 0..<TransportStallTests.challenges.count)
    func challengeComesBackAsItsStatus(_ index: Int) async throws {
        let (status, header, value) = TransportStallTests.challenges[index]
        let request = try canned(status, [header: value])
        let transport = self.transport
        let response = try await prompt(stall: 10) { try await transport.send(request) }
        #expect(response.status == status, "\(value)")
        #expect(response.headers[header] == value)
        #expect(String(decoding: response.body, as: UTF8.self) == "the answer body")
    }

    @Test func authMiddlewareRefreshesOnABasicChallenge() async throws {
        let calls = Recorder<Bool>()
        let auth = AuthMiddleware { requirement, refresh in
            calls.append(refresh)
            return .basic(username: "ada", password: refresh ? "fresh" : "stale")
        }
        let client = HTTPClient(transport: transport, middleware: [auth])
        let expected = Credentials.basic(username: "ada", password: "fresh").authorizationValue
        let json = #"{"WWW-Authenticate": "Basic realm=\"api\""}"#
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) {
            Path("me")
            AuthOptions([.basic])
            Header("X-Echo-Require-Authorization", expected)
            Header("X-Echo-Headers", json)
            Timeout(20)
        }
        let response = try await prompt(stall: 10) { try await client.data(for: request) }
        #expect(response.status == 200)
        #expect(calls.values == [false, true])
        #expect(try EchoedRequest(from: response.body).header("Authorization") == expected)
    }

    @Test func bearerChallengeRefreshesToo() async throws {
        let calls = Recorder<Bool>()
        let client = HTTPClient(transport: transport, middleware: [AuthMiddleware { _, refresh in
            calls.append(refresh)
            return .bearer(refresh ? "fresh" : "stale")
        }])
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) {
            AuthOptions([.bearer])
            Header("X-Echo-Require-Authorization", "Bearer fresh")
            Header("X-Echo-Headers", #"{"WWW-Authenticate": "Bearer realm=\"api\", error=\"invalid_token\""}"#)
            Timeout(20)
        }
        let response = try await prompt(stall: 10) { try await client.data(for: request) }
        #expect(response.status == 200)
        #expect(calls.values == [false, true])
    }

    /// A session passed in keeps its own delegate, so the transport cannot answer the challenge; it
    /// still ends the request at the request's timeout instead of waiting forever.
    @Test func aSuppliedSessionEndsABasicChallengeAtTheTimeout() async throws {
        let supplied = URLSessionTransport(session: URLSession(configuration: .ephemeral))
        let request = try canned(401, ["WWW-Authenticate": #"Basic realm="api""#]) { Timeout(1) }
        let outcome = try await prompt(stall: 10, control: supplied) { () -> Result<HTTPResponse, any Error> in
            do { return .success(try await supplied.send(request)) } catch { return .failure(error) }
        }
        switch outcome {
        case let .success(response):
            #expect(response.status == 401)
        case let .failure(error):
            #expect((error as? URLError)?.code == .timedOut, "\(error)")
        }
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func redirectLoopEndsInAnError(_ status: Int) async throws {
        let request = try canned(status, ["Location": "/challenge"])
        let transport = self.transport
        let outcome = try await prompt(limit: 8, stall: 20) { () -> Result<HTTPResponse, any Error> in
            do { return .success(try await transport.send(request)) } catch { return .failure(error) }
        }
        switch outcome {
        case let .success(response):
            #expect((300...399).contains(response.status), "a loop may come back as the 3xx, never as a success: \(response.status)")
        case let .failure(error):
            #expect((error as? URLError)?.code == .httpTooManyRedirects, "\(error)")
        }
    }

    @Test func redirectWithoutLocationIsReturned() async throws {
        let request = try canned(302, [:])
        let transport = self.transport
        let response = try await prompt(stall: 10) { try await transport.send(request) }
        #expect(response.status == 302)
        #if !canImport(FoundationNetworking)
        // FoundationNetworking drops the body of a 3xx (it keeps it only for a redirect the delegate declines).
        #expect(String(decoding: response.body, as: UTF8.self) == "the answer body")
        #endif
    }

    @Test func redirectIsFollowedToTheAnswer() async throws {
        // The first request carrying the key is redirected; the replay gets the echo.
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) {
            Path("from")
            Header("X-Echo-Fail", "1:302:redirect-\(UUID().uuidString)")
            Header("X-Echo-Headers", #"{"Location": "/to"}"#)
            Timeout(20)
        }
        let transport = self.transport
        let response = try await prompt(stall: 10) { try await transport.send(request) }
        #expect(response.status == 200)
        #expect(try EchoedRequest(from: response.body).path == "/to")
    }

    func upload(expect mode: String?, status: Int? = nil, headers: String? = nil) throws -> HTTPRequest {
        let bytes = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        return try HTTPRequest(.post, baseURL: server.baseURLString) {
            Path("upload")
            Header("Expect", "100-continue")
            if let mode { Header("X-Echo-Expect", mode) }
            if let status { Header("X-Echo-Status", status) }
            if let headers { Header("X-Echo-Headers", headers) }
            DataBody(bytes, contentType: "application/octet-stream")
            Timeout(20)
        }
    }

    @Test func expectContinueUploadArrivesWhole() async throws {
        let request = try upload(expect: nil)
        let transport = self.transport
        let response = try await prompt(stall: 10) { try await transport.send(request) }
        #expect(response.status == 200)
        #expect(try EchoedRequest(from: response.body).bodyData == request.body)
    }

    @Test func expectContinueWithoutAnInterimAnswerStillSends() async throws {
        let request = try upload(expect: "silent")
        let transport = self.transport
        let response = try await prompt(stall: 10) { try await transport.send(request) }
        #expect(response.status == 200)
        #expect(try EchoedRequest(from: response.body).bodyData == request.body)
    }

    @Test(arguments: [(417, "{}"), (401, #"{"WWW-Authenticate": "Bearer realm=\"up\""}"#), (401, #"{"WWW-Authenticate": "Basic realm=\"up\""}"#)])
    func expectContinueRefusedBeforeTheBodyComesBack(_ status: Int, _ headers: String) async throws {
        let request = try upload(expect: "final", status: status, headers: headers)
        let transport = self.transport
        let response = try await prompt(stall: 10) { try await transport.send(request) }
        #expect(response.status == status)
        #expect(String(decoding: response.body, as: UTF8.self) == "refused before the body")
    }
}
