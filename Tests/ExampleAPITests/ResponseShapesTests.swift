import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing
import TestSupport

/// specs/ResponseShapes.endpoints.json: every shape of `responses`, headers structs with colliding
/// names, and pagination through models named `Pagination` and `PageBody`, served by a stub.
@Suite struct ResponseShapesTests {
    @Test func headersStructNamedLikeTheRuntimeProtocol() async throws {
        let stub = StubTransport()
        await stub.stub(.get, path: "/response", responses: [.json(#"{"id": 1}"#, headers: [
            "x-total": "3", "Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Location": "https://shapes.example.com/things/1",
            "X-Flag": "true", "X-Ratio": "0.5", "X-Big": "9007199254740993", "Class": "gold",
            "X-Small": "-7", "X-Scale": "1.5", "X-Request-Id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "X-Mode": "test",
        ])])
        let response = try await HTTPClient(transport: stub).response(for: ResponseShapes.response)
        #expect(response.headers == ResponseShapes.ResponseHeaders(
            xTotal: 3, date: Date(timeIntervalSince1970: 784_111_777), location: URL(string: "https://shapes.example.com/things/1"),
            xFlag: true, xRatio: 0.5, xBig: 9_007_199_254_740_993, xSmall: -7, xScale: 1.5,
            xRequestId: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), xMode: .test, class: "gold"))

        // An enum header keeps a value the spec does not list, as enum models do.
        await stub.stub(.get, path: "/response", responses: [.json(#"{"id": 1}"#, headers: ["X-Total": "1", "Date": "2024-01-02T03:04:05Z",
                                                                                           "X-Mode": "staging", "X-Small": "99999999999"])])
        let error = await #expect(throws: EndpointError.self) { try await HTTPClient(transport: stub).response(for: ResponseShapes.response) }
        #expect(error?.description.contains("X-Small") == true, "\(String(describing: error))")

        await stub.stub(.head, path: "/headers", responses: [StubResponse(status: 200, headers: ["headers": "h"])])
        #expect(try await HTTPClient(transport: stub).response(for: ResponseShapes.headers).headers.headers == "h")
    }

    /// Headers of several success statuses and of error responses, read from what the local server
    /// answers.
    @Test func headersOfSeveralStatusesAndOfErrorsFromRealResponses() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        func client(_ body: String, status: Int, headers: [String: String]) -> HTTPClient {
            HTTPClient(baseURL: server.baseURL, middleware: [OverTheWireTests.canned(body, status: status, headers: headers)])
        }
        let deploy = ResponseShapes.deploy(body: .init(id: 7))

        // 201: a body, `Location` and the request id, which every status declares required.
        let created = try await client(#"{"id": 7}"#, status: 201, headers: ["Location": "https://shapes.example.com/d/7", "x-request-id": "r1"])
            .response(for: deploy)
        #expect(created.status == 201)
        #expect(created.body == ResponseShapes.Thing(id: 7))
        #expect(created.headers == ResponseShapes.DeployHeaders(location: URL(string: "https://shapes.example.com/d/7"), xRequestId: "r1"))

        // 202: no body; `Retry-After`, which only this status declares, is read; `Location` is absent.
        let accepted = try await client("", status: 202, headers: ["X-Request-Id": "r2", "Retry-After": "5"]).response(for: deploy)
        #expect(accepted.body == nil)
        #expect(accepted.headers == ResponseShapes.DeployHeaders(xRequestId: "r2", retryAfter: 5))

        // A header every status declares required is checked whatever the status; a malformed one names itself.
        let missing = await #expect(throws: EndpointError.self) {
            try await client(#"{"id": 7}"#, status: 201, headers: [:]).send(deploy)
        }
        #expect(missing?.description.contains("X-Request-Id") == true, "\(String(describing: missing))")
        let malformed = await #expect(throws: EndpointError.self) {
            try await client("", status: 202, headers: ["X-Request-Id": "r3", "Retry-After": "soon"]).send(deploy)
        }
        #expect(malformed?.description.contains("Retry-After") == true)

        // An error response: its body thrown as its type, its headers read as the endpoint's error headers.
        do {
            try await client(#"{"message": "busy"}"#, status: 409, headers: ["X-Request-Id": "r4", "Idempotency-Key": "k-9"]).send(deploy)
            Issue.record("a 409 is an error")
        } catch let error as ErrorResponse<ResponseShapes.Problem> {
            #expect(error.body.message == "busy")
            let headers = try error.headers(as: ResponseShapes.DeployErrorHeaders.self)
            #expect(headers == ResponseShapes.DeployErrorHeaders(xRequestId: "r4", idempotencyKey: "k-9"))
        }
        // A status that declares no headers (5XX) still reads, every error header being optional.
        do {
            try await client("down", status: 503, headers: [:]).send(deploy)
            Issue.record("a 503 is an error")
        } catch let error as ErrorResponse<String> {
            #expect(error.body == "down")
            #expect(try error.headers(as: ResponseShapes.DeployErrorHeaders.self) == ResponseShapes.DeployErrorHeaders())
        }
    }

    @Test func everyShapeOfResponses() async throws {
        let stub = StubTransport()
        let client = HTTPClient(transport: stub)
        await stub.stub(.post, path: "/jobs", responses: [StubResponse(status: 202, body: Data("queued".utf8)), StubResponse(status: 204)])
        try await client.send(ResponseShapes.acceptedOrNoContent)
        try await client.send(ResponseShapes.acceptedOrNoContent)

        await stub.stub(.put, path: "/things/1", responses: [.json(#"{"id": 1}"#, status: 201)])
        #expect(try await client.send(ResponseShapes.okOrCreated(id: 1, body: .init(id: 1))) == ResponseShapes.Thing(id: 1))

        await stub.stub(.get, path: "/things/1/raw", responses: [.json(#"{"id": 1}"#), StubResponse(status: 206, body: Data([0, 1, 2]))])
        #expect(try await client.send(ResponseShapes.thingOrBytes(id: 1)) == .ok(ResponseShapes.Thing(id: 1)))
        #expect(try await client.send(ResponseShapes.thingOrBytes(id: 1)) == .success(Data([0, 1, 2])))

        await stub.stub(.get, path: "/note", responses: [.json(#""hello""#), StubResponse(status: 204, body: Data("not JSON".utf8))])
        #expect(try await client.send(ResponseShapes.textOrNothing) == "hello")
        #expect(try await client.send(ResponseShapes.textOrNothing) == nil)

        await stub.stub(.get, path: "/export", responses: [StubResponse(status: 200, headers: ["Content-Type": "text/csv"], body: Data("a,b".utf8)),
                                                           StubResponse(status: 204)])
        #expect(try await client.send(ResponseShapes.fileOrNothing)?.data == Data("a,b".utf8))
        #expect(try await client.send(ResponseShapes.fileOrNothing) == nil)

        await stub.stub(.post, path: "/batch", responses: [
            .json(#"[{"id": 2}]"#, status: 201), .json(#"{"any": [1]}"#, status: 203), .json(#"{"a": 1}"#, status: 207), StubResponse(status: 204),
        ])
        #expect(try await client.send(ResponseShapes.manyStatuses) == .created([ResponseShapes.Thing(id: 2)]))
        #expect(try await client.send(ResponseShapes.manyStatuses) == .nonAuthoritativeInformation(["any": [1]]))
        #expect(try await client.send(ResponseShapes.manyStatuses) == .multiStatus(["a": 1]))
        #expect(try await client.send(ResponseShapes.manyStatuses) == .noContent)
    }

    @Test func pagesThroughModelsNamedLikeRuntimeTypes() async throws {
        let stub = StubTransport()
        let client = HTTPClient(transport: stub)
        await stub.stub(.get, path: "/pages/cursor", responses: [
            .json(#"{"things": [{"id": 1}], "links": {"next": "a&b"}}"#),
            .json(#"{"links": {"next": null}}"#),
        ])
        var ids: [Int] = []
        for try await thing in client.items(ResponseShapes.Pages.cursor()) { ids.append(thing.id) }
        #expect(ids == [1], "a page without its optional items has none")
        #expect(await stub.requests.map { $0.urlComponents.percentEncodedQuery ?? "" } == ["", "page%5Bcursor%5D=a%26b"])

        await stub.stub(.get, path: "/pages/numbered", responses: [
            .json(#"{"page_items": [{"id": 1}, {"id": 2}], "total": 3}"#), .json(#"{"page_items": [{"id": 3}], "total": 3}"#),
            .json(#"{"page_items": [], "total": 3}"#),
        ])
        let earlier = await stub.requests.count
        ids = []
        for try await thing in client.items(ResponseShapes.Pages.numbered(p: 1, size: 2)) { ids.append(thing.id) }
        #expect(ids == [1, 2, 3])
        #expect(await stub.requests.dropFirst(earlier).map { $0.urlComponents.percentEncodedQuery ?? "" } == ["p=1&size=2", "p=2&size=2", "p=3&size=2"])

        await stub.stub(.get, path: "/pages/linked", responses: [
            .json(#"[{"id": 1}]"#, headers: ["Link": #"</pages/linked?after=1>; rel="next""#, "X-Total-Count": "2"]),
            .json(#"[{"id": 2}]"#),
        ])
        ids = []
        for try await page in client.pages(ResponseShapes.Pages.linked) { ids += page.map(\.id) }
        #expect(ids == [1, 2])
        #expect(try await client.response(for: ResponseShapes.Pages.linked).headers.xTotalCount == nil, "the last stub response again")
    }
}
