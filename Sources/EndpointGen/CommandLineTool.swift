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
    /// The release, semantic versioning: 2 is the spec format version and the runtime contract
    /// (`EndpointRuntimeVersion2`). CHANGELOG.md and the docs' `from:` lines say the same.
    static let version = "2.0.0"

    static let help = """
        OVERVIEW: Generate typed Swift networking code from *.endpoints.json specs.

        USAGE: endpoint-gen <command> [arguments]

        COMMANDS:
          generate <spec-or-directory>... --output <directory>
                Write one <Name>.swift per spec (<Name>.endpoints.json). Directories are searched
                recursively for *.endpoints.json. A file is written only when its contents change.
                A spec of more than \(Generator.declarationsPerPart) endpoints and models is written as several files,
                <Name>.swift, <Name>+Part2.swift, ..., one per \(Generator.declarationsPerPart), so it compiles in linear time.
                An OpenAPI document named <Name>.openapi.json (.yaml, .yml) is imported as the API
                <Name> (see import), filtered by the config's "tags", "operations" and "paths", and
                generated as <Name>.swift.
                --output <directory>     Where the Swift files go (created if missing).
                --access-level <level>   public (default), package or internal.
                --parts <n>              Write each spec as exactly n files (build plugins pass it).
                --config <file>          An endpoint-gen.json: { "accessLevel": "internal" }. Its "output"
                                         key is the command plugin's; here --output decides. Its
                                         "tags", "operations", "paths" filter OpenAPI documents.
                --module-type <Name>     A type the module defines itself, which specs may use without
                                         declaring it in "models" (repeatable; as the config's
                                         "moduleTypes"). Any other undefined type is an error.
                --check                  Write nothing; exit 1 naming each file that is missing or stale.
                -q, --quiet              Print nothing on success.
                Prints a line per file: "wrote <path> (12 endpoints, 9 models)", "unchanged <path> (...)"
                when its bytes were the same (the file is not rewritten); with --check, "up to date
                <path> (...)".
          validate <spec-or-directory>... [--config <file>] [--module-type <Name>]... [--quiet]
                Check specs (and import OpenAPI documents, <Name>.openapi.json) and report every
                problem; write nothing. Prints "checked <path> (12 endpoints, 9 models)" per good spec.
          import ...
                Convert an OpenAPI document into an endpoint spec (endpoint-gen import --help).

        OPTIONS:
          -h, --help      Show this help.
          --version       Show the version.

        Diagnostics are printed as path:line:column: error: message.
        Exit status: 0 success, 1 spec errors or --check differences, 64 usage errors.
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            printError("endpoint-gen: error: missing command\n\n" + help)
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "-h", "--help", "help":
                print(help)
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
