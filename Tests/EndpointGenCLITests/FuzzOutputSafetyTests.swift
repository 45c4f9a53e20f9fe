import Foundation
import Testing

/// The no-half-written-file guarantee, end to end on the built `endpoint-gen` (CLITests covers one
/// bad spec, one good one, and the write-only-on-change rule; this runs a directory of many good and
/// many broken specs over earlier output, and kills the tool in the middle of writing).
@Suite("Output safety: bad specs leave earlier output untouched, good ones update, nothing half-written")
struct FuzzOutputSafetyTests {
    static func spec(_ base: String, path: String = "/ping", extra: String = "") -> String {
        """
        {
          "baseURL": "https://\(base).example.com",
          "endpoints": {
            "ping": { "method": "GET", "path": "\(path)", "response": "Pong" }\(extra)
          },
          "models": { "Pong": { "properties": { "ok": "Bool", "note": "String?" } } }
        }
        """
    }

    /// Broken versions of a spec, each a different way to fail: the fuzzer's kinds of damage.
    static let broken: [String: Data] = [
        "Truncated": Data(spec("truncated").utf8.prefix(70)),
        "InvalidUTF8": Data(spec("utf").utf8.prefix(40)) + Data([0xC3, 0x28, 0xFF, 0xFE]) + Data(spec("utf").utf8.dropFirst(40)),
        "DeepNesting": Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8),
        "UnknownKey": Data(spec("unknown").replacingOccurrences(of: "\"response\"", with: "\"respons\"").utf8),
        "Empty": Data(),
        "NotAnObject": Data("[1, 2, 3]".utf8),
        "Collision": Data(spec("collision", extra: #", "Ping": { "method": "GET", "path": "/b" }"#).utf8),
        "UTF16": Data([0xFF, 0xFE]) + Data(spec("utf16").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
    ]

    /// Every entry of a directory, hidden ones included, sorted.
    static func listing(_ url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    @Test("A mixed run: every bad spec's earlier output is byte-for-byte and date untouched, good ones update, no temp files")
    func mixedGoodAndBadSpecsOverEarlierOutput() throws {
        let scratch = try Scratch()
        let names = ["Kept", "Changed"] + Self.broken.keys.sorted()
        for name in names { try scratch.write(Self.spec(name.lowercased()), to: "specs/\(name).endpoints.json") }
        let first = try scratch.run("generate", "specs", "--output", "out")
        #expect(first.status == 0, "\(first.stderr)")
        try scratch.write("hand-written, not generated", to: "out/README.md")
        try scratch.write("// an output whose spec was removed", to: "out/Removed.swift")

        // Earlier output, dated in the past so a rewrite with the same bytes would show.
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        var earlier: [String: Data] = [:]
        for entry in try Self.listing(scratch.url.appendingPathComponent("out")) {
            earlier[entry] = try Data(contentsOf: scratch.url.appendingPathComponent("out/\(entry)"))
            try scratch.setModificationDate(past, "out/\(entry)")
        }
        #expect(earlier.count == names.count + 2)

        // Break every spec but two, change one of those two.
        for (name, bytes) in Self.broken {
            try bytes.write(to: scratch.url.appendingPathComponent("specs/\(name).endpoints.json"))
        }
        try scratch.write(Self.spec("changed", path: "/ping/v2"), to: "specs/Changed.endpoints.json")
        let specsBefore = try Self.listing(scratch.url.appendingPathComponent("specs"))
        // Temporaries a killed run left (its process is gone) are cleaned up; one of a live process
        // (a concurrent run) is not touched.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let abandoned = [".Kept.swift.\(finished.processIdentifier).tmp", ".Changed.swift.\(finished.processIdentifier).tmp"]
        let live = ".Kept.swift.\(ProcessInfo.processInfo.processIdentifier).tmp"
        for name in abandoned + [live] { try scratch.write("partial", to: "out/\(name)") }

        let second = try scratch.run("generate", "specs", "--output", "out")
        #expect(second.status == 1)
        // Every broken spec is reported, in compiler form, and nothing but diagnostics is printed.
        for name in Self.broken.keys {
            #expect(second.stderr.contains("specs/\(name).endpoints.json:"), "no diagnostic for \(name): \(second.stderr)")
        }
        for line in second.stderr.split(separator: "\n") {
            #expect(line.wholeMatch(of: /specs\/\w+\.endpoints\.json:\d+:\d+: (error|warning|note): .+/) != nil, "\(line)")
        }

        // The directory holds exactly what it held: no temporary file, nothing removed.
        #expect(try Self.listing(scratch.url.appendingPathComponent("out")) == (earlier.keys + [live]).sorted())
        #expect(try Self.listing(scratch.url.appendingPathComponent("specs")) == specsBefore)
        for (entry, bytes) in earlier where entry != "Changed.swift" {
            #expect(try Data(contentsOf: scratch.url.appendingPathComponent("out/\(entry)")) == bytes, "\(entry) changed")
            #expect(try scratch.modificationDate("out/\(entry)") == past, "\(entry) was rewritten")
        }

        // The changed spec's output is exactly what a fresh run writes for it.
        let fresh = try scratch.run("generate", "specs/Changed.endpoints.json", "--output", "fresh")
        #expect(fresh.status == 0)
        let updated = try Data(contentsOf: scratch.url.appendingPathComponent("out/Changed.swift"))
        #expect(updated != earlier["Changed.swift"])
        #expect(updated == (try Data(contentsOf: scratch.url.appendingPathComponent("fresh/Changed.swift"))))
        #expect(String(decoding: updated, as: UTF8.self).contains("\"v2\""))
    }

    @Test("Killed at any moment while writing, each output is the old file or the new one, never part of one")
    func killedMidWriteLeavesOldOrNewBytes() throws {
        let scratch = try Scratch()
        // A large spec, so writing its Swift takes long enough to be interrupted.
        let large = try String(contentsOf: Self.packageRoot.appendingPathComponent("specs/Large.endpoints.json"), encoding: .utf8)
        let hosts = ["https://old.example.com", "https://new.example.com"]
        let baseURL = try #require(large.firstMatch(of: /"baseURL": "([^"]+)"/)).output.1
        func version(_ index: Int) -> String { large.replacingOccurrences(of: "\"baseURL\": \"\(baseURL)\"", with: "\"baseURL\": \"\(hosts[index])\"") }

        var outputs: [Data] = []
        for index in 0..<2 {
            try scratch.write(version(index), to: "v\(index)/Large.endpoints.json")
            #expect(try scratch.run("generate", "v\(index)/Large.endpoints.json", "--output", "expected\(index)").status == 0)
            outputs.append(try Data(contentsOf: scratch.url.appendingPathComponent("expected\(index)/Large.swift")))
        }
        try #require(outputs[0] != outputs[1] && outputs[0].count > 100_000)

        let binary = try #require(CLI.binary)
        try scratch.write(version(0), to: "specs/Large.endpoints.json")
        #expect(try scratch.run("generate", "specs", "--output", "out").status == 0)
        var sawOld = false
        var sawNew = false
        // Alternate versions so every run has something to write; kill after growing delays.
        let delays: [useconds_t] = [0, 1, 2, 5, 10, 20, 40, 80, 120, 160, 200, 300, 400, 600, 1_000, 2_000]
        for (attempt, delay) in delays.enumerated() {
            let target = (attempt + 1) % 2
            try scratch.write(version(target), to: "specs/Large.endpoints.json")
            let process = Process()
            process.executableURL = binary
            process.arguments = ["generate", "specs", "--output", "out"]
            process.currentDirectoryURL = scratch.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(delay * 1_000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try Data(contentsOf: scratch.url.appendingPathComponent("out/Large.swift"))
            #expect(now == outputs[0] || now == outputs[1], "attempt \(attempt): a file of \(now.count) bytes is neither version")
            if now == outputs[target] { sawNew = true } else { sawOld = true }
            // Whatever the kill left, a completed run puts the new version in place and nothing else.
            #expect(try scratch.run("generate", "specs", "--output", "out").status == 0)
            #expect(try Data(contentsOf: scratch.url.appendingPathComponent("out/Large.swift")) == outputs[target])
        }
        // Both outcomes were reached, so the kills landed before and after the write.
        #expect(sawOld && sawNew, "old seen: \(sawOld), new seen: \(sawNew)")
        let left = try Self.listing(scratch.url.appendingPathComponent("out"))
        #expect(left == ["Large.swift"], "left behind: \(left)")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
