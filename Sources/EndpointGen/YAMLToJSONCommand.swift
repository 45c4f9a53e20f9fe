// `endpoint-gen yaml-to-json <file.yaml>`: a debugging verb (not in --help) that prints the tree the
// YAML reader builds as compact JSON, so scripts/yaml-compare.py can check it against PyYAML.

import EndpointGenCore
import Foundation

enum YAMLToJSONCommand {
    static let usage = "usage: endpoint-gen yaml-to-json <file.yaml | ->"

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let input = arguments.first, input == "-" || !input.hasPrefix("-") else {
            printError("endpoint-gen yaml-to-json: error: expected one file\n\n\(usage)")
            return ExitCode.usage
        }
        let data: Data
        do {
            data = input == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: input))
        } catch {
            printError("endpoint-gen yaml-to-json: error: cannot read '\(input)': \(error.localizedDescription)")
            return ExitCode.failure
        }
        var diagnostics = Diagnostics()
        let root = YAMLParser.parse(data, fileName: input == "-" ? "<stdin>" : input, diagnostics: &diagnostics)
        for diagnostic in diagnostics.sorted { printError(diagnostic.description) }
        guard let root, !diagnostics.hasErrors else { return ExitCode.failure }
        FileHandle.standardOutput.write(Data((root.jsonText + "\n").utf8))
        return ExitCode.success
    }
}
