import Foundation
import Testing
@testable import EndpointRuntime

// The code below is the architecture document's generated example, written out by hand, so the
// runtime is checked against exactly what the generator emits.

private typealias _RequiresEndpointRuntime = EndpointRuntimeVersion1

struct DetailedAthlete: Codable, Hashable, Sendable { var id: Int64; var firstname: String? }
struct DetailedActivity: Codable, Hashable, Sendable { var id: Int64; var name: String; var startDate: Date?
    enum CodingKeys: String, CodingKey { case id, name, startDate = "start_date" } }
struct SummaryActivity: Codable, Hashable, Sendable { var id: Int64 }
struct NewActivity: Codable, Hashable, Sendable { var name: String; var startDate: Date
    enum CodingKeys: String, CodingKey { case name, startDate = "start_date" } }
struct Fault: Codable, Hashable, Sendable { var message: String }
enum Sex: String, Codable, Hashable, Sendable, ParameterValue { case m = "M", f = "F" }

enum StravaAPI: Sendable {
    case athlete
    case activity(id: Int64, includeAllEfforts: Bool? = nil, ifNoneMatch: String? = nil)

    enum Activities: Sendable {
        case list(before: Date? = nil, perPage: Int = 30, ids: [Int64]? = nil)
        case create(body: NewActivity)
    }
}

extension StravaAPI: HTTPRequestable {
    static let baseURL = "https://www.strava.com/api/v3"

    func httpRequest() throws -> HTTPRequest {
        switch self {
        case .athlete:
            return try HTTPRequest(.get, baseURL: StravaAPI.baseURL) {
                Path("athlete")
                Header("Accept", "application/json")
                Auth(.bearer)
                Sample(#"{"id":1,"firstname":"Ada"}"#)
            }
        case let .activity(id, includeAllEfforts, ifNoneMatch):
            return try HTTPRequest(.get, baseURL: StravaAPI.baseURL) {
                Path("activities", id)
                Query("include_all_efforts", includeAllEfforts)
                Header("Accept", "application/json")
                Header("If-None-Match", ifNoneMatch)
                Auth(.bearer)
                ErrorBody(Fault.self, for: .code(404))
                Timeout(30)
            }
        }
    }
}

extension StravaAPI.Activities: HTTPRequestable {
    func httpRequest() throws -> HTTPRequest {
        switch self {
        case let .list(before, perPage, ids):
            return try HTTPRequest(.get, baseURL: StravaAPI.baseURL, dateFormat: .secondsSince1970) {
                Path("activities")
                Query("before", before)
                Query("per_page", perPage)
                Query("ids", ids, style: .comma)
                Header("Accept", "application/json")
                Auth(.bearer)
            }
        case let .create(body):
            return try HTTPRequest(.post, baseURL: StravaAPI.baseURL) {
                Path("activities")
                Header("Accept", "application/json")
                Auth(.bearer)
                JSONBody(body)
                ExpectedStatus(201)
            }
        }
    }
}

extension StravaAPI {
    enum Typed {
        static var athlete: Endpoint<DetailedAthlete> { Endpoint(StravaAPI.athlete, decoder: .json) }
        static func activity(id: Int64, includeAllEfforts: Bool? = nil, ifNoneMatch: String? = nil) -> Endpoint<DetailedActivity> {
            Endpoint(StravaAPI.activity(id: id, includeAllEfforts: includeAllEfforts, ifNoneMatch: ifNoneMatch), decoder: .json)
        }
        static func list(before: Date? = nil) -> Endpoint<[SummaryActivity]> {
            Endpoint(StravaAPI.Activities.list(before: before), decoder: .json)
        }
        static var readme: Endpoint<String> { Endpoint(StravaAPI.athlete, decoder: .text) }
        static var raw: Endpoint<Data> { Endpoint(StravaAPI.athlete, decoder: .data) }
        static var nothing: Endpoint<Void> { Endpoint(StravaAPI.athlete, decoder: .none) }
    }
}

@Suite struct GeneratedShapeTests {
    @Test func athleteRequest() throws {
        let request = try StravaAPI.athlete.httpRequest()
        #expect(request.method == .get)
        #expect(request.url?.absoluteString == "https://www.strava.com/api/v3/athlete")
        #expect(request.headers["accept"] == "application/json")
        #expect(request.auth == .bearer)
        #expect(request.baseURL == StravaAPI.baseURL)
        #expect(request.sample == Data(#"{"id":1,"firstname":"Ada"}"#.utf8))
        let urlRequest = try request.urlRequest()
        #expect(urlRequest.httpMethod == "GET")
        #expect(urlRequest.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func activityRequestWithOptionals() throws {
        let bare = try StravaAPI.activity(id: 42).httpRequest()
        #expect(bare.url?.absoluteString == "https://www.strava.com/api/v3/activities/42")
        #expect(bare.headers["If-None-Match"] == nil)
        #expect(bare.timeout == 30)
        #expect(bare.errorBodies.typeName(for: 404)?.hasSuffix("Fault") == true)
        #expect(bare.errorBodies.typeName(for: 500) == nil)

        let full = try StravaAPI.activity(id: 42, includeAllEfforts: true, ifNoneMatch: "\"abc\"").httpRequest()
        #expect(full.url?.absoluteString == "https://www.strava.com/api/v3/activities/42?include_all_efforts=true")
        #expect(full.headers["if-none-match"] == "\"abc\"")
        #expect(try full.urlRequest().timeoutInterval == 30)
    }

