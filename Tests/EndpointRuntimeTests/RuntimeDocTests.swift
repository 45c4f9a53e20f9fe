import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import EndpointRuntime

// The examples of docs/runtime.md, verbatim, compiled and run. Change both together.

// MARK: docs: a hand-written API

struct Note: Codable, Sendable, Equatable {
    var id: Int
    var text: String
    var createdAt: Date
}

struct NewNote: Codable, Sendable {
    var text: String
}

struct APIProblem: Decodable, Sendable {
    var message: String
}

enum NotesAPI: HTTPRequestable {
    case list(tag: String? = nil, limit: Int = 20)
    case note(id: Int)
    case create(NewNote)
    case delete(id: Int)

    static let baseURL = "https://notes.example.com/v1"

    func httpRequest() throws -> HTTPRequest {
        switch self {
        case let .list(tag, limit):
            return try HTTPRequest(.get, baseURL: NotesAPI.baseURL) {
                Path("notes")
                Query("tag", tag)            // left out when nil
                Query("limit", limit)
                Header("Accept", "application/json")
                AuthOptions([.bearer])
            }
        case let .note(id):
            return try HTTPRequest(.get, baseURL: NotesAPI.baseURL) {
                Path("notes", id)
                AuthOptions([.bearer])
            }
        case let .create(note):
            return try HTTPRequest(.post, baseURL: NotesAPI.baseURL) {
                Path("notes")
                JSONBody(note)
                AuthOptions([.bearer])
            }
        case let .delete(id):
            return try HTTPRequest(.delete, baseURL: NotesAPI.baseURL) {
                Path("notes", id)
                AuthOptions([.bearer])
            }
        }
    }
}

extension NotesAPI {
    /// Endpoints as typed values: the request with its response contract (type, success statuses, error bodies).
    static func getNote(id: Int) -> Endpoint<Note> {
        Endpoint(NotesAPI.note(id: id), decoder: .json, errors: [.code(404): APIProblem.self])
    }
    static func createNote(_ note: NewNote) -> Endpoint<Note> { Endpoint(NotesAPI.create(note), decoder: .json, statuses: [201]) }
    static func remove(id: Int) -> Endpoint<Void> { Endpoint(NotesAPI.delete(id: id), decoder: .none) }
}

// MARK: docs: from URLComponents

enum GitHub: HTTPRequestable {
    case user(login: String)

    func httpRequest() throws -> HTTPRequest {
        switch self {
        case let .user(login):
            var components = URLComponents()
            components.scheme = "https"
            components.host = "api.github.com"
            components.path = "/users/\(login)"
            return HTTPRequest(method: .get, urlComponents: components,
                               additionalHeaders: ["Accept": "application/vnd.github+json"])
        }
    }
}

// MARK: docs: shared defaults

struct Product: Codable, Sendable, Equatable {
    var id: Int
    var name: String
}

enum ShopCall: HTTPRequestable, Hashable {
    case product(id: Int)
    case ping

    func httpRequest() throws -> HTTPRequest {
        switch self {
        case let .product(id):
            return try Shop.defaults.request(.get, [Path("products", id)])
        case .ping:
            return try Shop.defaults.request(.get, [
                Path("ping"),
                Header.remove("Accept"),      // the defaults set it; this endpoint does not send it
                AuthOptions([]),              // no credentials
            ])
        }
    }
}

enum Shop {
    static let defaults = APIDefaults(
        baseURL: "https://shop.example.com/api",
        headers: ["Accept": "application/json"],
        auth: AuthOptions([.apiKey(in: .header, name: "X-Api-Key")]),
        errors: [.default: APIProblem.self]
    )

    static func product(id: Int) -> Endpoint<Product> { defaults.endpoint(ShopCall.product(id: id), decoder: .json) }
    static var ping: Endpoint<Void> { defaults.endpoint(ShopCall.ping, decoder: .none) }
}

// MARK: docs: sending

