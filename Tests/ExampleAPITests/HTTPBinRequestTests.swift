@testable import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

/// Every endpoint of specs/HTTPBin.endpoints.json, built by the checked-in generated code.
@Suite struct HTTPBinRequestTests {
    static let base = "https://httpbin.org"
    static let top = [("Accept", "application/json"), ("X-Client", "endpoint-gen-example")]
    /// The `anything` group removes `X-Client` (`null`) and adds `X-Group`.
    static let anything = [("Accept", "application/json"), ("X-Group", "anything")]
    static let admin = [("Accept", "application/json"), ("X-Group", "admin")]

    static let checked = [
        "get", "status", "delay", "uuid", "robots_txt", "image", "bytes", "head", "options", "2fa",
        "anything.cookies", "anything.json", "anything.json_patch", "anything.form", "anything.multipart", "anything.binary", "anything.text",
        "anything.file", "anything.delete", "anything.keyed", "anything.upload", "anything.put_file", "anything.download",
        "anything.admin.login", "anything.admin.stats", "anything.admin.keys.list", "anything.admin.keys.revoke",
        "auth.basic", "auth.bearer", "auth.bearer_or_basic", "auth.optional_bearer", "auth.client_and_secret", "auth.cookie_key", "mirror",
    ]

    @Test func everyEndpointIsChecked() throws {
        #expect(try endpointKeys(ofSpec: "HTTPBin") == Self.checked.sorted())
    }

