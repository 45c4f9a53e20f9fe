import Foundation
import Testing
@testable import EndpointRuntime

@Suite struct HeaderTests {
    @Test func caseInsensitiveReplaceAppendRemove() {
        var headers: HTTPHeaders = ["Accept": "a", "X-Multi": "1"]
        #expect(headers["ACCEPT"] == "a")
        headers.append("x-multi", "2")
        #expect(headers.values(for: "X-MULTI") == ["1", "2"])
        #expect(headers["x-multi"] == "1, 2")
        headers["X-Multi"] = "3"
        #expect(headers.values(for: "x-multi") == ["3"])
        headers["accept"] = nil
        #expect(!headers.contains("Accept"))
        headers["X-MULTI"] = nil
        #expect(Array(headers).isEmpty)
        #expect(HTTPHeaders([("A", "1")]) == HTTPHeaders([("a", "1")]))
        var merged: HTTPHeaders = ["A": "1", "B": "2"]
        merged.merge(["b": "3", "C": "4"])
        #expect(merged.map(\.value) == ["1", "3", "4"])
    }

    @Test func typedCommonHeaders() throws {
        let request = try HTTPRequest(.get, baseURL: "https://h.test") {
            Header("Content-Type", "application/json")
            Header.acceptLanguage(["fr-CH", "fr", "en", "FR"])
            Header.userAgent(product: "Demo", version: "1.0")
        }
        #expect(Credentials.basic(username: "Aladdin", password: "open sesame").authorizationValue == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(request.headers["Accept-Language"] == "fr-CH, fr;q=0.9, en;q=0.8")
        #expect(request.headers["User-Agent"]?.hasPrefix("Demo/1.0 EndpointRuntime/1 (") == true)
        #expect(Credentials.bearer("t").authorizationValue == "Bearer t")
        #expect(Credentials.apiKey("k").authorizationValue == "k")
        #expect(HTTPHeaders.acceptLanguage([]) == "*")
        #expect(HTTPHeaders.acceptLanguage((1...9).map { "l\($0)" }) == "l1, l2;q=0.9, l3;q=0.8, l4;q=0.7, l5;q=0.6, l6;q=0.5")
        var headers = HTTPHeaders()
        headers["Authorization"] = Credentials.bearer("x").authorizationValue
        #expect(headers["authorization"] == "Bearer x")
        #expect(headers.description.contains("Authorization: <redacted>"))
    }
}

@Suite struct DecoderTests {
    struct Stamp: Codable, Equatable, Sendable { var at: Date }

