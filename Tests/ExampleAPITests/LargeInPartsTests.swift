@testable import EndpointRuntime
import ExampleAPIs
import Foundation
import LargeInParts
import Testing

/// specs/Large.endpoints.json compiled twice: as one file (ExampleAPIs) and as three (LargeInParts,
/// `--parts 3`), where the namespace and typed factories (part 1), the API's and `big`'s `Call`
/// enums (part 2), and `big2`'s `Call` enum and the models (part 3) sit in different files. Both
/// must build the same requests and the same response contracts.
@Suite struct LargeInPartsTests {
    /// What is sent and what the client reads, with the module name taken out of type names.
    static func shape(_ request: HTTPRequest) -> String {
        [request.method.rawValue, request.url?.absoluteString ?? "no URL",
         request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "; "),
         request.body.map { String(decoding: $0, as: UTF8.self) } ?? "no body", "\(request.authOptions)",
         request.call.map { withoutModule(String(reflecting: type(of: $0))) } ?? "no call"]
            .joined(separator: " | ")
    }

    /// The request's shape, then the endpoint's success statuses, error type for 404 and response type.
    static func shape<Response>(_ endpoint: Endpoint<Response>) throws -> String {
        let statuses = endpoint.statuses.isEmpty ? "any 2xx" : endpoint.statuses.sorted().map(String.init).joined(separator: ",")
        let errorType = endpoint.errors.typeName(for: 404).map(withoutModule) ?? "no error type"
        return [shape(try endpoint.httpRequest()), statuses, errorType, withoutModule(String(reflecting: Response.self))]
            .joined(separator: " | ")
    }

    static func withoutModule(_ name: String) -> String {
        name.replacingOccurrences(of: "ExampleAPIs.", with: "").replacingOccurrences(of: "LargeInParts.", with: "")
    }

    /// Endpoint `bigOp<index>` made by the typed factories of both modules.
    static func endpoints(_ index: Int) throws -> (single: String, parts: String) {
        switch index {
        case 1: return (try shape(ExampleAPIs.Large.Big.bigOp1(id: 7, q: "a b")), try shape(LargeInParts.Large.Big.bigOp1(id: 7, q: "a b")))
        case 199: return (try shape(ExampleAPIs.Large.Big.bigOp199(id: 7, limit: 3)), try shape(LargeInParts.Large.Big.bigOp199(id: 7, limit: 3)))
        case 201: return (try shape(ExampleAPIs.Large.Big.bigOp201(id: 7)), try shape(LargeInParts.Large.Big.bigOp201(id: 7)))
        case 202: return (try shape(ExampleAPIs.Large.Big.bigOp202(id: 7, limit: 1)), try shape(LargeInParts.Large.Big.bigOp202(id: 7, limit: 1)))
        case 203: return (try shape(ExampleAPIs.Large.Big.bigOp203(id: 7, body: .init(id: 2))),
                          try shape(LargeInParts.Large.Big.bigOp203(id: 7, body: .init(id: 2))))
        case 249: return (try shape(ExampleAPIs.Large.Big.bigOp249(id: 7)), try shape(LargeInParts.Large.Big.bigOp249(id: 7)))
        case 251: return (try shape(ExampleAPIs.Large.Big2.bigOp251(id: 7, body: .init(id: 1))),
                          try shape(LargeInParts.Large.Big2.bigOp251(id: 7, body: .init(id: 1))))
        case 399: return (try shape(ExampleAPIs.Large.Big2.bigOp399(id: 7, q: "z")), try shape(LargeInParts.Large.Big2.bigOp399(id: 7, q: "z")))
        case 401: return (try shape(ExampleAPIs.Large.Big2.bigOp401(id: 7, body: .init(id: 1))),
                          try shape(LargeInParts.Large.Big2.bigOp401(id: 7, body: .init(id: 1))))
        case 449: return (try shape(ExampleAPIs.Large.Big2.bigOp449(id: 7, body: .init(id: 3))),
                          try shape(LargeInParts.Large.Big2.bigOp449(id: 7, body: .init(id: 3))))
        default: throw CocoaError(.featureUnsupported)
        }
    }

    @Test(arguments: [1, 199, 201, 202, 203, 249, 251, 399, 401, 449])
    func everyPartBuildsTheSameEndpoints(index: Int) throws {
        let (single, parts) = try Self.endpoints(index)
        #expect(single.hasPrefix("\(index % 3 == 2 ? "POST" : "GET") | https://api.example.com/v1/big/big/items\(index)/7"))
        // Typed values wrap the API's case (`Large.Call.big(...)` or `.big2(...)`), which requests carry.
        #expect(single.contains("| Large.Call |"), "\(single)")
        #expect(single.hasSuffix(index % 3 == 2 ? "| 201 | no error type | Large.Item" : "| any 2xx | Large.Item | Swift.Array<Large.Item>"),
                "\(single)")
        #expect(parts == single)
    }

    @Test func callCasesInEachPart() throws {
        // The API's `Call` (part 2) wrapping `big`'s (part 2) and `big2`'s (part 3).
        let singleBig = try ExampleAPIs.Large.Call.big(.bigOp1(id: 1)).httpRequest()
        let partsBig = try LargeInParts.Large.Call.big(.bigOp1(id: 1)).httpRequest()
        #expect(Self.shape(partsBig) == Self.shape(singleBig))
        let singleBig2 = try ExampleAPIs.Large.Call.big2(.bigOp448(id: 1)).httpRequest()
        let partsBig2 = try LargeInParts.Large.Call.big2(.bigOp448(id: 1)).httpRequest()
        #expect(Self.shape(partsBig2) == Self.shape(singleBig2))
        #expect(singleBig2.url?.path == "/v1/big/big/items448/1")
        // The typed factories (part 1) wrap the cases.
        #expect(LargeInParts.Large.Big2.bigOp448(id: 1).call as? LargeInParts.Large.Call == .big2(.bigOp448(id: 1)))
        #expect(LargeInParts.Large.Big.bigOp201(id: 1).call as? LargeInParts.Large.Call == .big(.bigOp201(id: 1)))
        let _: Endpoint<[LargeInParts.Large.Item]> = LargeInParts.Large.Big2.bigOp448(id: 1)
    }

    @Test func deprecatedFactoriesAndCasesInEachPart() throws {
        let single = (DeprecatedLarge.self as any DeprecatedFactories.Type).deprecatedEndpoints()
        let parts = (DeprecatedInParts.self as any DeprecatedFactories.Type).deprecatedEndpoints()
        #expect(parts.keys.sorted() == single.keys.sorted())
        #expect(parts.keys.sorted() == (try endpointKeys(ofSpec: "Large", deprecated: true)))
        for (key, endpoint) in parts {
            let other = try #require(single[key])
            if let get = endpoint as? Endpoint<[LargeInParts.Large.Item]> {
                #expect(try Self.shape(get) == Self.shape(try #require(other as? Endpoint<[ExampleAPIs.Large.Item]>)), "\(key)")
            } else {
                let post = try #require(endpoint as? Endpoint<LargeInParts.Large.Item>, "\(key)")
                #expect(try Self.shape(post) == Self.shape(try #require(other as? Endpoint<ExampleAPIs.Large.Item>)), "\(key)")
            }
        }
        // The deprecated endpoints' cases are not deprecated.
        #expect(Self.shape(try LargeInParts.Large.Call.big(.bigOp0(id: 1)).httpRequest())
                == Self.shape(try ExampleAPIs.Large.Call.big(.bigOp0(id: 1)).httpRequest()))
        #expect(Self.shape(try LargeInParts.Large.Big2.Call.bigOp350(id: 1, body: .init(id: 5)).httpRequest())
                == Self.shape(try ExampleAPIs.Large.Big2.Call.bigOp350(id: 1, body: .init(id: 5)).httpRequest()))
    }
}

enum DeprecatedInParts: DeprecatedFactories {
    @available(*, deprecated)
    static func deprecatedEndpoints() -> [String: any HTTPRequestable] {
        let item = LargeInParts.Large.Item(id: 5)
        return [
            "big.big_op0": LargeInParts.Large.Big.bigOp0(id: 9), "big.big_op50": LargeInParts.Large.Big.bigOp50(id: 9, body: item),
            "big.big_op100": LargeInParts.Large.Big.bigOp100(id: 9), "big.big_op150": LargeInParts.Large.Big.bigOp150(id: 9),
            "big.big_op200": LargeInParts.Large.Big.bigOp200(id: 9, body: item), "big2.big_op250": LargeInParts.Large.Big2.bigOp250(id: 9),
            "big2.big_op300": LargeInParts.Large.Big2.bigOp300(id: 9), "big2.big_op350": LargeInParts.Large.Big2.bigOp350(id: 9, body: item),
            "big2.big_op400": LargeInParts.Large.Big2.bigOp400(id: 9),
        ]
    }
}
