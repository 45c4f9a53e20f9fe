import Foundation
import Testing

/// The runtime is a library inside other people's apps: what goes wrong there is an error the
/// caller can catch, never a trap. This reads its sources for the ways Swift code traps on purpose.
@Suite struct RuntimeCrashPointTests {
    @Test func theRuntimeThrowsInsteadOfTrapping() throws {
        let sources = ReferenceTests.root.appendingPathComponent("Sources/EndpointRuntime")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 20, "the runtime's sources were not found at \(sources.path)")
        let traps = ["try!", "as!", "fatalError(", "preconditionFailure(", "unsafelyUnwrapped"]
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for trap in traps where code.contains(trap) {
                    found.append("\(file.lastPathComponent):\(index + 1): \(trap)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
