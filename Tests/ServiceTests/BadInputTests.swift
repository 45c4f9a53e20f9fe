import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

/// Input a client of ours would never send: answered 400 (or 404), never a crash or a hang.
@Suite struct BadInputTests {
    struct NoHTTPBin: HTTPBin.Service {}
    static let handler = HTTPBin.handler(NoHTTPBin())

    func send(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: String? = nil) async throws -> HTTPResponse {
        try await answer(Self.handler, rawRequest(method, "https://httpbin.org" + path, headers: headers, body: body.map { Data($0.utf8) }))
    }

    @Test func brokenEncodingsAre400() async throws {
        // A path value that is not percent-encoding, a query value that is not, a form body that is not.
        let path = try await send(.get, "/status/%ZZ")
        #expect(path.status == 400)
        #expect(path.text.contains("\"code\""))
        let query = try await send(.get, "/bytes/3?seed=%ZZ")
        #expect(query.status == 400)
        #expect(query.text.contains("\"seed\""))
        let form = try await send(.post, "/anything/form", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "email=%ZZ&newsletter=true")
        #expect(form.status == 400)
        #expect(form.text.contains("body"))
    }

    /// Cookies: a missing required one, one that is not percent-encoding, one of the wrong type.
    @Test func brokenCookiesAre400() async throws {
        let missing = try await send(.get, "/anything/cookies")
        #expect(missing.status == 400)
        #expect(missing.text.contains("\"session\""))
        let broken = try await send(.get, "/anything/cookies", headers: ["Cookie": "session=%ZZ"])
        #expect(broken.status == 400)
        #expect(broken.text.contains("\"session\""))
        let wrongType = try await send(.get, "/anything/cookies", headers: ["Cookie": "session=s; ids=1; ids=two"])
        #expect(wrongType.status == 400)
        #expect(wrongType.text.contains("\"ids\""))
        // Well formed, the request reaches the service (which answers 501 here).
        let fine = try await send(.get, "/anything/cookies", headers: ["Cookie": "session=a%3B%20b;ids=1; ids=2", "cookie": "tag-list=x,y"])
        #expect(fine.status == 501)
        // Optional cookies left out, spaces around a value.
        #expect(try await send(.get, "/anything/cookies", headers: ["Cookie": "session=s"]).status == 501)
        #expect(try await send(.get, "/anything/cookies", headers: ["Cookie": "session = s ; ids= 1 "]).status == 501)
    }

    @Test func brokenMultipartIs400() async throws {
        let noBoundary = try await send(.put, "/anything/multipart", headers: ["Content-Type": "multipart/form-data"], body: "--x\r\n")
        #expect(noBoundary.status == 400)
        #expect(noBoundary.text.contains("boundary"))
        let cut = try await send(.put, "/anything/multipart", headers: ["Content-Type": "multipart/form-data; boundary=x"],
                                 body: "--x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nhalf a part")
        #expect(cut.status == 400)
        let nameless = try await send(.put, "/anything/multipart", headers: ["Content-Type": "multipart/form-data; boundary=x"],
                                      body: "--x\r\nContent-Type: text/plain\r\n\r\nno name\r\n--x--\r\n")
        #expect(nameless.status == 400)
        #expect(nameless.text.contains("no name"))
    }

    @Test func wrongJSONAndEmptyBodiesAre400() async throws {
        for body in ["", "{", "[1,2]", "{\"id\": 5}"] {
            let response = try await send(.post, "/anything/json", headers: ["Content-Type": "application/json"], body: body)
            #expect(response.status == 400, "\(body)")
            #expect(response.text.hasPrefix("The body is not a valid EchoBody"), "\(body): \(response.text)")
        }
    }
}
