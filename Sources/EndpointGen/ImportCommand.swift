// `endpoint-gen import <openapi.json | .yaml> [--name <API>] [--tag T] [--operation ID] [--path P]
// [--config f] [--format-version 1|2] [--service] [--output <file>.endpoints.json]`: an OpenAPI 3.0/3.1 or
// Swagger 2.0 document, JSON or YAML, maybe split over several files -> an endpoint spec (stdout when no output is given). `generate` imports
// OpenAPI documents (`<Name>.openapi.json`, `.yaml`, `.yml`) through the same entry point,
// `ImportCommand.importFile`, in format version 2 (`ImportOptions`' default).

import EndpointGenCore
import Foundation

enum ImportCommand {
    static let usage = """
        usage: endpoint-gen import <openapi.json> [--name <API>] [--tag <tag>]... [--operation <id>]...
                                   [--path <prefix>]... [--config <endpoint-gen.json>] [--format-version <1|2>]
                                   [--service] [--output <Name>.endpoints.json] [--quiet]

        Turns an OpenAPI 3.0 or 3.1 document, or a Swagger 2.0 one (JSON or YAML), into an endpoint
        spec. Everything the spec cannot express is reported as a warning naming its JSON pointer in
        the document as written (a 2.0 document's own pointers). A .yaml/.yml file is read as YAML, a
        .json file as JSON; anything else (or - for standard input) is JSON when it starts with '{',
        YAML otherwise. A document split over several files is followed through its relative $refs
        ('./schemas/pet.yaml', 'common.yaml#/components/schemas/Error'), to files in the document's
        folder and below only; URLs are refused.

          --name <API>         Swift type name of the API, used as given when it is a valid Swift type
                               name (default: the document's info.title in UpperCamelCase)
          --tag <tag>          keep the operations with this tag (any of their tags)
          --operation <id>     keep the operation with this operationId
          --path <prefix>      keep the operations whose path is this one or lies below it (/repos
                               keeps /repos/{owner}/{repo})
                               Filters repeat and combine: an operation is kept when it matches any
                               of them. The models the kept operations use are kept with them.
          --config <file>      an endpoint-gen.json; its "tags", "operations" and "paths" add filters,
                               and its "service" acts as --service
          --format-version <n> 2 (default): write the version 2 keys (unions, integer enums,
                               additionalProperties, recursive models, response headers, several
                               success responses, streams, pagination); 1: write only the keys of
                               spec format version 1, approximating the rest with warnings
          --service            the spec is for `generate --service`: a model or group the document
                               names Service, or a top-level operation named handler, is renamed
                               (with a warning), since the generated service takes those names
          --output <file>      write the spec there (default: standard output), and print
                               "wrote <file> (12 endpoints, 9 models)" ("unchanged" when the file
                               already held those bytes)
          -q, --quiet          print no such line
          -h, --help           show this help

        Exit status: 0 success (warnings allowed), 1 errors in the document, 64 usage errors.
        """

    /// Reads and imports one OpenAPI document: the one place the import reads its input, for
    /// `import` and for `generate` (and so for the plugins). `-` reads standard input.
    static func importFile(_ path: String, options: ImportOptions) -> Result<ImportResult, ImportReadError> {
        let data: Data
        do {
            data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return .failure(ImportReadError(message: "cannot read '\(path)': \(error.localizedDescription)"))
        }
        let fileName = path == "-" ? "<stdin>" : path
        return .success(OpenAPIImporter.importDocument(data, fileName: fileName, options: options, files: diskFiles))
    }

    /// The files a document's `$ref`s name, read from the disk (the importer checks that they lie in
    /// the document's folder, with symbolic links resolved).
    static let diskFiles = ImportFiles(
        read: { path in
            do {
                return .success(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                let exists = FileManager.default.fileExists(atPath: path)
                return .failure(ImportFileError(exists ? error.localizedDescription : "no such file"))
            }
        },
        realPath: { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path },
        currentDirectory: FileManager.default.currentDirectoryPath)

    struct ImportReadError: Error {
        var message: String
    }

    /// Runs the subcommand with the arguments after `import`; returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        if CommandLineTool.asksForHelp(arguments) {
            print(usage)
            return ExitCode.success
        }
        var options = ImportOptions()
        var output: String?
        var configPath: String?
        var quiet = false
        var reader = ArgumentReader(arguments)
        do {
            try reader.parse { name, value in
                switch name {
                case "--name": options.name = try value()
                case "--output", "-o": output = try value()
                case "--tag": options.tags.append(try value())
                case "--operation": options.operationIDs.append(try value())
                case "--path": options.pathPrefixes.append(try value())
                case "--config": configPath = try value()
                case "--format-version":
                    let text = try value()
                    guard let number = Int(text), let version = ImportFormatVersion(rawValue: number) else {
                        throw UsageError("--format-version takes 1 or 2, not '\(text)'")
                    }
                    options.formatVersion = version
                case "--service": options.service = true
                case "--quiet", "-q": quiet = true
                default: throw UsageError("unknown option '\(name)'")
                }
            }
        } catch let error as UsageError {
            printError("endpoint-gen import: error: \(error.message)\n\n\(usage)")
            return ExitCode.usage
        } catch {
            return ExitCode.failure
        }
        guard let input = reader.positionals.first else {
            printError("endpoint-gen import: error: no input file\n\n\(usage)")
            return ExitCode.usage
        }
        guard reader.positionals.count == 1 else {
            let names = reader.positionals.map { "'\($0)'" }.joined(separator: ", ")
            printError("endpoint-gen import: error: more than one input file (\(names))\n\n\(usage)")
            return ExitCode.usage
        }
        if let configPath {
            guard let config = Config.loadReportingProblems(path: configPath) else { return ExitCode.failure }
            options = config.importOptions(adding: options)
        }

        // The command writes the spec's text; only `generate` validates the tree with its places.
        options.keepsTree = false
        let result: ImportResult
        switch importFile(input, options: options) {
        case let .success(imported): result = imported
        case let .failure(error):
            printError("endpoint-gen import: error: \(error.message)")
            return ExitCode.failure
        }
        for diagnostic in result.diagnostics.sorted {
            printError(diagnostic.description)
        }
        guard let spec = result.specJSON, !result.diagnostics.hasErrors else { return ExitCode.failure }
        if let kept = result.kept { printError(kept.summary) }
        if let output { return write(spec, to: output, quiet: quiet) }
        FileHandle.standardOutput.write(Data(spec.utf8))
        return ExitCode.success
    }

    /// Writes the spec to `output` (only when its bytes change, so builds that watch the file are
    /// not triggered for nothing) and says so, unless `quiet`.
    static func write(_ spec: String, to output: String, quiet: Bool) -> Int32 {
        let url = URL(fileURLWithPath: output)
        let bytes = Data(spec.utf8)
        let changed = (try? Data(contentsOf: url)) != bytes
        if changed {
            do {
                try bytes.write(to: url, options: .atomic)
            } catch {
                printError("endpoint-gen import: error: cannot write '\(output)': \(error.localizedDescription)")
                return ExitCode.failure
            }
        }
        if !quiet {
            // The importer never writes a spec the generator refuses, so this validation succeeds;
            // it only counts.
            let (validated, _) = Generator.validate(specData: bytes, fileName: url.lastPathComponent)
            let counts = validated.map { " (\(GenerateCommand.summary(of: $0)))" } ?? ""
            print("\(changed ? "wrote" : "unchanged") \(output)\(counts)")
        }
        return ExitCode.success
    }
}
