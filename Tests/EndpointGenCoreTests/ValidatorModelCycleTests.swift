import EndpointGenCore
import Foundation
import Testing

/// Models are user input: the check for models that contain themselves must be linear and must not
/// recurse (a recursive walk overflowed the stack on a 50,000-model chain).
@Suite struct ValidatorModelCycleTests {
    static func spec(models count: Int, cycle: Bool) -> Data {
        var models: [String] = []
        for index in 0..<count {
            let next = cycle ? (index + 1) % count : index + 1
            models.append(#""M\#(index)": { "properties": { "next": "M\#(next)?" } }"#)
        }
        if !cycle { models.append(#""M\#(count)": { "properties": { "id": "Int" } }"#) }
        return Data(#"{ "baseURL": "https://a.example", "models": { \#(models.joined(separator: ", ")) } }"#.utf8)
    }

    @Test func aLongChainOfModelsIsValid() {
        let (spec, diagnostics) = Generator.validate(specData: Self.spec(models: 50_000, cycle: false), fileName: "Chain.endpoints.json")
        #expect(diagnostics.all.isEmpty)
        #expect(spec?.models.count == 50_001)
    }

    /// A cycle of models held by value is valid now: every property that closes it is stored out of
    /// line, and only those (the chain's properties outside a cycle stay inline).
    @Test func aLongCycleIsValidAndEveryPropertyInItIsIndirect() throws {
        let (spec, diagnostics) = Generator.validate(specData: Self.spec(models: 2_000, cycle: true), fileName: "Cycle.endpoints.json")
        #expect(diagnostics.all.isEmpty)
        let models = try #require(spec?.models)
        #expect(models.count == 2_000)
        for model in models {
            guard case .object(let properties) = model.kind else { Issue.record("\(model.key) is not an object"); continue }
            #expect(properties.map(\.isIndirect) == [true])
        }
        let (chain, _) = Generator.validate(specData: Self.spec(models: 10, cycle: false), fileName: "Chain.endpoints.json")
        for model in chain?.models ?? [] {
            guard case .object(let properties) = model.kind else { continue }
            #expect(properties.allSatisfy { !$0.isIndirect })
        }
    }

    /// Only the edges inside a cycle are boxed: `Comment.parent` (by value), not `Comment.replies`
    /// (an array); a union and the struct it holds by value are both boxed.
    @Test func onlyTheEdgesThatCloseACycleAreIndirect() throws {
        let text = #"""
        { "baseURL": "https://a.example", "models": {
            "Comment": { "properties": { "text": "String", "replies": "[Comment]", "parent": "Comment?", "author": "User" } },
            "User": { "properties": { "name": "String" } },
            "Expr": { "oneOf": ["Lit", "Bin"] },
            "Lit": { "properties": { "value": "Double" } },
            "Bin": { "properties": { "left": "Expr", "right": "Expr?", "all": "[Expr]" } }
        } }
        """#
        let (spec, diagnostics) = Generator.validate(specData: Data(text.utf8), fileName: "Rec.endpoints.json")
        #expect(diagnostics.all.isEmpty)
        let models = try #require(spec?.models)
        guard case .object(let comment) = models[0].kind, case .oneOf(let expr) = models[2].kind,
              case .object(let bin) = models[4].kind else { Issue.record("unexpected kinds"); return }
        #expect(comment.map(\.isIndirect) == [false, false, true, false])
        #expect(expr.alternatives.map(\.isIndirect) == [false, true])
        #expect(bin.map(\.isIndirect) == [true, true, false])
    }
}
