@testable import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

/// specs/Large.endpoints.json (scripts/make-scale-spec.py): 450 endpoints, split over two groups
/// because a level holds at most 300 cases: `big` (big_op0 to big_op249) and `big2` (big_op250 to
/// big_op449), both under the path `/big`. Each group's `Call` enum has one exhaustive switch.
/// Endpoint `i` is a GET with a query and a default when `i % 3 != 2`, else a POST with a body.
@Suite struct LargeAPIRequestTests {
    static let headers = [("Accept", "application/json")]

    /// The request endpoint `index` builds with id 9 (and body `Item(id: 5)` for a POST).
    static func expected(_ index: Int, id: Int64 = 9) -> ExpectedRequest {
        if index % 3 == 2 {
            return ExpectedRequest(method: .post, url: "https://api.example.com/v1/big/big/items\(index)/\(id)",
                                   headers: headers + [("Content-Type", "application/json")], auth: .bearer,
                                   body: .json(#"{"id":5}"#), expectedStatus: 201)
        }
        return ExpectedRequest(method: .get, url: "https://api.example.com/v1/big/big/items\(index)/\(id)?limit=10",
                               headers: headers, auth: .bearer)
    }

    @Test func theGroupsSplitTheSpecAtThreeHundredCases() throws {
        let keys = try endpointKeys(ofSpec: "Large")
        #expect(keys.count == 450)
        #expect(Set(keys.filter { $0.hasPrefix("big.") }) == Set((0..<250).map { "big.big_op\($0)" }))
        #expect(Set(keys.filter { $0.hasPrefix("big2.") }) == Set((250..<450).map { "big2.big_op\($0)" }))
    }

    @Test(arguments: [1, 199, 201, 202, 203, 248, 249, 251, 299, 301, 398, 449])
    func endpointsInBothGroups(index: Int) throws {
        // Built through the typed factories would need 450 names; these are the edges of both groups.
        let item = Large.Item(id: 5)
        let endpoint: (typed: any HTTPRequestable, call: Large.Call)
        switch index {
        case 1: endpoint = (Large.Big.bigOp1(id: 9), .big(.bigOp1(id: 9)))
        case 199: endpoint = (Large.Big.bigOp199(id: 9), .big(.bigOp199(id: 9)))
        case 201: endpoint = (Large.Big.bigOp201(id: 9), .big(.bigOp201(id: 9)))
        case 202: endpoint = (Large.Big.bigOp202(id: 9), .big(.bigOp202(id: 9)))
        case 203: endpoint = (Large.Big.bigOp203(id: 9, body: item), .big(.bigOp203(id: 9, body: item)))
        case 248: endpoint = (Large.Big.bigOp248(id: 9, body: item), .big(.bigOp248(id: 9, body: item)))
        case 249: endpoint = (Large.Big.bigOp249(id: 9), .big(.bigOp249(id: 9)))
        case 251: endpoint = (Large.Big2.bigOp251(id: 9, body: item), .big2(.bigOp251(id: 9, body: item)))
        case 299: endpoint = (Large.Big2.bigOp299(id: 9, body: item), .big2(.bigOp299(id: 9, body: item)))
        case 301: endpoint = (Large.Big2.bigOp301(id: 9), .big2(.bigOp301(id: 9)))
        case 398: endpoint = (Large.Big2.bigOp398(id: 9, body: item), .big2(.bigOp398(id: 9, body: item)))
        default: endpoint = (Large.Big2.bigOp449(id: 9, body: item), .big2(.bigOp449(id: 9, body: item)))
        }
        let expected = Self.expected(index)
        if let get = endpoint.typed as? Endpoint<[Large.Item]> {
            #expect(index % 3 != 2)
            try check(get, expected, wraps: endpoint.call)
            #expect(get.errors.typeName(for: 404) == String(reflecting: Large.Item.self))
        } else {
            let post = try #require(endpoint.typed as? Endpoint<Large.Item>)
            #expect(index % 3 == 2)
            try check(post, expected, wraps: endpoint.call)
            #expect(post.errors == [:])
        }
        // The API's case and the group's own case build the same request.
        let request = try checkRequest(endpoint.call, expected)
        switch endpoint.call {
        case let .big(call):
            #expect(index < 250)
            #expect(try call.httpRequest() == request)
        case let .big2(call):
            #expect(index >= 250)
            #expect(try call.httpRequest() == request)
        }
    }

    /// The deprecated endpoints, in both groups: their typed factories (deprecated, reached through
    /// `DeprecatedLarge`) and their `Call` cases (not deprecated) build the spec's requests.
    @Test func deprecatedEndpointsInBothGroups() throws {
        let deprecated = (DeprecatedLarge.self as any DeprecatedFactories.Type).deprecatedEndpoints()
        #expect(deprecated.keys.sorted() == (try endpointKeys(ofSpec: "Large", deprecated: true)))
        #expect(deprecated.count == 9)
        let item = Large.Item(id: 5)
        let cases: [Int: Large.Call] = [
            0: .big(.bigOp0(id: 9)), 50: .big(.bigOp50(id: 9, body: item)), 100: .big(.bigOp100(id: 9)),
            150: .big(.bigOp150(id: 9)), 200: .big(.bigOp200(id: 9, body: item)), 250: .big2(.bigOp250(id: 9)),
            300: .big2(.bigOp300(id: 9)), 350: .big2(.bigOp350(id: 9, body: item)), 400: .big2(.bigOp400(id: 9)),
        ]
        for (key, endpoint) in deprecated {
            let index = try #require(Int(key.split(separator: "_op").last ?? ""), "\(key)")
            let call = try #require(cases[index], "\(key)")
            #expect(key == (index < 250 ? "big" : "big2") + ".big_op\(index)")
            if index % 3 == 2 {
                try check(try #require(endpoint as? Endpoint<Large.Item>, "\(key)"), Self.expected(index), wraps: call)
            } else {
                try check(try #require(endpoint as? Endpoint<[Large.Item]>, "\(key)"), Self.expected(index), wraps: call)
            }
            try checkRequest(call, Self.expected(index))
        }
    }

    @Test func defaultsAndQueries() throws {
        try check(Large.Big2.bigOp403(id: 2, q: "a b"),
                  .init(method: .get, url: "https://api.example.com/v1/big/big/items403/2?q=a%20b&limit=10", headers: Self.headers, auth: .bearer),
                  wraps: Large.Call.big2(.bigOp403(id: 2, q: "a b", limit: 10)))
        try check(Large.Big.bigOp4(id: 2, q: nil, limit: 1),
                  .init(method: .get, url: "https://api.example.com/v1/big/big/items4/2?limit=1", headers: Self.headers, auth: .bearer),
                  wraps: Large.Call.big(.bigOp4(id: 2, limit: 1)))
        #expect(Large.defaults.baseURL == "https://api.example.com/v1")
        #expect(Large.defaults.auth == AuthOptions([.bearer]))
    }
}

enum DeprecatedLarge: DeprecatedFactories {
    @available(*, deprecated)
    static func deprecatedEndpoints() -> [String: any HTTPRequestable] {
        let item = Large.Item(id: 5)
        return [
            "big.big_op0": Large.Big.bigOp0(id: 9), "big.big_op50": Large.Big.bigOp50(id: 9, body: item),
            "big.big_op100": Large.Big.bigOp100(id: 9), "big.big_op150": Large.Big.bigOp150(id: 9),
            "big.big_op200": Large.Big.bigOp200(id: 9, body: item), "big2.big_op250": Large.Big2.bigOp250(id: 9),
            "big2.big_op300": Large.Big2.bigOp300(id: 9), "big2.big_op350": Large.Big2.bigOp350(id: 9, body: item),
            "big2.big_op400": Large.Big2.bigOp400(id: 9),
        ]
    }
}
