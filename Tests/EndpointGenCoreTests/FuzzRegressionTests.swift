import EndpointGenCore
import EndpointGenFuzzSupport
import Foundation
import Testing

/// Inputs the fuzzer found breaking an invariant, shrunk by hand or by `EndpointGenFuzz minimize`,
/// plus the extreme shapes it aims at. Each runs through the same oracle as the fuzz test.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    let oracle = FuzzOracle()

    func expectInvariants(_ text: String, fileName: String = "Fuzz.endpoints.json", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> GeneratorResult? {
        let outcome = oracle.check(Data(text.utf8), fileName: fileName)
        #expect(outcome.violations == [], sourceLocation: sourceLocation)
        return outcome.result
    }

    /// Found at iteration 504 of seed 20261122: a message quoting a spec string with a newline
    /// printed over two lines, which SwiftPM and Xcode cannot read as one diagnostic.
    @Test("A message quoting a spec string with control characters stays on one line")
    func controlCharactersInMessagesAreEscaped() throws {
        let spec = #"{ "baseURL": "https://x.example", "endpoints": { "a": { "method": "GE\nT\u0000\u001b\u2028", "path": "/a" } } }"#
        let result = try #require(expectInvariants(spec))
        let line = try #require(result.diagnostics.all.first { $0.message.contains("GE") })
        #expect(line.description.contains(#"GE\nT\0\u{1B}\u{2028}"#))
        #expect(!line.description.contains("\n"))
    }

    static let deepInputs: [String: String] = [
        "arrays": String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
        "objects": String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000),
        "unclosed": String(repeating: "[", count: 100_000),
        // Deep inside `sample`, where any JSON value is allowed.
        "sample": #"{ "baseURL": "https://x.example", "endpoints": { "a": { "method": "GET", "path": "/a", "sample": "#
            + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + " } } }",
    ]

    @Test("Deep nesting is an error, not a stack overflow", arguments: ["arrays", "objects", "unclosed", "sample"])
    func deepNesting(_ shape: String) throws {
        let input = try #require(Self.deepInputs[shape])
        let result = try #require(expectInvariants(input))
        #expect(result.diagnostics.hasErrors)
    }
}
