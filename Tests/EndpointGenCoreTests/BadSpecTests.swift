import Foundation
import Testing
@testable import EndpointGenCore

/// The bad-spec corpus: every `Fixtures/BadSpecs/*.json` file must fail validation with exactly the
/// diagnostics in its sidecar `<file>.expected` (one printed diagnostic a line, in file order).
/// To regenerate the sidecars after a deliberate message change, run the suite with
/// `UPDATE_BAD_SPECS=1` and review the diff.
@Suite struct BadSpecTests {
    static let directory = fixturesDirectory.appendingPathComponent("BadSpecs")

    static let specFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func corpusIsLargeAndEveryFileHasExpectations() {
        #expect(Self.specFiles.count >= 45)
        for file in Self.specFiles {
            #expect(FileManager.default.fileExists(atPath: Self.directory.appendingPathComponent(file + ".expected").path), "\(file)")
        }
    }

    @Test(arguments: specFiles)
    func badSpec(file: String) throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(file))
        let (spec, diagnostics) = Generator.validate(specData: data, fileName: file)
        #expect(spec == nil)
        #expect(diagnostics.hasErrors)
        let actual = diagnostics.all.map { $0.description + "\n" }.joined()
        let expectedURL = Self.directory.appendingPathComponent(file + ".expected")
        if ProcessInfo.processInfo.environment["UPDATE_BAD_SPECS"] == "1" {
            try Data(actual.utf8).write(to: expectedURL)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(actual == expected)
        // Sorted by place, each in compiler form.
        #expect(diagnostics.all.map(\.location) == diagnostics.all.map(\.location).sorted())
        for line in actual.split(separator: "\n") {
            #expect(line.hasPrefix(file + ":"))
        }
    }

    @Test func nesting100000DeepFailsPromptly() {
        let depth = 100_000
        let data = Data((String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)).utf8)
        let start = ContinuousClock.now
        let (spec, diagnostics) = Generator.validate(specData: data, fileName: "Deep.endpoints.json")
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(spec == nil)
        #expect(diagnostics.all.map(\.description) == [
            "Deep.endpoints.json:1:2561: error: nesting is too deep: more than 512 arrays and objects inside each other",
        ])
    }
}
