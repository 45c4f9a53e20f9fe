@testable import EndpointRuntime
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
    /// Several alternatives, or optional auth; when set, `auth` is not used.
    var authOptions: AuthOptions? = nil
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

/// Builds `endpoint`'s request from the compiled generated code and checks every part of it, then
/// its response contract (`expectedStatus`: the one success status, or any 2xx when `nil`) and the
/// `Call` case it wraps: the request remembers that case, and the case alone builds the same request.
/// With `wraps`, the case must equal it.
func check<Response, Case: HTTPRequestable & Equatable>(
    _ endpoint: Endpoint<Response>, _ expected: ExpectedRequest, wraps call: Case,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try check(endpoint, expected, sourceLocation: sourceLocation)
    #expect(endpoint.call as? Case == call, "\(endpoint.call) is not \(call)", sourceLocation: sourceLocation)
    #expect(try endpoint.httpRequest().call as? Case == call, sourceLocation: sourceLocation)
}

/// Builds `endpoint`'s request and checks it (see ``checkRequest(_:_:sourceLocation:)``), its
/// success statuses, and that the request carries the `Call` case that builds it.
func check<Response>(_ endpoint: Endpoint<Response>, _ expected: ExpectedRequest,
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
    let request = try checkRequest(endpoint, expected, sourceLocation: sourceLocation)
    // Success statuses: the spec's one status, or any 2xx.
    if let status = expected.expectedStatus {
        #expect(endpoint.statuses == [status], sourceLocation: sourceLocation)
        #expect(endpoint.accepts(status), sourceLocation: sourceLocation)
        #expect(!endpoint.accepts(status == 200 ? 201 : 200), sourceLocation: sourceLocation)
    } else {
        #expect(endpoint.statuses.isEmpty, sourceLocation: sourceLocation)
        #expect(endpoint.accepts(200) && endpoint.accepts(201) && endpoint.accepts(204), sourceLocation: sourceLocation)
    }
    #expect(!endpoint.accepts(199) && !endpoint.accepts(304) && !endpoint.accepts(404) && !endpoint.accepts(500),
            sourceLocation: sourceLocation)
    // The endpoint wraps a case of the API's `Call` enum (not a bare request), the request carries
    // it to middleware, and the case alone builds the same request. (Checked part by part rather than
    // with `==`: a multipart boundary is random, and JSON key order may differ between two encodings.)
    #expect(!(endpoint.call is HTTPRequest), sourceLocation: sourceLocation)
    #expect(String(reflecting: type(of: endpoint.call)).hasSuffix(".Call"), "\(type(of: endpoint.call))", sourceLocation: sourceLocation)
    let carried = try #require(request.call, sourceLocation: sourceLocation)
    #expect(ObjectIdentifier(type(of: carried)) == ObjectIdentifier(type(of: endpoint.call)), sourceLocation: sourceLocation)
    let rebuilt = try checkRequest(carried, expected, sourceLocation: sourceLocation)
    #expect(rebuilt.baseURL == request.baseURL && rebuilt.dateFormat == request.dateFormat, sourceLocation: sourceLocation)
    try checkRequest(endpoint.call, expected, sourceLocation: sourceLocation)
}

/// Builds the request of `requestable` (a typed endpoint or a `Call` case) from the compiled
/// generated code and checks every part of it. `expected.expectedStatus` is not a property of a
/// request (the ``Endpoint`` holds it) and is checked by ``check(_:_:sourceLocation:)``.
@discardableResult
func checkRequest(_ requestable: some HTTPRequestable, _ expected: ExpectedRequest,
                  sourceLocation: SourceLocation = #_sourceLocation) throws -> HTTPRequest {
    let request = try requestable.httpRequest()
    #expect(request.method == expected.method, sourceLocation: sourceLocation)
    // Scheme, host and path exactly as encoded; the query as decoded items, in order (the raw
    // comma-style encoding is checked in BuilderTests and over the wire).
    let wanted = try #require(URLComponents(string: expected.url), sourceLocation: sourceLocation)
    let actual = request.urlComponents
    #expect(actual.scheme == wanted.scheme && actual.host == wanted.host, sourceLocation: sourceLocation)
    #expect(actual.percentEncodedPath == wanted.percentEncodedPath, sourceLocation: sourceLocation)
    #expect(actual.queryItems ?? [] == wanted.queryItems ?? [], "query: \(actual.percentEncodedQuery ?? "")", sourceLocation: sourceLocation)
    #expect(request.url != nil, sourceLocation: sourceLocation)
    let headers = request.headers.map { "\($0.name): \($0.value)" }
    let expectedHeaders = expected.headers.map { "\($0.0): \($0.1)" }
    if case .multipart = expected.body {
        // The boundary is random: check the header's start, and every other header exactly.
        #expect(headers.filter { !$0.hasPrefix("Content-Type: multipart/form-data; boundary=") } == expectedHeaders, sourceLocation: sourceLocation)
        #expect(headers.contains { $0.hasPrefix("Content-Type: multipart/form-data; boundary=") }, sourceLocation: sourceLocation)
    } else {
        #expect(headers == expectedHeaders, sourceLocation: sourceLocation)
    }
    #expect(request.authOptions == expected.authOptions ?? AuthOptions([expected.auth]), sourceLocation: sourceLocation)
    #expect(request.timeout == expected.timeout, sourceLocation: sourceLocation)
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
    return request
}

/// The endpoint keys of a spec in `specs/`, dotted with their groups (`activities.get`), sorted;
/// with `deprecated`, only those the spec marks deprecated (`true` or a message).
func endpointKeys(ofSpec name: String, deprecated: Bool = false) throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let data = try Data(contentsOf: root.appendingPathComponent("specs/\(name).endpoints.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var keys: [String] = []
    func visit(_ level: [String: Any], prefix: String) {
        for (key, endpoint) in level["endpoints"] as? [String: Any] ?? [:] {
            // `"deprecated"` is `true` or a message.
            let mark = (endpoint as? [String: Any])?["deprecated"]
            if !deprecated || mark as? Bool == true || mark is String { keys.append(prefix + key) }
        }
        for (key, group) in level["groups"] as? [String: Any] ?? [:] {
            if let group = group as? [String: Any] { visit(group, prefix: prefix + key + ".") }
        }
    }
    visit(json, prefix: "")
    return keys.sorted()
}

/// Reaches the deprecated typed factories without a deprecation warning in the tests themselves:
/// the conforming type's deprecated witness calls them and returns their (not deprecated) values,
/// which the tests check through the protocol. The `Call` cases are not deprecated.
protocol DeprecatedFactories {
    /// The deprecated endpoints' typed values, by dotted spec key (`activities.create`).
    static func deprecatedEndpoints() -> [String: any HTTPRequestable]
}
