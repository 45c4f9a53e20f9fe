import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import EndpointRuntime

/// Declared response headers, written as the generator writes them.
struct RepoHeaders: ResponseHeaders {
    var eTag: String?
    var rateLimitRemaining: Int?
    var requestID: String
    var lastModified: Date?

    init(headers: HTTPHeaders) throws {
        eTag = try headers.optionalValue("ETag", as: String.self)
        rateLimitRemaining = try headers.optionalValue("X-RateLimit-Remaining", as: Int.self)
        requestID = try headers.requiredValue("X-Request-ID", as: String.self)
        lastModified = try headers.optionalValue("Last-Modified", as: Date.self)
    }
}

struct Echo: Decodable, Sendable, Equatable {
    var method: String
    var path: String
}

/// Typed headers, several success statuses and text error bodies, against the real local server.
@Suite struct TypedResponseTests {
    let server: LocalHTTPServer
    let client = HTTPClient(transport: URLSessionTransport(session: URLSession(configuration: .ephemeral)))

    init() async throws { server = try await LocalHTTPServer.start() }

    func request(status: Int = 200, headers: [String: String] = [:], body: String? = nil) throws -> HTTPRequest {
        let extra = String(decoding: try JSONSerialization.data(withJSONObject: headers, options: [.sortedKeys]), as: UTF8.self)
        return try HTTPRequest(.get, baseURL: server.baseURLString) {
            Path("repo")
            Header("X-Echo-Status", status)
            Header("X-Echo-Headers", extra)
            if let body { Header("X-Echo-Body", Data(body.utf8).base64EncodedString()) }
        }
    }

    @Test(arguments: [["ETag": "\"v1\"", "X-RateLimit-Remaining": "59", "X-Request-ID": "r-1"],
                      ["etag": "\"v1\"", "x-ratelimit-remaining": "59", "x-request-id": "r-1"],
                      ["Etag": "\"v1\"", "X-Ratelimit-Remaining": " 59 ", "X-REQUEST-ID": "r-1"]])
    func headersAreReadWhateverTheirCase(sent: [String: String]) async throws {
        let endpoint = EndpointWithHeaders<Echo, RepoHeaders>(Endpoint(try request(headers: sent), decoder: .json))
        let response = try await client.response(for: endpoint)
        #expect(response.status == 200)
        #expect(response.headers.eTag == "\"v1\"")
        #expect(response.headers.rateLimitRemaining == 59)
        #expect(response.headers.requestID == "r-1")
        #expect(response.headers.lastModified == nil)
        #expect(response.body.path == "/repo")
        // `send` returns the body alone.
        let body: Echo = try await client.send(endpoint)
        #expect(body.method == "GET")
    }

    @Test func anHTTPDateHeaderIsADate() async throws {
        let sent = ["Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT", "X-Request-ID": "r"]
        let response = try await client.response(for: EndpointWithHeaders<Echo, RepoHeaders>(Endpoint(try request(headers: sent), decoder: .json)))
        #expect(response.headers.lastModified == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test func aMissingRequiredHeaderIsAnErrorNamingIt() async throws {
        let endpoint = EndpointWithHeaders<Echo, RepoHeaders>(Endpoint(try request(headers: ["ETag": "x"]), decoder: .json))
        let error = await #expect(throws: EndpointError.self) { try await client.response(for: endpoint) }
        guard case let .decoding(underlying, response)? = error else { Issue.record("not a decoding error: \(String(describing: error))"); return }
        #expect(underlying as? ResponseHeaderError == .missing(name: "X-Request-ID"))
        #expect(response.status == 200)
        #expect(error?.description.contains("X-Request-ID") == true, "\(String(describing: error))")
        // `send` checks the declared headers too.
        await #expect(throws: EndpointError.self) { try await client.send(endpoint) }
    }

    /// `send(_:progress:)` and `download(_:to:progress:)` take any `EndpointProtocol`, as `send` and
    /// `response(for:)` do: with declared headers, `send` with progress still checks them.
    @Test func everyClientMethodTakesAnEndpointWithHeaders() async throws {
        let reported = Locked<[TransferProgress]>([])
        let good = EndpointWithHeaders<Echo, RepoHeaders>(Endpoint(try request(headers: ["X-Request-ID": "r-2"]), decoder: .json))
        let body = try await client.send(good) { progress in reported.withLock { $0.append(progress) } }
        #expect(body.path == "/repo")
        #expect(reported.withLock { $0.contains { $0.direction == .download } })

        let missing = EndpointWithHeaders<Echo, RepoHeaders>(Endpoint(try request(headers: ["ETag": "x"]), decoder: .json))
        let error = await #expect(throws: EndpointError.self) { try await client.send(missing) { _ in } }
        guard case let .decoding(underlying, _)? = error else { Issue.record("not a decoding error: \(String(describing: error))"); return }
        #expect(underlying as? ResponseHeaderError == .missing(name: "X-Request-ID"))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let head = try await client.download(good, to: file)
        #expect(head.status == 200)
        let written = try JSONDecoder().decode(Echo.self, from: Data(contentsOf: file))
        #expect(written == Echo(method: "GET", path: "/repo"))
    }

    @Test func aHeaderThatIsNotItsTypeIsAnErrorNamingIt() async throws {
        let endpoint = EndpointWithHeaders<Echo, RepoHeaders>(
            Endpoint(try request(headers: ["X-RateLimit-Remaining": "lots", "X-Request-ID": "r"]), decoder: .json))
        let error = await #expect(throws: EndpointError.self) { try await client.response(for: endpoint) }
        guard case let .decoding(underlying, _)? = error else { Issue.record("not a decoding error"); return }
        #expect(underlying as? ResponseHeaderError == .invalid(name: "X-RateLimit-Remaining", value: "lots", type: "Int"))
        #expect("\(underlying)" == #"The response header X-RateLimit-Remaining is "lots", which is not a Int."#)
    }

