import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

/// specs/Large.endpoints.json (scripts/make-scale-spec.py 450 1.0): 450 endpoints in one group, so
/// `httpRequest()` tries three private chunk functions of at most 200 arms, then the deprecated arms.
@Suite struct LargeAPIRequestTests {
    static let headers = [("Accept", "application/json")]

    @Test(arguments: [1, 199, 201, 202, 203, 398, 449])
    func endpointsInEveryChunk(index: Int) throws {
        // Built by name through the typed factories would need 450 names; these are the chunk edges.
        let endpoint: Large.Big
        switch index {
        case 1: endpoint = .bigOp1(id: 9)
        case 199: endpoint = .bigOp199(id: 9)
        case 201: endpoint = .bigOp201(id: 9, q: "x")
        case 202: endpoint = .bigOp202(id: 9, limit: 3)
        case 203: endpoint = .bigOp203(id: 9, body: Item(id: 1))
        case 398: endpoint = .bigOp398(id: 9, body: Item(id: 1))
        default: endpoint = .bigOp449(id: 9, body: Item(id: 1))
        }
        let request = try endpoint.httpRequest()
        #expect(request.urlComponents.path == "/v1/big/big/items\(index)/9")
        #expect(request.method == (index % 3 == 2 ? .post : .get))
        #expect(request.auth == .bearer)
    }

    @Test func deprecatedArmsAfterTheChunks() throws {
        #expect(try (DeprecatedLarge.self as any DeprecatedCases.Type).checkDeprecatedCases() == ["big.big_op0", "big.big_op350"])
    }

    @Test func defaultsAndQueries() throws {
        try check(Large.Big.bigOp403(id: 2, q: "a b"),
                  .init(method: .get, url: "https://api.example.com/v1/big/big/items403/2?q=a%20b&limit=10", headers: Self.headers, auth: .bearer))
    }
}

enum DeprecatedLarge: DeprecatedCases {
    @available(*, deprecated)
    static func checkDeprecatedCases() throws -> [String] {
        try check(Large.Big.bigOp0(id: 1),
                  .init(method: .get, url: "https://api.example.com/v1/big/big/items0/1?limit=10", headers: [("Accept", "application/json")], auth: .bearer))
        try check(Large.Big.bigOp350(id: 1, body: Item(id: 5)),
                  .init(method: .post, url: "https://api.example.com/v1/big/big/items350/1",
                        headers: [("Accept", "application/json"), ("Content-Type", "application/json")], auth: .bearer,
                        body: .json(#"{"id":5}"#), expectedStatus: 201))
        return ["big.big_op0", "big.big_op350"]
    }
}
