import EndpointRuntime
import Foundation
import Testing

/// The router under generated handlers: matching, the answers for requests it cannot serve, and
/// how errors a service throws are answered.
@Suite struct ServiceRouterTests {
    struct Boom: Error, CustomStringConvertible { var description: String { "secret database password 1234" } }
    struct Problem: Codable, Sendable, Equatable { var message: String }

    static let router = ServiceRouter(baseURL: "https://api.example.com/v1", dateFormat: .iso8601, routes: [
        ServiceRoute(.get, "/users/{id}") { request in
            try request.response(["id": try request.path("id", as: Int.self)], status: 200)
        },
        ServiceRoute(.delete, "/users/{id}") { _ in ServiceResponse(status: 204) },
        ServiceRoute(.get, "/users/me") { request in try request.response(["me": true], status: 200) },
        ServiceRoute(.get, "/files/{name}.json") { request in
            try request.response(try request.path("name", as: String.self), status: 200, as: .text)
        },
        ServiceRoute(.post, "/search") { request in
            let limit = try request.query("limit", as: Int.self)
            let body = try request.body(as: Problem.self, .json)
            return try request.response([body.message: limit], status: 200)
        },
        ServiceRoute(.get, "/boom") { _ in throw Boom() },
        ServiceRoute(.get, "/later") { _ in throw ServiceNotImplemented("later()") },
        ServiceRoute(.get, "/missing") { _ in
            throw ErrorResponse(status: 404, body: Problem(message: "no such thing"), headers: ["X-Trace": "t1"])
        },
    ])

    func send(_ method: HTTPMethod, _ path: String, body: String? = nil, headers: HTTPHeaders = [:]) async throws -> HTTPResponse {
        try await answer(Self.router.handler, rawRequest(method, "https://api.example.com/v1" + path, headers: headers, body: body.map { Data($0.utf8) }))
    }

    @Test func matchesBelowTheBasePathAndDecodesSegments() async throws {
        let user = try await send(.get, "/users/42")
        #expect(user.status == 200)
        #expect(user.text == #"{"id":42}"#)
        // A literal segment wins over a placeholder, whatever the order of the routes.
        #expect(try await send(.get, "/users/me").text == #"{"me":true}"#)
        // Percent-encoded: a slash and a space stay in the one segment; the literal `.json` still matches.
        let file = try await send(.get, "/files/a%2Fb%20c.json")
        #expect(file.status == 200)
        #expect(file.text == "a/b c")
    }

    /// Of the routes that match, the one with the most literal segments answers; on a tie, the
    /// first in the order given.
    @Test func mostLiteralSegmentsWinThenTheFirstGiven() async throws {
        func route(_ template: String, _ name: String) -> ServiceRoute {
            ServiceRoute(.get, template) { request in try request.response(name, status: 200, as: .text) }
        }
        let router = ServiceRouter(baseURL: "https://api.example.com", dateFormat: .iso8601, routes: [
            route("/t/{a}", "first placeholder"), route("/t/{b}", "second placeholder"), route("/t/x", "literal"),
            route("/u/x/{a}", "x first"), route("/u/{a}/y", "y second"), route("/u/{a}/{b}", "none"),
        ])
        func text(_ path: String) async throws -> String {
            try await answer(router.handler, rawRequest(.get, "https://api.example.com" + path)).text
        }
        #expect(try await text("/t/y") == "first placeholder")
        #expect(try await text("/t/x") == "literal")
        #expect(try await text("/u/x/y") == "x first")
        #expect(try await text("/u/z/y") == "y second")
        #expect(try await text("/u/z/z") == "none")
    }

    /// Routes of one method and path are told apart by the body's media type and by the `Accept`
    /// the request lists: the route meeting the most of its conditions answers; one missing a
    /// condition answers only when no other fits, the first given then. Literals still come first.
    @Test func routesOfOnePathAreToldApartByContentTypeAndAccept() async throws {
        func route(_ template: String, contentType: String? = nil, accept: String? = nil, _ name: String) -> ServiceRoute {
            ServiceRoute(.post, template, contentType: contentType, accept: accept) { request in try request.response(name, status: 200, as: .text) }
        }
        let router = ServiceRouter(baseURL: "https://api.example.com", dateFormat: .iso8601, routes: [
            route("/chat", contentType: "application/json", "json"),
            route("/chat", contentType: "application/json", accept: "text/event-stream", "stream"),
            route("/chat", contentType: "multipart/form-data", "multipart"),
            route("/items/{id}", contentType: "application/json", "item json"),
            route("/items/new", contentType: "application/x-www-form-urlencoded", "new form"),
            route("/plain", "plain"),
            route("/plain", accept: "application/x-ndjson", "lines"),
        ])
        func text(_ path: String, _ headers: HTTPHeaders) async throws -> String {
            try await answer(router.handler, rawRequest(.post, "https://api.example.com" + path, headers: headers, body: Data("{}".utf8))).text
        }
        #expect(try await text("/chat", ["Content-Type": "application/json"]) == "json")
        // Media types compare without parameters and case; `Accept` may list several.
        #expect(try await text("/chat", ["Content-Type": "Application/JSON; charset=utf-8", "Accept": "application/json, text/event-stream;q=0.9"]) == "stream")
        #expect(try await text("/chat", ["Content-Type": "multipart/form-data; boundary=b1", "Accept": "text/event-stream"]) == "multipart")
        // A request meeting no route's conditions goes to the first given.
        #expect(try await text("/chat", [:]) == "json")
        #expect(try await text("/chat", ["Content-Type": "text/plain"]) == "json")
        // The literal route wins even when its condition is missed.
        #expect(try await text("/items/new", ["Content-Type": "application/json"]) == "new form")
        #expect(try await text("/items/7", ["Content-Type": "application/json"]) == "item json")
        // A route without conditions fits any request; one whose condition is met fits better.
        #expect(try await text("/plain", ["Accept": "application/x-ndjson"]) == "lines")
        #expect(try await text("/plain", ["Accept": "*/*"]) == "plain")
    }

