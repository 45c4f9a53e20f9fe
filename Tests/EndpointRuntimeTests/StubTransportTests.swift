import Foundation
import Testing
@testable import EndpointRuntime

@Suite struct StubTransportTests {
    @Test func servesSamplesAndRecordsRequests() async throws {
        let stub = StubTransport(samples: StravaAPI.samples)
        let client = HTTPClient(transport: stub)
        let athlete = try await client.send(StravaAPI.athlete)
        #expect(athlete == StravaAPI.DetailedAthlete(id: 1, firstname: "Ada"))
        let sent = await stub.requests
        #expect(sent.count == 1)
        #expect(sent.first?.url?.absoluteString == "https://www.strava.com/api/v3/athlete")

        // No sample and no stub: 404, which `send` reports as an unacceptable status.
        let error = await #expect(throws: EndpointError.self) { try await client.send(StravaAPI.activity(id: 1)) }
        #expect(error?.status == 404)

        // A sample with its status: the endpoint accepts only 201.
        let created = try await client.send(StravaAPI.Activities.create(body: .init(name: "Run", startDate: Date())))
        #expect(created.name == "Run")
    }

    @Test func stubsMatchMethodAndPathLatestFirst() async throws {
        let stub = StubTransport()
        await stub.stub(.get, path: "/activities/5", responses: [.json(#"{"id":5,"name":"old"}"#)])
        await stub.stub(.get, path: "activities/5", responses: [.json(#"{"id":5,"name":"Ride","start_date":"2024-01-02T03:04:05Z"}"#)])
        await stub.stub(.post, path: "/activities", responses: [.json(#"{"id":6,"name":"New"}"#, status: 201)])
        await stub.stub(.get, path: "/activities/7", responses: [.json(#"{"message":"gone"}"#, status: 410)])
        await stub.stub(.get, path: "/activities/8", responses: [.json(#"{"resource":"activity"}"#, status: 404)])
        await stub.stub(.get, path: "/activities/9", responses: [.json(#"{"message":"not a NotFound"}"#, status: 404)])
        let client = HTTPClient(transport: stub)

        let ride = try await client.send(StravaAPI.activity(id: 5))
        #expect(ride.name == "Ride")
        #expect(ride.startDate == Date(timeIntervalSince1970: 1_704_164_645))
        let created = try await client.send(StravaAPI.Activities.create(body: StravaAPI.NewActivity(name: "New", startDate: Date())))
        #expect(created.id == 6)
        // 410 matches only the shared 4XX body; 404 the endpoint's own, which wins over the range.
        let error = await #expect(throws: ErrorResponse<StravaAPI.Fault>.self) { try await client.send(StravaAPI.activity(id: 7)) }
        #expect(error?.body == StravaAPI.Fault(message: "gone"))
        let notFound = await #expect(throws: ErrorResponse<StravaAPI.NotFound>.self) { try await client.send(StravaAPI.activity(id: 8)) }
        #expect(notFound?.body == StravaAPI.NotFound(resource: "activity"))
        // A body that does not decode as the type declared for its status: an EndpointError with the response.
        let undecodable = await #expect(throws: EndpointError.self) { try await client.send(StravaAPI.activity(id: 9)) }
        #expect(undecodable?.status == 404)
        #expect(await stub.requests.map(\.method) == [.get, .post, .get, .get, .get])
    }

    @Test func failureStubsFailLikeTheNetwork() async throws {
        let stub = StubTransport()
        await stub.stub(path: "/athlete", responses: [.failure(URLError(.notConnectedToInternet))])
        let client = HTTPClient(transport: stub)
        let error = await #expect(throws: EndpointError.self) { try await client.send(StravaAPI.athlete) }
        guard case let .transport(underlying, request)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect((underlying as? URLError)?.code == .notConnectedToInternet)
        #expect(request.auth == .bearer)
    }

    @Test func baseURLOverrideAppliesBeforeTheTransport() async throws {
        let stub = StubTransport(samples: StravaAPI.samples)
        let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:8080/api/v3"), transport: stub)
        _ = try await client.send(StravaAPI.athlete)
        #expect(await stub.requests.first?.url?.absoluteString == "http://127.0.0.1:8080/api/v3/athlete")
        let staging = HTTPClient(baseURL: URL(string: "https://staging.test/"), transport: stub)
        _ = try? await staging.data(for: StravaAPI.Activities.list(perPage: 5))
        #expect(await stub.requests.last?.url?.absoluteString == "https://staging.test/activities?per_page=5")
    }

    @Test func invalidRequestsNeverReachTheTransport() async throws {
        struct Broken: HTTPRequestable {
            func httpRequest() throws -> HTTPRequest { try HTTPRequest(.get, baseURL: "::nope") { Path("x") } }
        }
        let stub = StubTransport()
        let client = HTTPClient(transport: stub)
        let error = await #expect(throws: EndpointError.self) { try await client.data(for: Broken()) }
        guard case .invalidRequest? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(await stub.requests.isEmpty)
    }
}
