import Foundation
import Testing
@testable import EndpointRuntime

/// ``InProcessTransport`` with hand-written ``HTTPHandler``s: what the handler is given, what the
/// client gets back, streams, timeouts and cancellation.
@Suite struct InProcessTransportTests {
    /// Requests a handler received, in order.
    final class Received: Sendable {
        private let requests = Locked<[HTTPRequest]>([])
        func append(_ request: HTTPRequest) { requests.withLock { $0.append(request) } }
        var all: [HTTPRequest] { requests.withLock { $0 } }
    }

    static func answer(_ request: HTTPRequest, status: Int = 200, headers: HTTPHeaders = ["Content-Type": "application/json"],
                       json: String) -> StreamedResponse {
        StreamedResponse(head: HTTPResponse(status: status, headers: headers, request: request), body: ResponseBody(chunks: [Data(json.utf8)]))
    }

    @Test func theHandlerGetsTheRequestAsAServerWouldAfterMiddleware() async throws {
        let received = Received()
        let handler = HTTPHandler { request in
            received.append(request)
            return Self.answer(request, json: #"{"id":42,"name":"Ride","start_date":"2024-01-02T03:04:05Z"}"#)
        }
        let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:9/api/v3"), transport: InProcessTransport(handler),
                                middleware: [AuthMiddleware { _, _ in .bearer("t0ken") }])
        let activity = try await client.send(StravaAPI.activity(id: 42, includeAllEfforts: true, ifNoneMatch: "\"e1\""))
        #expect(activity == StravaAPI.DetailedActivity(id: 42, name: "Ride", startDate: Date(timeIntervalSince1970: 1_704_164_645)))

        let request = try #require(received.all.first)
        #expect(received.all.count == 1)
        #expect(request.method == .get)
        #expect(request.url?.absoluteString == "http://127.0.0.1:9/api/v3/activities/42?include_all_efforts=true")
        #expect(request.headers["Authorization"] == "Bearer t0ken", "the middleware ran before the handler")
        #expect(request.headers["If-None-Match"] == "\"e1\"")
        #expect(request.headers["Accept"] == "application/json")
        // Only what is sent: nothing a server could not know.
        #expect(request.call == nil)
        #expect(request.baseURL == nil)
        #expect(request.timeout == nil)
        #expect(request.auth == .none)

        // The response carries the request as the client sent it.
        let response = try await client.data(for: StravaAPI.activity(id: 7))
        #expect(response.request.call as? StravaAPI.Call == .activity(id: 7))
        #expect(response.request.timeout == 30)
        #expect(response.status == 200)
    }

    /// Whether a request's URL components form an absolute URL: known without making the URL's
    /// string for components parsed from a base URL, and the same answer as making it, for requests
    /// built from base URLs (with and without a path, a port, user info, a query or fragment) and for
    /// components set whole afterwards (a path without its `/` beside a host forms no URL; the
    /// transport refuses it before the handler sees it).
    @Test func whetherTheURLIsAbsoluteIsKnownAsItWouldBeChecked() async throws {
        func slowCheck(_ request: HTTPRequest) -> Bool {
            let components = request.urlComponents
            guard let scheme = components.scheme, !scheme.isEmpty else { return false }
            return components.string != nil
        }
        let bases = ["https://api.example.com", "https://api.example.com/", "https://api.example.com/v1", "http://127.0.0.1:9/api/v3/",
                     "https://user:pw@host.example/p?fixed=1", "https://host.example/base#part"]
        var requests: [HTTPRequest] = []
        for base in bases {
            requests.append(try HTTPRequest(.get, baseURL: base) {})
            requests.append(try HTTPRequest(.get, baseURL: base) { Path("a b", 42) })
            requests.append(try HTTPRequest(.post, baseURL: base) {
                Path("x/y")
                Query("q", "1 & 2")
            })
        }
        for request in requests {
            #expect(request.componentsFromBaseURL)
            #expect(request.formsAbsoluteURL)
            #expect(request.formsAbsoluteURL == slowCheck(request), "\(request)")
        }
        // Set whole: checked by making the string, which a path without `/` beside a host does not form.
        var relative = try HTTPRequest(.get, baseURL: "https://api.example.com") { Path("x") }
        relative.urlComponents.percentEncodedPath = "no-slash"
        #expect(!relative.componentsFromBaseURL)
        #expect(!relative.formsAbsoluteURL)
        #expect(relative.formsAbsoluteURL == slowCheck(relative))
        var resetPath = requests[1]
        resetPath.urlComponents.path = "/again"
        #expect(!resetPath.componentsFromBaseURL)
        #expect(resetPath.formsAbsoluteURL && slowCheck(resetPath))
        var noScheme = URLComponents()
        noScheme.path = "/only/a/path"
        #expect(!HTTPRequest(urlComponents: noScheme).formsAbsoluteURL)
        let handler = HTTPHandler { request in StreamedResponse(head: HTTPResponse(status: 200, request: request), body: ResponseBody(Data())) }
        await #expect(throws: EndpointError.self) { try await InProcessTransport(handler).send(relative) }
    }

