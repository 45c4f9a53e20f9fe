import Foundation
import Testing

@Suite struct CLITests {
    // MARK: Help, version, usage errors

    @Test func helpAndVersion() throws {
        let scratch = try Scratch()
        let help = try scratch.run("--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: endpoint-gen <command>"))
        #expect(help.stdout.contains("--access-level"))
        // `help` is a command too: its own --help is the overview.
        for asked in [["help", "--help"], ["help", "-h"]] {
            let result = try CLI.run(asked, in: scratch.url)
            #expect(result.status == 0, "\(asked): \(result.stderr)")
            #expect(result.stdout == help.stdout, "\(asked)")
        }
        let version = try scratch.run("--version")
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("endpoint-gen "))
    }

    /// Every command has its own help: `<command> --help` (or `-h`, anywhere among the options)
    /// and `help <command>` print it and exit 0; after `--`, `--help` is a file name.
    @Test(arguments: ["generate", "validate", "import"])
    func everyCommandHasHelp(command: String) throws {
        let scratch = try Scratch()
        let asked = [
            [command, "--help"],
            [command, "-h"],
            [command, "specs", "--output", "out", "--help"],
            [command, "--quiet", "-h", "Missing.endpoints.json"],
            ["help", command],
        ]
        for arguments in asked {
            let result = try CLI.run(arguments, in: scratch.url)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(arguments)")
            #expect(result.stdout.lowercased().hasPrefix("usage: endpoint-gen \(command) "), "\(arguments): \(result.stdout)")
            #expect(result.stdout.contains("--help"), "\(arguments)")
        }
        #expect(!scratch.exists("out"))
        // Each command's own options, not the overview.
        let help = try scratch.run(command, "--help").stdout
        #expect(!help.contains("COMMANDS:"))
        #expect(help.contains(command == "import" ? "--format-version" : "--module-type"))

        let fileNamedHelp = try scratch.run(command, "--", "--help")
        #expect(fileNamedHelp.status != 0)
        #expect(!fileNamedHelp.stdout.lowercased().hasPrefix("usage:"))

        let unknown = try scratch.run("help", "frobnicate")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no help for 'frobnicate'"))
    }

    /// The version is the last release's (CHANGELOG.md's top release, the docs' `from:`): version 2
    /// of the spec format and of the runtime contract. While CHANGELOG.md's `[Unreleased]` section
    /// has entries, the build is not that release and says so: `2.0.0+unreleased`.
    @Test func versionIsTheReleaseOrSaysItIsUnreleased() throws {
        let version = try Scratch().run("--version")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let lines = changelog.split(separator: "\n", omittingEmptySubsequences: false)
        let releases = lines.indices.filter { lines[$0].hasPrefix("## [") && !lines[$0].hasPrefix("## [Unreleased]") }
        let top = try #require(releases.first)
        let release = try #require(lines[top].dropFirst("## [".count).split(separator: "]").first)
        #expect(release == "2.0.0")
        let unreleased = lines.firstIndex { $0.hasPrefix("## [Unreleased]") }
        let pending = unreleased.map { lines[($0 + 1)..<top].contains { $0.hasPrefix("- ") } } ?? false
        #expect(version.stdout == "endpoint-gen \(release)\(pending ? "+unreleased" : "")\n",
                "CHANGELOG.md's [Unreleased] has \(pending ? "" : "no ")entries")
    }

    // MARK: Determinism

    /// Two processes, each with its own random hash seed, write the same bytes: every example spec
    /// (specs/, the imported ones included) and every OpenAPI fixture, imported as `generate` does.
    /// (Two runs in one process share a seed, so a dictionary's order could not differ between them.)
    @Test func generationIsDeterministicAcrossProcesses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scratch = try Scratch()
        let documents = root.appendingPathComponent("Tests/EndpointGenCoreTests/Fixtures/OpenAPI")
        for file in try FileManager.default.contentsOfDirectory(atPath: documents.path) where file.hasSuffix("-3.0.json") {
            let name = file.dropLast("-3.0.json".count).split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            try FileManager.default.copyItem(at: documents.appendingPathComponent(file),
                                             to: scratch.url.appendingPathComponent("documents/Document\(name).openapi.json", isDirectory: false)
                                                .creatingParent())
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        var outputs: [[String: Data]] = []
        for run in 1...2 {
            let output = scratch.url.appendingPathComponent("out\(run)")
            let result = try CLI.run(["generate", root.appendingPathComponent("specs").path, scratch.url.appendingPathComponent("documents").path,
                                      "--config", root.appendingPathComponent("specs/endpoint-gen.json").path,
                                      "--output", output.path, "--quiet"],
                                     in: scratch.url, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
                files[name] = try Data(contentsOf: output.appendingPathComponent(name))
            }
            outputs.append(files)
        }
        #expect(outputs[0].count >= 20, "\(outputs[0].keys.sorted())")
        #expect(outputs[0].keys.sorted() == outputs[1].keys.sorted())
        for (name, first) in outputs[0].sorted(by: { $0.key < $1.key }) {
            #expect(first == outputs[1][name], "\(name) differs between two runs")
        }
    }

    // MARK: What a successful run prints

    @Test func generatePrintsALinePerFileAndNothingWithQuiet() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "specs/Ping.endpoints.json")
        try scratch.write(Specs.twoGroups, to: "specs/Shop.endpoints.json")
        let first = try scratch.run("generate", "specs", "--output", "out")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == """
            wrote out/Ping.swift (1 endpoint, 1 model)
            wrote out/Shop.swift (4 endpoints, 2 models)

            """)
        #expect(first.stderr.isEmpty)

        try scratch.write(Specs.good.replacingOccurrences(of: "/ping", with: "/ping2"), to: "specs/Ping.endpoints.json")
        let second = try scratch.run("generate", "specs", "--output", "out")
        #expect(second.stdout == """
            wrote out/Ping.swift (1 endpoint, 1 model)
            unchanged out/Shop.swift (4 endpoints, 2 models)

            """)

        let check = try scratch.run("generate", "specs", "--output", "out", "--check")
        #expect(check.status == 0)
        #expect(check.stdout == """
            up to date out/Ping.swift (1 endpoint, 1 model)
            up to date out/Shop.swift (4 endpoints, 2 models)

            """)

        // In parts: the first file has the counts, each says which part it is; a part no longer needed is removed.
        let parts = try scratch.run("generate", "specs/Shop.endpoints.json", "--output", "out", "--parts", "2")
        #expect(parts.stdout == """
            wrote out/Shop.swift (4 endpoints, 2 models; part 1 of 2)
            wrote out/Shop+Part2.swift (part 2 of 2)

            """)
        let one = try scratch.run("generate", "specs/Shop.endpoints.json", "--output", "out")
        #expect(one.stdout == """
            wrote out/Shop.swift (4 endpoints, 2 models)
            removed out/Shop+Part2.swift (left over from an earlier generation of specs/Shop.endpoints.json)

            """)

        for flag in ["--quiet", "-q"] {
            let quiet = try scratch.run("generate", "specs", "--output", "out", flag)
            #expect(quiet.status == 0)
            #expect(quiet.stdout.isEmpty)
            let quietCheck = try scratch.run("generate", "specs", "--output", "out", "--check", flag)
            #expect(quietCheck.status == 0)
            #expect(quietCheck.stdout.isEmpty)
        }
    }

    @Test func validatePrintsALinePerCheckedSpec() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "Ping.endpoints.json")
        try scratch.write(Specs.bad, to: "Bad.endpoints.json")
        let result = try scratch.run("validate", "Ping.endpoints.json", "Bad.endpoints.json")
        #expect(result.status == 1)
        #expect(result.stdout == "checked Ping.endpoints.json (1 endpoint, 1 model)\n")
        #expect(try scratch.run("validate", "Ping.endpoints.json", "--quiet").stdout.isEmpty)
    }

    // MARK: Types the module defines

    @Test func anUndefinedTypeIsAnErrorUnlessDeclaredAsAModuleType() throws {
        let scratch = try Scratch()
        let spec = """
            {
              "baseURL": "https://api.example.com",
              "endpoints": { "where": { "method": "GET", "path": "/where", "response": "Coordinates" } }
            }
            """
        try scratch.write(spec, to: "Where.endpoints.json")
        for command in [["generate", "Where.endpoints.json", "--output", "out"], ["validate", "Where.endpoints.json"]] {
            let refused = try CLI.run(command, in: scratch.url)
            #expect(refused.status == 1)
            #expect(refused.stderr == "Where.endpoints.json:3:77: error: unknown type 'Coordinates': define it in 'models', "
                    + "or, if the module defines it, list it in the config's \"moduleTypes\"\n")
        }
        #expect(!scratch.exists("out"))

        // Declared on the command line, or in the config.
        let option = try scratch.run("generate", "Where.endpoints.json", "--output", "out", "--module-type", "Coordinates")
        #expect(option.status == 0, "\(option.stderr)")
        #expect(scratch.read("out/Where.swift")?.contains("Endpoint<Coordinates>") == true)
        try scratch.write(#"{ "moduleTypes": ["Coordinates"] }"#, to: "endpoint-gen.json")
        #expect(try scratch.run("generate", "Where.endpoints.json", "--output", "out", "--config", "endpoint-gen.json").status == 0)
        #expect(try scratch.run("validate", "Where.endpoints.json", "--config", "endpoint-gen.json").status == 0)

        // Not a type name: a usage error, or an error at its place in the config.
        #expect(try scratch.run("generate", "Where.endpoints.json", "--output", "out", "--module-type", "coordinates?").status == 64)
        try scratch.write(#"{ "moduleTypes": ["Coordinates", "Self"] }"#, to: "endpoint-gen.json")
        let badConfig = try scratch.run("validate", "Where.endpoints.json", "--config", "endpoint-gen.json")
        #expect(badConfig.status == 1)
        #expect(badConfig.stderr == "endpoint-gen.json:1:34: error: 'moduleTypes': 'Self' cannot be used as a Swift type name\n")
    }

    @Test(arguments: [
        [String](),
        ["frobnicate"],
        ["generate"],
        ["generate", "a.endpoints.json"],
        ["generate", "a.endpoints.json", "--output"],
        ["generate", "a.endpoints.json", "--output", "out", "--access-level", "open"],
        ["generate", "a.endpoints.json", "--output", "out", "--check=yes"],
        ["generate", "a.endpoints.json", "--output", "out", "--verbose"],
        ["generate", "a.endpoints.json", "--output", "out", "--parts", "0"],
        ["generate", "a.endpoints.json", "--output", "out", "--parts", "two"],
        ["generate", "a.endpoints.json", "--output", "out", "--parts", "1001"],
        ["validate"],
        ["validate", "a.endpoints.json", "--output", "x"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "a.endpoints.json")
        let result = try CLI.run(arguments, in: scratch.url)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("error:"))
        #expect(!scratch.exists("out"))
    }

    // MARK: generate

    @Test func generateWritesOneFilePerSpec() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "Ping.endpoints.json")
        let result = try scratch.run("generate", "Ping.endpoints.json", "--output", "Generated/Sources")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let swift = try #require(scratch.read("Generated/Sources/Ping.swift"))
        #expect(swift.hasPrefix("// Generated by endpoint-gen from Ping.endpoints.json. DO NOT EDIT.\n"))
        #expect(swift.contains("public nonisolated enum Ping {\n"))
        #expect(swift.contains("    public static var ping: Endpoint<Pong> { defaults.endpoint(Call.ping) }\n"))
        #expect(swift.contains("    public nonisolated enum Call: HTTPRequestable, Sendable, Hashable {\n        case ping\n"))
        #expect(swift.contains("nonisolated extension Ping {\n    public nonisolated struct Pong: Codable, Hashable, Sendable {"))
        // No temporary files left behind.
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("Generated/Sources").path)
        #expect(files == ["Ping.swift"])
    }

    @Test func outputIsByteIdenticalAndUnchangedFilesAreNotRewritten() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "Ping.endpoints.json")
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "out").status == 0)
        let first = scratch.read("out/Ping.swift")
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try scratch.setModificationDate(past, "out/Ping.swift")
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "out").status == 0)
        #expect(scratch.read("out/Ping.swift") == first)
        #expect(try scratch.modificationDate("out/Ping.swift") == past)
        // A changed spec rewrites the file.
        try scratch.write(Specs.good.replacingOccurrences(of: "/ping", with: "/ping2"), to: "Ping.endpoints.json")
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "out").status == 0)
        #expect(scratch.read("out/Ping.swift") != first)
        #expect(try scratch.modificationDate("out/Ping.swift") != past)
    }

    @Test func specErrorsExit1WriteNothingAndKeepEarlierOutput() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "Ping.endpoints.json")
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "out").status == 0)
        let earlier = scratch.read("out/Ping.swift")
        try scratch.write(Specs.bad, to: "Ping.endpoints.json")
        let result = try scratch.run("generate", "Ping.endpoints.json", "--output", "out")
        #expect(result.status == 1)
        // Both problems, in compiler form, naming the spec by the path it was given as.
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("Ping.endpoints.json:") && $0.contains(": error: ") })
        #expect(lines.first?.hasPrefix("Ping.endpoints.json:4:") == true)
        #expect(lines.last?.hasPrefix("Ping.endpoints.json:5:") == true)
        #expect(scratch.read("out/Ping.swift") == earlier)
        // A first run with errors creates nothing at all.
        let fresh = try scratch.run("generate", "Ping.endpoints.json", "--output", "fresh")
        #expect(fresh.status == 1)
        #expect(!scratch.exists("fresh"))
    }

    @Test func oneBadSpecDoesNotStopTheOthers() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.bad, to: "specs/Bad.endpoints.json")
        try scratch.write(Specs.good, to: "specs/Good.endpoints.json")
        let result = try scratch.run("generate", "specs", "--output", "out")
        #expect(result.status == 1)
        #expect(result.stderr.contains("specs/Bad.endpoints.json:4:"))
        #expect(scratch.exists("out/Good.swift"))
        #expect(!scratch.exists("out/Bad.swift"))
    }

    @Test func directoriesAreSearchedRecursively() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "specs/Ping.endpoints.json")
        try scratch.write(Specs.other, to: "specs/nested/deeper/Other.endpoints.json")
        try scratch.write("not a spec", to: "specs/notes.json")
        let result = try scratch.run("generate", "specs", "--output", "out")
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("out").path).sorted()
        #expect(files == ["Other.swift", "Ping.swift"])
        #expect(scratch.read("out/Other.swift")?.contains("public nonisolated enum Other {") == true)
    }

    @Test func missingInputsAndDuplicateOutputNamesAreErrors() throws {
        let scratch = try Scratch()
        let missing = try scratch.run("generate", "Nope.endpoints.json", "--output", "out")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("Nope.endpoints.json: error: no such file or directory"))
        try scratch.write(Specs.good, to: "a/Ping.endpoints.json")
        try scratch.write(Specs.other, to: "b/Ping.endpoints.json")
        let duplicate = try scratch.run("generate", "a", "b", "--output", "out")
        #expect(duplicate.status == 1)
        #expect(duplicate.stderr.contains("b/Ping.endpoints.json: error: writes Ping.swift, as a/Ping.endpoints.json does"))
    }

    // MARK: Options

    @Test(arguments: ["internal", "package", "public"])
    func accessLevel(level: String) throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "Ping.endpoints.json")
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "out", "--access-level", level).status == 0)
        let swift = try #require(scratch.read("out/Ping.swift"))
        #expect(swift.contains("\(level) nonisolated enum Ping {"))
        #expect(swift.contains("\(level) static let defaults"))
        #expect(swift.contains("\(level) nonisolated enum Call: HTTPRequestable"))
        #expect(swift.contains("\(level) nonisolated struct Pong"))
        #expect(swift.contains("\(level) func httpRequest()"))
        for other in ["internal", "package", "public"] where other != level {
            #expect(!swift.contains("\(other) "), "\(other) in \(level) output")
        }
    }

    @Test func configFile() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "Ping.endpoints.json")
        try scratch.write(#"{ "accessLevel": "package" }"#, to: "endpoint-gen.json")
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "out", "--config", "endpoint-gen.json").status == 0)
        #expect(scratch.read("out/Ping.swift")?.contains("package nonisolated enum Ping") == true)
        // The command line wins over the config.
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "out", "--config", "endpoint-gen.json",
                                "--access-level", "internal").status == 0)
        #expect(scratch.read("out/Ping.swift")?.contains("internal nonisolated enum Ping") == true)
        // "output" is the command plugin's key: accepted (it is the same file), while --output decides.
        try scratch.write(#"{ "accessLevel": "package", "output": "Generated" }"#, to: "endpoint-gen.json")
        #expect(try scratch.run("generate", "Ping.endpoints.json", "--output", "out", "--config", "endpoint-gen.json").status == 0)
        #expect(scratch.read("out/Ping.swift")?.contains("package nonisolated enum Ping") == true)
        #expect(!scratch.exists("Generated"))
    }

    @Test func configErrorsHaveLocations() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "Ping.endpoints.json")
        try scratch.write("{\n  \"accesLevel\": \"internal\"\n}", to: "endpoint-gen.json")
        let unknown = try scratch.run("generate", "Ping.endpoints.json", "--output", "out", "--config", "endpoint-gen.json")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("endpoint-gen.json:2:3: error: unknown key 'accesLevel'"))
        #expect(unknown.stderr.contains("did you mean 'accessLevel'?"))
        #expect(!scratch.exists("out"))
        try scratch.write(#"{ "accessLevel": "open" }"#, to: "endpoint-gen.json")
        let invalid = try scratch.run("generate", "Ping.endpoints.json", "--output", "out", "--config", "endpoint-gen.json")
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("endpoint-gen.json:1:18: error:"))
        try scratch.write(#"{ "output": "/absolute" }"#, to: "endpoint-gen.json")
        let absolute = try scratch.run("generate", "Ping.endpoints.json", "--output", "out", "--config", "endpoint-gen.json")
        #expect(absolute.status == 1)
        #expect(absolute.stderr.contains("endpoint-gen.json:1:13: error: 'output' must be a folder relative"))
    }

    // MARK: --check

    @Test func checkReportsMissingStaleAndCurrentFilesAndWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "specs/Ping.endpoints.json")
        try scratch.write(Specs.other, to: "specs/Other.endpoints.json")
        let missing = try scratch.run("generate", "specs", "--output", "out", "--check")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("out/Ping.swift: error: missing"))
        #expect(missing.stderr.contains("out/Other.swift: error: missing"))
        #expect(!scratch.exists("out"))

        #expect(try scratch.run("generate", "specs", "--output", "out").status == 0)
        let current = try scratch.run("generate", "specs", "--output", "out", "--check")
        #expect(current.status == 0, "\(current.stderr)")
        #expect(current.stderr.isEmpty)

        try scratch.write("// edited by hand\n", to: "out/Ping.swift")
        let stale = try scratch.run("generate", "specs", "--output", "out", "--check")
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("out/Ping.swift: error: out of date"))
        #expect(!stale.stderr.contains("Other.swift"))
        #expect(scratch.read("out/Ping.swift") == "// edited by hand\n")
    }

    // MARK: Specs written in parts

    @Test func partsAreWrittenAndLeftoverPartsRemoved() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.twoGroups, to: "Shop.endpoints.json")
        // Another spec's files and a hand-written file that only look like parts.
        try scratch.write("// mine\n", to: "out/Shop+Part7.swift")
        try scratch.write("// Generated by endpoint-gen from Other.endpoints.json (part 5 of 5). DO NOT EDIT.\n", to: "out/Shop+Part5.swift")

        let three = try scratch.run("generate", "Shop.endpoints.json", "--output", "out", "--parts", "3")
        #expect(three.status == 0, "\(three.stderr)")
        for (index, name) in ["Shop", "Shop+Part2", "Shop+Part3"].enumerated() {
            let swift = try #require(scratch.read("out/\(name).swift"))
            #expect(swift.hasPrefix("// Generated by endpoint-gen from Shop.endpoints.json (part \(index + 1) of 3). DO NOT EDIT.\n"))
        }
        #expect(try scratch.run("generate", "Shop.endpoints.json", "--output", "out", "--parts", "3", "--check").status == 0)

        // Fewer parts: --check names the leftover and removes nothing; generate removes it.
        let check = try scratch.run("generate", "Shop.endpoints.json", "--output", "out", "--parts", "2", "--check")
        #expect(check.status == 1)
        #expect(check.stderr.contains("out/Shop+Part3.swift: error: left over from an earlier generation"))
        #expect(scratch.exists("out/Shop+Part3.swift"))
        let two = try scratch.run("generate", "Shop.endpoints.json", "--output", "out", "--parts", "2")
        #expect(two.status == 0, "\(two.stderr)")
        #expect(!scratch.exists("out/Shop+Part3.swift"))
        #expect(scratch.read("out/Shop+Part2.swift")?.contains("(part 2 of 2)") == true)

        // Back to one file (the default for a small spec): its header names no part.
        #expect(try scratch.run("generate", "Shop.endpoints.json", "--output", "out").status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("out").path).sorted()
        #expect(files == ["Shop+Part5.swift", "Shop+Part7.swift", "Shop.swift"])
        #expect(scratch.read("out/Shop.swift")?.hasPrefix("// Generated by endpoint-gen from Shop.endpoints.json. DO NOT EDIT.\n") == true)
    }

    @Test func aPartNameClaimedByAnotherSpecIsAnError() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.twoGroups, to: "specs/Shop.endpoints.json")
        try scratch.write(#"{ "name": "Other", "baseURL": "https://o.example.com", "endpoints": {} }"#, to: "specs/Shop+Part2.endpoints.json")
        let result = try scratch.run("generate", "specs", "--output", "out", "--parts", "2")
        #expect(result.status == 1)
        #expect(result.stderr.contains("writes Shop+Part2.swift, as "))
    }

    /// `generate` validates an OpenAPI document's import as a tree, never written as text and parsed
    /// again: a problem the Validator finds (here the API name the file gives, a type generated code
    /// uses) is reported at the document's own line and column, not at 1:1 of a spec nobody wrote.
    @Test func aValidatorProblemInAnImportedDocumentNamesTheDocumentsPlace() throws {
        let scratch = try Scratch()
        try scratch.write("""
            openapi: 3.0.3
            info:
              title: Client
              version: "1"
            servers:
              - url: https://api.example.com
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    "200":
                      description: ok
            """, to: "HTTPClient.openapi.yaml")
        let run = try scratch.run("generate", "HTTPClient.openapi.yaml", "--output", "out")
        #expect(run.status == 1)
        // `title: Client`, what the spec's `name` stands for: line 3, column 10.
        #expect(run.stderr.hasPrefix("HTTPClient.openapi.yaml:3:10: error: 'name': 'HTTPClient' is a type that generated code uses"),
                "\(run.stderr)")
        #expect(run.stderr.contains("in the spec imported from this document"))
        #expect(!scratch.exists("out/HTTPClient.swift"))
    }

    // MARK: validate and import

    @Test func validate() throws {
        let scratch = try Scratch()
        try scratch.write(Specs.good, to: "Ping.endpoints.json")
        try scratch.write(Specs.bad, to: "Bad.endpoints.json")
        let good = try scratch.run("validate", "Ping.endpoints.json")
        #expect(good.status == 0)
        #expect(good.stderr.isEmpty)
        let bad = try scratch.run("validate", "Ping.endpoints.json", "Bad.endpoints.json")
        #expect(bad.status == 1)
        #expect(bad.stderr.split(separator: "\n").count == 2)
        #expect(bad.stderr.contains("Bad.endpoints.json:4:"))
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        #expect(files == ["Bad.endpoints.json", "Ping.endpoints.json"])
    }

    @Test func importIsRoutedToItsCommand() throws {
        let scratch = try Scratch()
        let help = try scratch.run("import", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("import"))
    }
}

private extension URL {
    /// The URL, after creating its parent directory.
    func creatingParent() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
