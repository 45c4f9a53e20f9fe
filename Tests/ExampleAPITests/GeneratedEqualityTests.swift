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

    @Test func anyOfAndHeadersStructsCompareEveryProperty() {
        check([
            (Shapes.Number(int: 1, double: 1), Shapes.Number(int: 1, double: 1), true),
            (Shapes.Number(int: 1, double: 1), Shapes.Number(int: 1), false),
            (Shapes.Number(unknown: "x"), Shapes.Number(unknown: "x"), true),
            (Shapes.Number(unknown: "x"), Shapes.Number(unknown: "y"), false),
        ])
        check([
            (ResponseShapes.HeadersHeaders(headers: "a"), ResponseShapes.HeadersHeaders(headers: "a"), true),
            (ResponseShapes.HeadersHeaders(headers: "a"), ResponseShapes.HeadersHeaders(headers: "b"), false),
        ])
    }
}
