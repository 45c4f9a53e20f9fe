import Foundation
import Testing
@testable import EndpointRuntime

/// The stream framings fed the same bytes split at every position: the elements must not depend on
/// where the chunks break.
@Suite struct StreamParserTests {
    /// Feeds `chunks` to an SSE parser and returns the events it dispatches.
    static func events(_ chunks: [Data]) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in chunks { try parser.feed(chunk) { events.append($0.decoded) } }
        return events
    }

    /// `bytes` as two chunks split at `index`, and as three split at `index` and `index + 1`.
    static func splits(_ bytes: Data) -> [[Data]] {
        var result: [[Data]] = [[bytes], bytes.map { Data([$0]) }]
        for index in 0...bytes.count {
            result.append([bytes.prefix(index), bytes.dropFirst(index)].map { Data($0) })
            if index + 1 <= bytes.count {
                result.append([bytes.prefix(index), bytes[index..<index + 1], bytes.dropFirst(index + 1)].map { Data($0) })
            }
        }
        return result
    }

    static let eventStream = Data([0xEF, 0xBB, 0xBF]) + Data(("""
        : a comment, ignored\r\n\
        data: first\r\n\
        data:  two spaces keep one\r\n\
        \r\n\
        event: update\rid: 7\rretry: 1500\rdata:{"n":1}\r\r\
        id: bad\u{0}id\n\
        retry: 12ms\n\
        unknown: field\n\
        data\n\
        data: ünïcødé ✓\n\
        \n\
        event: empty\n\
        \n\
        id\n\
        data: [DONE]\n\
        \n\
        data: never dispatched, no blank line
        """).utf8)

    static let expectedEvents = [
        ServerSentEvent(data: "first\n two spaces keep one"),
        ServerSentEvent(event: "update", data: #"{"n":1}"#, id: "7", retry: 1500),
        ServerSentEvent(data: "\nünïcødé ✓", id: "7"),
        ServerSentEvent(data: "[DONE]", id: ""),
    ]

    @Test func serverSentEventsFollowTheStandardAtEverySplit() throws {
        for chunks in StreamParserTests.splits(StreamParserTests.eventStream) {
            let events = try StreamParserTests.events(chunks)
            #expect(events == StreamParserTests.expectedEvents, "chunks \(chunks.map(\.count))")
        }
    }

    @Test func crlfSplitBetweenChunksIsOneLineEnd() throws {
        // "data: a\r" | "\n" | "\r\n": the LF after a chunk-ending CR belongs to it; the event still dispatches once.
        let events = try StreamParserTests.events([Data("data: a\r".utf8), Data("\n".utf8), Data("\r\n".utf8)])
        #expect(events == [ServerSentEvent(data: "a")])
        // A CR then a CR: two line ends, so the event dispatches.
        #expect(try StreamParserTests.events([Data("data: b\r".utf8), Data("\r".utf8)]) == [ServerSentEvent(data: "b")])
    }

    @Test func typedEventsStopAtTheEndSentinel() throws {
        struct Chunk: Decodable, Equatable { var n: Int }
        let text = "data: {\"n\": 1}\n\ndata: {\"n\": 2}\n\ndata: [DONE]\n\ndata: {\"n\": 3}\n\n"
        for chunks in StreamParserTests.splits(Data(text.utf8)) {
            var framing = ServerSentEventFraming<Chunk>(end: "[DONE]") { try JSONDecoder().decode(Chunk.self, from: Data($0.data)) }
            var elements: [Chunk] = []
            for chunk in chunks { try framing.feed(chunk, into: &elements) }
            #expect(elements == [Chunk(n: 1), Chunk(n: 2)])
            #expect(framing.isEnded)
        }
    }

    @Test func aMalformedEventIsADecodingError() async throws {
        struct Chunk: Decodable, Sendable { var n: Int }
        let stub = StubTransport()
        await stub.stub(.get, path: "/events", responses: [.chunks([Data("data: {\"n\": 1}\n\n".utf8), Data("data: {\"n\": oops}\n\n".utf8)])])
        let client = HTTPClient(transport: stub)
        let endpoint = Endpoint<ResponseStream<Chunk>>(try HTTPRequest(.get, baseURL: "https://example.com") { Path("events") },
                                                        decoder: .stream(.serverSentEvents()))
        var received: [Int] = []
        let error = await #expect(throws: EndpointError.self) {
            for try await chunk in try await client.send(endpoint) { received.append(chunk.n) }
        }
        #expect(received == [1])
        guard case .decoding(_, let response)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(response.status == 200)
    }

    @Test func jsonLinesAtEverySplit() throws {
        let text = "{\"n\":1}\n\n  \r\n{\"n\":2}\r\n[3]\n{\"n\":4}"
        struct Value: Decodable, Equatable {
            var n: Int
            init(n: Int) { self.n = n }
            init(from decoder: any Decoder) throws {
                if var array = try? decoder.unkeyedContainer() { n = try array.decode(Int.self) } else {
                    n = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .n)
                }
            }
            enum CodingKeys: String, CodingKey { case n }
        }
        for chunks in StreamParserTests.splits(Data(text.utf8)) {
            var framing = JSONLinesFraming<Value> { try JSONDecoder().decode(Value.self, from: $0) }
            var elements: [Value] = []
            for chunk in chunks { try framing.feed(chunk, into: &elements) }
            try framing.finish(into: &elements)
            #expect(elements.map(\.n) == [1, 2, 3, 4], "chunks \(chunks.map(\.count))")
        }
    }

    @Test func jsonLinesTruncatedAtTheEndIsAnError() throws {
        var framing = JSONLinesFraming<[Int]> { try JSONDecoder().decode([Int].self, from: $0) }
        var elements: [[Int]] = []
        try framing.feed(Data("[1]\n[2, 3".utf8), into: &elements)
        #expect(elements == [[1]])
        #expect(throws: DecodingError.self) { try framing.finish(into: &elements) }
    }

    @Test func jsonSequenceAtEverySplit() throws {
        // Three records, one pretty-printed over several lines, then one truncated (no LF) which the
        // RFC lets a reader drop, then a last complete record.
        let text = "\u{1E}{\"n\":1}\n\u{1E}{\n  \"n\": 2\n}\n\u{1E}{\"n\":\u{1E}{\"n\":4}\n"
        struct Value: Decodable, Equatable { var n: Int }
        for chunks in StreamParserTests.splits(Data(text.utf8)) {
            var framing = JSONSequenceFraming<Value> { try JSONDecoder().decode(Value.self, from: $0) }
            var elements: [Value] = []
            for chunk in chunks { try framing.feed(chunk, into: &elements) }
            try framing.finish(into: &elements)
            #expect(elements.map(\.n) == [1, 2, 4], "chunks \(chunks.map(\.count))")
        }
        // Truncated at the end of the body: dropped.
        var framing = JSONSequenceFraming<Value> { try JSONDecoder().decode(Value.self, from: $0) }
        var elements: [Value] = []
        try framing.feed(Data("\u{1E}{\"n\":1}\n\u{1E}{\"n\":".utf8), into: &elements)
        try framing.finish(into: &elements)
        #expect(elements.map(\.n) == [1])
    }

    @Test func jsonSequenceRejectsBytesOutsideRecordsAndBadRecords() throws {
        var framing = JSONSequenceFraming<Int> { try JSONDecoder().decode(Int.self, from: $0) }
        var elements: [Int] = []
        #expect(throws: StreamFormatError.self) { try framing.feed(Data("1\n".utf8), into: &elements) }
        var bad = JSONSequenceFraming<Int> { try JSONDecoder().decode(Int.self, from: $0) }
        try bad.feed(Data("\u{1E}nope\n".utf8), into: &elements)
        #expect(throws: DecodingError.self) { try bad.finish(into: &elements) }
    }

    @Test func anEndlessLineIsAnErrorNotUnboundedMemory() throws {
        var parser = ServerSentEventParser()
        let block = Data(repeating: 0x61, count: 1 << 20)
        #expect(throws: StreamFormatError.self) {
            for _ in 0..<20 { try parser.feed(block) { _ in } }
        }
    }

    @Test func eventTextRoundTrips() throws {
        let event = ServerSentEvent(event: "update", data: "a\n\nb", id: "9", retry: 10)
        #expect(try StreamParserTests.events([Data(event.text.utf8)]) == [event])
    }

    /// Random bytes, random splits: every framing ends with elements or an error, never a crash or a hang.
    @Test func randomInputNeverCrashes() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("data: event:id:retry:{}[]\"0123 ,\r\n\n\n:".utf8) + [0x1E, 0x00, 0xEF, 0xBB, 0xBF, 0xFF]
        for _ in 0..<300 {
            let count = Int.random(in: 0..<400, using: &generator)
            let bytes = Data((0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 })
            var chunks: [Data] = []
            var rest = bytes[...]
            while !rest.isEmpty {
                let size = Int.random(in: 1...max(1, rest.count), using: &generator)
                chunks.append(Data(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
            var events = ServerSentEventFraming<[Int]>(end: "[DONE]") { try JSONDecoder().decode([Int].self, from: Data($0.data)) }
            var lines = JSONLinesFraming<[Int]> { try JSONDecoder().decode([Int].self, from: $0) }
            var records = JSONSequenceFraming<[Int]> { try JSONDecoder().decode([Int].self, from: $0) }
            var sink: [[Int]] = []
            do { for chunk in chunks { try events.feed(chunk, into: &sink) }; try events.finish(into: &sink) } catch {}
            do { for chunk in chunks { try lines.feed(chunk, into: &sink) }; try lines.finish(into: &sink) } catch {}
            do { for chunk in chunks { try records.feed(chunk, into: &sink) }; try records.finish(into: &sink) } catch {}
            // The event parser's result must not depend on the split.
            #expect(try StreamParserTests.events(chunks) == StreamParserTests.events([bytes]))
        }
    }
}
