// `endpoint-gen import <openapi.json> [--name <API>] [--output <file>.endpoints.json]`:
// an OpenAPI 3.0/3.1 JSON document -> an endpoint spec (stdout when no output is given).

import EndpointGenCore
import Foundation

enum ImportCommand {
    static let usage = """
        usage: endpoint-gen import <openapi.json> [--name <API>] [--output <Name>.endpoints.json]

        Turns an OpenAPI 3.0 or 3.1 document (JSON) into an endpoint spec. Everything the spec
        cannot express is reported as a warning naming its JSON pointer.

          --name <API>       Swift type name of the API (default: the document's info.title)
          --output <file>    write the spec there (default: standard output)
          -h, --help         show this help
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
                return 0
            case "--name", "--output", "-o":
                guard index + 1 < arguments.count else {
                    printError("error: \(argument) needs a value\n\(usage)")
                    return 1
                }
                if argument == "--name" { name = arguments[index + 1] } else { output = arguments[index + 1] }
                index += 1
            default:
                if argument.hasPrefix("--name=") {
                    name = String(argument.dropFirst("--name=".count))
                } else if argument.hasPrefix("--output=") {
                    output = String(argument.dropFirst("--output=".count))
                } else if argument.hasPrefix("-") && argument != "-" {
                    printError("error: unknown option '\(argument)'\n\(usage)")
                    return 1
                } else if input == nil {
                    input = argument
                } else {
                    printError("error: more than one input file ('\(input ?? "")', '\(argument)')\n\(usage)")
                    return 1
                }
            }
            index += 1
        }
        guard let input else {
            printError("error: no input file\n\(usage)")
            return 1
        }
        let data: Data
        do {
            data = input == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: input))
        } catch {
            printError("error: cannot read '\(input)': \(error.localizedDescription)")
            return 1
        }
        let fileName = input == "-" ? "<stdin>" : input
        let result = OpenAPIImporter.importDocument(data, fileName: fileName, name: name)
        for diagnostic in result.diagnostics.sorted {
            printError(diagnostic.description)
        }
        guard let spec = result.specJSON, !result.diagnostics.hasErrors else { return 1 }
        if let output {
            let url = URL(fileURLWithPath: output)
            let bytes = Data(spec.utf8)
            // Write only when the bytes change, so builds that watch the file are not triggered for nothing.
            if (try? Data(contentsOf: url)) != bytes {
                do {
                    try bytes.write(to: url, options: .atomic)
                } catch {
                    printError("error: cannot write '\(output)': \(error.localizedDescription)")
                    return 1
                }
            }
        } else {
            FileHandle.standardOutput.write(Data(spec.utf8))
        }
        return 0
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
