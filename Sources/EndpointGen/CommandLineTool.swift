import EndpointGenCore
import Foundation

/// Exit codes: 0 success, 1 problems in specs (or `--check` differences), 64 usage errors (EX_USAGE).
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}

/// A mistake in how the tool was called: printed with a pointer to `--help`, exit 64.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

enum CommandLineTool {
    /// The last release, semantic versioning: 2 is the spec format version and the runtime contract
    /// (`EndpointRuntimeVersion2`). CHANGELOG.md's top release and the docs' `from:` lines say the same.
    static let release = "2.0.0"

    /// Whether this source is that release. False between releases, while CHANGELOG.md's
    /// `[Unreleased]` section has entries; a release commit sets it to true (and `release` to the
    /// new number), the commit after it back to false.
    static let isRelease = false

    /// What `--version` prints: the release (`2.0.0`), or for a build of the source between
    /// releases `2.0.0+unreleased`: the last release plus changes not released yet (semantic
    /// versioning's build metadata, so it does not guess the next release's number).
    static var version: String { isRelease ? release : release + "+unreleased" }

    static let help = """
        OVERVIEW: Generate typed Swift networking code from *.endpoints.json specs.

        USAGE: endpoint-gen <command> [arguments]

        COMMANDS:
          generate <spec-or-directory>... --output <directory>
        \(indented(GenerateCommand.details, by: 8))
          validate <spec-or-directory>... [--config <file>] [--module-type <Name>]... [--quiet]
        \(indented(ValidateCommand.details, by: 8))
          import ...
                Convert an OpenAPI document into an endpoint spec (endpoint-gen import --help).

        OPTIONS:
          -h, --help      Show this help (endpoint-gen <command> --help, or endpoint-gen help <command>,
                          for one command's).
          --version       Show the version.

        Diagnostics are printed as path:line:column: error: message.
        Exit status: 0 success, 1 spec errors or --check differences, 64 usage errors.
        """

    /// Each command's help, printed by `endpoint-gen <command> --help` (`-h` too, anywhere before a
    /// `--`) and `endpoint-gen help <command>`.
    static let commandHelp: [String: String] = [
        "generate": GenerateCommand.help,
        "validate": ValidateCommand.help,
        "import": ImportCommand.usage,
        "yaml-to-json": YAMLToJSONCommand.usage,
    ]

    /// Whether `arguments` ask for help: `-h` or `--help` among the options (not after `--`, where
    /// every argument is a file).
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
    }

    /// `text` with every non-empty line indented by `count` spaces.
    static func indented(_ text: String, by count: Int) -> String {
        let indent = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : indent + $0 }
            .joined(separator: "\n")
    }

    static func run(_ arguments: [String]) -> Int32 {
        // Large values freed on another thread (the spec's trees) are freed before the process ends.
        defer { Background.waitUntilReleased() }
        guard let command = arguments.first else {
            printError("endpoint-gen: error: missing command\n\n" + help)
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        do {
            if let commandHelp = commandHelp[command], asksForHelp(rest) {
                print(commandHelp)
                return ExitCode.success
            }
            switch command {
            case "-h", "--help":
                print(help)
                return ExitCode.success
            case "help":
                guard let topic = rest.first, !asksForHelp(rest) else {
                    print(help)
                    return ExitCode.success
                }
                guard rest.count == 1, let commandHelp = commandHelp[topic] else {
                    throw UsageError("no help for '\(rest.joined(separator: " "))'; the commands are generate, validate and import")
                }
                print(commandHelp)
                return ExitCode.success
            case "--version":
                print("endpoint-gen \(version)")
                return ExitCode.success
            case "generate":
                return try GenerateCommand(arguments: rest).run()
            case "validate":
                return try ValidateCommand(arguments: rest).run()
            case "import":
                return ImportCommand.run(rest)
            case "yaml-to-json":  // for debugging and scripts/yaml-compare.py; not in --help
                return YAMLToJSONCommand.run(rest)
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch let error as UsageError {
            printError("endpoint-gen: error: \(error.message)\nRun 'endpoint-gen --help' for usage.")
            return ExitCode.usage
        } catch {
            printError("endpoint-gen: error: \(error)")
            return ExitCode.failure
        }
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Prints diagnostics in compiler form, naming the spec by the path it was given as.
func printDiagnostics(_ diagnostics: Diagnostics, fileName: String, path: String) {
    for var diagnostic in diagnostics.sorted {
        if diagnostic.location.file == fileName { diagnostic.location.file = path }
        printError(diagnostic.description)
    }
}
