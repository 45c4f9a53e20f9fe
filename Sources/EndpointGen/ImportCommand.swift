// `endpoint-gen import <openapi.json> [--name <API>] [--output <file>.endpoints.json]`:
// an OpenAPI 3.0/3.1 document, JSON or YAML -> an endpoint spec (stdout when no output is given).

import EndpointGenCore
import Foundation

enum ImportCommand {
    static let usage = """
        usage: endpoint-gen import <openapi.json> [--name <API>] [--output <Name>.endpoints.json]

        Turns an OpenAPI 3.0 or 3.1 document (JSON or YAML) into an endpoint spec. Everything the
        spec cannot express is reported as a warning naming its JSON pointer. A .yaml/.yml file is
        read as YAML, a .json file as JSON; anything else (or - for standard input) is JSON when it
        starts with '{', YAML otherwise.

          --name <API>       Swift type name of the API (default: the document's info.title)
          --output <file>    write the spec there (default: standard output)
          -h, --help         show this help

        Exit status: 0 success (warnings allowed), 1 errors in the document, 64 usage errors.
        """

    /// Runs the subcommand with the arguments after `import`; returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        var input: String?
        var name: String?
        var output: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                print(usage)
                return ExitCode.success
            case "--name", "--output", "-o":
                guard index + 1 < arguments.count else {
                    printError("endpoint-gen import: error: \(argument) needs a value\n\n\(usage)")
                    return ExitCode.usage
                }
                if argument == "--name" { name = arguments[index + 1] } else { output = arguments[index + 1] }
                index += 1
            default:
                if argument.hasPrefix("--name=") {
                    name = String(argument.dropFirst("--name=".count))
                } else if argument.hasPrefix("--output=") {
                    output = String(argument.dropFirst("--output=".count))
                } else if argument.hasPrefix("-") && argument != "-" {
                    printError("endpoint-gen import: error: unknown option '\(argument)'\n\n\(usage)")
                    return ExitCode.usage
                } else if input == nil {
                    input = argument
                } else {
                    printError("endpoint-gen import: error: more than one input file ('\(input ?? "")', '\(argument)')\n\n\(usage)")
                    return ExitCode.usage
                }
            }
            index += 1
        }
        guard let input else {
            printError("endpoint-gen import: error: no input file\n\n\(usage)")
            return ExitCode.usage
        }
        let data: Data
        do {
            data = input == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: input))
        } catch {
            printError("endpoint-gen import: error: cannot read '\(input)': \(error.localizedDescription)")
            return ExitCode.failure
        }
        let fileName = input == "-" ? "<stdin>" : input
        let result = OpenAPIImporter.importDocument(data, fileName: fileName, name: name)
        for diagnostic in result.diagnostics.sorted {
            printError(diagnostic.description)
        }
        guard let spec = result.specJSON, !result.diagnostics.hasErrors else { return ExitCode.failure }
        if let output {
            let url = URL(fileURLWithPath: output)
            let bytes = Data(spec.utf8)
            // Write only when the bytes change, so builds that watch the file are not triggered for nothing.
            if (try? Data(contentsOf: url)) != bytes {
                do {
                    try bytes.write(to: url, options: .atomic)
                } catch {
                    printError("endpoint-gen import: error: cannot write '\(output)': \(error.localizedDescription)")
                    return ExitCode.failure
                }
            }
        } else {
            FileHandle.standardOutput.write(Data(spec.utf8))
        }
        return ExitCode.success
    }
}