    @Test(arguments: [
        (DateFormat.iso8601, #"{"at":"2024-05-01T12:30:00Z"}"#, 1_714_566_600.0),
        (.iso8601, #"{"at":"2024-05-01T12:30:00.5Z"}"#, 1_714_566_600.5),
        (.iso8601Fractional, #"{"at":"2024-05-01T12:30:00.250Z"}"#, 1_714_566_600.25),
        (.secondsSince1970, #"{"at":1714566600}"#, 1_714_566_600.0),
        (.millisecondsSince1970, #"{"at":1714566600250}"#, 1_714_566_600.25),
        (.date, #"{"at":"2024-05-01"}"#, 1_714_521_600.0),
    ])
    func jsonDatesFollowTheRequestFormat(format: DateFormat, json: String, seconds: Double) throws {
        let request = try HTTPRequest(.get, baseURL: "https://h.test", dateFormat: format) {}
        let decoded = try ResponseDecoder<Stamp>.json.decode(HTTPResponse(status: 200, body: Data(json.utf8), request: request))
        #expect(abs(decoded.at.timeIntervalSince1970 - seconds) < 0.001)
        // Encoding writes the same format; seconds-only ISO 8601 drops the fraction.
        let body = try HTTPRequest(.post, baseURL: "https://h.test", dateFormat: format) { JSONBody(decoded) }
        let again = try format.makeJSONDecoder().decode(Stamp.self, from: body.body ?? Data())
        let kept = format == .iso8601 ? seconds.rounded(.down) : seconds
        #expect(abs(again.at.timeIntervalSince1970 - kept) < 0.001)
    }

    /// A `String` response (`"response": "String"` in a spec, decoded with `.json`) is the text of a
    /// `text/...` body, and a JSON string otherwise.
    @Test(arguments: [
        ("text/plain", "OK", "OK"),
        ("text/plain; charset=utf-8", "\"quoted\"\n", "\"quoted\"\n"),
        ("Text/HTML", "<p>hi</p>", "<p>hi</p>"),
        ("application/json", "\"OK\"", "OK"),
        ("application/json; charset=utf-8", "\"a\\u00e9\"", "aé"),
    ])
    func stringResponsesFollowTheContentType(contentType: String, body: String, expected: String) async throws {
        let request = try HTTPRequest(.get, baseURL: "https://h.test") { Path("health") }
        let response = HTTPResponse(status: 200, headers: ["Content-Type": contentType], body: Data(body.utf8), request: request)
        #expect(try ResponseDecoder<String>.json.decode(response) == expected)

        // Through the client, as generated code sends an `Endpoint<String>` (decoder `.json`).
        let stub = StubTransport()
        await stub.stub(.get, path: "/health", responses: [StubResponse(headers: ["Content-Type": contentType], body: Data(body.utf8))])
        let sent: String = try await HTTPClient(transport: stub).send(Endpoint(request, decoder: .json))
        #expect(sent == expected)
    }

    @Test func aStringResponseWithoutATextTypeIsJSON() throws {
        let request = try HTTPRequest(.get, baseURL: "https://h.test") {}
        for headers: HTTPHeaders in [[:], ["Content-Type": "application/json"]] {
            let bare = HTTPResponse(status: 200, headers: headers, body: Data("OK".utf8), request: request)
            #expect(throws: DecodingError.self) { try ResponseDecoder<String>.json.decode(bare) }
        }
        // Other types are JSON whatever the content type says.
        let number = HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data("42".utf8), request: request)
        #expect(try ResponseDecoder<Int>.json.decode(number) == 42)
    }

    struct Profile: Encodable, Sendable { var displayName: String; var joinedAt: Date }

    @Test func jsonBodyEncoderIsConfigurableAndKeepsTheDateFormat() throws {
        let profile = Profile(displayName: "Ada", joinedAt: Date(timeIntervalSince1970: 0))
        let request = try HTTPRequest(.put, baseURL: "https://h.test", dateFormat: .date) {
            JSONBody(profile, contentType: "application/merge-patch+json") {
                $0.keyEncodingStrategy = .convertToSnakeCase
                $0.outputFormatting = .sortedKeys
            }
        }
        #expect(request.body == Data(#"{"display_name":"Ada","joined_at":"1970-01-01"}"#.utf8))
        #expect(request.headers["Content-Type"] == "application/merge-patch+json")
        let own = try HTTPRequest(.put, baseURL: "https://h.test") {
            JSONBody(profile) { $0.dateEncodingStrategy = .secondsSince1970; $0.outputFormatting = .sortedKeys }
        }
        #expect(own.body == Data(#"{"displayName":"Ada","joinedAt":0}"#.utf8))
    }

    @Test func badDateNamesTheFormat() throws {
        let request = try HTTPRequest(.get, baseURL: "https://h.test", dateFormat: .date) {}
        #expect(throws: DecodingError.self) {
            try ResponseDecoder<Stamp>.json.decode(HTTPResponse(status: 200, body: Data(#"{"at":"yesterday"}"#.utf8), request: request))
        }
    }

    @Test func textHonoursCharset() throws {
        let request = try HTTPRequest(.get, baseURL: "https://h.test") {}
        let latin = HTTPResponse(status: 200, headers: ["Content-Type": "text/plain; charset=ISO-8859-1"], body: Data([0x63, 0x61, 0x66, 0xE9]), request: request)
        #expect(try ResponseDecoder<String>.text.decode(latin) == "café")
        let bad = HTTPResponse(status: 200, body: Data([0xFF, 0xFE, 0xFD]), request: request)
        #expect(throws: DecodingError.self) { try ResponseDecoder<String>.text.decode(bad) }
    }

    @Test func jsonValueRoundTrips() throws {
        let text = #"{"a":[1,2.5,"x",true,null],"b":{"c":9007199254740993}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["b"]?["c"] == .int(9_007_199_254_740_993))
        #expect(value["a"]?[1] == .double(2.5))
        #expect(value["a"]?[4] == .null)
        #expect(value.description == text)
        #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value)) == value)
    }
}

@Suite struct FieldsEncoderTests {
    struct Item: Encodable { var name: String; var qty: Int }
    struct Order: Encodable {
        var id: Int64 = 7
        var note: String? = nil
        var paid = false
        var items = [Item(name: "a", qty: 1), Item(name: "b", qty: 2)]
        var codes = [3, 4]
        var meta = ["k": "v"]
        var when = Date(timeIntervalSince1970: 0)
        var blob = Data([1, 2, 3])
        var price = 1.25
    }

    @Test func flattensNestedValues() throws {
        let fields = try FieldsEncoder(dateFormat: .millisecondsSince1970).fields(Order())
        let pairs = fields.map { field -> String in
            if case let .text(text) = field.value { return "\(field.name)=\(text)" }
            return "\(field.name)=<file>"
        }
        #expect(pairs == ["id=7", "paid=false", "items[0][name]=a", "items[0][qty]=1", "items[1][name]=b", "items[1][qty]=2",
                          "codes=3", "codes=4", "meta[k]=v", "when=0", "blob=AQID", "price=1.25"])
        let files = try FieldsEncoder(dataAsFiles: true).fields(Order()).compactMap { field -> MultipartFile? in
            if case let .file(file) = field.value { return file }
            return nil
        }
        #expect(files == [MultipartFile(Data([1, 2, 3]), fileName: "blob")])
    }

    @Test func topLevelMustBeAnObject() {
        #expect(throws: EncodingError.self) { try FieldsEncoder().fields([1, 2]) }
        #expect(throws: EndpointError.self) { try HTTPRequest(.post, baseURL: "https://h.test") { FormBody("text") } }
    }
}