    /// A query item the request has (by its decoded name, whatever its value) tells a route from
    /// another of its path: OpenAI's `/responses?beta=true` beside `/responses`.
    @Test func routesOfOnePathAreToldApartByQueryItems() async throws {
        let router = ServiceRouter(baseURL: "https://api.example.com", dateFormat: .iso8601, routes: [
            ServiceRoute(.post, "/responses") { request in try request.response("plain", status: 200, as: .text) },
            ServiceRoute(.post, "/responses", query: ["beta"]) { request in
                try request.response("beta " + (try request.query("beta", as: String.self)), status: 200, as: .text)
            },
        ])
        func text(_ path: String) async throws -> String {
            try await answer(router.handler, rawRequest(.post, "https://api.example.com" + path)).text
        }
        #expect(try await text("/responses") == "plain")
        #expect(try await text("/responses?beta=true") == "beta true")
        #expect(try await text("/responses?b%65ta=false&x=1") == "beta false")
        #expect(try await text("/responses?betas=true") == "plain")
    }

    @Test func literalSegmentsMatchDecodedAndQueryNamesAreDecoded() async throws {
        // An escaped letter in a literal segment is the letter: `%65` is `e`.
        #expect(try await send(.get, "/us%65rs/42").text == #"{"id":42}"#)
        #expect(try await send(.get, "/users/m%65").text == #"{"me":true}"#)
        // An escape that is not one never matches a literal.
        #expect(try await send(.get, "/us%zzers/42").status == 404)
        // Query names are decoded; values too.
        let search = try await send(.post, "/search?li%6Dit=%37", body: #"{"message":"m"}"#)
        #expect(search.status == 200)
        #expect(search.text == #"{"m":7}"#)
        // A placeholder's value that is not correctly encoded is 400 naming it.
        let bad = try await send(.get, "/users/%zz")
        #expect(bad.status == 400)
        #expect(bad.text.contains("path parameter \"id\""))
    }

    @Test func routesOfOtherLengthsAndMethodsDoNotAnswer() async throws {
        // Same length, other method only: 405; a longer or shorter path: 404.
        #expect(try await send(.put, "/users/me").status == 405)
        #expect(try await send(.get, "/users").status == 404)
        #expect(try await send(.get, "/").status == 404)
        // The base path is optional: the same route without `/v1`.
        let bare = try await answer(Self.router.handler, rawRequest(.get, "https://api.example.com/users/5"))
        #expect(bare.text == #"{"id":5}"#)
    }

    @Test func unknownPathIs404() async throws {
        let response = try await send(.get, "/nothing/here")
        #expect(response.status == 404)
        #expect(try await send(.get, "/users/42/extra").status == 404)
    }

    @Test func otherMethodIs405WithAllow() async throws {
        let response = try await send(.post, "/users/42")
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, DELETE, HEAD, OPTIONS")
    }

    @Test func headAnswersAsGetWithoutBodyAndOptionsListsMethods() async throws {
        let head = try await send(.head, "/users/7")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["Content-Type"] == "application/json")
        let options = try await send(.options, "/users/7")
        #expect(options.status == 204)
        #expect(options.headers["Allow"] == "GET, DELETE, HEAD, OPTIONS")
    }

    @Test func valuesThatDoNotDecodeAre400NamingThem() async throws {
        let path = try await send(.get, "/users/abc")
        #expect(path.status == 400)
        #expect(path.text.contains("path parameter \"id\""))
        let missing = try await send(.post, "/search", body: #"{"message":"m"}"#)
        #expect(missing.status == 400)
        #expect(missing.text == "The query parameter \"limit\" is missing.")
        let wrongQuery = try await send(.post, "/search?limit=ten", body: #"{"message":"m"}"#)
        #expect(wrongQuery.status == 400)
        #expect(wrongQuery.text.contains("query parameter \"limit\" is not a valid Int"))
        let body = try await send(.post, "/search?limit=1", body: #"{"text":"m"}"#)
        #expect(body.status == 400)
        #expect(body.text.contains("The body is not a valid Problem"))
        #expect(body.text.contains("message"))
        let good = try await send(.post, "/search?limit=3", body: #"{"message":"m"}"#)
        #expect(good.status == 200)
        #expect(good.text == #"{"m":3}"#)
    }

    @Test func undeclaredErrorIs500WithoutDetails() async throws {
        let response = try await send(.get, "/boom")
        #expect(response.status == 500)
        #expect(!response.text.contains("secret"))
        #expect(!response.text.contains("Boom"))
    }

    @Test func unimplementedIs501() async throws {
        let response = try await send(.get, "/later")
        #expect(response.status == 501)
        #expect(response.text.contains("later()"))
    }

    @Test func errorResponseIsItsStatusHeadersAndBody() async throws {
        let response = try await send(.get, "/missing")
        #expect(response.status == 404)
        #expect(response.headers["X-Trace"] == "t1")
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(try JSONDecoder().decode(Problem.self, from: response.body) == Problem(message: "no such thing"))
    }
}
