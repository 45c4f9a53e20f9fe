import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import EndpointRuntime

/// Counts requests between entering and leaving the chain. `@unchecked Sendable`: `count` and
/// `peak` are only touched under `lock`.
final class InFlightCounter: HTTPMiddleware, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var peakCount = 0

    var current: Int { lock.lock(); defer { lock.unlock() }; return count }
    var peak: Int { lock.lock(); defer { lock.unlock() }; return peakCount }

    private func enter() { lock.lock(); count += 1; peakCount = max(peakCount, count); lock.unlock() }
    private func leave() { lock.lock(); count -= 1; lock.unlock() }

    func intercept(_ request: HTTPRequest, next: HTTPMiddlewareNext) async throws -> HTTPResponse {
        enter()
        defer { leave() }
        return try await next(request)
    }
}

/// Many concurrent requests through one client to the real local server.
@Suite struct StressTests {
    struct Echo: Decodable, Sendable { var path: String; var headers: [[String]] }

    func runningTasks(in session: URLSession) async -> Int {
        await withCheckedContinuation { continuation in
            session.getAllTasks { tasks in continuation.resume(returning: tasks.filter { $0.state == .running }.count) }
        }
    }

    @Test func thousandConcurrentRequestsThenHalfCancelled() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 32
        let session = URLSession(configuration: configuration)
        let counter = InFlightCounter()
        let client = HTTPClient(transport: URLSessionTransport(session: session), middleware: [counter])
        let base = server.baseURLString
        let start = ContinuousClock.now

        // 1. A thousand at once: every response belongs to its request.
        let matched = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<1000 {
                group.addTask {
                    let request = try HTTPRequest(.get, baseURL: base) {
                        Path("stress", index)
                        Query("i", index)
                        Header("X-Index", index)
                    }
                    let echo = try await client.send(request, as: Echo.self)
                    let header = echo.headers.first { $0.first?.lowercased() == "x-index" }?.last
                    return echo.path == "/stress/\(index)?i=\(index)" && header == String(index)
                }
            }
            var count = 0
            for try await ok in group where ok { count += 1 }
            return count
        }
        #expect(matched == 1000)
        #expect(counter.peak > 1, "requests were in flight together")
        let firstPhase = ContinuousClock.now - start

        // 2. A thousand again; the odd ones are slow and are cancelled mid-flight.
        let outcomes = await withTaskGroup(of: (Int, Result<Echo, EndpointError>).self) { group in
            var slowTasks: [Task<Echo, any Error>] = []
            for index in 0..<1000 {
                let request = try? HTTPRequest(.get, baseURL: base) {
                    Path("mixed", index)
                    if index % 2 == 1 { Header("X-Echo-Delay", 20) }
                }
                guard let request else { continue }
                if index % 2 == 1 {
                    let task = Task { try await client.send(request, as: Echo.self) }
                    slowTasks.append(task)
                    group.addTask {
                        do { return (index, .success(try await task.value)) } catch {
                            return (index, .failure(error as? EndpointError ?? .transport(underlying: error, request: request)))
                        }
                    }
                } else {
                    group.addTask {
                        do throws(EndpointError) { return (index, .success(try await client.send(request, as: Echo.self))) } catch {
                            return (index, .failure(error))
                        }
                    }
                }
            }
            try? await Task.sleep(nanoseconds: 500_000_000)
            for task in slowTasks { task.cancel() }
            var all: [(Int, Result<Echo, EndpointError>)] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.count == 1000)
        var fastOK = 0
        var slowCancelled = 0
        for (index, result) in outcomes {
            switch (index % 2, result) {
            case let (0, .success(echo)) where echo.path == "/mixed/\(index)": fastOK += 1
            case (1, .failure(.cancelled)): slowCancelled += 1
            default: Issue.record("request \(index): \(result)")
            }
        }
        #expect(fastOK == 500)
        #expect(slowCancelled == 500)

        // No leaked work: nothing left in the middleware chain or running in the session.
        #expect(counter.current == 0)
        var running = await runningTasks(in: session)
        for _ in 0..<300 where running > 0 {
            try await Task.sleep(nanoseconds: 100_000_000)
            running = await runningTasks(in: session)
        }
        #expect(running == 0, "URLSession tasks still running after every request finished")
        let total = ContinuousClock.now - start
        #expect(total < .seconds(60), "first phase \(firstPhase), total \(total)")
        print("StressTests: 1000 requests in \(firstPhase); with 500 cancelled, total \(total); peak in flight \(counter.peak)")
        session.invalidateAndCancel()
    }
}
