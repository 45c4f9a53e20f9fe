import EndpointGenCore
import Foundation
import Testing

/// docs/architecture.md's example, read from the page: the spec it shows, generated, gives the Swift
/// it shows. A line `// ...` in the shown Swift stands for lines left out (none or more); every
/// other line must be the generator's, in order, the runs between two such lines consecutive.
@Suite struct ArchitectureDocTests {
    static let page = ReferenceTests.root.appendingPathComponent("docs/architecture.md")

    /// The lines of the first fenced block of `language` after the first line starting with `marker`.
    static func block(_ language: String, after marker: String, in text: String) throws -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix(marker) }, "no line starting with '\(marker)'")
        let open = try #require(lines[start...].firstIndex { $0 == "```" + language }, "no ```\(language) after '\(marker)'")
        let close = try #require(lines[(open + 1)...].firstIndex { $0 == "```" })
        return Array(lines[(open + 1)..<close])
    }

    static func isElision(_ line: String) -> Bool {
        line.trimmingCharacters(in: .whitespaces).hasPrefix("// ...")
    }

    /// Where `shown` departs from `generated` (the first shown line that cannot be placed), or nil
    /// when every run of shown lines between elisions is found, in order, and the first and last
    /// runs are the file's start and end unless an elision stands before or after them.
    static func mismatch(shown: [String], generated: [String]) -> String? {
        var runs: [[String]] = [[]]
        for line in shown {
            if isElision(line) { runs.append([]) } else { runs[runs.count - 1].append(line) }
        }
        var position = 0
        for (index, run) in runs.enumerated() where !run.isEmpty {
            let isFirst = index == 0, isLast = index == runs.count - 1
            let candidates: [Int]
            if isFirst {
                candidates = [0]
            } else if isLast {
                candidates = [generated.count - run.count]
            } else {
                candidates = Array(stride(from: position, through: generated.count - run.count, by: 1))
            }
            guard let found = candidates.first(where: { start in
                start >= position && start + run.count <= generated.count
                    && Array(generated[start..<(start + run.count)]) == run
            }) else {
                // The run's first line that does not follow from where the run would start.
                let start = isFirst ? 0 : (generated[position...].firstIndex(of: run[0]) ?? position)
                for (offset, line) in run.enumerated() where start + offset >= generated.count || generated[start + offset] != line {
                    let actual = start + offset < generated.count ? generated[start + offset] : "<end of file>"
                    return "shown:     \(line)\ngenerated: \(actual)"
                }
                return "the run starting '\(run[0])' is not where the page puts it"
            }
            position = found + run.count
        }
        return nil
    }

    @Test func theExampleIsWhatTheGeneratorWrites() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let spec = try Self.block("json", after: "For this spec", in: text)
        let shown = try Self.block("swift", after: "the generator writes", in: text)
        let result = Generator.generate(specData: Data(spec.joined(separator: "\n").utf8), fileName: "StravaAPI.endpoints.json",
                                        options: GeneratorOptions())
        #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.all.map(\.description))")
        let swift = try #require(result.swift)
        let generated = swift.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(swift.hasSuffix("\n") ? 1 : 0)
        #expect(shown.filter(Self.isElision).count >= 2)
        #expect(shown.count > 100)
        if let problem = Self.mismatch(shown: shown, generated: Array(generated)) {
            Issue.record("docs/architecture.md's example is not what its spec generates:\n\(problem)\n\nGenerated:\n\(swift)")
        }

        // The comparison can fail: one changed line, or a run moved out of order, is found.
        var changed = shown
        let index = try #require(changed.firstIndex { $0.contains("Timeout(30)") })
        changed[index] = changed[index].replacingOccurrences(of: "30", with: "31")
        #expect(Self.mismatch(shown: changed, generated: Array(generated)) != nil)
        #expect(Self.mismatch(shown: Array(shown.reversed()), generated: Array(generated)) != nil)
    }
}
