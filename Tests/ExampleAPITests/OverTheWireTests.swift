import EndpointRuntime
import ExampleAPIs
import Foundation
import TestSupport
import Testing

/// A few generated endpoints sent through `HTTPClient` to a real local server (TestSupport's echo
/// server on 127.0.0.1), the client replacing the spec's base URL.
@Suite struct OverTheWireTests {
    /// Asks the echo server to answer with `body` (and `status`, when given) instead of its echo.
    static func canned(_ body: String, status: Int? = nil, headers: [String: String] = [:]) -> ClosureMiddleware {
        ClosureMiddleware { request, next in
            var request = request
            request.headers["X-Echo-Body"] = Data(body.utf8).base64EncodedString()
            if let status { request.headers["X-Echo-Status"] = String(status) }
            if !headers.isEmpty {
                let json = try JSONSerialization.data(withJSONObject: headers, options: [.sortedKeys])
                request.headers["X-Echo-Headers"] = String(decoding: json, as: UTF8.self)
            }
            return try await next(request)
        }
    }

    static let athleteJSON = #"{"id":134815,"firstname":"Marianne","sex":"F","created_at":"2017-11-14T02:30:05Z","measurement_preference":"meters"}"#
    static let faultJSON = #"{"message":"Record Not Found","errors":[{"resource":"Athlete","field":"id","code":"invalid"}]}"#

    /// The credentials that arrive at the server for generated endpoints with auth alternatives and
    /// optional auth, and where an endpoint with its own base URL is sent.
    @Test func authAlternativesOptionalAuthAndOwnServersOverTheWire() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let base = URL(string: server.baseURLString)
        func arrived(_ client: HTTPClient, _ endpoint: Endpoint<HTTPBin.EchoResponse>) async throws -> EchoedRequest {
            try EchoedRequest(from: try await client.data(for: endpoint).body)
        }
        let withToken = HTTPClient(baseURL: base, middleware: [AuthMiddleware(credentials: .bearer("t0k3n"))])
        let withBasic = HTTPClient(baseURL: base, middleware: [AuthMiddleware(credentials: .basic(username: "ada", password: "pw"))])
        let withNothing = HTTPClient(baseURL: base, middleware: [AuthMiddleware { _, _ in nil }])