    @Test func listUsesDateFormatAndCommaStyle() throws {
        let request = try StravaAPI.Activities.list(before: Date(timeIntervalSince1970: 1_700_000_000), ids: [1, 2, 3]).httpRequest()
        #expect(request.dateFormat == .secondsSince1970)
        #expect(request.urlComponents.percentEncodedQuery == "before=1700000000&per_page=30&ids=1,2,3")
        let defaults = try StravaAPI.Activities.list().httpRequest()
        #expect(defaults.urlComponents.percentEncodedQuery == "per_page=30")
    }

    @Test func createHasJSONBodyAndExpectedStatus() throws {
        let body = NewActivity(name: "Run", startDate: Date(timeIntervalSince1970: 0))
        let request = try StravaAPI.Activities.create(body: body).httpRequest()
        #expect(request.method == .post)
        #expect(request.expectedStatus == 201)
        #expect(request.headers["Content-Type"] == "application/json")
        let json = try #require(request.body.map { String(decoding: $0, as: UTF8.self) })
        #expect(json.contains(#""start_date":"1970-01-01T00:00:00Z""#))
        #expect(json.contains(#""name":"Run""#))
    }

    @Test func typedEndpointsCarryDecoders() throws {
        let endpoint = StravaAPI.Typed.activity(id: 7)
        let request = try endpoint.httpRequest()
        let response = HTTPResponse(status: 200, body: Data(#"{"id":7,"name":"Ride","start_date":"2024-05-01T12:30:00.250Z"}"#.utf8), request: request)
        let activity = try endpoint.decoder.decode(response)
        #expect(activity.id == 7)
        #expect(activity.startDate == Date(timeIntervalSince1970: 1_714_566_600.25))
        #expect(try StravaAPI.Typed.readme.decoder.decode(HTTPResponse(status: 200, body: Data("hé".utf8), request: request)) == "hé")
        #expect(try StravaAPI.Typed.raw.decoder.decode(HTTPResponse(status: 200, body: Data([1, 2]), request: request)) == Data([1, 2]))
        try StravaAPI.Typed.nothing.decoder.decode(HTTPResponse(status: 204, request: request))
    }

    @Test func rawRepresentableEnumsAreParameterValues() throws {
        let request = try HTTPRequest(.get, baseURL: "https://x.test") { Query("sex", Sex.f); Path("who", Sex.m) }
        #expect(request.url?.absoluteString == "https://x.test/who/M?sex=F")
    }
}
