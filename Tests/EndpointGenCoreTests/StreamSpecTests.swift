import Foundation
import Testing
@testable import EndpointGenCore

/// `response.stream` and `end` through the validator's steps into the spec and the generated Swift.
/// (Every rule's diagnostic is in Fixtures/BadSpecs/BadStreams.endpoints.json.expected.)
@Suite struct StreamSpecTests {
    static let spec = #"""
    {
      "name": "Feeds", "baseURL": "https://api.example.com",
      "endpoints": {
        "chat": { "method": "POST", "path": "/chat", "body": "String",
                  "response": { "type": "Chunk", "stream": "sse", "end": "[DONE]" },
                  "sample": [{ "n": 1 }, { "n": 2 }] },
        "lines": { "method": "GET", "path": "/lines", "response": { "type": "Chunk", "stream": "jsonl" } },
        "records": { "method": "GET", "path": "/records", "response": { "type": "[Chunk]", "stream": "json-seq" } },
        "raw": { "method": "GET", "path": "/raw", "response": { "type": "Data", "stream": "bytes" } },
        "plain": { "method": "GET", "path": "/plain", "response": "Chunk", "sample": [1] }
      },
      "models": { "Chunk": { "properties": { "n": "Int" } } }
    }
    """#

    @Test func streamsReachTheSpec() throws {
        let (spec, diagnostics) = Generator.validate(specData: Data(Self.spec.utf8), fileName: "Feeds.endpoints.json")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let endpoints = try #require(spec?.api.endpoints)
        let byKey = Dictionary(uniqueKeysWithValues: endpoints.map { ($0.key, $0) })
        #expect(byKey["chat"]?.response.stream == .sse)
        #expect(byKey["chat"]?.response.end == "[DONE]")
        #expect(byKey["chat"]?.sampleElements == [#"{"n":1}"#, #"{"n":2}"#])
        #expect(byKey["lines"]?.response.stream == .jsonl)
        #expect(byKey["records"]?.response.stream == .jsonSeq)
        #expect(byKey["raw"]?.response.stream == .bytes)
        #expect(byKey["plain"]?.response.stream == nil)
        #expect(byKey["plain"]?.sampleElements == nil)  // not a stream: the sample is one body
    }

    @Test func streamedEndpointsGenerateResponseStreams() throws {
        let result = Generator.generate(specData: Data(Self.spec.utf8), fileName: "Feeds.endpoints.json", options: GeneratorOptions())
        let swift = try #require(result.swift, "\(result.diagnostics.all)")
        #expect(swift.contains("public static func chat(body: String) -> Endpoint<ResponseStream<Chunk>> {"))
        #expect(swift.contains("defaults.endpoint(Call.chat(body: body), decoder: .stream(.serverSentEvents(end: \"[DONE]\")))"))
        #expect(swift.contains("public static var lines: Endpoint<ResponseStream<Chunk>> {"))
        #expect(swift.contains("decoder: .stream(.jsonLines)"))
        #expect(swift.contains("public static var records: Endpoint<ResponseStream<[Chunk]>> {"))
        #expect(swift.contains("decoder: .stream(.jsonSequence)"))
        #expect(swift.contains("public static var raw: Endpoint<ResponseStream<Data>> {"))
        #expect(swift.contains("decoder: .stream(.bytes))"))
        #expect(swift.contains(##"SampleResponse(.post, "/chat", stream: .serverSentEvents(end: "[DONE]"), elements: [#"{"n":1}"#, #"{"n":2}"#])"##))
        #expect(swift.contains(##"SampleResponse(.get, "/plain", json: #"[1]"#)"##))
    }

    @Test func rulesReportAtTheValue() {
        let node = JSONNode(.string("json_seq"), at: SourceLocation(file: "f", line: 3, column: 9))
        guard case .failure(let problem) = StreamRules.kind(node) else { Issue.record("accepted json_seq"); return }
        #expect(problem.message == "unknown stream 'json_seq'; did you mean 'json-seq'?")
        #expect(problem.location == node.location)
        #expect(StreamRules.elementProblem(.builtin(.string), stream: .sse, at: node.location) == nil)
        #expect(StreamRules.elementProblem(.array(.builtin(.int)), stream: .jsonl, at: node.location) == nil)
        #expect(StreamRules.elementProblem(.builtin(.data), stream: .bytes, at: node.location) == nil)
        #expect(StreamRules.elementProblem(.builtin(.data), stream: .jsonSeq, at: node.location) != nil)
    }
}