func makeClient(token: String) -> HTTPClient {
    HTTPClient(middleware: [                          // the first sees each request first
        AuthMiddleware { requirement, refresh in      // asked again with refresh == true after a 401
            .bearer(token)
        },
        RetryMiddleware(maxAttempts: 3),              // idempotent requests, 429/503 with Retry-After
        LoggingMiddleware(),                          // last: each attempt as sent, Authorization redacted
    ])
}

func workNotes(client: HTTPClient) async throws -> [Note] {
    let notes = try await client.send(NotesAPI.list(tag: "work"), as: [Note].self)
    return notes
}

func firstNote(client: HTTPClient) async throws -> Note {
    try await client.send(NotesAPI.getNote(id: 1))
}

func describe(_ error: any Error) -> String {
    if let problem = error as? ErrorResponse<APIProblem> {
        return "\(problem.status): \(problem.body.message)"       // the declared error body
    }
    guard let error = error as? EndpointError else { return "\(error)" }
    switch error {
    case let .invalidRequest(reason, _, _):
        return "could not build the request: \(reason)"
    case let .transport(underlying, _):
        return "network problem: \(underlying)"
    case let .unacceptableStatus(response):
        return "status \(response.status)"
    case let .decoding(underlying, response):
        return "unexpected body from \(response.request): \(underlying)"
    case .cancelled:
        return "cancelled"
    }
}

// MARK: docs: responses

struct NoteHeaders: ResponseHeaders {
    var eTag: String?
    var remaining: Int
    init(headers: HTTPHeaders) throws {
        eTag = try headers.optionalValue("ETag", as: String.self)
        remaining = try headers.requiredValue("X-RateLimit-Remaining", as: Int.self)
    }
}

// MARK: docs: models, unions and recursion

struct Cat: Codable { var petType: String; var name: String }
enum Pet: Codable {
    case cat(Cat)
    case unknown(JSONValue)

    init(from decoder: any Decoder) throws {
        if ModelCoding.discriminator("petType", in: decoder) == "cat",
           let cat = ModelCoding.attempt(Cat.self, from: decoder) {
            self = .cat(cat)
        } else {
            self = .unknown(try JSONValue(from: decoder))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case let .cat(cat): try ModelCoding.encode(cat, to: encoder)
        case let .unknown(raw): try ModelCoding.encode(raw, to: encoder)
        }
    }
}

// MARK: - Checks

// MARK: docs: streams, progress and downloads

struct ChatChunk: Decodable, Sendable { var text: String }

func chat(client: HTTPClient) async throws -> String {
    let request = try HTTPRequest(.post, baseURL: "https://chat.example.com/v1") { Path("chat"); JSONBody(["prompt": "Hi"]) }
    let endpoint = Endpoint<ResponseStream<ChatChunk>>(request, decoder: .stream(.serverSentEvents(end: "[DONE]")))
    var reply = ""
    for try await chunk in try await client.send(endpoint) {
        reply += chunk.text                    // each event's data, decoded as it arrives
    }
    return reply
}

func upload(client: HTTPClient, report: Data) async throws {
    let request = try HTTPRequest(.post, baseURL: "https://files.example.com") { Path("reports"); DataBody(report, contentType: "application/pdf") }
    try await client.send(Endpoint(request, decoder: .none), progress: { progress in
        print(progress)                      // "upload 65536/1048576", ..., then "download 2/2"
    })
}

func save(client: HTTPClient, to file: URL) async throws {
    let request = try HTTPRequest(.get, baseURL: "https://files.example.com") { Path("video.mp4") }
    let head = try await client.download(Endpoint(request, decoder: .data), to: file) { progress in
        if let total = progress.total { print(progress.completed * 100 / max(total, 1), "%") }
    }
    print(head.status, head.headers["Content-Type"] ?? "")
}

