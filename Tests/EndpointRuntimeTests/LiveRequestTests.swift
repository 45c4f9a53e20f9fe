import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import EndpointRuntime

/// Requests sent over URLSession to the real local echo server, checked byte by byte.
@Suite struct LiveRequestTests {
    let server: LocalHTTPServer
    let client: HTTPClient

    init() async throws {
        server = try await LocalHTTPServer.start()
        client = HTTPClient(transport: URLSessionTransport(session: URLSession(configuration: .ephemeral)))
    }

    func echo(_ request: some HTTPRequestable) async throws -> EchoedRequest {
        let response = try await client.data(for: request)
        #expect(response.status == 200)
        return try EchoedRequest(from: response.body)
    }

    @Test func methodPathQueryAndHeadersArriveExactly() async throws {
        let request = try HTTPRequest(.patch, baseURL: server.baseURLString + "/api/v3/") {
            Path("users", 42, "a/b c")
            Query("q", "x+y & z=1;#%")
            Query("ids", [1, 2], style: .comma)
            Query("tag", ["a", "b"])
            Header("Accept", "application/json")
            Header("X-Custom", "v1")
            Header("x-custom", "v2")
        }
        let echoed = try await echo(request)
        #expect(echoed.method == "PATCH")
        #expect(echoed.rawPath == "/api/v3/users/42/a%2Fb%20c")
        #expect(echoed.rawQuery == "q=x%2By%20%26%20z%3D1%3B%23%25&ids=1,2&tag=a&tag=b")
        #expect(echoed.header("Accept") == "application/json")
        #expect(echoed.headerValues("X-Custom") == ["v2"])
        #expect(echoed.bodyData.isEmpty)
    }

    static let awkward = ["a/b", "?x=1", "#frag", "100%", "%2F", "a&b=c", "1+1=2", "a;b", "two words", "ünïcødé ✓ 🎉", "%", "..", "."]

    @Test func awkwardValuesRoundTrip() async throws {
        for value in LiveRequestTests.awkward { try await roundTrip(value) }
    }