    @Test func queryStylesDefaultsAndHeaderParameters() throws {
        // Defaults from the spec: an array, an Int, enum cases (one of them the Swift keyword `default`), a string.
        try check(HTTPBin.get(), .init(method: .get, url: "\(Self.base)/get?ids=1,2&page=1&sort=descending&order=default&search-term=swift%20%226%22",
                                       headers: Self.top))
        let id = try #require(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        try check(HTTPBin.get(tag: ["a", "b c"], ids: [7], page: 2, sort: .mostRecent, order: nil,
                              since: Date(timeIntervalSince1970: 1_700_000_000), filter: ["kind": "x"], q: "q",
                              xRequestID: id, xTags: ["one", "two"]),
                  .init(method: .get,
                        url: "\(Self.base)/get?tag=a&tag=b%20c&ids=7&page=2&sort=most-recent&since=1700000000&kind=x&search-term=q",
                        headers: Self.top + [("X-Request-ID", id.uuidString), ("X-Tags", "one, two")]))
        // A value the spec does not list is still sent as written.
        try check(HTTPBin.get(sort: Order(rawValue: "newest")),
                  .init(method: .get, url: "\(Self.base)/get?ids=1,2&page=1&sort=newest&order=default&search-term=swift%20%226%22",
                        headers: Self.top))
    }

    /// Cookie parameters: one `Cookie` field, a cookie per list element unless the style joins them,
    /// values percent-encoded where a cookie cannot hold them.
    @Test func cookieParameters() throws {
        try check(HTTPBin.Anything.cookies(session: "s1"),
                  .init(method: .get, url: "\(Self.base)/anything/cookies", headers: Self.anything + [("Cookie", "session=s1")]))
        try check(HTTPBin.Anything.cookies(session: "a; b", sort: .mostRecent, ids: [1, 2], tags: ["x", "y z"]),
                  .init(method: .get, url: "\(Self.base)/anything/cookies",
                        headers: Self.anything + [("Cookie", "session=a%3B%20b; sort=most-recent; ids=1; ids=2; tag-list=x,y%20z")]))
    }

    @Test func topLevel() throws {
        try check(HTTPBin.status(code: 418), .init(method: .get, url: "\(Self.base)/status/418", headers: Self.top, expectedStatus: 200))
        try check(HTTPBin.delay(seconds: 1.5), .init(method: .get, url: "\(Self.base)/delay/1.5", headers: Self.top, timeout: 12.5))
        // `"accept": null` and a text response: the response's content type replaces the inherited Accept in place.
        try check(HTTPBin.robotsTxt, .init(method: .get, url: "\(Self.base)/robots.txt",
                                          headers: [("Accept", "text/plain"), ("X-Client", "endpoint-gen-example")]))
        try check(HTTPBin.image(format: .webp), .init(method: .get, url: "\(Self.base)/image/webp",
                                                     headers: [("Accept", "image/*"), ("X-Client", "endpoint-gen-example")]))
        try check(HTTPBin.bytes(n: 16, seed: 3), .init(method: .get, url: "\(Self.base)/bytes/16?seed=3",
                                                      headers: [("Accept", "application/octet-stream"), ("X-Client", "endpoint-gen-example")]))
        try check(HTTPBin.head, .init(method: .head, url: "\(Self.base)/get", headers: Self.top))
        try check(HTTPBin.options, .init(method: .options, url: "\(Self.base)/anything", headers: Self.top))
        // Keys that are Swift keywords, start with a digit, contain a dash, a space or non-ASCII letters.
        try check(HTTPBin._2fa(userId: 5, class: "a/b", for: "me", größe: 3, sortBy: "name"),
                  .init(method: .get, url: "\(Self.base)/anything/2fa/5/a%2Fb?for=me&Gr%C3%B6%C3%9Fe=3&sort%20by=name", headers: Self.top))
    }

    @Test func bodiesOfEveryEncoding() throws {
        let body = HTTPBin.EchoBody(id: try #require(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")), name: "n", count: 3, total: 4,
                            ratio: 0.5, created: Date(timeIntervalSince1970: 1_700_000_000), tags: ["t"],
                            location: Coordinates(latitude: 1, longitude: 2), self: "me", firstName: "Ada")
        // secondsSince1970 applies to JSON bodies; `active` and `order` take their spec defaults.
        try check(HTTPBin.Anything.json(body: body),
                  .init(method: .post, url: "\(Self.base)/anything/json", headers: Self.anything + [("Content-Type", "application/json")],
                        body: .json(#"""
                            {"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","name":"n","count":3,"total":4,"ratio":0.5,"active":true,
                             "created":1700000000,"tags":["t"],"order":"ascending","location":{"latitude":1,"longitude":2},
                             "self":"me","first-name":"Ada"}
                            """#)))
        try check(HTTPBin.Anything.jsonPatch(body: ["name": .string("x"), "gone": .null]),
                  .init(method: .patch, url: "\(Self.base)/anything/json",
                        headers: Self.anything + [("Content-Type", "application/merge-patch+json")], body: .json(#"{"name":"x","gone":null}"#)))
        try check(HTTPBin.Anything.form(body: HTTPBin.SignupForm(email: "a@b.c", newsletter: true, interests: ["x", "y"])),
                  .init(method: .post, url: "\(Self.base)/anything/form",
                        headers: Self.anything + [("Content-Type", "application/x-www-form-urlencoded")],
                        body: .text("email=a%40b.c&newsletter=true&interests=x&interests=y")))
        try check(HTTPBin.Anything.multipart(body: HTTPBin.FileUpload(file: Data("PNGDATA".utf8), title: "pic")),
                  .init(method: .put, url: "\(Self.base)/anything/multipart", headers: Self.anything,
                        body: .multipart(containing: ["name=\"file\"", "PNGDATA", "name=\"title\"", "pic"]), timeout: 60))
        try check(HTTPBin.Anything.binary(body: Data([0x89, 0x50])),
                  .init(method: .post, url: "\(Self.base)/anything/binary", headers: Self.anything + [("Content-Type", "image/png")],
                        body: .bytes(Data([0x89, 0x50]))))
        try check(HTTPBin.Anything.text(body: "héllo"),
                  .init(method: .patch, url: "\(Self.base)/anything/text",
                        headers: [("Accept", "application/json"), ("X-Group", "anything"), ("Content-Type", "text/plain; charset=utf-8")],
                        body: .text("héllo")))
    }

    @Test func fileBodiesPartsAndResponses() throws {
        // A File property is a file part with its own name and content type; [File] repeats the field.
        let pdf = File(data: Data("%PDF".utf8), fileName: "report.pdf", contentType: "application/pdf")
        try check(HTTPBin.Anything.upload(body: HTTPBin.Attachment(note: "n", file: pdf, extras: [File(data: Data("x".utf8))])),
                  .init(method: .post, url: "\(Self.base)/anything/upload", headers: Self.anything,
                        body: .multipart(containing: [
                            "name=\"note\"\r\n\r\nn\r\n",
                            "name=\"file\"; filename=\"report.pdf\"\r\nContent-Type: application/pdf\r\n\r\n%PDF\r\n",
                            "name=\"extras\"; filename=\"extras\"\r\nContent-Type: application/octet-stream\r\n\r\nx\r\n",
                        ])))
        // A File body: the file's own content type wins over the spec's, which wins over octet-stream.
        try check(HTTPBin.Anything.putFile(name: "a", body: pdf),
                  .init(method: .put, url: "\(Self.base)/anything/files/a", headers: Self.anything + [("Content-Type", "application/pdf")],
                        body: .bytes(Data("%PDF".utf8))))
        try check(HTTPBin.Anything.putFile(name: "b", body: File(data: Data([1]), contentType: "image/png")),
                  .init(method: .put, url: "\(Self.base)/anything/files/b", headers: Self.anything + [("Content-Type", "image/png")],
                        body: .bytes(Data([1]))))
        try check(HTTPBin.Anything.download(name: "r.pdf"),
                  .init(method: .get, url: "\(Self.base)/anything/download/r.pdf",
                        headers: [("Accept", "*/*"), ("X-Group", "anything")]))
        // A File has no JSON form: inside a JSON body, building the request fails.
        struct Wrapper: Encodable, Sendable { var file: File }
        #expect(throws: EndpointError.self) {
            _ = try HTTPRequest(.post, baseURL: Self.base) { JSONBody(Wrapper(file: pdf)) }
        }
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode([File].self, from: Data("[\"eA==\"]".utf8)) }
    }

    @Test func anythingGroupNestedTwoDeep() throws {
        try check(HTTPBin.Anything.file(name: "a/b"), .init(method: .get, url: "\(Self.base)/anything/files/a%2Fb.json", headers: Self.anything))
        let id = UUID()
        try check(HTTPBin.Anything.delete(id: id), .init(method: .delete, url: "\(Self.base)/anything/items/\(id.uuidString)",
                                                       headers: Self.anything, expectedStatus: 204))
        try check(HTTPBin.Anything.keyed, .init(method: .get, url: "\(Self.base)/anything/keyed", headers: Self.anything,
                                               auth: .apiKey(in: .query, name: "api_key")))
        // Auth overridden to none inside a bearer group.
        try check(HTTPBin.Anything.Admin.login(body: HTTPBin.Credentials(username: "u", password: "p w")),
                  .init(method: .post, url: "\(Self.base)/anything/admin/login",
                        headers: Self.admin + [("Content-Type", "application/x-www-form-urlencoded")], body: .text("username=u&password=p+w")))
        try check(HTTPBin.Anything.Admin.stats, .init(method: .get, url: "\(Self.base)/anything/admin/stats", headers: Self.admin, auth: .bearer))
        try check(HTTPBin.Anything.Admin.Keys.list(),
                  .init(method: .get, url: "\(Self.base)/anything/admin/keys?limit=20", headers: Self.admin,
                        auth: .apiKey(in: .header, name: "X-Api-Key")))
        try check(HTTPBin.Anything.Admin.Keys.list(since: Date(timeIntervalSince1970: 86400), limit: 5),
                  .init(method: .get, url: "\(Self.base)/anything/admin/keys?since=86400&limit=5", headers: Self.admin,
                        auth: .apiKey(in: .header, name: "X-Api-Key")))
    }

    @Test func authAlternativesAndOptionalAuth() throws {
        try check(HTTPBin.Auth.bearerOrBasic, .init(method: .get, url: "\(Self.base)/anything/either", headers: Self.top,
                                                    authOptions: AuthOptions([.bearer, .basic])))
        try check(HTTPBin.Auth.optionalBearer, .init(method: .get, url: "\(Self.base)/anything/optional", headers: Self.top,
                                                     authOptions: AuthOptions([.bearer], optional: true)))
        let clientAndSecret = AuthOptions(alternatives: [
            [.apiKey(in: .header, name: "X-Client-ID"), .apiKey(in: .header, name: "X-Client-Secret")], [.basic],
        ])
        try check(HTTPBin.Auth.clientAndSecret, .init(method: .get, url: "\(Self.base)/anything/together", headers: Self.top,
                                                      authOptions: clientAndSecret))
        try check(HTTPBin.Auth.cookieKey(theme: "dark"),
                  .init(method: .get, url: "\(Self.base)/anything/cookie-key", headers: Self.top + [("Cookie", "theme=dark")],
                        auth: .apiKey(in: .cookie, name: "session-key")))
        #expect(try HTTPBin.Auth.optionalBearer.call.httpRequest().authOptions.isOptional)
        #expect(try HTTPBin.Auth.bearerOrBasic.call.httpRequest().authOptions.isOptional == false)
    }

    @Test func anEndpointWithItsOwnBaseURL() throws {
        try check(HTTPBin.mirror, .init(method: .get, url: "https://eu.httpbin.org/v2/get", headers: Self.top))
        let request = try HTTPBin.mirror.call.httpRequest()
        #expect(request.baseURL == "https://eu.httpbin.org/v2")
        #expect(request.hasOwnBaseURL)
        #expect(try HTTPBin.Auth.bearer.call.httpRequest().hasOwnBaseURL == false)
    }

    @Test func authGroup() throws {
        try check(HTTPBin.Auth.basic(user: "u", passwd: "p"), .init(method: .get, url: "\(Self.base)/basic-auth/u/p", headers: Self.top, auth: .basic))
        try check(HTTPBin.Auth.bearer, .init(method: .get, url: "\(Self.base)/bearer", headers: Self.top, auth: .bearer))
        #expect(HTTPBin.Auth.basic(user: "u", passwd: "p").errors.typeName(for: 401) == String(reflecting: JSONValue.self))
        #expect(HTTPBin.Auth.basic(user: "u", passwd: "p").errors.typeName(for: 403) == nil)
        #expect(HTTPBin.Auth.bearer.errors == [:])
        #expect(HTTPBin.Auth.bearer.call as? HTTPBin.Call == .auth(.bearer))
        #expect(HTTPBin.Auth.basic(user: "u", passwd: "p").call as? HTTPBin.Call == .auth(.basic(user: "u", passwd: "p")))
    }

    @Test func errorBodiesAndTypedDecoders() throws {
        let status = HTTPBin.status(code: 500)
        #expect(status.errors.typeName(for: 404) == String(reflecting: JSONValue.self))
        #expect(status.errors.typeName(for: 503) == String(reflecting: JSONValue.self))
        #expect(status.errors.typeName(for: 418) == String(reflecting: String.self))
        #expect(status.statuses == [200])
        #expect(HTTPBin.defaults.errors == [:])
        #expect(HTTPBin.Anything.Admin.stats.errors.typeName(for: 401) == String(reflecting: JSONValue.self))
        #expect(HTTPBin.Anything.Admin.stats.errors.typeName(for: 404) == nil)
        #expect(HTTPBin.get().errors == [:])
        let robots: Endpoint<String> = HTTPBin.robotsTxt
        #expect(try robots.httpRequest() == HTTPBin.Call.robotsTxt.httpRequest())
        #expect(robots.call as? HTTPBin.Call == .robotsTxt)
        let nothing: Endpoint<Void> = HTTPBin.status(code: 204)
        #expect(try nothing.httpRequest().url?.path == "/status/204")
        #expect(nothing.call as? HTTPBin.Call == .status(code: 204))
        let image: Endpoint<Data> = HTTPBin.image(format: .png)
        #expect(try image.httpRequest().url?.path == "/image/png")
        // Two levels of groups: the API's case wraps the group's, which wraps its subgroup's.
        let list: Endpoint<HTTPBin.EchoResponse> = HTTPBin.Anything.Admin.Keys.list(limit: 3)
        #expect(list.call as? HTTPBin.Call == .anything(.admin(.keys(.list(limit: 3)))))
        #expect(try HTTPBin.Anything.Admin.Keys.Call.list(limit: 3).httpRequest() == list.httpRequest())
        #expect(try HTTPBin.Anything.Admin.Call.keys(.list(limit: 3)).httpRequest() == list.httpRequest())
        #expect(try HTTPBin.Anything.Call.admin(.keys(.list(limit: 3))).httpRequest() == list.httpRequest())
        // The spec's one sample, for StubTransport.
        #expect(HTTPBin.samples.count == 1)
        let sample = try #require(HTTPBin.samples.first)
        #expect(sample.method == .get && sample.path == "/get" && sample.status == 200)
        #expect(sample.matches(try HTTPBin.get().httpRequest()))
        #expect(!sample.matches(try HTTPBin.head.httpRequest()))
        let echo = try JSONDecoder().decode(HTTPBin.EchoResponse.self, from: Data(sample.json.utf8))
        #expect(echo.args == ["page": .string("1")] && echo.headers == ["Host": "httpbin.org"])
    }

    /// The deprecated endpoints: their typed factories (deprecated, reached through
    /// `DeprecatedHTTPBin`) and their `Call` cases (not deprecated) build the spec's requests.
    @Test func deprecatedEndpoints() throws {
        let deprecated = (DeprecatedHTTPBin.self as any DeprecatedFactories.Type).deprecatedEndpoints()
        #expect(deprecated.keys.sorted() == (try endpointKeys(ofSpec: "HTTPBin", deprecated: true)))
        #expect(deprecated.keys.sorted() == ["anything.admin.keys.revoke", "uuid"])

        let uuid = ExpectedRequest(method: .get, url: "\(Self.base)/uuid", headers: Self.top)
        try check(try #require(deprecated["uuid"] as? Endpoint<HTTPBin.UUIDResponse>), uuid, wraps: HTTPBin.Call.uuid)
        try checkRequest(HTTPBin.Call.uuid, uuid)

        let revoke = ExpectedRequest(method: .delete, url: "\(Self.base)/anything/admin/keys/k%201?reason=leak", headers: Self.admin,
                                     auth: .apiKey(in: .header, name: "X-Api-Key"))
        try check(try #require(deprecated["anything.admin.keys.revoke"] as? Endpoint<HTTPBin.EchoResponse>), revoke,
                  wraps: HTTPBin.Call.anything(.admin(.keys(.revoke(key: "k 1", reason: "leak")))))
        try checkRequest(HTTPBin.Call.anything(.admin(.keys(.revoke(key: "k 1", reason: "leak")))), revoke)
        try checkRequest(HTTPBin.Anything.Admin.Keys.Call.revoke(key: "k 1", reason: "leak"), revoke)
    }

    @Test func enumModelsKeepUnknownValues() throws {
        #expect(Order(rawValue: "default") == Order.default)
        #expect(Order(rawValue: "unknown") == Order.unknown)
        #expect(Order(rawValue: "most-recent") == .mostRecent)
        #expect(Order(rawValue: "sideways").rawValue == "sideways")
        #expect(![Order.default, .unknown, .mostRecent, .ascending].contains(Order(rawValue: "sideways")))
        #expect(Order(rawValue: "ascending") == .ascending)
        #expect(Set([Order(rawValue: "ascending"), .ascending]).count == 1)
        let decoded = try JSONDecoder().decode([Order].self, from: Data(#"["unknown","sideways","default"]"#.utf8))
        let expected: [Order] = [.unknown, Order(rawValue: "sideways"), .default]
        #expect(decoded == expected)
        // A `switch` matches the listed values; a value the spec does not list reaches `default`.
        func describe(_ order: Order) -> String {
            switch order {
            case .default: return "listed: default"
            case .unknown: return "listed: unknown"
            case .mostRecent, .ascending: return "listed"
            default: return "not listed: \(order.rawValue)"
            }
        }
        #expect(decoded.map(describe) == ["listed: unknown", "not listed: sideways", "listed: default"])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["unknown","sideways","default"]"#)
        #expect(HTTPBin.ImageFormat.svg.parameterString(dateFormat: .iso8601) == "svg")
    }
}

/// The spec's `SortOrder`, nested in its API (so Foundation's `SortOrder` does not collide with it).
typealias Order = HTTPBin.SortOrder

enum DeprecatedHTTPBin: DeprecatedFactories {
    @available(*, deprecated)
    static func deprecatedEndpoints() -> [String: any HTTPRequestable] {
        ["uuid": HTTPBin.uuid, "anything.admin.keys.revoke": HTTPBin.Anything.Admin.Keys.revoke(key: "k 1", reason: "leak")]
    }
}