    /// A body made from data arrives whole, as `collect()` reads it: none, one chunk, or several
    /// (empty ones among them) joined in order.
    @Test func aBodyInMemoryArrivesWhole() async throws {
        let bodies: [[Data]] = [[], [Data()], [Data("one".utf8)], [Data("a".utf8), Data(), Data("bc".utf8), Data("def".utf8)],
                                [Data(), Data("late".utf8)], [Data(repeating: 7, count: 100_000), Data("end".utf8)]]
        for chunks in bodies {
            let handler = HTTPHandler { request in
                StreamedResponse(head: HTTPResponse(status: 200, request: request), body: ResponseBody(chunks: chunks))
            }
            let response = try await InProcessTransport(handler).send(HTTPRequest(.get, baseURL: "https://api.example.com") { Path("x") })
            #expect(response.body == chunks.reduce(Data(), +), "\(chunks.map(\.count))")
            #expect(try await ResponseBody(chunks: chunks).collect() == response.body)
        }
    }

    @Test func aBodyIsReceivedAndUploadReported() async throws {
        let received = Received()
        let handler = HTTPHandler { request in
            received.append(request)
            return Self.answer(request, status: 201, json: #"{"id":6,"name":"New"}"#)
        }
        let client = HTTPClient(transport: InProcessTransport(handler))
        let reports = Locked<[TransferProgress]>([])
        let created = try await client.send(StravaAPI.Activities.create(body: .init(name: "New", startDate: Date(timeIntervalSince1970: 0)))) {
            progress in reports.withLock { $0.append(progress) }
        }
        #expect(created.id == 6)
        let request = try #require(received.all.first)
        #expect(request.method == .post)
        #expect(request.urlComponents.path == "/api/v3/activities")
        let body = try #require(request.body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"name":"New","start_date":"1970-01-01T00:00:00Z"}"#)
        let uploads = reports.withLock { $0 }.filter { $0.direction == .upload }
        #expect(uploads == [TransferProgress(.upload, completed: Int64(body.count), total: Int64(body.count))])
    }

    @Test func declaredErrorBodiesAreThrownTyped() async throws {
        let handler = HTTPHandler { request in
            request.urlComponents.path.hasSuffix("/8")
                ? Self.answer(request, status: 404, json: #"{"resource":"activity"}"#)
                : Self.answer(request, status: 410, json: #"{"message":"gone"}"#)
        }
        let client = HTTPClient(transport: InProcessTransport(handler))
        let notFound = await #expect(throws: ErrorResponse<StravaAPI.NotFound>.self) { try await client.send(StravaAPI.activity(id: 8)) }
        #expect(notFound?.body == StravaAPI.NotFound(resource: "activity"))
        #expect(notFound?.status == 404)
        let gone = await #expect(throws: ErrorResponse<StravaAPI.Fault>.self) { try await client.send(StravaAPI.activity(id: 9)) }
        #expect(gone?.body == StravaAPI.Fault(message: "gone"))
    }

    @Test func pagesFollowLinksThroughTheHandler() async throws {
        let received = Received()
        let handler = HTTPHandler { request in
            received.append(request)
            let page = Int(request.urlComponents.queryItems?.first { $0.name == "page" }?.value ?? "1") ?? 1
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if page < 3 { headers["Link"] = "<https://api.example.com/numbers?page=\(page + 1)>; rel=\"next\"" }
            return Self.answer(request, headers: headers, json: "[\(page * 10), \(page * 10 + 1)]")
        }
        let client = HTTPClient(transport: InProcessTransport(handler))
        let first = try HTTPRequest(.get, baseURL: "https://api.example.com") { Path("numbers") }
        var items: [Int] = []
        for try await item in client.items(Endpoint(first, decoder: .json, pagination: .link) as Endpoint<[Int]>) { items.append(item) }
        #expect(items == [10, 11, 20, 21, 30, 31])
        #expect(received.all.map { $0.url?.absoluteString ?? "" } == [
            "https://api.example.com/numbers", "https://api.example.com/numbers?page=2", "https://api.example.com/numbers?page=3",
        ])
    }

    @Test func streamChunksArriveAsTheHandlerMakesThem() async throws {
        // The handler makes the second chunk only once the client has read the first.
        let (events, producer) = AsyncStream.makeStream(of: Data.self)
        let (readFirst, firstRead) = AsyncStream.makeStream(of: Void.self)
        let handler = HTTPHandler { request in
            producer.yield(Data("data: one\n\n".utf8))
            Task {
                for await _ in readFirst { break }
                producer.yield(Data("data: two\n\n".utf8))
                producer.finish()
            }
            let reader = Reader(events)
            let body = ResponseBody(next: { await reader.next() })
            return StreamedResponse(head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], request: request), body: body)
        }
        let client = HTTPClient(transport: InProcessTransport(handler))
        let streamed = try await client.stream(for: HTTPRequest(.get, baseURL: "https://chat.example.com") {
            Path("events")
            Timeout(30)   // a transport that read the whole body first would wait for ever: it times out instead
        })
        #expect(streamed.head.status == 200)
        var chunks: [String] = []
        for try await chunk in streamed.body {
            chunks.append(String(decoding: chunk, as: UTF8.self))
            if chunks.count == 1 { firstRead.yield() }
        }
        #expect(chunks == ["data: one\n\n", "data: two\n\n"])
    }

    // Without the timeout the test would wait for ever: the time limit fails it instead.
    @Test(.timeLimit(.minutes(3))) func aHandlerThatNeverAnswersTimesOut() async throws {
        let release = Locked(false)
        let handler = HTTPHandler { request in
            // Ignores cancellation: waits until the test ends.
            while !release.withLock({ $0 }) { await Self.pause(.milliseconds(20)) }
            return Self.answer(request, json: "{}")
        }
        defer { release.withLock { $0 = true } }
        let client = HTTPClient(transport: InProcessTransport(handler))
        let request = try HTTPRequest(.get, baseURL: "https://api.example.com") { Path("slow"); Timeout(0.3) }
        let error = await #expect(throws: EndpointError.self) { try await client.data(for: request) }
        guard case let .transport(underlying, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect((underlying as? URLError)?.code == .timedOut)
    }

    @Test func aStreamThatStallsTimesOutBetweenChunks() async throws {
        let cancelled = Locked(false)
        let handler = HTTPHandler { request in
            let sent = Locked(false)
            let body = ResponseBody(next: {
                let first = sent.withLock { wasSent -> Bool in
                    defer { wasSent = true }
                    return !wasSent
                }
                if first { return Data("first".utf8) }
                try await Task.sleep(for: .seconds(120))
                return nil
            }, cancel: { cancelled.withLock { $0 = true } })
            return StreamedResponse(head: HTTPResponse(status: 200, request: request), body: body)
        }
        let transport = InProcessTransport(handler)
        // The clock starts when the handler's task does, so a busy task pool does not make the head
        // late; five seconds leave room for a loaded machine all the same.
        let request = try HTTPRequest(.get, baseURL: "https://api.example.com") { Path("feed"); Timeout(5) }
        let streamed = try await transport.stream(request, progress: nil)
        var iterator = streamed.body.makeAsyncIterator()
        #expect(try await iterator.next() == Data("first".utf8))
        let error = await #expect(throws: URLError.self) { _ = try await iterator.next() }
        #expect(error?.code == .timedOut)
        #expect(cancelled.withLock { $0 }, "the handler's body was cancelled")
        #expect(try await iterator.next() == nil, "the body ends after a failure")
    }

    @Test func cancellingTheCallerCancelsTheHandler() async throws {
        let (started, handlerStarted) = AsyncStream.makeStream(of: Void.self)
        let (ended, handlerEnded) = AsyncStream.makeStream(of: Bool.self)
        let handler = HTTPHandler { request in
            handlerStarted.yield()
            let wasCancelled: Bool
            do {
                try await Task.sleep(for: .seconds(60))
                wasCancelled = false
            } catch {
                wasCancelled = true
            }
            handlerEnded.yield(wasCancelled)
            return Self.answer(request, json: "{}")
        }
        let client = HTTPClient(transport: InProcessTransport(handler))
        let task = Task { try await client.data(for: HTTPRequest(.get, baseURL: "https://api.example.com") { Path("slow") }) }
        for await _ in started { break }
        task.cancel()
        let result = await task.result
        guard case let .failure(error) = result, case .cancelled? = error as? EndpointError else {
            Issue.record("not cancelled: \(result)")
            return
        }
        var endings = ended.makeAsyncIterator()
        #expect(await endings.next() == true, "the handler's task saw the cancellation")
    }

    /// A body made from data (what a handler answers with): its one chunk, then the end; nothing
    /// for empty data; nothing once cancelled; in memory, so the transport reads it at once.
    @Test func aBodyOfDataIsOneChunkThenTheEnd() async throws {
        let body = ResponseBody(Data("hello".utf8))
        #expect(body.handle.source.isInMemory)
        #expect(try await body.handle.source.next() == Data("hello".utf8))
        #expect(try await body.handle.source.next() == nil)
        #expect(try await body.handle.source.next() == nil)
        #expect(try await ResponseBody(Data()).handle.source.next() == nil)
        let cancelled = ResponseBody(Data("x".utf8))
        cancelled.cancel()
        #expect(try await cancelled.handle.source.next() == nil)
        var chunks: [Data] = []
        for try await chunk in ResponseBody(Data("abc".utf8)) { chunks.append(chunk) }
        #expect(chunks == [Data("abc".utf8)])
    }

    /// The race the transport runs each handler in (one object holding its lock, what it was
    /// given and its state): the caller gets the operation's value; after a timeout or the caller's
    /// cancellation it gets the error at once, and a value the operation makes later goes to
    /// `discard`; and the race is freed once over (its task does not keep it, nor it its task).
    @Test(.timeLimit(.minutes(3))) func theRaceAnswersTimesOutIsCancelledAndIsFreed() async throws {
        #expect(try await InProcessRace.run(timeout: nil, url: nil, operation: { 7 }, discard: { _ in Issue.record("discarded") }) == 7)
        #expect(try await InProcessRace.run(timeout: 30, url: nil, operation: { 8 }, discard: { _ in Issue.record("discarded") }) == 8)

        let discarded = Locked<[Int]>([])
        let release = Locked(false)
        // Ignores cancellation: answers only when released.
        let slow: @Sendable () async throws -> Int = {
            while !release.withLock({ $0 }) { await Self.pause(.milliseconds(10)) }
            return 9
        }
        let timedOut = await #expect(throws: URLError.self) {
            try await InProcessRace.run(timeout: 0.1, url: URL(string: "https://api.example.com/slow"), operation: slow,
                                        discard: { value in discarded.withLock { $0.append(value) } })
        }
        #expect(timedOut?.code == .timedOut)
        #expect(timedOut?.failingURL?.absoluteString == "https://api.example.com/slow")

        let (started, operationStarted) = AsyncStream.makeStream(of: Void.self)
        let cancelled = Task {
            try await InProcessRace.run(timeout: nil, url: nil, operation: {
                operationStarted.yield()
                return try await slow() + 1
            }, discard: { value in discarded.withLock { $0.append(value) } })
        }
        for await _ in started { break }
        cancelled.cancel()
        let result = await cancelled.result
        guard case let .failure(error) = result, error is CancellationError else {
            Issue.record("not cancelled: \(result)")
            return
        }
        // Both operations still run; released, their values are discarded, not delivered.
        release.withLock { $0 = true }
        for _ in 0..<500 where discarded.withLock({ $0.count }) < 2 { await Self.pause(.milliseconds(10)) }
        #expect(discarded.withLock { $0.sorted() } == [9, 10])

        // Freed once over: the race holds the operation, which holds `captured`. Neither the task
        // (done) nor the timer (30 s away, holding the race weakly) keeps it.
        final class Captured: Sendable { let value = 1 }
        weak var held: Captured?
        do {
            let captured = Captured()
            held = captured
            #expect(try await InProcessRace.run(timeout: 30, url: nil, operation: { captured.value }, discard: { _ in }) == 1)
            #expect(try await InProcessRace.run(timeout: nil, url: nil, operation: { captured.value }, discard: { _ in }) == 1)
        }
        // The operation's task ends just after it resumes the caller.
        for _ in 0..<500 where held != nil { await Self.pause(.milliseconds(10)) }
        #expect(held == nil, "a race is kept after it is over")
    }

    @Test(.timeLimit(.minutes(5))) func cancellingAReaderStopsTheHandlersStream() async throws {
        let stopped = Locked(false)
        let handler = HTTPHandler { request in
            let body = ResponseBody(next: {
                // Ignores cancellation: the transport must still let the reader go.
                await Self.pause(.seconds(600))
                return Data("late".utf8)
            }, cancel: { stopped.withLock { $0 = true } })
            return StreamedResponse(head: HTTPResponse(status: 200, request: request), body: body)
        }
        let transport = InProcessTransport(handler)
        let streamed = try await transport.stream(HTTPRequest(.get, baseURL: "https://api.example.com") { Path("feed") }, progress: nil)
        let clock = ContinuousClock()
        let started = clock.now
        let reader = Task { try await streamed.body.collect() }
        try await Task.sleep(for: .milliseconds(100))
        reader.cancel()
        let result = await reader.result
        // Generous: a full parallel run starves the 2-core task pool for tens of seconds.
        #expect(clock.now - started < .seconds(120), "the reader did not wait for the handler (600 s)")
        guard case let .failure(error) = result else { Issue.record("read \(result)"); return }
        #expect(error is CancellationError)
        #expect(stopped.withLock { $0 })
    }

    @Test func aRequestThatCannotBeSentNeverReachesTheHandler() async throws {
        let received = Received()
        let handler = HTTPHandler { request in
            received.append(request)
            return Self.answer(request, json: "{}")
        }
        let transport = InProcessTransport(handler)
        var request = try HTTPRequest(.get, baseURL: "https://api.example.com") { Path("x") }
        request.headers["X-Bad"] = "a\r\nInjected: yes"
        await #expect(throws: EndpointError.self) { _ = try await transport.send(request) }
        var relative = request
        relative.headers = [:]
        relative.urlComponents = URLComponents(string: "/x")!
        await #expect(throws: EndpointError.self) { _ = try await transport.send(relative) }
        #expect(received.all.isEmpty)
    }

    @Test func errorResponseMadeByAService() {
        let error = ErrorResponse(status: 404, body: StravaAPI.NotFound(resource: "activity"), headers: ["Retry-After": "3"])
        #expect(error.status == 404)
        #expect(error.body == StravaAPI.NotFound(resource: "activity"))
        #expect(error.response.headers["retry-after"] == "3")
        #expect(error.response.body.isEmpty)
        #expect(error.description == #"status 404 with NotFound: NotFound(resource: "activity")"#)
        let bare = ErrorResponse(status: 422, body: "invalid")
        #expect(Array(bare.response.headers).isEmpty)
        #expect(bare.status == 422)
    }

    /// One reader of an `AsyncStream`, from a `@Sendable` closure. `@unchecked`: the transport reads
    /// a body from one task at a time.
    final class Reader: @unchecked Sendable {
        private var iterator: AsyncStream<Data>.Iterator
        init(_ stream: AsyncStream<Data>) { iterator = stream.makeAsyncIterator() }
        func next() async -> Data? { await iterator.next() }
    }

    /// Waits without noticing cancellation.
    static func pause(_ duration: Duration) async {
        let (seconds, attoseconds) = duration.components
        let interval = Double(seconds) + Double(attoseconds) / 1e18
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + interval) { continuation.resume() }
        }
    }
}