    /// Importing the runtime must not make the standard library's unlabeled initializers
    /// ambiguous when used as functions (`compactMap(Int.init)` in a user's file): this file
    /// does not compile if it does.
    @Test func theStandardInitializersStayUnambiguous() {
        #expect(["1", "x", "30"].compactMap(Int.init) == [1, 30])
        #expect(["7"].compactMap(Int64.init) == [7])
        #expect(["8"].compactMap(Int32.init) == [8])
    }

    @Test func headerValueTypes() throws {
        #expect(Int.headerValue("12") == 12)
        #expect(Int.headerValue("1.5") == nil)
        #expect(Int32.headerValue("-7") == -7 && Int32.headerValue("4294967296") == nil)
        #expect(String.headerValue("W/\"a\"") == "W/\"a\"")
        #expect(Float.headerValue("0.25") == 0.25 && Float.headerValue("inf") == nil)
        #expect(UUID.headerValue("e621e1f8-c36c-495a-93fc-0c247a3e6e5f") == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(Int64.headerValue("9007199254740993") == 9_007_199_254_740_993)
        #expect(Double.headerValue("0.25") == 0.25)
        #expect(Double.headerValue("nan") == nil)
        #expect(Bool.headerValue("TRUE") == true)
        #expect(Bool.headerValue("0") == false)
        #expect(Bool.headerValue("yes") == nil)
        #expect(URL.headerValue("https://a.test/x")?.host == "a.test")
        #expect(Date.headerValue("2024-01-02T03:04:05Z") == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(Date.headerValue("Sunday, 06-Nov-94 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(Date.headerValue("yesterday") == nil)
        // Through the generic reader, as generated headers read them: the conformance's own parse
        // (the floating-point one for `Double` and `Float`, which refuses `nan` and `inf`).
        let headers: HTTPHeaders = ["X-Ratio": "nan", "X-Scale": "inf", "X-Half": "0.5"]
        #expect(throws: ResponseHeaderError.self) { try headers.optionalValue("X-Ratio", as: Double.self) }
        #expect(throws: ResponseHeaderError.self) { try headers.optionalValue("X-Scale", as: Float.self) }
        #expect(try headers.requiredValue("X-Half", as: Double.self) == 0.5)
    }

    @Test func everyEndpointHasAResponseWithRawHeaders() async throws {
        let endpoint = Endpoint<Echo>(try request(headers: ["ETag": "abc"]), decoder: .json)
        let response = try await client.response(for: endpoint)
        #expect(response.status == 200)
        #expect(response.headers["etag"] == "abc")
        #expect(response.body.path == "/repo")
    }

    enum Listing: Sendable, Equatable {
        case ok([Int])
        case accepted(String)
        case noContent
    }

    @Test func optionalBodyForABodilessStatus() async throws {
        let decoder: ResponseDecoder<[Int]?> = .byStatus([.code(200): .wrapping(.json) { .some($0) }, .code(204): .value(nil)])
        let list = Endpoint(try request(body: "[1, 2]"), decoder: decoder, statuses: [200, 204])
        #expect(try await client.send(list) == [1, 2])
        let empty = Endpoint(try request(status: 204), decoder: decoder, statuses: [200, 204])
        #expect(try await client.send(empty) == nil)
        // A declared bodiless status never throws, whatever body comes with it.
        let junk = Endpoint(try request(status: 205, body: "<html>not json"), decoder: ResponseDecoder<[Int]?>.byStatus([.code(205): .value(nil)]), statuses: [205])
        #expect(try await client.send(junk) == nil)
        // An undeclared success status is not accepted.
        let other = Endpoint(try request(status: 201, body: "[1]"), decoder: decoder, statuses: [200, 204])
        let error = await #expect(throws: EndpointError.self) { try await client.send(other) }
        #expect(error?.status == 201)
    }

    @Test func enumForStatusesWithDifferentTypes() async throws {
        let decoder: ResponseDecoder<Listing> = .byStatus([
            .code(200): .wrapping(.json) { .ok($0) }, .code(202): .wrapping(.text) { .accepted($0) }, .code(204): .value(.noContent),
        ])
        func send(_ status: Int, _ body: String?) async throws -> Listing {
            try await client.send(Endpoint(try request(status: status, body: body), decoder: decoder, statuses: [200, 202, 204]))
        }
        #expect(try await send(200, "[3]") == .ok([3]))
        #expect(try await send(202, "queued") == .accepted("queued"))
        #expect(try await send(204, nil) == .noContent)
        await #expect(throws: EndpointError.self) { try await send(200, "not json") }
        // A range and an exact code: the exact code wins.
        let ranged: ResponseDecoder<Listing> = .byStatus([.range(2): .value(.noContent), .code(200): .wrapping(.json) { .ok($0) }])
        #expect(try await client.send(Endpoint(try request(status: 200, body: "[4]"), decoder: ranged)) == .ok([4]))
        #expect(try await client.send(Endpoint(try request(status: 203, body: "x"), decoder: ranged)) == .noContent)
    }

    @Test func aStringErrorBodyIsReadAsText() async throws {
        let endpoint = Endpoint<Echo>(try request(status: 409, headers: ["Content-Type": "text/plain"], body: "Conflict: not \"JSON\""),
                                      decoder: .json, errors: [.code(409): String.self])
        let error = await #expect(throws: ErrorResponse<String>.self) { try await client.send(endpoint) }
        #expect(error?.body == "Conflict: not \"JSON\"")
    }
}
