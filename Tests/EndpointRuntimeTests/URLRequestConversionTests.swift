import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import EndpointRuntime

/// The conversion to `URLRequest` sets the header dictionary at once and leaves a GET's method as
/// URLRequest starts it: the result must be what one `addValue` per field and setting the method give.
@Suite struct URLRequestConversionTests {
    /// Every printable ASCII character, alone, between letters and before a word: the quick
    /// capitalization must agree with Foundation's everywhere a header name can differ.
    @Test func headerNamesCapitalizeAsFoundationDoes() {
        var names = ["Accept", "accept", "ACCEPT", "x-api-key", "X-API-KEY", "If-None-Match", "if-none-match",
                     "content-type", "X-RateLimit-Limit", "a1b", "1abc", "x_custom_name", "x.y.z", "it's",
                     "a^b", "a`b", "a|b", "a~b", "a'B", "www-authenticate", "", "-", "--a", "X",
                     "Ünïcode-name", "straße", "ǆemal"]
        for byte in UInt8(32)..<127 {
            let c = String(Unicode.Scalar(byte))
            names += [c, "a" + c + "b", "A" + c + "B", "ab" + c + "cd", c + "abc", "AB" + c + "CD" + c]
        }
        for name in names {
            #expect(HeaderNameCase.capitalized(name) == name.capitalized, "\(String(reflecting: name))")
        }
    }

    /// Names already capitalized stay as they are; others are capitalized word by word.
    @Test func namesAreCapitalizedWordByWord() {
        #expect(HeaderNameCase.capitalized("If-None-Match") == "If-None-Match")
        #expect(HeaderNameCase.capitalized("if-none-match") == "If-None-Match")
        #expect(HeaderNameCase.capitalized("X-API-Key") == "X-Api-Key")
    }

    static let headerSets: [[(String, String)]] = [
        [],
        [("Accept", "application/json")],
        [("Accept", "application/json"), ("If-None-Match", "\"abc\"")],
        // Names equal without case: addValue joins the values with "," under the first's capitalized name.
        [("Accept", "text/html"), ("accept", "application/json"), ("ACCEPT", "*/*")],
        [("x-api-key", "k1"), ("X-Api-Key", "k2"), ("Other", "o")],
        // Empty, non-ASCII, tab, comma and percent values.
        [("X-Empty", ""), ("X-Name", "café 日本"), ("X-Tab", "a\tb"), ("X-List", "a, b,c"), ("X-Pct", "100%25")],
        [("X-Empty", ""), ("x-empty", ""), ("x-EMPTY", "z")],
        [("a1b", "1"), ("x_custom", "2"), ("it's", "3"), ("a^b", "4"), ("a.b", "5"), ("a`b", "6"), ("A|B", "7"), ("~x", "8")],
    ]

    @Test(arguments: headerSets)
    func headerDictionaryIsWhatAddValueLeaves(pairs: [(String, String)]) throws {
        let headers = HTTPHeaders(pairs)
        try headers.validate()
        let url = try #require(URL(string: "https://h.test/a"))
        var byAddValue = URLRequest(url: url)
        headers.addEach(to: &byAddValue)
        var bySet = URLRequest(url: url)
        headers.set(on: &bySet)
        #expect(bySet.allHTTPHeaderFields == byAddValue.allHTTPHeaderFields)
        #if canImport(FoundationNetworking)
        #expect(headers.urlRequestFields() == (byAddValue.allHTTPHeaderFields ?? [:]))
        #endif
        for (name, _) in pairs {
            #expect(bySet.value(forHTTPHeaderField: name) == byAddValue.value(forHTTPHeaderField: name))
        }
    }

    /// The whole conversion against the field-by-field one, for every method (a GET's is not set).
    @Test(arguments: [HTTPMethod.get, .post, .put, .patch, .delete, .head, .options, "get", "Purge", "connect"])
    func conversionMatchesSettingEachPart(method: HTTPMethod) throws {
        let request = try HTTPRequest(method, baseURL: "https://h.test/v1") {
            Path("items", "a b")
            Query("q", "ü&=")
            Header("accept", "application/json")
            Header("X-Tags", ["a", "b"])
        }
        var headers = request.headers
        headers.append("Accept", "text/plain")
        var withTwoAccepts = request
        withTwoAccepts.headers = headers
        for request in [request, withTwoAccepts] {
            let converted = try request.urlRequest()
            let url = try #require(request.urlComponents.url)
            var expected = URLRequest(url: url)
            expected.httpMethod = request.method.rawValue
            for field in request.headers.fields { expected.addValue(field.value, forHTTPHeaderField: field.name) }
            #expect(converted.url == expected.url)
            #expect(converted.httpMethod == expected.httpMethod)
            #expect(converted.allHTTPHeaderFields == expected.allHTTPHeaderFields)
            #expect(converted.httpBody == expected.httpBody)
        }
    }

    static let baseURLs = [
        "https://h.test", "https://h.test/", "https://h.test/api/v3", "https://h.test/api/v3/", "http://127.0.0.1:8080/api",
        "https://user:pa%20ss@h.test:8443/a%20b/c", "https://[::1]:9000/x", "https://h.test/v1?key=a%26b", "https://h.test?",
        "HTTPS://H.TEST/Mixed", "https://xn--caf-dma.test/p", "https://h.test/v1#frag", "https://h.test/%E2%82%AC/",
    ] + rewrittenBaseURLs

    /// Base URLs whose text URLComponents writes otherwise once their path changes (`:0443` -> `:443`,
    /// an empty port left out): no prefix is kept for them.
    static let rewrittenBaseURLs = ["https://h.test:0443/x", "https://h.test:/x", "http://h.test:080", "https://h.test:00/x"]

    /// The URL written from the base URL's text is the one URLComponents makes, path and query or not.
    @Test(arguments: baseURLs)
    func urlWrittenFromTheBaseIsURLComponentsOwn(base: String) throws {
        let requests = [
            try HTTPRequest(.get, baseURL: base) {},
            try HTTPRequest(.get, baseURL: base) { Path("a") },
            try HTTPRequest(.get, baseURL: base) { Query("q", "") },
            try HTTPRequest(.get, baseURL: base) {
                Path("ü b", "", "..", "a/b?c#d")
                Query("q", "ü &=+;#%,")
                Query("empty", "")
                Query("ids", [1, 2, 3], style: .comma)
            },
            try HTTPRequest(.get, baseURL: base) { Path(raw: "x/y"); Query("d", Date(timeIntervalSince1970: 0)) },
        ]
        for request in requests {
            let expected = try #require(request.urlComponents.url)
            let url = try #require(request.sentURL)
            #expect(url == expected)
            #expect(url.absoluteString == expected.absoluteString)
            #expect(try request.urlRequest().url == expected)
        }
        // Only a base URL with a fragment (URLComponents writes the fragment last) or one whose text is
        // written again goes without the text.
        #expect((requests[0].urlPrefix == nil) == (base.contains("#") || Self.rewrittenBaseURLs.contains(base)))
    }

    /// Components set whole are not the base URL's any more: their own URL is made.
    @Test func componentsSetWholeMakeTheirOwnURL() throws {
        var request = try HTTPRequest(.get, baseURL: "https://h.test/v1") { Path("a") }
        var components = request.urlComponents
        components.host = "other.test"
        request.urlComponents = components
        #expect(request.sentURL?.absoluteString == "https://other.test/v1/a")
        #expect(try request.urlRequest().url?.absoluteString == "https://other.test/v1/a")
    }
}
