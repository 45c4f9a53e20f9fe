import Foundation
import Testing
@testable import EndpointRuntime

// The code below is the architecture document's generated example, written out by hand, so the
// runtime is checked against exactly the shape the generator emits (docs/generated-code.md).

private typealias _RequiresEndpointRuntime = EndpointRuntimeVersion2

nonisolated enum StravaAPI {
    static let defaults = APIDefaults(
        baseURL: "https://www.strava.com/api/v3",
        headers: ["Accept": "application/json"],
        auth: AuthOptions([.bearer]),
        errors: [.range(4): Fault.self]
    )

    static var athlete: Endpoint<DetailedAthlete> {
        defaults.endpoint(Call.athlete, decoder: .json)
    }

    static func activity(id: Int64, includeAllEfforts: Bool? = nil, ifNoneMatch: String? = nil) -> Endpoint<DetailedActivity> {
        defaults.endpoint(Call.activity(id: id, includeAllEfforts: includeAllEfforts, ifNoneMatch: ifNoneMatch), decoder: .json,
                          errors: [.code(404): NotFound.self])
    }

    static var readme: Endpoint<String> { defaults.endpoint(Call.athlete, decoder: .text) }
    static var raw: Endpoint<Data> { defaults.endpoint(Call.athlete, decoder: .data) }
    static var nothing: Endpoint<Void> { defaults.endpoint(Call.athlete, decoder: .none) }
}

nonisolated extension StravaAPI {
    nonisolated enum Activities {
        static func list(before: Date? = nil, perPage: Int = 30, ids: [Int64]? = nil) -> Endpoint<[StravaAPI.SummaryActivity]> {
            StravaAPI.defaults.endpoint(StravaAPI.Call.activities(.list(before: before, perPage: perPage, ids: ids)), decoder: .json)
        }

        static func create(body: StravaAPI.NewActivity) -> Endpoint<StravaAPI.DetailedActivity> {
            StravaAPI.defaults.endpoint(StravaAPI.Call.activities(.create(body: body)), decoder: .json, statuses: [201])
        }
    }
}

nonisolated extension StravaAPI {
    nonisolated enum Call: HTTPRequestable, Sendable, Hashable {
        case athlete
        case activity(id: Int64, includeAllEfforts: Bool? = nil, ifNoneMatch: String? = nil)
        case activities(Activities.Call)

        func httpRequest() throws -> HTTPRequest {
            switch self {
            case .athlete:
                return try defaults.request(.get, [Path("athlete")])
            case let .activity(id, includeAllEfforts, ifNoneMatch):
                return try defaults.request(.get, [
                    Path("activities", id),
                    Query("include_all_efforts", includeAllEfforts),
                    Header("If-None-Match", ifNoneMatch),
                    Timeout(30),
                ])
            case let .activities(call):
                return try call.httpRequest()
            }
        }
    }
}

nonisolated extension StravaAPI.Activities {
    nonisolated enum Call: HTTPRequestable, Sendable, Hashable {
        case list(before: Date? = nil, perPage: Int = 30, ids: [Int64]? = nil)
        case create(body: StravaAPI.NewActivity)

        func httpRequest() throws -> HTTPRequest {
            switch self {
            case let .list(before, perPage, ids):
                return try StravaAPI.defaults.request(.get, [
                    Path("activities"),
                    Query("before", before),
                    Query("per_page", perPage),
                    Query("ids", ids, style: .comma),
                    Header.remove("Accept"),
                    AuthOptions([]),
                ])
            case let .create(body):
                return try StravaAPI.defaults.request(.post, [
                    Path("activities"),
                    JSONBody(body),
                ])
            }
        }
    }
}

