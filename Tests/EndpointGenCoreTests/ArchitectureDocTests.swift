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

    /// The trimmed lines of each `.swift` file under `folder` of the repository, by file.
    static func sourceLines(under folder: String) throws -> [String: Set<String>] {
        let root = ReferenceTests.root.appendingPathComponent(folder)
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var lines: [String: Set<String>] = [:]
        for case let url as URL in files where url.pathExtension == "swift" {
            lines[url.path] = Set(try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return lines
    }

    /// A quoted line and whether the page indents it (a member of the declaration above it).
    struct Quoted: Equatable {
        var code: String
        var isMember: Bool
    }

    /// The declaration lines of a block the page quotes from the sources: each line without its
    /// trailing `// comment`, trimmed; comment lines, blank lines and closing braces left out.
    static func quotedDeclarations(_ block: [String]) -> [Quoted] {
        block.compactMap { line in
            var code = line
            if let comment = line.range(of: #"(^|\s)//.*$"#, options: .regularExpression) { code.removeSubrange(comment) }
            code = code.trimmingCharacters(in: .whitespaces)
            return code.isEmpty || code == "}" ? nil : Quoted(code: code, isMember: line.hasPrefix(" "))
        }
    }

    /// Whether `line` is one of `lines` as written: a whole line, or its start up to a space or `{`
    /// (a declaration whose body or next word the page leaves out).
    static func quotes(_ line: String, _ lines: Set<String>) -> Bool {
        lines.contains(line) || lines.contains { $0.hasPrefix(line + " ") || $0.hasPrefix(line + "{") }
    }

    /// The quoted lines the sources do not have. A line the page writes at the left margin must be
    /// a line of some file; an indented line (a member) must be a line of a file that has the
    /// declaration above it or an extension of that type, so a member quoted under the wrong type
    /// is found too.
    static func unquoted(_ quoted: [Quoted], in sources: [String: Set<String>]) -> [String] {
        var missing: [String] = []
        var files: [Set<String>] = []
        for line in quoted {
            if !line.isMember {
                var matching = sources.values.filter { quotes(line.code, $0) }
                if matching.isEmpty { missing.append(line.code) }
                if let range = line.code.range(of: #"(enum|struct|protocol|class|extension) \w+"#, options: .regularExpression) {
                    let type = line.code[range].split(separator: " ")[1]
                    matching += sources.values.filter { file in
                        file.contains { $0.hasPrefix("extension \(type) ") || $0.hasPrefix("extension \(type):") }
                    }
                }
                files = matching
            } else if !files.contains(where: { quotes(line.code, $0) }) {
                missing.append(line.code)
            }
        }
        return missing
    }

    /// The entry points of the core and the runtime API generated code uses are quoted from the
    /// sources: every declaration line of those two blocks is in `Sources/EndpointGenCore` or
    /// `Sources/EndpointRuntime`, as written (access level, labels, types, defaults).
    @Test(arguments: [("The core's entry points", "Sources/EndpointGenCore", 30),
                      ("### Runtime API used by generated code", "Sources/EndpointRuntime", 90)])
    func theQuotedDeclarationsAreTheSources(marker: String, folder: String, atLeast: Int) throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let quoted = Self.quotedDeclarations(try Self.block("swift", after: marker, in: text))
        #expect(quoted.count >= atLeast)
        let sources = try Self.sourceLines(under: folder)
        let missing = Self.unquoted(quoted, in: sources)
        #expect(missing.isEmpty, "docs/architecture.md quotes declarations \(folder) does not have:\n\(missing.joined(separator: "\n"))")

        // The check can fail: a quoted line with its access level or a label changed is not found.
        let changed = quoted.map { Quoted(code: $0.code.replacingOccurrences(of: "package ", with: "public ")
            .replacingOccurrences(of: "(_ ", with: "("), isMember: $0.isMember) }
        #expect(Self.unquoted(changed, in: sources).count > 5)
        // And a member quoted under another type than its own is found.
        let members = quoted.filter(\.isMember)
        #expect(Self.unquoted([quoted[0], members[members.count - 1]], in: sources).count == 1)
    }
}
