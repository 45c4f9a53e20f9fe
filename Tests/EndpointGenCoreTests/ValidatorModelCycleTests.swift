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

    @Test func aLongCycleReportsEveryPropertyWithAShortChain() throws {
        let (spec, diagnostics) = Generator.validate(specData: Self.spec(models: 2_000, cycle: true), fileName: "Cycle.endpoints.json")
        #expect(spec == nil)
        #expect(diagnostics.all.count == 2_000)
        let first = try #require(diagnostics.sorted.first)
        #expect(first.message == "model 'M0' contains itself through property 'next' (M0 -> M1 -> M2 -> M3 -> M4 -> ... -> M0, 2000 models); "
            + "a struct cannot hold its own type, even as an optional: use an array (\"[M1]\") or JSON")
    }
}
