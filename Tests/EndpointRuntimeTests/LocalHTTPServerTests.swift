import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import EndpointRuntime

@Suite struct LocalHTTPServerTests {
    @Test func servesThenStops() async throws {
        let server = try await LocalHTTPServer.start()
        let client = HTTPClient(transport: URLSessionTransport(session: URLSession(configuration: .ephemeral)))
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) { Path("ping") }
        #expect(try await client.data(for: request).status == 200)
        server.stop()
        var refused = false
        for _ in 0..<50 where !refused {
            do throws(EndpointError) {
                _ = try await client.data(for: request)
            } catch {
                if case .transport = error { refused = true }
            }
            if !refused { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        #expect(refused, "the server still answers after stop()")
        // `isRunning` turns false once Foundation has reaped the process, which can come after the
        // socket closed when the machine is busy: wait for it as for the refusal.
        for _ in 0..<50 where server.isRunning { try await Task.sleep(nanoseconds: 100_000_000) }
        #expect(!server.isRunning)
    }

    /// A client that hangs up before the answer is written (as tests that time out or cancel do)
    /// leaves no traceback on the servers' standard error; they go on serving.
    @Test(arguments: ["echo_server", "stream_server"])
    func aClientHangingUpPrintsNothing(script: String) async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("server-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let server = try await LocalHTTPServer.start(script: script, standardError: try FileHandle(forWritingTo: log))
        defer { server.stop() }
        let client = HTTPClient(transport: URLSessionTransport(session: URLSession(configuration: .ephemeral)))
        // An answer written a byte at a time for 10 seconds, abandoned (the task cancelled) after 0.3:
        // long enough that a loaded machine, waking the test late, still cancels it midway.
        let slow = try HTTPRequest(.get, baseURL: server.baseURLString) {
            if script == "echo_server" {
                Path("slow")
                Header("X-Echo-Trickle", "100:0.1")
            } else {
                Path("raw")
                Query("body", Data(repeating: 65, count: 100).base64EncodedString())
                Query("split", 1)
                Query("pause", "0.1")
            }
        }
        let abandoned = Task { try await client.data(for: slow) }
        try await Task.sleep(nanoseconds: 300_000_000)
        abandoned.cancel()
        await #expect(throws: (any Error).self) { _ = try await abandoned.value }
        // The server writes on for a while after the hang-up: wait until it must have failed.
        try await Task.sleep(nanoseconds: 2_500_000_000)
        let quick = try HTTPRequest(.get, baseURL: server.baseURLString) { Path("ping") }
        #expect(try await client.data(for: quick).status < 500)
        let printed = String(decoding: try Data(contentsOf: log), as: UTF8.self)
        #expect(!printed.contains("Traceback"), "\(printed)")
        #expect(!printed.contains("BrokenPipeError"), "\(printed)")
    }
}