        // Alternatives: whichever the client holds credentials for.
        #expect(try await arrived(withToken, HTTPBin.Auth.bearerOrBasic).header("Authorization") == "Bearer t0k3n")
        #expect(try await arrived(withBasic, HTTPBin.Auth.bearerOrBasic).header("Authorization")
                == "Basic " + Data("ada:pw".utf8).base64EncodedString())
        // Optional: the token when there is one, else nothing, and no error.
        let optional = try await arrived(withToken, HTTPBin.Auth.optionalBearer)
        #expect(optional.header("Authorization") == "Bearer t0k3n")
        #expect(optional.rawPath == "/anything/optional")
        #expect(try await arrived(withNothing, HTTPBin.Auth.optionalBearer).header("Authorization") == nil)
        #expect(try await arrived(withBasic, HTTPBin.Auth.optionalBearer).header("Authorization") == nil)
        // Required, with credentials of another kind only: an error, as before.
        let keyOnly = HTTPClient(baseURL: base, middleware: [AuthMiddleware(credentials: .apiKey("k"))])
        await #expect(throws: EndpointError.self) { try await keyOnly.send(HTTPBin.Auth.bearerOrBasic) }

        // Schemes sent together: both keys, each asked for by its name, when the client holds both;
        // else the next alternative (basic) alone.
        let clientAndSecret = HTTPClient(baseURL: base, middleware: [AuthMiddleware { requirement, _ in
            switch requirement {
            case .apiKey(.header, "X-Client-ID"): return .apiKey("client-7")
            case .apiKey(.header, "X-Client-Secret"): return .apiKey("s3cr3t")
            default: return nil
            }
        }])
        let together = try await arrived(clientAndSecret, HTTPBin.Auth.clientAndSecret)
        #expect(together.header("X-Client-ID") == "client-7")
        #expect(together.header("X-Client-Secret") == "s3cr3t")
        #expect(together.header("Authorization") == nil)
        // A key in a cookie goes beside the request's own cookies, in the one Cookie field.
        let cookieKey = try await arrived(HTTPClient(baseURL: base, middleware: [AuthMiddleware(credentials: .apiKey("k; 1"))]),
                                          HTTPBin.Auth.cookieKey(theme: "dark"))
        #expect(cookieKey.header("Cookie") == "theme=dark; session-key=k%3B%201")
        let basicInstead = try await arrived(withBasic, HTTPBin.Auth.clientAndSecret)
        #expect(basicInstead.header("Authorization") == "Basic " + Data("ada:pw".utf8).base64EncodedString())
        #expect(basicInstead.header("X-Client-ID") == nil)

        // An endpoint with its own base URL keeps it when the client has another base URL...
        let seen = Recorder<String>()
        let spy = ClosureMiddleware { request, next in
            seen.append(request.url?.absoluteString ?? "")
            if request.url?.host == "eu.httpbin.org" { return HTTPResponse(status: 599, headers: [:], body: Data(), request: request) }
            return try await next(request)
        }
        let staging = HTTPClient(baseURL: base, middleware: [spy])
        #expect(try await staging.data(for: HTTPBin.mirror).status == 599)
        #expect(seen.values == ["https://eu.httpbin.org/v2/get"])
        // ...and goes where the client's entry for it says.
        let mapped = HTTPClient(baseURL: base, baseURLs: ["https://eu.httpbin.org/v2": URL(string: server.baseURLString + "/eu")!])
        #expect(try await arrived(mapped, HTTPBin.mirror).rawPath == "/eu/get")
    }

    @Test func stravaTypedAndCaseCalls() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let client = HTTPClient(baseURL: URL(string: server.baseURLString + "/api/v3"),
                                middleware: [AuthMiddleware(credentials: .bearer("t0k3n")), Self.canned(Self.athleteJSON)])
        // The typed value: `send` returns the declared type, nothing else needed.
        let typed: StravaAPI.DetailedAthlete = try await client.send(StravaAPI.athlete)
        #expect(typed.id == 134815)
        #expect(typed.sex == .f)
        #expect(typed.measurementPreference == .meters)
        #expect(typed.createdAt == Date(timeIntervalSince1970: 1_510_626_605))
        // The `Call` case with a type named at the call site reads the same body.
        let byCase = try await client.send(StravaAPI.Call.athlete, as: StravaAPI.DetailedAthlete.self)
        #expect(byCase == typed)

        // What arrived: the path below the replaced base, the bearer token, the spec's Accept header.
        let plain = HTTPClient(baseURL: URL(string: server.baseURLString + "/api/v3"),
                               middleware: [AuthMiddleware(credentials: .bearer("t0k3n"))])
        let response = try await plain.data(for: StravaAPI.Activities.streams(id: 7, keys: [.time, .watts]))
        #expect(response.status == 200)
        #expect(response.request.call as? StravaAPI.Call == .activities(.streams(id: 7, keys: [.time, .watts])))
        let echo = try EchoedRequest(from: response.body)
        #expect(echo.method == "GET")
        #expect(echo.rawPath == "/api/v3/activities/7/streams")
        #expect(echo.rawQuery == "keys=time,watts&key_by_type=true")
        #expect(echo.header("Authorization") == "Bearer t0k3n")
        #expect(echo.header("Accept") == "application/json")
        // A group case sent on its own arrives the same way.
        let byGroupCase = try await plain.send(StravaAPI.Activities.Call.streams(id: 7, keys: [.time, .watts]), as: EchoedRequest.self)
        #expect(byGroupCase.path == echo.path)
        // (The transport may send header fields in another order.)
        #expect(Set(byGroupCase.headers.filter { $0.first != "Host" }) == Set(echo.headers.filter { $0.first != "Host" }))
    }

    @Test func declaredErrorBodiesArriveAsTheirTypes() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let base = URL(string: server.baseURLString + "/api/v3")

        // 404 is declared for `athlete_stats` (and 4XX): the body reaches `catch` as StravaAPI.Fault.
        let notFound = HTTPClient(baseURL: base, middleware: [Self.canned(Self.faultJSON, status: 404, headers: ["X-Trace": "t-1"])])
        do {
            _ = try await notFound.send(StravaAPI.athleteStats(id: 134815))
            Issue.record("a 404 was returned as a success")
        } catch let error as ErrorResponse<StravaAPI.Fault> {
            #expect(error.status == 404)
            #expect(error.body.message == "Record Not Found")
            #expect(error.body.errors == [StravaAPI.FaultError(code: "invalid", field: "id", resource: "Athlete")])
            #expect(error.response.headers["X-Trace"] == "t-1")
            #expect(error.response.status == 404)
            #expect(error.response.request.urlComponents.path == "/api/v3/athletes/134815/stats")
            #expect(error.response.request.call as? StravaAPI.Call == .athleteStats(id: 134815))
            #expect(error.description.contains("404"))
        }

        // 401 matches the declared 4XX range of `athlete`.
        let unauthorized = HTTPClient(baseURL: base, middleware: [Self.canned(#"{"message":"Authorization Error"}"#, status: 401)])
        do {
            _ = try await unauthorized.send(StravaAPI.athlete)
            Issue.record("a 401 was returned as a success")
        } catch let error as ErrorResponse<StravaAPI.Fault> {
            #expect(error.status == 401)
            #expect(error.body == StravaAPI.Fault(message: "Authorization Error"))
        }

        // A group endpoint's declared 4XX body, made by the typed factory of a group.
        let groupClient = HTTPClient(baseURL: base, middleware: [Self.canned(#"{"message":"Forbidden"}"#, status: 403)])
        await #expect(throws: ErrorResponse<StravaAPI.Fault>.self) {
            _ = try await groupClient.send(StravaAPI.Activities.get(id: 1))
        }

        // 500 is declared nowhere: an EndpointError, the response kept.
        let serverError = HTTPClient(baseURL: base, middleware: [Self.canned(#"{"message":"oops"}"#, status: 500)])
        do {
            _ = try await serverError.send(StravaAPI.athlete)
            Issue.record("a 500 was returned as a success")
        } catch let error as EndpointError {
            guard case let .unacceptableStatus(response) = error else {
                Issue.record("expected unacceptableStatus, got \(error)")
                return
            }
            #expect(response.status == 500)
            #expect(response.text == #"{"message":"oops"}"#)
            #expect(error.status == 500)
        }

        // An endpoint that declares no error body of its own (`athlete_zones`) still has the API's
        // shared 4XX body (the spec's top-level `errors`), and nothing for a 500.
        let zones = HTTPClient(baseURL: base, middleware: [Self.canned(Self.faultJSON, status: 404)])
        await #expect(throws: ErrorResponse<StravaAPI.Fault>.self) { _ = try await zones.send(StravaAPI.athleteZones) }
        let zonesDown = HTTPClient(baseURL: base, middleware: [Self.canned(Self.faultJSON, status: 503)])
        do {
            _ = try await zonesDown.send(StravaAPI.athleteZones)
            Issue.record("a 503 was returned as a success")
        } catch let error as EndpointError {
            #expect(error.status == 503)
        }

        // A declared body that does not decode as its type is an EndpointError with the response.
        let garbled = HTTPClient(baseURL: base, middleware: [Self.canned("<html>not json</html>", status: 404)])
        do {
            _ = try await garbled.send(StravaAPI.athleteStats(id: 1))
            Issue.record("a 404 was returned as a success")
        } catch let error as EndpointError {
            #expect(error.status == 404)
            #expect(error.response?.text == "<html>not json</html>")
        }
    }

    @Test func errorBodiesOfEveryKindAndSuccessStatuses() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        // HTTPBin's `status`: 404 and 5XX are JSON, anything else (`default`) is text; only 200 is a success.
        let teapot = HTTPClient(baseURL: server.baseURL, middleware: [Self.canned("I'm a teapot", status: 418)])
        do {
            try await teapot.send(HTTPBin.status(code: 418))
            Issue.record("a 418 was returned as a success")
        } catch let error as ErrorResponse<String> {
            #expect(error.status == 418)
            #expect(error.body == "I'm a teapot")
        }
        let unavailable = HTTPClient(baseURL: server.baseURL, middleware: [Self.canned(#"{"retry":true}"#, status: 503)])
        do {
            try await unavailable.send(HTTPBin.status(code: 503))
            Issue.record("a 503 was returned as a success")
        } catch let error as ErrorResponse<JSONValue> {
            #expect(error.status == 503)
            #expect(error.body == .object(["retry": .bool(true)]))
        }
        let ok = HTTPClient(baseURL: server.baseURL)
        try await ok.send(HTTPBin.status(code: 200))

        // `anything.delete` succeeds with 204 only: the echo's 200 is refused, a 204 accepted.
        let id = UUID()
        do {
            try await ok.send(HTTPBin.Anything.delete(id: id))
            Issue.record("a 200 was accepted by an endpoint that expects 204")
        } catch let error as EndpointError {
            guard case let .unacceptableStatus(response) = error else {
                Issue.record("expected unacceptableStatus, got \(error)")
                return
            }
            #expect(response.status == 200)
            #expect(try EchoedRequest(from: response.body).rawPath == "/anything/items/\(id.uuidString)")
        }
        let noContent = HTTPClient(baseURL: server.baseURL, middleware: [ClosureMiddleware { request, next in
            var request = request
            request.headers["X-Echo-Status"] = "204"
            return try await next(request)
        }])
        try await noContent.send(HTTPBin.Anything.delete(id: id))
    }

    /// Middleware sees the `Call` case a request was made from and can match on it.
    @Test func middlewareMatchesTheCallCase() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let seen = Recorder<StravaAPI.Call>()
        let matcher = ClosureMiddleware { request, next in
            guard let call = request.call as? StravaAPI.Call else { return try await next(request) }
            seen.append(call)
            var request = request
            switch call {
            case let .gear(.get(id)):
                // Answer this one case with canned gear carrying the id from the case.
                let body = #"{"id":"\#(id)","name":"Road bike","primary":true}"#
                request.headers["X-Echo-Body"] = Data(body.utf8).base64EncodedString()
            case .athlete:
                request.headers["X-Echo-Body"] = Data(Self.athleteJSON.utf8).base64EncodedString()
            default:
                request.headers["X-Matched"] = "other"
            }
            return try await next(request)
        }
        let client = HTTPClient(baseURL: URL(string: server.baseURLString + "/api/v3"), middleware: [matcher])

        let gear = try await client.send(StravaAPI.Gear.get(id: "b12345"))
        #expect(gear == StravaAPI.DetailedGear(id: "b12345", primary: true, name: "Road bike"))
        let athlete = try await client.send(StravaAPI.athlete)
        #expect(athlete.firstname == "Marianne")
        let other = try await client.data(for: StravaAPI.Routes.exportGpx(id: 5))
        let otherEcho = try EchoedRequest(from: other.body)
        #expect(otherEcho.header("X-Matched") == "other")
        #expect(otherEcho.header("Accept") == "application/gpx+xml")
        // A case sent without its typed value is still seen as itself.
        let laps = try await client.data(for: StravaAPI.Call.activities(.laps(id: 3)))
        #expect(try EchoedRequest(from: laps.body).rawPath == "/api/v3/activities/3/laps")
        // A request made by hand carries no case.
        let byHand = try await client.data(for: try HTTPRequest(.get, baseURL: StravaAPI.defaults.baseURL) { Path("athlete") })
        #expect(byHand.request.call == nil)
        #expect(try EchoedRequest(from: byHand.body).header("X-Matched") == nil)

        #expect(seen.values == [.gear(.get(id: "b12345")), .athlete, .routes(.exportGpx(id: 5)), .activities(.laps(id: 3))])
        // The groups' own `Call` enums are what the API's cases wrap.
        let activities: [StravaAPI.Activities.Call] = seen.values.compactMap {
            if case let .activities(call) = $0 { return call } else { return nil }
        }
        #expect(activities == [.laps(id: 3)])
    }

    /// `StubTransport(samples:)` answers from the spec's samples, with no server.
    @Test func stubTransportServesTheSpecSamples() async throws {
        let stub = StubTransport(samples: StravaAPI.samples)
        let client = HTTPClient(transport: stub)
        let athlete = try await client.send(StravaAPI.athlete)
        #expect(athlete.id == 134815)
        #expect(athlete.username == "marianne_t")
        #expect(athlete.firstname == "Marianne" && athlete.lastname == "Teutenberg")
        #expect(athlete.sex == .f && athlete.premium == true && athlete.weight == 58)
        #expect(athlete.createdAt == Date(timeIntervalSince1970: 1_510_626_605))
        // Also below another base URL, as the sample's path matches the path's tail.
        let rebased = try await HTTPClient(baseURL: URL(string: "http://127.0.0.1:1/api/v3"), transport: stub).send(StravaAPI.athlete)
        #expect(rebased == athlete)
        // An endpoint without a sample: 404, an EndpointError.
        do {
            _ = try await client.send(StravaAPI.athleteZones)
            Issue.record("an endpoint without a sample was answered")
        } catch let error as EndpointError {
            #expect(error.status == 404)
        }
        // The stub saw the cases the requests were made from.
        let calls = await stub.requests.map { $0.call as? StravaAPI.Call }
        #expect(calls == [.athlete, .athlete, .athleteZones])
        // HTTPBin's sample is served for its endpoint, and only there.
        let echo = try await HTTPClient(transport: StubTransport(samples: HTTPBin.samples)).send(HTTPBin.get())
        #expect(echo.origin == "127.0.0.1")
        #expect(echo.url == URL(string: "https://httpbin.org/get?page=1"))
    }

    /// Cookie parameters reach a real server in one `Cookie` field, as built (URLSession's own
    /// cookie handling adds nothing and takes nothing away).
    @Test func cookieParametersOverTheWire() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let client = HTTPClient(baseURL: server.baseURL)
        let echoed = try await client.send(HTTPBin.Anything.cookies(session: "a; b", sort: .ascending, ids: [3, 4], tags: ["x", "y"]),
                                           as: EchoedRequest.self)
        #expect(echoed.rawPath == "/anything/cookies")
        #expect(echoed.header("Cookie") == "session=a%3B%20b; sort=ascending; ids=3; ids=4; tag-list=x,y")
        #expect(echoed.headers.filter { $0.first?.lowercased() == "cookie" }.count == 1)
    }

    @Test func bodiesArriveAsEncoded() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let client = HTTPClient(baseURL: server.baseURL)

        let json = try await client.send(HTTPBin.Anything.jsonPatch(body: ["a": .int(1)]), as: EchoedRequest.self)
        #expect(json.method == "PATCH")
        #expect(json.rawPath == "/anything/json")
        #expect(json.header("Content-Type") == "application/merge-patch+json")
        #expect(json.bodyText == #"{"a":1}"#)
        #expect(json.header("X-Group") == "anything")
        #expect(json.header("X-Client") == nil)

        let form = try await client.send(HTTPBin.Anything.form(body: HTTPBin.SignupForm(email: "a@b.c", newsletter: false, interests: [])),
                                         as: EchoedRequest.self)
        #expect(form.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(form.bodyText == "email=a%40b.c&newsletter=false")

        let upload = try await client.send(HTTPBin.Anything.multipart(body: HTTPBin.FileUpload(file: Data("bytes!".utf8), title: "t")),
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
        // The typed value of a text endpoint returns the body as a String.
        let typedText: String = try await client.send(HTTPBin.Anything.text(body: "typed ✓"))
        #expect(try EchoedRequest(from: Data(typedText.utf8)).bodyText == "typed ✓")
    }

    @Test func filesOnTheWire() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let client = HTTPClient(baseURL: server.baseURL)

        // Multipart: each File is a part with its file name and content type, as the server received it.
        let gpx = File(data: Data("<gpx/>".utf8), fileName: "morning run.gpx", contentType: "application/gpx+xml")
        let upload = try await client.send(HTTPBin.Anything.upload(body: HTTPBin.Attachment(
            note: "hi", file: gpx, extras: [File(data: Data([0, 1, 2])), File(data: Data("b".utf8), fileName: "b.txt", contentType: "text/plain")])),
            as: EchoedRequest.self)
        #expect(upload.method == "POST")
        #expect(upload.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(upload.bodyText.contains(
            "Content-Disposition: form-data; name=\"file\"; filename=\"morning run.gpx\"\r\nContent-Type: application/gpx+xml\r\n\r\n<gpx/>\r\n"))
        #expect(upload.bodyData.range(of: Data("name=\"extras\"; filename=\"extras\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8) + Data([0, 1, 2])) != nil)
        #expect(upload.bodyText.contains("name=\"extras\"; filename=\"b.txt\"\r\nContent-Type: text/plain\r\n\r\nb\r\n"))
        #expect(upload.bodyText.contains("name=\"note\"\r\n\r\nhi\r\n"))

        // A raw body: the bytes and the file's content type, else the spec's.
        let raw = try await client.send(HTTPBin.Anything.putFile(name: "x", body: File(data: Data([0xFF, 0x00]))), as: EchoedRequest.self)
        #expect(raw.method == "PUT")
        #expect(raw.bodyData == Data([0xFF, 0x00]))
        #expect(raw.header("Content-Type") == "application/pdf")

        // A download: the bytes, the Content-Type, the file name of Content-Disposition (RFC 8187 form preferred).
        let named = HTTPClient(baseURL: server.baseURL, middleware: [Self.canned("%PDF-1.7", headers: [
            "Content-Type": "application/pdf", "Content-Disposition": #"attachment; filename="fallback.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf"#])])
        let file = try await named.send(HTTPBin.Anything.download(name: "cv"))
        #expect(file.data == Data("%PDF-1.7".utf8))
        #expect(file.contentType == "application/pdf")
        #expect(file.fileName == "résumé.pdf")
        let plainName = HTTPClient(baseURL: server.baseURL, middleware: [Self.canned("a,b", headers: [
            "Content-Type": "text/csv", "Content-Disposition": #"attachment; filename="data \"v2\".csv""#])])
        #expect(try await plainName.send(HTTPBin.Anything.download(name: "d")).fileName == #"data "v2".csv"#)
        // Without Content-Disposition there is no file name.
        let unnamed = try await client.send(HTTPBin.Anything.download(name: "e"))
        #expect(unnamed.fileName == nil)
        #expect(unnamed.contentType?.hasPrefix("application/json") == true)
    }

    @Test func pathAndQueryEncodingOnTheWire() async throws {
        let server = try await LocalHTTPServer.start()
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

/// Values appended from concurrent code (middleware), read after the requests are done.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