@Suite struct RuntimeDocTests {
    @Test func unionExampleDecodesAndKeepsWhatItDoesNotKnow() throws {
        let cat = try JSONDecoder().decode(Pet.self, from: Data(#"{"petType":"cat","name":"Tom"}"#.utf8))
        guard case let .cat(tom) = cat else { Issue.record("\(cat)"); return }
        #expect(tom.name == "Tom")
        let dog = try JSONDecoder().decode(Pet.self, from: Data(#"{"petType":"dog","name":"Rex"}"#.utf8))
        guard case let .unknown(raw) = dog else { Issue.record("\(dog)"); return }
        #expect(raw == ["petType": "dog", "name": "Rex"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(dog), as: UTF8.self) == #"{"name":"Rex","petType":"dog"}"#)
    }

    /// `Indirect` as documented: the box is invisible in JSON (the model reads and writes the value
    /// under its wire name, as generated models do), an optional one is left out when nil, and
    /// copies do not share writes.
    @Test func indirectIsInvisibleInJSONAndCopiedOnWrite() throws {
        struct Node: Codable, Hashable {
            var name: String
            var next: Node? {
                get { _next.value }
                set { _next.value = newValue }
            }
            private var _next: Indirect<Node?>
            init(name: String, next: Node? = nil) {
                self.name = name
                self._next = Indirect(next)
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: ModelKey.self)
                name = try container.decode(String.self, forKey: "name")
                _next = Indirect(try container.decodeIfPresent(Node.self, forKey: "next"))
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: ModelKey.self)
                try container.encode(name, forKey: "name")
                try container.encodeIfPresent(next, forKey: "next")
            }
        }
        var list = Node(name: "a", next: Node(name: "b"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(list), as: UTF8.self) == #"{"name":"a","next":{"name":"b"}}"#)
        #expect(try JSONDecoder().decode(Node.self, from: Data(#"{"name":"a","next":{"name":"b","next":null}}"#.utf8)) == list)
        let copy = list
        list.next?.name = "c"
        #expect(copy.next?.name == "b" && list.next?.name == "c")
    }

    @Test func handWrittenEnumBuildsRequests() throws {
        let list = try NotesAPI.list(tag: "work & play").httpRequest()
        #expect(list.url?.absoluteString == "https://notes.example.com/v1/notes?tag=work%20%26%20play&limit=20")
        #expect(list.headers["Accept"] == "application/json")
        let create = try NotesAPI.create(NewNote(text: "hi")).httpRequest()
        #expect(create.body == Data(#"{"text":"hi"}"#.utf8))
        #expect(NotesAPI.createNote(NewNote(text: "hi")).statuses == [201])
        let ok = HTTPResponse(status: 200, body: Data(#"{"id":1,"text":"hi","createdAt":"2024-05-01T12:00:00Z"}"#.utf8), request: create)
        let error = #expect(throws: EndpointError.self) { try NotesAPI.createNote(NewNote(text: "hi")).decode(ok) }
        guard case .unacceptableStatus? = error else { Issue.record("a 200 should be unacceptable, got \(String(describing: error))"); return }
        let user = try GitHub.user(login: "octocat").urlRequest()
        #expect(user.url?.absoluteString == "https://api.github.com/users/octocat")
        _ = makeClient(token: "t")
    }

    /// The sending example's order, and why: logging after auth shows the (redacted) credentials
    /// the request is sent with; before it, the log would show none.
    /// (The order itself is checked in RuntimeDocOrderTests, which reads the client's middleware.)
    @Test func sendingExampleLogsRequestsAsSent() async throws {
        func firstLine(loggingFirst: Bool) async throws -> String {
            let stub = StubTransport()
            await stub.stub(.get, path: "/me", responses: [.json("{}")])
            let lines = Recorder<String>()
            let logging = LoggingMiddleware { _, line in lines.append(line) }
            let auth = AuthMiddleware { _, _ in .bearer("SECRET-TOKEN") }
            let client = HTTPClient(transport: stub, middleware: loggingFirst ? [logging, auth] : [auth, logging])
            _ = try await client.data(for: try HTTPRequest(.get, baseURL: "https://api.test") {
                Path("me")
                AuthOptions([.bearer])
            })
            #expect(await stub.requests.first?.headers["Authorization"] == "Bearer SECRET-TOKEN")
            return lines.values.first ?? ""
        }
        let asDocumented = try await firstLine(loggingFirst: false)
        #expect(asDocumented.contains("Authorization: <redacted>"), "\(asDocumented)")
        #expect(!asDocumented.contains("SECRET"))
        let loggingFirst = try await firstLine(loggingFirst: true)
        #expect(!loggingFirst.contains("Authorization"), "\(loggingFirst)")
    }

    @Test func sharedDefaultsExample() throws {
        let product = try Shop.product(id: 7).httpRequest()
        #expect(product.url?.absoluteString == "https://shop.example.com/api/products/7")
        #expect(product.headers["Accept"] == "application/json")
        #expect(product.authOptions == AuthOptions([.apiKey(in: .header, name: "X-Api-Key")]))
        #expect(product.call as? ShopCall == .product(id: 7))
        let ping = try Shop.ping.httpRequest()
        #expect(ping.headers["Accept"] == nil)
        #expect(ping.authOptions == AuthOptions([]))
        let down = HTTPResponse(status: 500, body: Data(#"{"message":"down"}"#.utf8), request: ping)
        #expect(throws: ErrorResponse<APIProblem>.self) { try Shop.ping.decode(down) }
    }

    @Test func stubTransportExample() async throws {
        let stub = StubTransport()
        await stub.stub(.get, path: "/notes", responses: [.json(#"[{"id": 1, "text": "hi", "createdAt": "2024-05-01T12:00:00Z"}]"#)])
        await stub.stub(.get, path: "/notes/1", responses: [.json(#"{"message": "no such note"}"#, status: 404)])
        let client = HTTPClient(transport: stub)

        let notes = try await workNotes(client: client)
        #expect(notes == [Note(id: 1, text: "hi", createdAt: Date(timeIntervalSince1970: 1_714_564_800))])
        #expect(await stub.requests.first?.url?.query == "tag=work&limit=20")

        do {
            _ = try await firstNote(client: client)
            Issue.record("expected a 404")
        } catch {
            #expect(describe(error) == "404: no such note")
        }
    }

    @Test func responsesExample() async throws {
        let stub = StubTransport()
        await stub.stub(.get, path: "/notes/1", responses: [
            .json(#"{"id": 1, "text": "hi", "createdAt": "2024-05-01T12:00:00Z"}"#, headers: ["etag": "\"v1\"", "x-ratelimit-remaining": "9"]),
        ])
        await stub.stub(.get, path: "/notes", responses: [StubResponse(status: 204)])
        let client = HTTPClient(transport: stub)

        let response = try await client.response(for: NotesAPI.getNote(id: 1))
        print(response.status, response.headers["ETag"] ?? "-", response.body.text)
        #expect(response.headers["ETag"] == "\"v1\"")

        let getNote = EndpointWithHeaders<Note, NoteHeaders>(NotesAPI.getNote(id: 1))
        let note = try await client.send(getNote)                       // Note
        let remaining = try await client.response(for: getNote).headers.remaining
        #expect(note.text == "hi")
        #expect(remaining == 9)

        let maybeNotes = Endpoint<[Note]?>(NotesAPI.list(tag: "work"), decoder: .byStatus([.code(200): .wrapping(.json) { .some($0) }, .code(204): .value(nil)]),
                                           statuses: [200, 204])
        let notesOrNil = try await client.send(maybeNotes)             // nil for a 204
        #expect(notesOrNil == nil)
    }

    @Test func stubSequenceExample() async throws {
        let pages = StubTransport()
        await pages.stub(.get, path: "/notes", responses: [
            .json(#"[{"id": 1, "text": "a", "createdAt": "2024-05-01T12:00:00Z"}]"#,
                  headers: ["Link": #"<https://notes.example.com/v1/notes?page=2>; rel="next""#, "X-RateLimit-Remaining": "9"]),
            .json(#"[{"id": 2, "text": "b", "createdAt": "2024-05-01T12:00:00Z"}]"#, delay: .milliseconds(20)),
        ])
        await pages.stub(.get, path: "/notes/7", responses: [.failure(URLError(.timedOut)), .json(#"{"id": 7, "text": "late", "createdAt": "2024-05-01T12:00:00Z"}"#)])
        await pages.stub(.delete, path: "/notes/7", responses: [.failure(URLError(.notConnectedToInternet))])

        let client = HTTPClient(transport: pages, middleware: [RetryMiddleware(maxAttempts: 2, baseDelay: 0.001)])
        let list = Endpoint<[Note]>(NotesAPI.list(), decoder: .json, pagination: .link)
        var texts: [String] = []
        for try await note in client.items(list) { texts.append(note.text) }
        #expect(texts == ["a", "b"])
        #expect(try await client.send(NotesAPI.getNote(id: 7)).text == "late")
        await #expect(throws: EndpointError.self) { try await client.send(NotesAPI.remove(id: 7)) }
    }

    @Test func sendsOverTheNetworkToALocalServer() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let client = HTTPClient(baseURL: URL(string: server.baseURLString + "/v1"),
                                middleware: [AuthMiddleware(credentials: .bearer("t0k3n"))])
        try await client.send(NotesAPI.remove(id: 3))
        let response = try await client.data(for: NotesAPI.delete(id: 3))
        let echoed = try EchoedRequest(from: response.body)
        #expect(echoed.method == "DELETE")
        #expect(echoed.path == "/v1/notes/3")
        #expect(echoed.header("Authorization") == "Bearer t0k3n")
    }

    @Test func streamsProgressAndDownloadExamples() async throws {
        let stub = StubTransport()
        let events = [ServerSentEvent(data: #"{"text": "Hel"}"#), ServerSentEvent(data: #"{"text": "lo"}"#), ServerSentEvent(data: "[DONE]")]
        await stub.stub(.post, path: "/chat", responses: [.chunks(events.map { Data($0.text.utf8) },
                                                                  headers: ["Content-Type": "text/event-stream"], interval: .milliseconds(50))])
        await stub.stub(.get, path: "/feed", responses: [.chunks([Data("{\"n\": 1}\n{\"n\"".utf8), Data(": 2}\n".utf8)], headers: ["Content-Type": "application/jsonl"])])
        #expect(try await chat(client: HTTPClient(transport: stub)) == "Hello")

        struct N: Decodable, Sendable, Equatable { var n: Int }
        let feed = Endpoint<ResponseStream<N>>(try HTTPRequest(.get, baseURL: "https://x.example") { Path("feed") }, decoder: .stream(.jsonLines))
        var numbers: [Int] = []
        for try await value in try await HTTPClient(transport: stub).send(feed) { numbers.append(value.n) }
        #expect(numbers == [1, 2])

        await stub.stub(.post, path: "/reports", responses: [StubResponse(status: 204)])
        try await upload(client: HTTPClient(transport: stub), report: Data(repeating: 1, count: 1000))
        #expect(await stub.requests.last?.body?.count == 1000)

        await stub.stub(.get, path: "/video.mp4", responses: [.chunks([Data("abc".utf8), Data("def".utf8)], headers: ["Content-Type": "video/mp4", "Content-Length": "6"])])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString).mp4")
        defer { try? FileManager.default.removeItem(at: file) }
        try await save(client: HTTPClient(transport: stub), to: file)
        #expect(try Data(contentsOf: file) == Data("abcdef".utf8))
    }

    @Test func inProcessHandlerExample() async throws {
        let notesServer = HTTPHandler { request in
            guard request.method == .get, request.urlComponents.path == "/v1/notes" else {
                return StreamedResponse(head: HTTPResponse(status: 404, request: request), body: ResponseBody(chunks: []))
            }
            let json = #"[{"id": 1, "text": "hi", "createdAt": "2024-05-01T12:00:00Z"}]"#
            return StreamedResponse(head: HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], request: request),
                                    body: ResponseBody(chunks: [Data(json.utf8)]))
        }
        let client = HTTPClient(transport: InProcessTransport(notesServer))
        #expect(try await workNotes(client: client).map(\.text) == ["hi"])

        // Any other path is the handler's 404.
        let missing = try await client.data(for: NotesAPI.note(id: 1))
        #expect(missing.status == 404)
    }
}
