import Foundation
import Testing
@testable import EndpointRuntime

@Suite struct BuilderTests {
    @Test func controlFlowInBuilder() throws {
        let term: String? = "swift"
        let missing: String? = nil
        let tags = ["a", "b"]
        let verbose = false
        let optionalHeader: Header? = Header("X-Opt", "1")
        let noHeader: Header? = nil
        let request = try HTTPRequest(.get, baseURL: "https://api.test/v1/") {
            Path("search")
            if let term { Query("q", term) }
            if let missing { Query("never", missing) }
            for tag in tags { Query("tag", tag) }
            if verbose { Header("X-Debug", "1") } else { Header("X-Debug", "0") }
            optionalHeader
            noHeader
            switch tags.count {
            case 2: Header("X-Count", "two")
            default: Header("X-Count", "other")
            }
        }
        #expect(request.url?.absoluteString == "https://api.test/v1/search?q=swift&tag=a&tag=b")
        #expect(request.headers["X-Debug"] == "0")
        #expect(request.headers["x-opt"] == "1")
        #expect(request.headers["X-Count"] == "two")
    }

    @Test(arguments: [
        ("https://h.test", "https://h.test/a/b"),
        ("https://h.test/", "https://h.test/a/b"),
        ("https://h.test/api/v3", "https://h.test/api/v3/a/b"),
        ("https://h.test/api/v3/", "https://h.test/api/v3/a/b"),
        ("http://127.0.0.1:8080/api", "http://127.0.0.1:8080/api/a/b"),
    ])
    func pathsJoinWithOneSlash(base: String, expected: String) throws {
        let request = try HTTPRequest(.get, baseURL: base) { Path("a"); Path("b") }
        #expect(request.url?.absoluteString == expected)
    }

    @Test func pathValuesAreOneSegment() throws {
        let request = try HTTPRequest(.get, baseURL: "https://h.test") {
            Path("files", "a/b c?d#e%f", "..", "é")
            PathSegment("report 1", ".json")
        }
        #expect(request.urlComponents.percentEncodedPath == "/files/a%2Fb%20c%3Fd%23e%25f/%2E%2E/%C3%A9/report%201.json")
        #expect(request.url?.pathComponents == ["/", "files", "a/b c?d#e%f", "..", "é", "report 1.json"])
        let raw = try HTTPRequest(.get, baseURL: "https://h.test/x/") { Path(raw: "/v2//status/") }
        #expect(raw.urlComponents.percentEncodedPath == "/x/v2/status")
    }