    func roundTrip(_ value: String) async throws {
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) {
            Path("p", value)
            Query(value, value)
            Header("X-Value", value)
        }
        let echoed = try await echo(request)
        let segments = echoed.rawPath.split(separator: "/", omittingEmptySubsequences: false)
        #expect(segments.count == 3, "a value must stay one path segment: \(echoed.rawPath)")
        #expect(segments.last.flatMap { String($0).removingPercentEncoding } == value)
        let query = try #require(echoed.rawQuery)
        let pair = query.split(separator: "=", omittingEmptySubsequences: false)
        #expect(pair.count == 2, "= and & must be encoded: \(query)")
        #expect(pair.first.flatMap { String($0).removingPercentEncoding } == value)
        #expect(pair.last.flatMap { String($0).removingPercentEncoding } == value)
        #expect(echoed.header("X-Value") == value)
    }

    struct Note: Codable, Sendable, Equatable { var text: String; var at: Date; var tags: [String] }

    @Test func jsonBodyArrivesExactly() async throws {
        for format in [DateFormat.iso8601, .secondsSince1970, .date] { try await jsonBody(format: format) }
    }

    func jsonBody(format: DateFormat) async throws {
        let note = Note(text: "héllo \"quoted\" / slash", at: Date(timeIntervalSince1970: 86_400), tags: ["a"])
        let request = try HTTPRequest(.post, baseURL: server.baseURLString, dateFormat: format) {
            Path("notes")
            JSONBody(note)
        }
        let echoed = try await echo(request)
        #expect(echoed.method == "POST")
        #expect(echoed.header("Content-Type") == "application/json")
        #expect(echoed.header("Content-Length") == String(echoed.bodyData.count))
        #expect(echoed.bodyData == request.body)
        let decoder = format.makeJSONDecoder()
        #expect(try decoder.decode(Note.self, from: echoed.bodyData) == note)
        let text = echoed.bodyText
        switch format {
        case .iso8601: #expect(text.contains(#""at":"1970-01-02T00:00:00Z""#))
        case .secondsSince1970: #expect(text.contains(#""at":86400"#))
        case .date: #expect(text.contains(#""at":"1970-01-02""#))
        default: break
        }
    }

    struct Signup: Encodable, Sendable {
        var name = "Ada Lovelace"
        var note = "a+b&c=d;e%f"
        var tags = ["x", "y"]
        var address = ["city": "Zürich"]
        var nickname: String? = nil
        var born = Date(timeIntervalSince1970: 0)
    }

    @Test func formBodyArrivesExactly() async throws {
        let request = try HTTPRequest(.post, baseURL: server.baseURLString) { Path("signup"); FormBody(Signup()) }
        let echoed = try await echo(request)
        #expect(echoed.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(echoed.bodyText
            == "name=Ada+Lovelace&note=a%2Bb%26c%3Dd%3Be%25f&tags=x&tags=y&address%5Bcity%5D=Z%C3%BCrich&born=1970-01-01T00%3A00%3A00Z")
    }

    struct Upload: Encodable, Sendable {
        var title = "Morning \"run\""
        var raw = Data([0x00, 0xFF, 0x0D, 0x0A])
        var gpx = File(data: Data("<gpx/>".utf8), fileName: "run.gpx", contentType: "application/gpx+xml")
    }

    @Test func multipartBodyArrivesExactly() async throws {
        let request = try HTTPRequest(.post, baseURL: server.baseURLString) {
            Path("upload")
            MultipartBody(Upload(), boundary: "BOUNDARY")
        }
        let echoed = try await echo(request)
        #expect(echoed.header("Content-Type") == "multipart/form-data; boundary=BOUNDARY")
        var expected = Data()
        expected.append(Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nMorning \"run\"\r\n".utf8))
        expected.append(Data("--BOUNDARY\r\nContent-Disposition: form-data; name=\"raw\"; filename=\"raw\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8))
        expected.append(Data([0x00, 0xFF, 0x0D, 0x0A]))
        expected.append(Data("\r\n--BOUNDARY\r\nContent-Disposition: form-data; name=\"gpx\"; filename=\"run.gpx\"\r\nContent-Type: application/gpx+xml\r\n\r\n<gpx/>\r\n--BOUNDARY--\r\n".utf8))
        #expect(echoed.bodyData == expected)

        let explicit = try HTTPRequest(.put, baseURL: server.baseURLString) {
            MultipartBody(parts: [MultipartPart(name: "a", text: "1"), MultipartPart(name: "f", data: Data("x".utf8), fileName: "f.txt", contentType: "text/plain")], boundary: "B")
        }
        let second = try await echo(explicit)
        #expect(second.bodyText == "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.txt\"\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--\r\n")
    }

    @Test func rawAndTextBodies() async throws {
        let bytes = Data((0...255).map { UInt8($0) })
        let data = try await echo(try HTTPRequest(.put, baseURL: server.baseURLString) { DataBody(bytes, contentType: "image/png") })
        #expect(data.bodyData == bytes)
        #expect(data.header("Content-Type") == "image/png")
        let text = try await echo(try HTTPRequest(.post, baseURL: server.baseURLString) { DataBody("line 1\r\nlïne 2") })
        #expect(text.bodyText == "line 1\r\nlïne 2")
        #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func originStyleRequestFromURLComponents() async throws {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = server.port
        components.path = "/athlete"
        let request = HTTPRequest(method: .get, urlComponents: components, additionalHeaders: ["Accept": "application/json"])
        let echoed = try await echo(request)
        #expect(echoed.path == "/athlete")
        #expect(echoed.header("Accept") == "application/json")
    }

    @Test func clientBaseURLReplacesTheSpecBase() async throws {
        let rebased = HTTPClient(baseURL: URL(string: server.baseURLString + "/api/v3"),
                                 transport: URLSessionTransport(session: URLSession(configuration: .ephemeral)))
        let response = try await rebased.data(for: StravaAPI.activity(id: 9, includeAllEfforts: true))
        let echoed = try EchoedRequest(from: response.body)
        #expect(echoed.path == "/api/v3/activities/9?include_all_efforts=true")
        #expect(response.request.url?.absoluteString == server.baseURLString + "/api/v3/activities/9?include_all_efforts=true")

        let noPath = HTTPClient(baseURL: server.baseURL, transport: URLSessionTransport(session: URLSession(configuration: .ephemeral)))
        let plain = try EchoedRequest(from: try await noPath.data(for: StravaAPI.athlete).body)
        #expect(plain.path == "/athlete")
    }

    @Test func anEndpointsOwnServerKeepsItsHostUnlessTheClientMapsIt() async throws {
        let defaults = APIDefaults(baseURL: "https://api.example.test/v1")
        let upload = try defaults.request(.post, baseURL: server.baseURLString + "/uploads", [Path("files")])
        #expect(upload.hasOwnBaseURL)
        #expect(try defaults.request(.get, baseURL: "https://api.example.test/v1", [Path("a")]).hasOwnBaseURL == false,
                "the API's own base URL is not a server of the endpoint's own")
        let session = URLSessionTransport(session: URLSession(configuration: .ephemeral))

        // A client with another base URL (a staging host) moves the API's requests, not the upload's.
        let staging = HTTPClient(baseURL: URL(string: server.baseURLString + "/staging"), transport: session)
        #expect(try EchoedRequest(from: try await staging.data(for: upload).body).path == "/uploads/files")
        let main = try defaults.request(.get, [Path("me")])
        #expect(try EchoedRequest(from: try await staging.data(for: main).body).path == "/staging/me")

        // An entry for the endpoint's own base URL moves it, and wins over the client's base URL.
        let elsewhere = try defaults.request(.post, baseURL: "https://upload.example.test/2.0", [Path("files")])
        let mapped = HTTPClient(baseURL: URL(string: server.baseURLString + "/staging"),
                                baseURLs: ["https://upload.example.test/2.0": URL(string: server.baseURLString + "/local-upload")!,
                                           "https://api.example.test/v1": URL(string: server.baseURLString + "/local-api")!],
                                transport: session)
        #expect(try EchoedRequest(from: try await mapped.data(for: elsewhere).body).path == "/local-upload/files")
        #expect(try EchoedRequest(from: try await mapped.data(for: main).body).path == "/local-api/me")
    }

    struct Echo: Decodable, Sendable { var method: String; var path: String }

    @Test func sendStyles() async throws {
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) { Path("styles") }
        let typed = try await client.send(Endpoint(request, decoder: ResponseDecoder<Echo>.json))
        #expect(typed.path == "/styles")
        let named = try await client.send(request, as: Echo.self)
        #expect(named.method == "GET")
        try await client.send(Endpoint(request, decoder: .none))
        let text = try await client.send(Endpoint(request, decoder: .text))
        #expect(text.contains("\"/styles\""))

        // From code that is not async: a task (the completion-handler form is gone).
        let received = await Task { try await client.send(Endpoint(request, decoder: ResponseDecoder<Echo>.json)) }.result
        #expect(try received.get().path == "/styles")
    }

    struct NotFound: Decodable, Sendable { var code: Int }
    struct ServerFault: Decodable, Sendable { var range: String }
    struct Problem: Decodable, Sendable { var title: String }

    func failing(status: Int, body: String) throws -> HTTPRequest {
        try HTTPRequest(.get, baseURL: server.baseURLString) {
            Path("fail")
            Header("X-Echo-Status", status)
            Header("X-Echo-Body", Data(body.utf8))
            Header("X-Echo-Headers", #"{"Content-Type": "application/problem+json", "X-Trace": "t1"}"#)
        }
    }

    /// An endpoint that declares error bodies, as generated endpoints do.
    func failingEndpoint(status: Int, body: String, statuses: Set<Int> = []) throws -> Endpoint<Echo> {
        Endpoint(try failing(status: status, body: body), decoder: .json, statuses: statuses,
                 errors: [.default: Problem.self, .code(404): NotFound.self, .range(5): ServerFault.self])
    }

    @Test func errorBodiesAreThrownAsTheirDeclaredTypesByPrecedence() async throws {
        let notFound = await #expect(throws: ErrorResponse<NotFound>.self) {
            try await client.send(try failingEndpoint(status: 404, body: #"{"code": 7}"#))
        }
        #expect(notFound?.body.code == 7)
        #expect(notFound?.status == 404)
        #expect(notFound?.response.headers["x-trace"] == "t1")
        let fault = await #expect(throws: ErrorResponse<ServerFault>.self) {
            try await client.send(try failingEndpoint(status: 503, body: #"{"range": "5xx"}"#))
        }
        #expect(fault?.body.range == "5xx")
        let problem = await #expect(throws: ErrorResponse<Problem>.self) {
            try await client.send(try failingEndpoint(status: 418, body: #"{"title": "teapot"}"#))
        }
        #expect(problem?.body.title == "teapot")
        #expect(problem?.response.body == Data(#"{"title": "teapot"}"#.utf8))

        // A body that does not decode into the declared type still throws the status error.
        let plain = await #expect(throws: EndpointError.self) { try await client.send(try failingEndpoint(status: 404, body: "nope")) }
        #expect(plain?.status == 404)
        #expect(plain?.description.contains("nope") == true)
        // Without an endpoint there is no error contract: any status other than 2xx is an EndpointError.
        let bare = await #expect(throws: EndpointError.self) { try await client.send(try failing(status: 404, body: #"{"code": 7}"#), as: Echo.self) }
        #expect(bare?.status == 404)
    }

    @Test func anEndpointsSuccessStatusesAreEnforced() async throws {
        let created = try failingEndpoint(status: 201, body: #"{"method":"POST","path":"/x"}"#, statuses: [201])
        #expect(try await client.send(created).path == "/x")
        let wrong = try failingEndpoint(status: 200, body: #"{"method":"POST","path":"/x"}"#, statuses: [201])
        let error = await #expect(throws: EndpointError.self) { try await client.send(wrong) }
        #expect(error?.status == 200)
    }

    struct Strict: Decodable, Sendable { struct Item: Decodable, Sendable { var id: Int }; var items: [Item] }

    @Test func decodingFailureNamesThePathAndShowsTheBody() async throws {
        let request = try failing(status: 200, body: #"{"items": [{"id": 1}, {"id": "two"}]}"#)
        let error = await #expect(throws: EndpointError.self) { try await client.send(request, as: Strict.self) }
        let thrown = try #require(error)
        guard case let .decoding(underlying, response) = thrown else { Issue.record("\(thrown)"); return }
        #expect(underlying is DecodingError)
        #expect(response.status == 200)
        #expect(thrown.description.contains("items[1].id"), "\(thrown)")
        #expect(thrown.description.contains(#"{\"items\": [{\"id\": 1}"#), "\(thrown)")
    }

    @Test func noContentDecodesAsVoid() async throws {
        let request = try HTTPRequest(.delete, baseURL: server.baseURLString) { Path("x"); Header("X-Echo-Status", 204) }
        try await client.send(Endpoint(request, decoder: .none))
        let response = try await client.data(for: request)
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
    }

    @Test func cancellationCancelsTheRequest() async throws {
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) { Path("slow"); Header("X-Echo-Delay", 30) }
        let client = self.client
        let start = ContinuousClock.now
        let task = Task { try await client.data(for: request) }
        try await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        let result = await task.result
        #expect(ContinuousClock.now - start < .seconds(15), "the server answers after 30 s; cancelling must not wait for it")
        guard case let .failure(error) = result, case .cancelled = error as? EndpointError else {
            Issue.record("expected cancellation, got \(result)"); return
        }
    }

    @Test func timeoutAndRefusedConnectionAreTransportErrors() async throws {
        let slow = try HTTPRequest(.get, baseURL: server.baseURLString) { Header("X-Echo-Delay", 3); Timeout(0.5) }
        let error = await #expect(throws: EndpointError.self) { try await client.data(for: slow) }
        guard case let .transport(underlying, request)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect((underlying as? URLError)?.code == .timedOut)
        #expect(request.timeout == 0.5)

        let closed = LocalHTTPServer.unusedPort()
        let refused = try HTTPRequest(.get, baseURL: "http://127.0.0.1:\(closed)") { Path("x") }
        let second = await #expect(throws: EndpointError.self) { try await client.data(for: refused) }
        guard case .transport? = second else { Issue.record("\(String(describing: second))"); return }
    }

    @Test func builderDefaultsAndSends() async throws {
        let built = try HTTPRequest(.get, baseURL: "https://example.test") {
            Path("a", "b c")
            Query("x", 1)
        }
        #expect(built.method == .get)
        #expect(built.url?.absoluteString == "https://example.test/a/b%20c?x=1")

        let live = try HTTPRequest(.post, baseURL: "http://127.0.0.1:\(server.port)/v1") {
            Path("items")
            Header("Accept", "application/json")
            JSONBody(["k": "v"])
        }
        let echoed = try await echo(live)
        #expect(echoed.method == "POST")
        #expect(echoed.path == "/v1/items")
        #expect(echoed.bodyText == #"{"k":"v"}"#)
    }
}

extension LocalHTTPServer {
    /// A port nothing listens on (bound, then released).
    static func unusedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
