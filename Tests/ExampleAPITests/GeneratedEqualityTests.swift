import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

/// The written-out `==` of generated unions, status enums, `anyOf` structs and headers structs
/// (docs/generated-code.md, "Compile time and size") means what a synthesized one would: the same
/// case with equal values, or every property equal; and equal values hash alike.
@Suite struct GeneratedEqualityTests {
    /// `pairs` hold values and whether they are equal; each is also checked against `Hashable`.
    func check<T: Hashable>(_ pairs: [(T, T, Bool)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (lhs, rhs, equal) in pairs {
            #expect((lhs == rhs) == equal, "\(lhs) == \(rhs)", sourceLocation: sourceLocation)
            #expect((rhs == lhs) == equal, "\(rhs) == \(lhs)", sourceLocation: sourceLocation)
            #expect(lhs == lhs, sourceLocation: sourceLocation)
            if equal { #expect(lhs.hashValue == rhs.hashValue, sourceLocation: sourceLocation) }
        }
    }

    @Test func unionsAreEqualInTheSameCaseWithEqualValues() {
        let tom = Shapes.Cat(petType: "cat", name: "Tom", lives: 9)
        check([
            (Shapes.Pet.cat(tom), .cat(Shapes.Cat(petType: "cat", name: "Tom", lives: 9)), true),
            (.cat(tom), .cat(Shapes.Cat(petType: "cat", name: "Tom", lives: 8)), false),
            (.cat(tom), .dog(Shapes.Dog(petType: "dog", name: "Tom", goodBoy: true)), false),
            (.unknown(["petType": "fish"]), .unknown(["petType": "fish"]), true),
            (.unknown(["petType": "fish"]), .unknown(["petType": "bird"]), false),
            (.cat(tom), .unknown(["petType": "cat", "name": "Tom", "lives": 9]), false),
        ])
        #expect(Set([Shapes.Pet.cat(tom), .cat(tom), .unknown(.null)]).count == 2)
    }

    @Test func statusEnumsCompareTheirCasesAndValues() {
        let thing = ResponseShapes.Thing(id: 1, name: "one")
        check([
            (ResponseShapes.ManyStatusesResponse.noContent, .noContent, true),
            (.ok(thing), .ok(ResponseShapes.Thing(id: 1, name: "one")), true),
            (.ok(thing), .ok(ResponseShapes.Thing(id: 2, name: "one")), false),
            (.ok(thing), .noContent, false),
            (.created([thing]), .created([thing, thing]), false),
            (.multiStatus(["a": 1]), .multiStatus(["a": 1]), true),
            (.multiStatus(["a": 1]), .multiStatus(["a": 2]), false),
        ])
    }

    /// A union case held out of line (`indirect case binary(Binary)`, whose `Binary` holds two
    /// more `Expr`s): compared by value, however deep.
    @Test func indirectCasesCompareByValue() throws {
        func expression(_ right: Int) throws -> Shapes.Expr {
            let json = #"{"kind":"Binary","op":"+","left":{"kind":"Literal","value":1},"right":{"kind":"Binary","op":"*","#
                + #""left":{"kind":"Literal","value":2},"right":{"kind":"Literal","value":\#(right)}}}"#
            return try JSONDecoder().decode(Shapes.Expr.self, from: Data(json.utf8))
        }
        let three = try expression(3)
        guard case .binary = three else {
            Issue.record("decoded as \(three)")
            return
        }
        check([(three, try expression(3), true), (three, try expression(4), false)])
    }

    /// Every property takes part: changing any one of them makes the values differ.
    func everyPropertyCounts<T: Hashable>(_ base: T, _ changes: [(inout T) -> Void], sourceLocation: SourceLocation = #_sourceLocation) {
        check([(base, base, true)], sourceLocation: sourceLocation)
        for (index, change) in changes.enumerated() {
            var changed = base
            change(&changed)
            #expect(changed != base, "change \(index) of \(base)", sourceLocation: sourceLocation)
        }
    }

    @Test func anyOfAndHeadersStructsCompareEveryProperty() {
        everyPropertyCounts(Shapes.Number(int: 1, double: 1, unknown: "x"), [{ $0.int = 2 }, { $0.double = 2 }, { $0.unknown = "y" }])
        check([(Shapes.Number(int: 1, double: 1), Shapes.Number(int: 1, double: 1), true)])
        everyPropertyCounts(ResponseShapes.HeadersHeaders(headers: "a"), [{ $0.headers = "b" }])
        let headers = ResponseShapes.ResponseHeaders(
            xTotal: 1, date: Date(timeIntervalSince1970: 0), location: URL(string: "https://example.com/a"), xFlag: true, xRatio: 0.5,
            xBig: 1, xSmall: 1, xScale: 1, xRequestId: UUID(uuidString: "00000000-0000-0000-0000-000000000001"), xMode: .live, class: "a")
        everyPropertyCounts(headers, [
            { $0.xTotal = 2 }, { $0.date = Date(timeIntervalSince1970: 1) }, { $0.location = URL(string: "https://example.com/b") },
            { $0.xFlag = false }, { $0.xRatio = 0.25 }, { $0.xBig = 2 }, { $0.xSmall = 2 }, { $0.xScale = 2 },
            { $0.xRequestId = UUID(uuidString: "00000000-0000-0000-0000-000000000002") }, { $0.xMode = .test }, { $0.class = "b" },
        ])
    }
}
