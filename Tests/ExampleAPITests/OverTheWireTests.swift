import EndpointRuntime
import ExampleAPIs
import Foundation
import TestSupport
import Testing

/// A few generated endpoints sent through `HTTPClient` to a real local server (TestSupport's echo
/// server on 127.0.0.1), the client replacing the spec's base URL.
@Suite struct OverTheWireTests {
    /// Asks the echo server to answer with `body` instead of its echo.
    static func cannedBody(_ body: String) -> ClosureMiddleware {
        ClosureMiddleware { request, next in
            var request = request
            request.headers.replace("X-Echo-Body", with: Data(body.utf8).base64EncodedString())
            return try await next(request)
        }
    }

    @Test func stravaTypedAndSeedStyleCalls() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let athleteJSON = #"{"id":134815,"firstname":"Marianne","sex":"F","created_at":"2017-11-14T02:30:05Z","measurement_preference":"meters"}"#
        let client = HTTPClient(baseURL: URL(string: server.baseURLString + "/api/v3"),
                                middleware: [AuthMiddleware(credentials: .bearer("t0k3n")), Self.cannedBody(athleteJSON)])
        let typed = try await client.send(StravaAPI.Typed.athlete)
        #expect(typed.id == 134815)
        #expect(typed.sex == .f)
        #expect(typed.measurementPreference == .meters)
        #expect(typed.createdAt == Date(timeIntervalSince1970: 1_510_626_605))
        let seed = try await client.send(StravaAPI.athlete, as: DetailedAthlete.self)
        #expect(seed == typed)

        // What arrived: the path below the replaced base, the bearer token, the spec's Accept header.
        let echo = try await HTTPClient(baseURL: URL(string: server.baseURLString + "/api/v3"),
                                        middleware: [AuthMiddleware(credentials: .bearer("t0k3n"))])
            .send(StravaAPI.Activities.streams(id: 7, keys: [.time, .watts]), as: EchoedRequest.self)
        #expect(echo.method == "GET")
        #expect(echo.rawPath == "/api/v3/activities/7/streams")
        #expect(echo.rawQuery == "keys=time,watts&key_by_type=true")
        #expect(echo.header("Authorization") == "Bearer t0k3n")
        #expect(echo.header("Accept") == "application/json")
    }

    @Test func bodiesArriveAsEncoded() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let client = HTTPClient(baseURL: server.baseURL)

        let json = try await client.send(HTTPBin.Anything.jsonPatch(body: ["a": .int(1)]), as: EchoedRequest.self)
        #expect(json.method == "PATCH")
        #expect(json.rawPath == "/anything/json")
        #expect(json.header("Content-Type") == "application/merge-patch+json")
        #expect(json.bodyText == #"{"a":1}"#)
        #expect(json.header("X-Group") == "anything")
        #expect(json.header("X-Client") == nil)

        let form = try await client.send(HTTPBin.Anything.form(body: SignupForm(email: "a@b.c", newsletter: false, interests: [])),
                                         as: EchoedRequest.self)
        #expect(form.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(form.bodyText == "email=a%40b.c&newsletter=false")

        let upload = try await client.send(HTTPBin.Anything.multipart(body: FileUpload(file: Data("bytes!".utf8), title: "t")),
                                           as: EchoedRequest.self)
        #expect(upload.method == "PUT")
        let contentType = try #require(upload.header("Content-Type"))
        let boundary = try #require(contentType.components(separatedBy: "boundary=").last)
        #expect(upload.bodyText.contains("--\(boundary)\r\n"))
        #expect(upload.bodyText.contains("bytes!"))
        #expect(upload.bodyText.hasSuffix("--\(boundary)--\r\n"))

        let text = try await client.data(for: HTTPBin.Anything.text(body: "plain ✓"))
        let textEcho = try EchoedRequest(from: text.body)
        #expect(textEcho.bodyText == "plain ✓")
        #expect(textEcho.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func pathAndQueryEncodingOnTheWire() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let client = HTTPClient(baseURL: server.baseURL)
        let file = try await client.send(HTTPBin.Anything.file(name: "a/b c"), as: EchoedRequest.self)
        #expect(file.rawPath == "/anything/files/a%2Fb%20c.json")
        let get = try await client.send(HTTPBin.get(tag: ["x", "y"], page: 3), as: EchoedRequest.self)
        #expect(get.rawPath == "/get")
        #expect(get.rawQuery?.hasPrefix("tag=x&tag=y&ids=1") == true)
        #expect(get.rawQuery?.contains("&page=3&sort=descending&order=default&search-term=swift%20%226%22") == true)
        #expect(get.header("X-Client") == "endpoint-gen-example")
    }
}
