import EndpointRuntime
import ExampleAPIs
import Foundation
import TestSupport
import Testing

/// specs/ChatAPI.endpoints.json's streamed endpoints, generated and sent through `HTTPClient` to a
/// real local server (TestSupport's stream_server.py), the client replacing the spec's base URL.
@Suite struct StreamedAPITests {
    func client(_ server: LocalHTTPServer) -> HTTPClient {
        HTTPClient(baseURL: URL(string: server.baseURLString + "/v1"), middleware: [AuthMiddleware(credentials: .bearer("t0k3n"))])
    }

    @Test func chatStreamsEachWordAndStopsAtDone() async throws {
        let server = try await LocalHTTPServer.start(script: "stream_server")
        defer { server.stop() }
        let endpoint: Endpoint<ResponseStream<ChatAPI.ChatChunk>> = ChatAPI.chat(body: .init(prompt: "hello streaming world"))
        var words: [String] = []
        for try await chunk in try await client(server).send(endpoint) {
            #expect(chunk.index == words.count)
            words.append(chunk.text)
        }
        #expect(words == ["hello", "streaming", "world"])

        // An error status throws the spec's error body before any element.
        let error = await #expect(throws: ErrorResponse<ChatAPI.Problem>.self) {
            try await client(server).send(ChatAPI.chat(body: .init(prompt: "too many")))
        }
        #expect(error?.body.message == "slow down")
        #expect(error?.response.status == 429)
    }

    @Test func authAndRetryMiddlewareDecideOnTheStatusOfAStream() async throws {
        let server = try await LocalHTTPServer.start(script: "stream_server")
        defer { server.stop() }
        // The first token is stale: the 401 comes back as a head, AuthMiddleware refreshes and replays,
        // and the stream of the second answer is what the caller reads.
        let refreshes = Locked(0)
        let auth = AuthMiddleware { _, refresh in
            if refresh { refreshes.withLock { $0 += 1 } }
            return .bearer(refresh ? "t0k3n" : "stale")
        }
        let client = HTTPClient(baseURL: URL(string: server.baseURLString + "/v1"), middleware: [RetryMiddleware(), auth])
        var words: [String] = []
        for try await chunk in try await client.send(ChatAPI.chat(body: .init(prompt: "after a refresh"))) { words.append(chunk.text) }
        #expect(words == ["after", "a", "refresh"])
        #expect(refreshes.withLock { $0 } == 1)
    }

    @Test func textEventsJSONLinesSequencesAndBytes() async throws {
        let server = try await LocalHTTPServer.start(script: "stream_server")
        defer { server.stop() }
        let client = client(server)

        var notices: [String] = []
        for try await notice in try await client.send(ChatAPI.notices) { notices.append(notice) }
        #expect(notices == ["maintenance at noon", "two\nlines"])

        var lines: [ChatAPI.LogLine] = []
        for try await line in try await client.send(ChatAPI.logs()) { lines.append(line) }
        #expect(lines.map(\.message) == ["started", "slow"])
        #expect(lines.first?.time == Date(timeIntervalSince1970: 1_767_323_045))

        var records: [String] = []
        for try await record in try await client.send(ChatAPI.records) { records.append(record.level) }
        #expect(records == ["info", "warn"])

        var total = 0
        for try await chunk in try await client.send(ChatAPI.export) { total += chunk.count }
        #expect(total == 4000)
    }

    @Test func stubServesTheSpecsStreamSamples() async throws {
        let client = HTTPClient(transport: StubTransport(samples: ChatAPI.samples))
        var words: [String] = []
        for try await chunk in try await client.send(ChatAPI.chat(body: .init(prompt: "anything"))) { words.append(chunk.text) }
        #expect(words == ["Hi", "there"])
        var lines: [String] = []
        for try await line in try await client.send(ChatAPI.logs(since: Date())) { lines.append(line.message) }
        #expect(lines == ["started"])
    }
}

/// A value reachable only under a lock (for counting from `@Sendable` closures).
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
