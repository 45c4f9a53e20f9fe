import Foundation
import Testing

/// `endpoint-gen yaml-to-json`, the debugging verb scripts/yaml-compare.py uses.
@Suite struct YAMLToJSONCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], input: String) throws -> Run {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var executable = bundleDirectory.appendingPathComponent("endpoint-gen")
        if !FileManager.default.isExecutableFile(atPath: executable.path) {
            executable = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/endpoint-gen")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: err, as: UTF8.self))
    }

    @Test func printsTheTreeAsJSON() throws {
        let run = try Self.run(["yaml-to-json", "-"], input: "a: [1, x]\nb: {c: ~}\n200: |\n  text\n")
        #expect(run.status == 0)
        #expect(run.stdout == "{\"a\":[1,\"x\"],\"b\":{\"c\":null},\"200\":\"text\\n\"}\n")
        #expect(run.stderr.isEmpty)
    }

    @Test func errorsGoToStandardErrorWithTheirPlace() throws {
        let run = try Self.run(["yaml-to-json", "-"], input: "a: 1\na: .nan\n")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == """
            <stdin>:2:1: error: duplicate key 'a' (first at line 1, column 1)
            <stdin>:2:4: error: '.nan' is not a number, which JSON cannot hold; quote it to keep it as text

            """)
        #expect(try Self.run(["yaml-to-json"], input: "").status == 64)
    }
}
