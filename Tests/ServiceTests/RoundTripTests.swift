import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

/// Every endpoint of every example spec, both ways through `InProcessTransport`: the generated
/// client sends values that are not the defaults (path, query, header and body), the generated
/// handler decodes them for a fake service (RoundTrips/, written by Tests/ServiceRoundTripGen),
/// which must receive exactly those values; the fake answers with a value of the endpoint's
/// response type (every status of a response enum, a body and typed headers, the elements of a
/// stream, an optional's value and nil, a declared error body), which the client must decode back
/// equal.
@Suite struct RoundTripTests {
    static let all: [RoundTrip] = ChatAPIEcho.roundTrips + GistsAPIEcho.roundTrips + GitHubAPIEcho.roundTrips
        + HTTPBinEcho.roundTrips + LargeEcho.roundTrips + PaymentsAPIEcho.roundTrips + ResponseShapesEcho.roundTrips
        + ShapesEcho.roundTrips + SnippetsAPIEcho.roundTrips + StravaAPIEcho.roundTrips + TortureAPIEcho.roundTrips

    @Test func everyExampleSpecHasItsRoundTrips() {
        #expect(Set(Self.all.map(\.api)).count == EveryEndpointTests.specNames.count)
    }

    @Test(arguments: all)
    func roundTrip(_ roundTrip: RoundTrip) async throws {
        let exchange = Exchange()
        try await roundTrip.run(exchange, client(roundTrip.handler(exchange)))
    }

    // MARK: What cannot round-trip, by design

    /// The values the checks do not compare: only the exploded form dictionary beside other query
    /// parameters (HTTPBin's `filter`), which the next test pins down. A new one must be added here knowingly.
    @Test func onlyExplodedFormDictionariesAreNotCompared() {
        let unchecked = Self.all.flatMap { roundTrip in roundTrip.unchecked.map { "\(roundTrip.api).\(roundTrip.requirement) \($0)" } }
        #expect(unchecked == ["HTTPBin.get filter"])
    }

