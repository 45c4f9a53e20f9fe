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
}