    @Test func queryValuesEncodeReservedCharacters() throws {
        let request = try HTTPRequest(.get, baseURL: "https://h.test") {
            Query("q", "a+b & c=d;e#f%g h")
            Query("k&=", "v")
            Query("list", [1, 2], style: .form)
            Query("empty", [Int]())
            Query("map", encoding: ["z": 1, "a": 2])
            Query("when", Date(timeIntervalSince1970: 0))
        }
        #expect(request.urlComponents.percentEncodedQuery
            == "q=a%2Bb%20%26%20c%3Dd%3Be%23f%25g%20h&k%26%3D=v&list=1&list=2&a=2&z=1&when=1970-01-01T00%3A00%3A00Z")
    }

    @Test func commaStyleKeepsSeparatorsApartFromCommasInValues() throws {
        func query(_ values: [String]) throws -> String? {
            try HTTPRequest(.get, baseURL: "https://api.test") { Query("tags", values, style: .comma) }.urlComponents.percentEncodedQuery
        }
        #expect(try query(["a", "b", "c"]) == "tags=a,b,c")
        #expect(try query(["a,b", "c"]) == "tags=a%2Cb,c")
        #expect(try query(["a,b", "c"]) != query(["a", "b", "c"]))
        #expect(try query(["x y&z"]) == "tags=x%20y%26z")
        // An empty list is undefined (RFC 6570): nothing is sent.
        #expect(try query([]) == nil)
    }

    @Test(arguments: DateFormat.allCases)
    func datesFollowTheRequestFormat(format: DateFormat) throws {
        let date = Date(timeIntervalSince1970: 1_714_566_600.25)
        let request = try HTTPRequest(.get, baseURL: "https://h.test", dateFormat: format) { Query("d", date); Header("X-D", date) }
        let expected: String = switch format {
        case .iso8601: "2024-05-01T12:30:00Z"
        case .iso8601Fractional: "2024-05-01T12:30:00.250Z"
        case .secondsSince1970: "1714566600.25"
        case .millisecondsSince1970: "1714566600250"
        case .date: "2024-05-01"
        }
        #expect(request.headers["X-D"] == expected)
        #expect(request.urlComponents.queryItems?.first?.value == expected)
    }

    @Test func parameterValueConformances() {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(uuid.parameterString(dateFormat: .iso8601) == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(Int32(-5).parameterString(dateFormat: .iso8601) == "-5")
        #expect(Int64.max.parameterString(dateFormat: .iso8601) == "9223372036854775807")
        #expect(1.5.parameterString(dateFormat: .iso8601) == "1.5")
        #expect(Float(0.1).parameterString(dateFormat: .iso8601) == "0.1")
        #expect(false.parameterString(dateFormat: .iso8601) == "false")
        #expect(URL(string: "https://a.test/x?y=1")!.parameterString(dateFormat: .iso8601) == "https://a.test/x?y=1")
        #expect(Data([0xff, 0x00]).parameterString(dateFormat: .iso8601) == "/wA=")
        let json: JSONValue = ["b": [1, "x"], "a": .null]
        #expect(json.parameterString(dateFormat: .iso8601) == #"{"a":null,"b":[1,"x"]}"#)
        #expect(JSONValue.string("s").parameterString(dateFormat: .iso8601) == "s")
    }

    @Test func laterHeaderReplacesEarlier() throws {
        let request = try HTTPRequest(.get, baseURL: "https://h.test") {
            Header("Accept", "text/plain")
            Header("accept", "application/json")
            Header("X-List", ["a", "b"])
        }
        #expect(request.headers.values(for: "ACCEPT") == ["application/json"])
        #expect(request.headers["X-List"] == "a, b")
    }

    @Test func invalidBaseURLThrows() {
        #expect(throws: EndpointError.self) { try HTTPRequest(.get, baseURL: "not a url") { Path("x") } }
        #expect(throws: EndpointError.self) { try HTTPRequest(.get, baseURL: "/relative") { Path("x") } }
    }

    @Test func headerLineBreaksAreRefused() {
        for (name, value) in [("X-A", "a\r\nInjected: 1"), ("X-A", "a\nb"), ("X-A\r\nB", "v"), ("Bad Name", "v")] {
            #expect(throws: EndpointError.self) { try HTTPRequest(.get, baseURL: "https://h.test") { Header(name, value) } }
            var components = URLComponents(string: "https://h.test")!
            components.path = "/x"
            let request = HTTPRequest(method: .get, urlComponents: components, additionalHeaders: [name: value])
            #expect(throws: EndpointError.self) { try request.urlRequest() }
        }
    }

    @Test func invalidURLComponentsThrowInsteadOfTrapping() {
        var components = URLComponents()
        components.path = "relative/only"
        let request = HTTPRequest(urlComponents: components)
        #expect(throws: EndpointError.self) { try request.urlRequest() }
        var bad = URLComponents()
        bad.scheme = "https"
        bad.host = "h.test"
        bad.path = "no-leading-slash"
        #expect(throws: EndpointError.self) { try HTTPRequest(urlComponents: bad).urlRequest() }
    }

    @Test func bodyThatFailsToEncodeThrows() throws {
        struct Bad: Encodable, Sendable { var value = Double.nan }
        let error = try #require(throws: EndpointError.self) {
            try HTTPRequest(.post, baseURL: "https://h.test") { JSONBody(Bad()) }
        }
        guard case let .invalidRequest(reason, underlying, request) = error else {
            Issue.record("wrong case \(error)"); return
        }
        #expect(reason.contains("JSON body"))
        #expect(underlying is EncodingError)
        #expect(request?.method == .post)
    }

    // MARK: Path and query collected while a block is applied

    /// Records what `request.urlComponents` holds when it runs, then replaces the query.
    struct Inspect: RequestComponent {
        let seen: Seen
        func apply(to request: inout HTTPRequest) throws {
            seen.value = request.urlComponents.percentEncodedPath + "?" + (request.urlComponents.percentEncodedQuery ?? "")
            request.urlComponents.percentEncodedQuery = "reset=1"
        }
    }

    final class Seen: @unchecked Sendable { var value = "" }

    @Test func componentsSeeAndChangeWhatCameBefore() throws {
        let seen = Seen()
        let request = try HTTPRequest(.get, baseURL: "https://h.test/v1") {
            Path("a", "b")
            Query("x", 1)
            Inspect(seen: seen)
            Path("c")
            Query("y", 2)
        }
        #expect(seen.value == "/v1/a/b?x=1")
        #expect(request.url?.absoluteString == "https://h.test/v1/a/b/c?reset=1&y=2")
    }

    @Test func componentsAppliedByHandWriteThrough() throws {
        var request = HTTPRequest(method: .get, urlComponents: URLComponents(string: "https://h.test/v1/")!)
        try Path("a").apply(to: &request)
        try Query("q", "x y").apply(to: &request)
        try Query("ids", [1, 2], style: .comma).apply(to: &request)
        #expect(request.url?.absoluteString == "https://h.test/v1/a?q=x%20y&ids=1,2")
        let built = try HTTPRequest(.get, baseURL: "https://h.test/v1/") {
            Path("a")
            Query("q", "x y")
            Query("ids", [1, 2], style: .comma)
        }
        #expect(built.urlComponents == request.urlComponents)
    }

    @Test func anEmptyValueStaysASegment() throws {
        let request = try HTTPRequest(.get, baseURL: "https://h.test/v1/") { Path("users", "", "repos") }
        #expect(request.urlComponents.percentEncodedPath == "/v1/users//repos")
    }

    @Test func aFailingComponentReportsTheRequestSoFar() throws {
        struct Fails: RequestComponent {
            func apply(to request: inout HTTPRequest) throws { throw CocoaError(.fileNoSuchFile) }
        }
        do {
            _ = try HTTPRequest(.get, baseURL: "https://h.test") { Path("a"); Query("q", 1); Fails() }
            Issue.record("no error")
        } catch let EndpointError.invalidRequest(_, _, request?) {
            #expect(request.url?.absoluteString == "https://h.test/a?q=1")
        }
    }

    @Test func baseURLsAreParsedOnce() throws {
        let base = "https://cache-\(UUID().uuidString).test/v2"
        let first = try HTTPRequest(.get, baseURL: base) { Path("a") }
        let second = try HTTPRequest(.get, baseURL: base) { Path("b") }
        #expect(first.url?.absoluteString == base + "/a")
        #expect(second.url?.absoluteString == base + "/b")
        #expect(BaseURLCache.shared.components(for: base)?.host == URLComponents(string: base)?.host)
        #expect(throws: EndpointError.self) { try HTTPRequest(.get, baseURL: "not a url") { Path("a") } }
        #expect(BaseURLCache.shared.components(for: "relative/path") == nil)
    }

    @Test func theBaseURLCacheStaysSmall() throws {
        for index in 0..<(BaseURLCache.capacity * 3) {
            _ = try HTTPRequest(.get, baseURL: "https://many-\(index).test") { Path("a") }
        }
        #expect(BaseURLCache.shared.count <= BaseURLCache.capacity)
    }

    @Test(arguments: [
        ("Content-Type", "content-type", true), ("ACCEPT", "accept", true), ("X-A", "X-B", false),
        ("Accept", "Accept-Language", false), ("", "", true), ("a1", "A1", true), ("[", "{", false),
        ("Straße", "STRASSE", false), ("Straße", "straße", true), ("K", "\u{212A}", true),
    ])
    func headerNamesCompareWithoutCase(first: String, second: String, same: Bool) {
        #expect(HTTPHeaders.sameName(first, second) == same)
        #expect(HTTPHeaders.sameName(second, first) == same)
        if same {
            var headers = HTTPHeaders([(first, "1")])
            headers[second] = "2"
            #expect(headers.map(\.value) == ["2"])
        }
    }
}
