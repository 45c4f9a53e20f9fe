import EndpointGenCore
import Foundation
import Testing

/// Each spec in specs/ goes through the whole pipeline; the result must equal the checked-in Swift
/// (which the ExampleAPIs and Imported* targets compile with the runtime). A failure shows the diff;
/// `scripts/regenerate.sh` rewrites the expected files after an intended change.
@Suite struct ReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The module types of specs/endpoint-gen.json, which scripts/regenerate.sh passes as `--config`.
    static var moduleTypes: Set<String> {
        let data = (try? Data(contentsOf: root.appendingPathComponent("specs/endpoint-gen.json"))) ?? Data()
        let config = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return Set(config?["moduleTypes"] as? [String] ?? [])
    }

    /// The `"service"` of specs/endpoint-gen.json: whether the example specs' files hold their server side.
    static var service: Bool {
        let data = (try? Data(contentsOf: root.appendingPathComponent("specs/endpoint-gen.json"))) ?? Data()
        let config = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return config?["service"] as? Bool ?? false
    }

    /// (spec path, expected Swift path), relative to the package root.
    static var references: [(String, String)] {
        let manager = FileManager.default
        var pairs: [(String, String)] = []
        let specs = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent("specs").path)) ?? []
        for file in specs.sorted() where file.hasSuffix(".endpoints.json") {
            let name = String(file.dropLast(".endpoints.json".count))
            pairs.append(("specs/\(file)", "Tests/ExampleAPIs/\(name).swift"))
        }
        let imported = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent("specs/imported").path)) ?? []
        for file in imported.sorted() where file.hasSuffix(".endpoints.json") {
            let name = String(file.dropLast(".endpoints.json".count))
            pairs.append(("specs/imported/\(file)", "Tests/ImportedAPIs/\(name)/\(name).swift"))
        }
        return pairs
    }

    @Test func theExampleSpecsAreThere() {
        let specs = Self.references.map(\.0)
        #expect(specs.contains("specs/StravaAPI.endpoints.json"))
        #expect(specs.contains("specs/HTTPBin.endpoints.json"))
    }

    @Test(arguments: references.map(\.0))
    func generatedSwiftMatchesTheCheckedInFile(spec: String) throws {
        let expectedPath = try #require(Self.references.first { $0.0 == spec }?.1)
        let data = try Data(contentsOf: Self.root.appendingPathComponent(spec))
        let fileName = (spec as NSString).lastPathComponent
        // The config applies to specs/ (regenerate.sh passes it there), not to specs/imported/.
        let service = Self.service && !spec.hasPrefix("specs/imported/")
        let result = Generator.generate(specData: data, fileName: fileName, options: GeneratorOptions(moduleTypes: Self.moduleTypes, service: service))
        #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.all.map(\.description))")
        let swift = try #require(result.swift)
        let expected = try String(contentsOf: Self.root.appendingPathComponent(expectedPath), encoding: .utf8)
        if swift != expected {
            Issue.record("\(expectedPath) differs from what \(spec) generates (run scripts/regenerate.sh):\n\(Self.diff(expected: expected, actual: swift))")
        }
    }

    /// specs/Large.endpoints.json in three parts, as compiled by the LargeInParts target.
    @Test func partsMatchTheCheckedInFiles() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("specs/Large.endpoints.json"))
        let result = Generator.generate(specData: data, fileName: "Large.endpoints.json", options: GeneratorOptions(parts: 3))
        #expect(result.files.map(\.name) == ["Large", "Large+Part2", "Large+Part3"])
        for file in result.files {
            let path = "Tests/PartedAPIs/Large/\(file.name).swift"
            let expected = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            if file.swift != expected {
                Issue.record("\(path) differs from what specs/Large.endpoints.json generates in three parts (run scripts/regenerate.sh):\n\(Self.diff(expected: expected, actual: file.swift))")
            }
        }
    }

    /// A unified diff from /usr/bin/diff, or the first differing line when it is not there.
    static func diff(expected: String, actual: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-gen-diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let a = directory.appendingPathComponent("expected.swift")
            let b = directory.appendingPathComponent("actual.swift")
            try expected.write(to: a, atomically: true, encoding: .utf8)
            try actual.write(to: b, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
            process.arguments = ["-u", a.path, b.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output, as: UTF8.self)
        } catch {
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let index = (0 ..< min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
            return "first difference at line \(index + 1):\n- \(index < e.count ? e[index] : "<end>")\n+ \(index < a.count ? a[index] : "<end>")"
        }
    }
}
