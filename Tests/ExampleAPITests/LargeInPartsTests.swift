import EndpointRuntime
import ExampleAPIs
import Foundation
import LargeInParts
import Testing

/// specs/Large.endpoints.json compiled twice: as one file (ExampleAPIs) and as three (LargeInParts,
/// `--parts 3`), where the 450-case group's enum, its `httpRequest()` and each 200-arm chunk, and
/// its typed factories sit in different files. Both must build the same requests.
@Suite struct LargeInPartsTests {
    /// What is sent and what the client reads, with the module name taken out of type names.
    static func shape(_ request: HTTPRequest) -> String {
        let errorType = request.errorBodies.typeName(for: 404).map { $0.split(separator: ".").dropFirst().joined(separator: ".") }
        return [request.method.rawValue, request.url?.absoluteString ?? "no URL",
                request.headers.fields.map { "\($0.name): \($0.value)" }.joined(separator: "; "),
                request.body.map { String(decoding: $0, as: UTF8.self) } ?? "no body",
                "\(request.auth)", request.expectedStatus.map(String.init) ?? "any 2xx", errorType ?? "no error type"]
            .joined(separator: " | ")
    }

    /// Case `bigOp<index>` built in both modules: a GET with a query and a default (index % 3 != 2)
    /// or a POST with a body.
    static func endpoints(_ index: Int) throws -> (single: any HTTPRequestable, parts: any HTTPRequestable) {
        switch index {
        case 1: return (ExampleAPIs.Large.Big.bigOp1(id: 7, q: "a b"), LargeInParts.Large.Big.bigOp1(id: 7, q: "a b"))
        case 199: return (ExampleAPIs.Large.Big.bigOp199(id: 7, limit: 3), LargeInParts.Large.Big.bigOp199(id: 7, limit: 3))
        case 202: return (ExampleAPIs.Large.Big.bigOp202(id: 7, limit: 1), LargeInParts.Large.Big.bigOp202(id: 7, limit: 1))
        case 201: return (ExampleAPIs.Large.Big.bigOp201(id: 7), LargeInParts.Large.Big.bigOp201(id: 7))
        case 203: return (ExampleAPIs.Large.Big.bigOp203(id: 7, body: .init(id: 2)), LargeInParts.Large.Big.bigOp203(id: 7, body: .init(id: 2)))
        case 399: return (ExampleAPIs.Large.Big.bigOp399(id: 7, q: "z"), LargeInParts.Large.Big.bigOp399(id: 7, q: "z"))
        case 401: return (ExampleAPIs.Large.Big.bigOp401(id: 7, body: .init(id: 1)), LargeInParts.Large.Big.bigOp401(id: 7, body: .init(id: 1)))
        case 449: return (ExampleAPIs.Large.Big.bigOp449(id: 7, body: .init(id: 3)), LargeInParts.Large.Big.bigOp449(id: 7, body: .init(id: 3)))
        default: throw CocoaError(.featureUnsupported)
        }
    }

    @Test(arguments: [1, 199, 201, 202, 203, 399, 401, 449])
    func everyChunkBuildsTheSameRequests(index: Int) throws {
        let (single, parts) = try Self.endpoints(index)
        let expected = Self.shape(try single.httpRequest())
        #expect(expected.hasPrefix("\(index % 3 == 2 ? "POST" : "GET") | https://api.example.com/v1/big/big/items\(index)/7"))
        #expect(Self.shape(try parts.httpRequest()) == expected)
    }

    @Test func typedFactoriesInEachExtension() throws {
        #expect(Self.shape(try LargeInParts.Large.Big.Typed.bigOp1(id: 1).httpRequest())
                == Self.shape(try ExampleAPIs.Large.Big.Typed.bigOp1(id: 1).httpRequest()))
        #expect(Self.shape(try LargeInParts.Large.Big.Typed.bigOp299(id: 1, body: .init(id: 4)).httpRequest())
                == Self.shape(try ExampleAPIs.Large.Big.Typed.bigOp299(id: 1, body: .init(id: 4)).httpRequest()))
        #expect(Self.shape(try LargeInParts.Large.Big.Typed.bigOp448(id: 1).httpRequest())
                == Self.shape(try ExampleAPIs.Large.Big.Typed.bigOp448(id: 1).httpRequest()))
        let _: Endpoint<[LargeInParts.Item]> = LargeInParts.Large.Big.Typed.bigOp448(id: 1)
    }

    @Test func deprecatedArmsAreReachedFromTheirOwnFile() throws {
        #expect(try (DeprecatedInParts.self as any DeprecatedCases.Type).checkDeprecatedCases() == ["big.big_op0", "big.big_op350"])
    }
}

enum DeprecatedInParts: DeprecatedCases {
    @available(*, deprecated)
    static func checkDeprecatedCases() throws -> [String] {
        #expect(LargeInPartsTests.shape(try LargeInParts.Large.Big.bigOp0(id: 1).httpRequest())
                == LargeInPartsTests.shape(try ExampleAPIs.Large.Big.bigOp0(id: 1).httpRequest()))
        #expect(LargeInPartsTests.shape(try LargeInParts.Large.Big.bigOp350(id: 1, body: .init(id: 5)).httpRequest())
                == LargeInPartsTests.shape(try ExampleAPIs.Large.Big.bigOp350(id: 1, body: .init(id: 5)).httpRequest()))
        return ["big.big_op0", "big.big_op350"]
    }
}
