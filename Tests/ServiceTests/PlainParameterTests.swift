import Foundation
import Testing
@testable import EndpointRuntime

/// Path, query and header values of a standard scalar type are read without the styled decoder:
/// the value, or the decision to leave it to the styled decoder, must be what the styled decoder
/// itself would answer.
@Suite struct PlainParameterTests {
    static let texts = ["", "0", "1", "-1", "+1", " 1", "1 ", "007", "1.5", "-0.0", "1e3", ".5", "5.", "0x10", "1_000",
                        "9223372036854775807", "9223372036854775808", "2147483648", "1e400", "nan", "inf", "-infinity",
                        "true", "false", "TRUE", "True", "1,2", "abc", "é", "a b"]

    /// Every text and absence as `T`: where the plain reading answers, the styled decoder gives the
    /// same value; where it leaves the text, the styled decoder fails.
    func check<T: Decodable>(_ type: T.Type, sourceLocation: SourceLocation = #_sourceLocation) {
        var sources: [(ServiceRequest.Plain, StyledSource)] = Self.texts.map { (.text($0), .text($0)) }
        sources.append((.absent, .absent))
        for (plain, styledSource) in sources {
            let styled = Result { try StyledDecoder.decode(T.self, from: styledSource, dateFormat: .iso8601) }
            if let value = ServiceRequest.plainScalar(T.self, plain) {
                guard case let .success(expected) = styled else {
                    Issue.record("\(T.self) from \(plain): plain \(value), styled decoder failed", sourceLocation: sourceLocation)
                    continue
                }
                #expect(String(describing: value) == String(describing: expected), "\(T.self) from \(plain)", sourceLocation: sourceLocation)
            } else if case let .success(value) = styled {
                Issue.record("\(T.self) from \(plain): not plain, but the styled decoder reads \(value)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func scalarsReadAsTheStyledDecoderReadsThem() {
        check(String.self)
        check(String?.self)
        check(Bool.self)
        check(Bool?.self)
        check(Int.self)
        check(Int?.self)
        check(Int64.self)
        check(Int64?.self)
        check(Int32.self)
        check(Int32?.self)
        check(Double.self)
        check(Double?.self)
        check(Float.self)
        check(Float?.self)
        // Other types are never plain.
        #expect(ServiceRequest.plainScalar(UInt8.self, .text("1")) == nil)
        #expect(ServiceRequest.plainScalar(Date?.self, .absent) == nil)
        #expect(ServiceRequest.plainScalar([Int].self, .text("1")) == nil)
    }

    /// A request's query and headers read through `query(_:as:style:)` and `header(_:as:style:)`
    /// (plain where they can be) and through the styled decoder alone: the same value, or both fail.
    @Test func queriesAndHeadersReadAsTheStyledDecoderReadsThem() throws {
        let queries = ["", "n=5", "n=5&n=6", "n=", "n=%35", "n%5Ba%5D=1", "m=1", "n=5&n%5Ba%5D=1", "n%5Ba%5D=1&n=5",
                       "m=1&n%5B%5D=2", "n=%2B5", "n=+5", "n=a%20b", "%6E=7", "&&n=5&", "n", "n&n=5", "nn=1&n=2",
                       // Names equal as strings but not as bytes: the Kelvin sign is "K", and é is é decomposed.
                       "%E2%84%AA=9", "K=1&%E2%84%AA=2", "%E2%84%AA%5Bx%5D=2", "K%5Bx%5D=3", "e%CC%81=3", "%C3%A9=4&e%CC%81=5",
                       "%C3%A9%5Ba%5D=6", "%EF%BB%BFn=7"]
        for query in queries {
            let components = try #require(URLComponents(string: "https://api.example.com/items" + (query.isEmpty ? "" : "?" + query)))
            #expect((components.percentEncodedQuery ?? "") == query) // sent as written
            let request = ServiceRequest(raw: HTTPRequest(method: .get, urlComponents: components), dateFormat: .iso8601,
                                         pathValues: [], pathSegments: [])
            let items = ServiceRequest.items(query[...], separator: "&") { PercentEncoding.decode($0) }
            func same<T: Decodable>(_ type: T.Type, _ name: String, _ style: ParameterStyle) {
                let direct = Result { try request.query(name, as: T.self, style: style) }
                let styled = Result {
                    try StyledDecoder.decode(T.self, from: ServiceRequest.itemsSource(items, name: name, style: style, decoding: .percent),
                                             dateFormat: .iso8601)
                }
                switch (direct, styled) {
                case let (.success(a), .success(b)): #expect(String(describing: a) == String(describing: b), "\(T.self) \(name) from \(query)")
                case (.failure, .failure): break
                default: Issue.record("\(T.self) \(name) from \(query) \(style): \(direct) against the styled decoder's \(styled)")
                }
            }
            for name in ["n", "K", "\u{212A}", "é", "e\u{301}"] {
                for style in [ParameterStyle.form, .comma] {
                    same(Int.self, name, style)
                    same(Int?.self, name, style)
                    same(String.self, name, style)
                    same(String?.self, name, style)
                    same(Bool?.self, name, style)
                }
            }
        }
        let headerValues: [[String]] = [[], [""], ["5"], [" 5 "], ["5", "6"], ["\t abc"], ["true"]]
        for values in headerValues {
            var headers = HTTPHeaders()
            for value in values { headers.append("X-N", value) }
            let components = try #require(URLComponents(string: "https://api.example.com/items"))
            let request = ServiceRequest(raw: HTTPRequest(method: .get, urlComponents: components, additionalHeaders: headers),
                                         dateFormat: .iso8601, pathValues: [], pathSegments: [])
            func same<T: Decodable>(_ type: T.Type) {
                let direct = Result { try request.header("x-n", as: T.self) }
                let source: StyledSource = values.isEmpty ? .absent
                    : ServiceRequest.textSource(values.joined(separator: ","), name: "X-N", style: .simple, decoding: .none)
                let styled = Result { try StyledDecoder.decode(T.self, from: source, dateFormat: .iso8601) }
                switch (direct, styled) {
                case let (.success(a), .success(b)): #expect(String(describing: a) == String(describing: b), "\(T.self) from \(values)")
                case (.failure, .failure): break
                default: Issue.record("\(T.self) from \(values): \(direct) against the styled decoder's \(styled)")
                }
            }
            same(Int.self)
            same(Int?.self)
            same(String.self)
            same(String?.self)
            same(Bool?.self)
        }
    }
}
