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

    /// A name that needs no change is returned as it is.
    @Test func capitalizedNamesAreKept() {
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
            let url = try #require(request.url)
            var expected = URLRequest(url: url)
            expected.httpMethod = request.method.rawValue
            for field in request.headers.fields { expected.addValue(field.value, forHTTPHeaderField: field.name) }
            #expect(converted.url == expected.url)
            #expect(converted.httpMethod == expected.httpMethod)
            #expect(converted.allHTTPHeaderFields == expected.allHTTPHeaderFields)
            #expect(converted.httpBody == expected.httpBody)
        }
    }
}