    /// `filter: [String: String]?` is exploded (`k=v` per entry) beside `ids`, `page` and the other
    /// query parameters of `GET /get`: on the wire its keys are query names like theirs, so the
    /// handler reads it from every query item (docs/generated-code.md, "Services"). With a repeated
    /// name (`tag=a&tag=b`) those items are not a dictionary, and it reads nil.
    @Test func explodedFormObjectTakesEveryQueryItem() async throws {
        let exchange = Exchange()
        let httpbin = client(HTTPBin.handler(HTTPBinEcho(exchange: exchange)))
        let answer = try sample(HTTPBin.EchoResponse.self, #"{"args": {}, "headers": {}}"#, .secondsSince1970)
        exchange.setAnswer(answer)
        _ = try await httpbin.send(HTTPBin.get(ids: [5], page: 2, filter: ["color": "red"]))
        let filter = try #require(exchange.received("get", label: "filter") as? [String: String])
        #expect(filter["color"] == "red")
        #expect(filter["ids"] == "5" && filter["page"] == "2")
        exchange.reset()
        exchange.setAnswer(answer)
        _ = try await httpbin.send(HTTPBin.get(tag: ["a", "b"], ids: [5], page: 2, filter: ["color": "red"]))
        #expect(exchange.received("get", label: "filter") == AnyHashable(Optional<[String: String]>.none))
    }

    /// A `File` answered by a service sends its name as `Content-Disposition`; a name beyond ASCII
    /// (and with a quote) comes back whole through RFC 8187's `filename*`.
    @Test func fileNameTravelsInContentDisposition() async throws {
        let exchange = Exchange()
        let httpbin = client(HTTPBin.handler(HTTPBinEcho(exchange: exchange)))
        let file = File(data: Data([0, 1]), fileName: "résumé \"1\".pdf", contentType: "application/pdf")
        exchange.setAnswer(file)
        let response = try await httpbin.response(for: HTTPBin.Anything.download(name: "x"))
        #expect(response.body == file)
        #expect(response.raw.headers["Content-Disposition"] == #"attachment; filename="r_sum_ \"1\".pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%221%22.pdf"#)
    }

    /// A `File` sent as a whole body carries no name on the wire (a multipart part's does): the
    /// service receives its bytes and content type; the round trips send such files without a name.
    @Test func wholeBodyFileArrivesWithoutItsName() async throws {
        let exchange = Exchange()
        let httpbin = client(HTTPBin.handler(HTTPBinEcho(exchange: exchange)))
        exchange.setAnswer(try sample(HTTPBin.EchoResponse.self, #"{"args": {}, "headers": {}}"#, .secondsSince1970))
        let file = File(data: Data("report".utf8), fileName: "report.txt", contentType: "text/plain")
        _ = try await httpbin.send(HTTPBin.Anything.putFile(name: "report", body: file))
        let received = try #require(exchange.received("anythingPutFile", label: "body") as? File)
        #expect(received == File(data: Data("report".utf8), fileName: nil, contentType: "text/plain"))
    }
}

/// One endpoint's check: the handler serving its API's fake, and the calls it makes.
struct RoundTrip: Sendable, CustomTestStringConvertible {
    var api: String
    var requirement: String
    var handler: @Sendable (Exchange) -> HTTPHandler
    var run: @Sendable (Exchange, HTTPClient) async throws -> Void
    /// The values the check sends but does not compare (see `onlyExplodedFormDictionariesAreNotCompared`).
    var unchecked: [String]

    init(_ api: String, _ requirement: String, handler: @escaping @Sendable (Exchange) -> HTTPHandler,
         run: @escaping @Sendable (Exchange, HTTPClient) async throws -> Void, unchecked: [String] = []) {
        self.api = api
        self.requirement = requirement
        self.handler = handler
        self.run = run
        self.unchecked = unchecked
    }

    /// The check of a deprecated endpoint, reached through a requirement that is not deprecated.
    init<Check: DeprecatedRoundTrip>(_ api: String, _ requirement: String, handler: @escaping @Sendable (Exchange) -> HTTPHandler,
                                     deprecated: Check.Type, unchecked: [String] = []) {
        self.init(api, requirement, handler: handler, run: { try await Check.run($0, $1) }, unchecked: unchecked)
    }

    var testDescription: String { "\(api).\(requirement)" }
}

/// The check of a deprecated endpoint: its `run` is marked deprecated, this requirement is not.
protocol DeprecatedRoundTrip: SendableMetatype {
    static func run(_ exchange: Exchange, _ client: HTTPClient) async throws
}

/// What a fake service received and what it answers: set by a check, read by the fake's requirements.
final class Exchange: @unchecked Sendable {
    private struct Answer<Value>: @unchecked Sendable { var value: Value }

    private let lock = NSLock()
    private var answer: (any Sendable)?
    private var failure: (any Error)?
    private var calls: [(requirement: String, values: [AnyHashable])] = []

    /// The result the next call returns.
    func setAnswer<Value: Sendable>(_ value: Value) {
        locked { answer = Answer(value: value) }
    }

    /// The error the next call throws.
    func setError(_ error: some Error) {
        locked { failure = error }
    }

    /// Forgets the answer, the error and the calls.
    func reset() {
        locked {
            answer = nil
            failure = nil
            calls = []
        }
    }

    /// Records a call and returns the answer the check set.
    func answer<Value>(_ requirement: String, _ values: [AnyHashable]) throws -> Value {
        let (answer, failure) = record(requirement, values)
        if let failure { throw failure }
        guard let answer = answer as? Answer<Value> else { throw MissingAnswer(requirement: requirement, type: "\(Value.self)") }
        return answer.value
    }

    func answerVoid(_ requirement: String, _ values: [AnyHashable]) throws {
        let (_, failure) = record(requirement, values)
        if let failure { throw failure }
    }

    /// Records a call and streams the elements the check set.
    func stream<Element: Sendable>(_ requirement: String, _ values: [AnyHashable]) throws -> AsyncThrowingStream<Element, any Error> {
        let elements: [Element] = try answer(requirement, values)
        return AsyncThrowingStream { continuation in
            for element in elements { continuation.yield(element) }
            continuation.finish()
        }
    }

    /// Expects exactly one call since the last reset, of `requirement`, with `values` (named by
    /// `labels`), but for those named in `unchecked`.
    func expectReceived(_ requirement: String, _ labels: [String], _ values: [AnyHashable], unchecked: [String] = [],
                        sourceLocation: SourceLocation = #_sourceLocation) {
        let calls = locked { self.calls }
        #expect(calls.map(\.requirement) == [requirement], sourceLocation: sourceLocation)
        guard let call = calls.first else { return }
        #expect(call.values.count == values.count, "\(requirement): \(call.values.count) values received, \(values.count) sent",
                sourceLocation: sourceLocation)
        guard call.values.count == values.count else { return }
        for (index, label) in labels.enumerated() where !unchecked.contains(label) {
            #expect(call.values[index] == values[index], "\(requirement): \(label)", sourceLocation: sourceLocation)
        }
    }

    /// The value named `label` that the last call of `requirement` received (the fake's requirements record them in order).
    func received(_ requirement: String, label: String) -> AnyHashable? {
        let labels = Self.labels[requirement] ?? []
        return locked {
            guard let call = calls.last(where: { $0.requirement == requirement }), let index = labels.firstIndex(of: label),
                  index < call.values.count else { return nil }
            return call.values[index]
        }
    }

    /// The labels of the requirements `received(_:label:)` is asked about.
    private static let labels: [String: [String]] = [
        "get": ["tag", "ids", "page", "sort", "order", "since", "filter", "q", "xRequestID", "xTags"],
        "anythingPutFile": ["name", "body"],
    ]

    private func record(_ requirement: String, _ values: [AnyHashable]) -> ((any Sendable)?, (any Error)?) {
        locked {
            calls.append((requirement, values))
            return (answer, failure)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    struct MissingAnswer: Error {
        var requirement: String
        var type: String
    }
}

/// A sample value decoded from JSON as the API's client decodes bodies.
func sample<T: Decodable>(_ type: T.Type, _ json: String, _ dateFormat: DateFormat) throws -> T {
    try dateFormat.makeJSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// `#expect(actual == expected)` as a function: the round trips call it thousands of times, and a
/// macro expanded at each call costs the test target's compile time.
func expectEqual<T: Equatable>(_ actual: T, _ expected: T, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual == expected, sourceLocation: sourceLocation)
}
