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
                Header.accept("application/json")
                Auth(.bearer)
            }
        case let .note(id):
            return try HTTPRequest(.get, baseURL: NotesAPI.baseURL) {
                Path("notes", id)
                Auth(.bearer)
            }
        case let .create(note):
            return try HTTPRequest(.post, baseURL: NotesAPI.baseURL) {
                Path("notes")
                JSONBody(note)
                Auth(.bearer)
            }
        case let .delete(id):
            return try HTTPRequest(.delete, baseURL: NotesAPI.baseURL) {
                Path("notes", id)
                Auth(.bearer)
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

// MARK: docs: the fluent builder

func searchRequest(term: String) throws -> HTTPRequest {
    try HTTPRequestBuilder(host: "notes.example.com", basePath: "/v1")
        .path("search")
        .query("q", term)
        .query("tags", ["a", "b"], style: .comma)
        .header("Accept", "application/json")
        .timeout(10)
        .build()
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
            return try Shop.defaults.request(.get) {
                Path("products", id)
            }
        case .ping:
            return try Shop.defaults.request(.get) {
                Path("ping")
                RemoveHeader("Accept")       // the defaults set it; this endpoint does not send it
                Auth(.none)
            }
        }
    }
}

enum Shop {
    static let defaults = APIDefaults(
        baseURL: "https://shop.example.com/api",
        headers: ["Accept": "application/json"],
        auth: .apiKey(in: .header, name: "X-Api-Key"),
        errors: [.default: APIProblem.self]
    )

    static func product(id: Int) -> Endpoint<Product> { defaults.endpoint(ShopCall.product(id: id), decoder: .json) }
    static var ping: Endpoint<Void> { defaults.endpoint(ShopCall.ping, decoder: .none) }
}

// MARK: docs: sending

func makeClient(token: String) -> HTTPClient {
    HTTPClient(middleware: [
        LoggingMiddleware(),                          // secrets are redacted
        RetryMiddleware(maxAttempts: 3),              // idempotent requests, 429/503 with Retry-After
        AuthMiddleware { requirement, refresh in      // asked again with refresh == true after a 401
            .bearer(token)
        },
    ])
}

func workNotes(client: HTTPClient) async throws -> [Note] {
    let notes: [Note] = try await client.send(NotesAPI.list(tag: "work"))
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

    /// `Indirect` as documented: the box is invisible in JSON, an optional one is left out when nil,
    /// and copies do not share writes.
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
            private enum CodingKeys: String, CodingKey {
                case name
                case _next = "next"
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
        #expect(NotesAPI.createNote(NewNote(text: "hi")).accepts(201))
        #expect(!NotesAPI.createNote(NewNote(text: "hi")).accepts(200))
        let user = try GitHub.user(login: "octocat").urlRequest()
        #expect(user.url?.absoluteString == "https://api.github.com/users/octocat")
        #expect(try searchRequest(term: "a+b").url?.absoluteString == "https://notes.example.com/v1/search?q=a%2Bb&tags=a,b")
        _ = makeClient(token: "t")
    }

    @Test func sharedDefaultsExample() throws {
        let product = try Shop.product(id: 7).httpRequest()
        #expect(product.url?.absoluteString == "https://shop.example.com/api/products/7")
        #expect(product.headers["Accept"] == "application/json")
        #expect(product.auth == .apiKey(in: .header, name: "X-Api-Key"))
        #expect(product.call as? ShopCall == .product(id: 7))
        let ping = try Shop.ping.httpRequest()
        #expect(ping.headers["Accept"] == nil)
        #expect(ping.auth == AuthRequirement.none)
        #expect(Shop.ping.errors.typeName(for: 500)?.hasSuffix("APIProblem") == true)
    }

    @Test func stubTransportExample() async throws {
        let stub = StubTransport()
        await stub.stub(.get, path: "/notes", json: #"[{"id": 1, "text": "hi", "createdAt": "2024-05-01T12:00:00Z"}]"#)
        await stub.stub(.get, path: "/notes/1", status: 404, json: #"{"message": "no such note"}"#)
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
}
