import Foundation
import Testing
@testable import EndpointGenCore

/// The bad-spec corpus: every `Fixtures/BadSpecs/*.json` file must fail validation with exactly the
/// diagnostics in its sidecar `<file>.expected` (one printed diagnostic a line, in file order).
///
/// To rewrite the sidecars after a deliberate message change, run the suite with
/// `UPDATE_BAD_SPECS=1` and review the diff. That run records and compares nothing:
/// `matchesItsExpectations` is skipped (the test output says so) and `recordExpectations` writes
/// the files, printing each one it changed. A normal run always compares against the files as
/// committed, never against what it has just written.
@Suite struct BadSpecTests {
    static let directory = fixturesDirectory.appendingPathComponent("BadSpecs")

    /// Whether this run records the `.expected` files instead of comparing with them.
    static let updating = ProcessInfo.processInfo.environment["UPDATE_BAD_SPECS"] == "1"

    static let specFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// The diagnostics of `file` as the sidecar holds them.
    static func diagnostics(of file: String) throws -> (spec: Spec?, diagnostics: Diagnostics, text: String) {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        let (spec, diagnostics) = Generator.validate(specData: data, fileName: file)
        return (spec, diagnostics, diagnostics.all.map { $0.description + "\n" }.joined())
    }

    @Test func corpusIsLargeAndEveryFileHasExpectations() {
        #expect(Self.specFiles.count >= 45)
        for file in Self.specFiles {
            #expect(FileManager.default.fileExists(atPath: Self.directory.appendingPathComponent(file + ".expected").path), "\(file)")
        }
    }

    /// Fails, with its errors sorted by place, each in compiler form.
    @Test(arguments: specFiles)
    func badSpec(file: String) throws {
        let (spec, diagnostics, text) = try Self.diagnostics(of: file)
        #expect(spec == nil)
        #expect(diagnostics.hasErrors)
        #expect(diagnostics.all.map(\.location) == diagnostics.all.map(\.location).sorted())
        for line in text.split(separator: "\n") {
            #expect(line.hasPrefix(file + ":"))
        }
    }

    @Test(.disabled(if: updating, "UPDATE_BAD_SPECS=1: the .expected files are being recorded, not compared"),
          arguments: specFiles)
    func matchesItsExpectations(file: String) throws {
        let expected = try String(contentsOf: Self.directory.appendingPathComponent(file + ".expected"), encoding: .utf8)
        #expect(try Self.diagnostics(of: file).text == expected)
    }

    @Test(.enabled(if: updating, "runs only with UPDATE_BAD_SPECS=1, to record the .expected files"))
    func recordExpectations() throws {
        for file in Self.specFiles {
            let url = Self.directory.appendingPathComponent(file + ".expected")
            let text = try Self.diagnostics(of: file).text
            guard (try? String(contentsOf: url, encoding: .utf8)) != text else { continue }
            try Data(text.utf8).write(to: url)
            print("UPDATE_BAD_SPECS: wrote \(url.path)")
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
