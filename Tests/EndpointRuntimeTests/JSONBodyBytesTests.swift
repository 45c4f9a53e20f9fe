import Foundation
import Testing
@testable import EndpointRuntime

/// A JSON body is written by the runtime's `SortedJSONEncoder`; its bytes must stay those of the
/// request's `DateFormat.makeJSONEncoder()`, which wrote them before (and which `configure:` still
/// uses): sorted keys, `\/`, dates in the format, nested objects and arrays, optionals left out.
@Suite struct JSONBodyBytesTests {
    struct Inner: Codable, Sendable { var url: String; var when: Date; var tags: [String] }
    struct Outer: Codable, Sendable {
        var zeta: Int
        var alpha: String?
        var éclair: Double
        var nested: Inner
        var list: [Inner]
        var map: [String: Int]
        var data: Data
        var missing: Bool?
    }

    static let value = Outer(
        zeta: -3, alpha: "a/b \"quoted\" \u{1F600}\n", éclair: 0.1, nested: Inner(url: "https://h.test/x/y", when: Date(timeIntervalSince1970: 1_714_566_600), tags: []),
        list: [Inner(url: "/", when: Date(timeIntervalSince1970: -1.5), tags: ["t1", "t/2"])], map: ["b": 2, "a": 1, "B": 3],
        data: Data([0, 1, 254, 255]), missing: nil)

    @Test(arguments: DateFormat.allCases) func aBodyHasTheBytesOfTheFormatsJSONEncoder(_ format: DateFormat) throws {
        let request = try HTTPRequest(.post, baseURL: "https://h.test", dateFormat: format) { JSONBody(Self.value) }
        #expect(request.body == (try format.makeJSONEncoder().encode(Self.value)))
        #expect(request.headers["Content-Type"] == "application/json")
    }

    @Test func configureStillGetsAJSONEncoder() throws {
        let request = try HTTPRequest(.post, baseURL: "https://h.test") { JSONBody(Self.value) { $0.keyEncodingStrategy = .convertToSnakeCase } }
        let encoder = DateFormat.iso8601.makeJSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(request.body == (try encoder.encode(Self.value)))
    }

    /// A value `JSONEncoder` refuses is refused the same way (the encoder hands it over).
    @Test func aValueJSONEncoderRefusesIsRefused() {
        #expect(throws: EndpointError.self) { try HTTPRequest(.post, baseURL: "https://h.test") { JSONBody(Double.nan) } }
    }
}
