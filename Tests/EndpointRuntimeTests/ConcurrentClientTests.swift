import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import EndpointRuntime

/// A thousand requests at once through one client and a chain of middleware (auth with a refresh on
/// 401, retry on 503, a closure), over both kinds of session, against the real local server.
/// scripts/sanitizers.sh runs this suite under ThreadSanitizer.
@Suite struct ConcurrentClientTests {
    struct Echo: Decodable, Sendable { var path: String; var headers: [[String]]; var count: Int }

    /// Counts calls from many tasks at once. Checked `Sendable`: the counts live in a `Locked`.
    final class Counters: Sendable {
        private let counts = Locked<[String: Int]>([:])
        func add(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
        subscript(name: String) -> Int { counts.withLock { $0[name, default: 0] } }
    }

    @Test func thousandRequestsThroughMiddleware() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let counters = Counters()
        let run = UUID().uuidString
        let auth = AuthMiddleware { _, refresh in
            counters.add(refresh ? "refresh" : "token")
            return .bearer(refresh ? "fresh" : "stale")
        }
        let retry = RetryMiddleware(maxAttempts: 3, baseDelay: 0.01, maxDelay: 0.05)
        let stamp = ClosureMiddleware { request, next in
            counters.add("closure")
            var request = request
            request.headers["X-Stamp"] = "stamped"
            return try await next(request)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 32
        let owned = URLSessionTransport(configuration: configuration)
        let supplied = URLSessionTransport(session: URLSession(configuration: configuration))
        let clients = [owned, supplied].map { HTTPClient(transport: $0, middleware: [stamp, retry, auth]) }
        let base = server.baseURLString

        let (matched, elapsed) = try await bounded(300) {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<1_000 {
                    let client = clients[index % 2]
                    group.addTask {
                        let request = try HTTPRequest(.get, baseURL: base) {
                            Path("load", index)
                            AuthOptions([.bearer])
                            Timeout(60)
                            // Every third needs the refreshed token; every fifth fails once with 503.
                            if index % 3 == 0 { Header("X-Echo-Require-Authorization", "Bearer fresh") }
                            if index % 5 == 0 { Header("X-Echo-Fail", "1:503:\(run)-\(index)") }
                        }
                        let echo = try await client.send(request, as: Echo.self)
                        let headers = Dictionary(echo.headers.map { ($0[0].lowercased(), $0[1]) }, uniquingKeysWith: { $1 })
                        let token = index % 3 == 0 ? "Bearer fresh" : "Bearer stale"
                        return echo.path == "/load/\(index)" && headers["x-stamp"] == "stamped" && headers["authorization"] == token
                    }
                }
                var count = 0
                for try await ok in group where ok { count += 1 }
                return count
            }
        }
        print("1,000 requests through middleware: \(matched) matched in \(elapsed)")
        #expect(matched == 1_000)
        // The server checks the 503 first and the token second: a request that needs both gets its 401
        // on the attempt that used up the 503, so only the other fifths are retried.
        let retried = (0..<1_000).filter { $0 % 5 == 0 && $0 % 3 != 0 }.count
        #expect(counters["token"] == 1_000 + retried, "one token per attempt: 1,000 firsts and \(retried) retries")
        #expect(counters["refresh"] == 334, "a refresh for every third request")
        #expect(counters["closure"] == 1_000)
        #expect(owned.tasksInFlight == 0)
    }
}