nonisolated extension StravaAPI {
    nonisolated struct DetailedAthlete: Codable, Hashable, Sendable { var id: Int64; var firstname: String? }
    nonisolated struct DetailedActivity: Codable, Hashable, Sendable { var id: Int64; var name: String; var startDate: Date?
        enum CodingKeys: String, CodingKey { case id, name, startDate = "start_date" } }
    nonisolated struct SummaryActivity: Codable, Hashable, Sendable { var id: Int64 }
    nonisolated struct NewActivity: Codable, Hashable, Sendable { var name: String; var startDate: Date
        enum CodingKeys: String, CodingKey { case name, startDate = "start_date" } }
    nonisolated struct Fault: Codable, Hashable, Sendable { var message: String }
    nonisolated struct NotFound: Codable, Hashable, Sendable { var resource: String }
    nonisolated enum Sex: String, Codable, Hashable, Sendable, ParameterValue { case m = "M", f = "F" }
}

nonisolated extension StravaAPI {
    static let samples: [SampleResponse] = [
        SampleResponse(.get, "/athlete", json: #"{"id":1,"firstname":"Ada"}"#),
        SampleResponse(.post, "/activities", status: 201, json: #"{"id":2,"name":"Run"}"#),
    ]
}

@Suite struct GeneratedShapeTests {
    @Test func athleteRequestStartsFromTheDefaults() throws {
        let request = try StravaAPI.athlete.httpRequest()
        #expect(request.method == .get)
        #expect(request.url?.absoluteString == "https://www.strava.com/api/v3/athlete")
        #expect(request.headers["accept"] == "application/json")
        #expect(request.auth == .bearer)
        #expect(request.baseURL == StravaAPI.defaults.baseURL)
        let urlRequest = try request.urlRequest()
        #expect(urlRequest.httpMethod == "GET")
        #expect(urlRequest.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func theTypedValueExposesItsCaseAndTheRequestCarriesIt() throws {
        let endpoint = StravaAPI.Activities.list(perPage: 5)
        guard case .activities(.list(nil, 5, nil))? = endpoint.call as? StravaAPI.Call else {
            Issue.record("the endpoint does not wrap its case: \(endpoint.call)")
            return
        }
        let request = try endpoint.httpRequest()
        #expect(request.call as? StravaAPI.Call == .activities(.list(perPage: 5)))
        #expect(try StravaAPI.Call.activities(.list(perPage: 5)).httpRequest() == request)
    }

    @Test func activityRequestWithOptionals() throws {
        let bare = try StravaAPI.activity(id: 42).httpRequest()
        #expect(bare.url?.absoluteString == "https://www.strava.com/api/v3/activities/42")
        #expect(bare.headers["If-None-Match"] == nil)
        #expect(bare.timeout == 30)

        let full = try StravaAPI.activity(id: 42, includeAllEfforts: true, ifNoneMatch: "\"abc\"").httpRequest()
        #expect(full.url?.absoluteString == "https://www.strava.com/api/v3/activities/42?include_all_efforts=true")
        #expect(full.headers["if-none-match"] == "\"abc\"")
        #expect(try full.urlRequest().timeoutInterval == 30)
    }

    @Test func anEndpointRemovesAndReplacesWhatTheDefaultsSet() throws {
        let request = try StravaAPI.Activities.list(before: Date(timeIntervalSince1970: 1_700_000_000), ids: [1, 2, 3]).httpRequest()
        #expect(request.headers["Accept"] == nil)
        #expect(request.auth == AuthRequirement.none)
        // The shared date format is ISO 8601; query values encode every reserved character (`:` too).
        #expect(request.urlComponents.percentEncodedQuery == "before=2023-11-14T22%3A13%3A20Z&per_page=30&ids=1,2,3")
    }

    @Test func errorBodiesMergeTheSharedAndTheEndpointsOwn() throws {
        let endpoint = StravaAPI.activity(id: 1)
        #expect(endpoint.errors.typeName(for: 404)?.hasSuffix("NotFound") == true)
        #expect(endpoint.errors.typeName(for: 401)?.hasSuffix("Fault") == true)
        #expect(endpoint.errors.typeName(for: 500) == nil)
        #expect(StravaAPI.athlete.errors.typeName(for: 404)?.hasSuffix("Fault") == true)
    }

    @Test func createHasJSONBodyAndItsSuccessStatus() throws {
        let body = StravaAPI.NewActivity(name: "Run", startDate: Date(timeIntervalSince1970: 0))
        let endpoint = StravaAPI.Activities.create(body: body)
        #expect(endpoint.accepts(201))
        #expect(!endpoint.accepts(200))
        #expect(StravaAPI.athlete.accepts(204))
        let request = try endpoint.httpRequest()
        #expect(request.method == .post)
        #expect(request.headers["Content-Type"] == "application/json")
        let json = try #require(request.body.map { String(decoding: $0, as: UTF8.self) })
        #expect(json.contains(#""start_date":"1970-01-01T00:00:00Z""#))
        #expect(json.contains(#""name":"Run""#))
    }

    @Test func typedEndpointsDecodeTheirResponses() throws {
        let endpoint = StravaAPI.activity(id: 7)
        let request = try endpoint.httpRequest()
        let response = HTTPResponse(status: 200, body: Data(#"{"id":7,"name":"Ride","start_date":"2024-05-01T12:30:00.250Z"}"#.utf8), request: request)
        let activity = try endpoint.decode(response)
        #expect(activity.id == 7)
        #expect(activity.startDate == Date(timeIntervalSince1970: 1_714_566_600.25))
        #expect(try StravaAPI.readme.decode(HTTPResponse(status: 200, body: Data("hé".utf8), request: request)) == "hé")
        #expect(try StravaAPI.raw.decode(HTTPResponse(status: 200, body: Data([1, 2]), request: request)) == Data([1, 2]))
        try StravaAPI.nothing.decode(HTTPResponse(status: 204, request: request))
    }

    @Test func declaredErrorBodiesAreThrownAsTheirTypes() throws {
        let endpoint = StravaAPI.activity(id: 7)
        let request = try endpoint.httpRequest()
        let notFound = HTTPResponse(status: 404, body: Data(#"{"resource":"activity"}"#.utf8), request: request)
        do {
            _ = try endpoint.decode(notFound)
            Issue.record("a 404 decoded as a success")
        } catch let error as ErrorResponse<StravaAPI.NotFound> {
            #expect(error.body.resource == "activity")
            #expect(error.status == 404)
        }
        let forbidden = HTTPResponse(status: 403, body: Data(#"{"message":"no"}"#.utf8), request: request)
        do {
            _ = try endpoint.decode(forbidden)
        } catch let error as ErrorResponse<StravaAPI.Fault> {
            #expect(error.body.message == "no")
        }
        // A status with no declared body, or a body that is not the declared type: EndpointError.
        for response in [HTTPResponse(status: 500, body: Data("oops".utf8), request: request),
                         HTTPResponse(status: 404, body: Data("not json".utf8), request: request)] {
            do {
                _ = try endpoint.decode(response)
            } catch let error as EndpointError {
                guard case let .unacceptableStatus(answer) = error else { Issue.record("\(error)"); continue }
                #expect(answer.status == response.status)
            }
        }
    }

    @Test func samplesMatchRequestsByMethodAndPathTemplate() throws {
        let athlete = try StravaAPI.athlete.httpRequest()
        #expect(StravaAPI.samples[0].matches(athlete))
        #expect(!StravaAPI.samples[1].matches(athlete))
        let create = try StravaAPI.Activities.create(body: .init(name: "x", startDate: Date())).httpRequest()
        #expect(StravaAPI.samples[1].matches(create))
        let template = SampleResponse(.get, "/activities/{id}/streams.{format}", json: "{}")
        let streams = try HTTPRequest(.get, baseURL: "https://x.test/api") { Path("activities", 7, "streams.gpx") }
        #expect(template.matches(streams))
        let other = try HTTPRequest(.get, baseURL: "https://x.test/api") { Path("activities", 7, "laps") }
        #expect(!template.matches(other))
    }

    @Test func rawRepresentableEnumsAreParameterValues() throws {
        let request = try HTTPRequest(.get, baseURL: "https://x.test") { Query("sex", StravaAPI.Sex.f); Path("who", StravaAPI.Sex.m) }
        #expect(request.url?.absoluteString == "https://x.test/who/M?sex=F")
    }
}
