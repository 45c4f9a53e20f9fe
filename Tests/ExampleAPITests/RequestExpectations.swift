import EndpointRuntime
import Foundation
import Testing

/// What one endpoint's request must look like.
struct ExpectedRequest {
    var method: HTTPMethod
    /// The full URL, query included, as sent.
    var url: String
    /// Every header field, in order.
    var headers: [(String, String)] = []
    var auth: AuthRequirement = .none
    var body: ExpectedBody = .none
    var timeout: TimeInterval? = nil
    var expectedStatus: Int? = nil

    enum ExpectedBody {
        case none
        /// JSON compared as values (key order is free).
        case json(String)
        /// Exact text.
        case text(String)
        case bytes(Data)
        /// Multipart: the body contains each of these strings.
        case multipart(containing: [String])
    }
}

/// Builds `endpoint`'s request from the compiled generated code and checks every part of it.
func check(_ endpoint: some HTTPRequestable, _ expected: ExpectedRequest, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let request = try endpoint.httpRequest()
    #expect(request.method == expected.method, sourceLocation: sourceLocation)
    // Scheme, host and path exactly as encoded; the query as decoded items, in order (the raw
    // comma-style encoding is checked in BuilderTests and over the wire).
    let wanted = try #require(URLComponents(string: expected.url), sourceLocation: sourceLocation)
    let actual = request.urlComponents
    #expect(actual.scheme == wanted.scheme && actual.host == wanted.host, sourceLocation: sourceLocation)
    #expect(actual.percentEncodedPath == wanted.percentEncodedPath, sourceLocation: sourceLocation)
    #expect(actual.queryItems ?? [] == wanted.queryItems ?? [], "query: \(actual.percentEncodedQuery ?? "")", sourceLocation: sourceLocation)
    #expect(request.url != nil, sourceLocation: sourceLocation)
    let headers = request.headers.fields.map { "\($0.name): \($0.value)" }
    let expectedHeaders = expected.headers.map { "\($0.0): \($0.1)" }
    if case .multipart = expected.body {
        // The boundary is random: check the header's start, and every other header exactly.
        #expect(headers.filter { !$0.hasPrefix("Content-Type: multipart/form-data; boundary=") } == expectedHeaders, sourceLocation: sourceLocation)
        #expect(headers.contains { $0.hasPrefix("Content-Type: multipart/form-data; boundary=") }, sourceLocation: sourceLocation)
    } else {
        #expect(headers == expectedHeaders, sourceLocation: sourceLocation)
    }
    #expect(request.auth == expected.auth, sourceLocation: sourceLocation)
    #expect(request.timeout == expected.timeout, sourceLocation: sourceLocation)
    #expect(request.expectedStatus == expected.expectedStatus, sourceLocation: sourceLocation)
    switch expected.body {
    case .none:
        #expect(request.body == nil, sourceLocation: sourceLocation)
    case let .json(text):
        let body = try #require(request.body, sourceLocation: sourceLocation)
        let actual = try JSONDecoder().decode(JSONValue.self, from: body)
        let wanted = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(actual == wanted, "body: \(String(decoding: body, as: UTF8.self))", sourceLocation: sourceLocation)
    case let .text(text):
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == text, sourceLocation: sourceLocation)
    case let .bytes(data):
        #expect(request.body == data, sourceLocation: sourceLocation)
    case let .multipart(parts):
        let body = String(decoding: try #require(request.body, sourceLocation: sourceLocation), as: UTF8.self)
        for part in parts {
            #expect(body.contains(part), "multipart body lacks \(part): \(body)", sourceLocation: sourceLocation)
        }
    }
}

/// The endpoint keys of a spec in `specs/`, dotted with their groups (`activities.get`), in spec order.
func endpointKeys(ofSpec name: String) throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let data = try Data(contentsOf: root.appendingPathComponent("specs/\(name).endpoints.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var keys: [String] = []
    func visit(_ level: [String: Any], prefix: String) {
        for key in (level["endpoints"] as? [String: Any] ?? [:]).keys { keys.append(prefix + key) }
        for (key, group) in level["groups"] as? [String: Any] ?? [:] {
            if let group = group as? [String: Any] { visit(group, prefix: prefix + key + ".") }
        }
    }
    visit(json, prefix: "")
    return keys.sorted()
}

/// Reaches values of deprecated cases without a deprecation warning in the tests themselves (the
/// same device the generated code uses): the deprecated witness is called through the protocol.
protocol DeprecatedCases {
    static func checkDeprecatedCases() throws -> [String]
}
