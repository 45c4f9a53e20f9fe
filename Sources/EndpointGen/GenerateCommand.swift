import EndpointGenCore
import Foundation

/// `endpoint-gen generate <spec-or-directory>... --output <dir> [--access-level l] [--parts n] [--config f] [--check]`
struct GenerateCommand {
    var inputs: [String] = []
    var output: String?
    var accessLevel: AccessLevel?
    var parts: Int?
    var configPath: String?
    var check = false

    /// More files than this for one spec is surely a typo.
    static let maximumParts = Generator.maximumParts

    init(arguments: [String]) throws {
        var reader = ArgumentReader(arguments)
        var output: String?
        var accessLevel: AccessLevel?
        var configPath: String?
        var parts: Int?
        var check = false
        try reader.parse { name, value in
            switch name {
            case "--output", "-o":
                output = try value()
            case "--access-level":
                let text = try value()
                guard let level = AccessLevel(rawValue: text) else {
                    throw UsageError("invalid access level '\(text)' (expected public, package or internal)")
                }
                accessLevel = level
            case "--config":
                configPath = try value()
            case "--parts":
                let text = try value()
                guard let count = Int(text), (1...Self.maximumParts).contains(count) else {
                    throw UsageError("invalid number of parts '\(text)' (expected a whole number from 1 to \(Self.maximumParts))")
                }
                parts = count
            case "--check":
                check = true
            default:
                throw UsageError("unknown option '\(name)' for 'generate'")
            }
        }
        guard !reader.positionals.isEmpty else { throw UsageError("'generate' needs at least one spec file or directory") }
        guard let output else { throw UsageError("'generate' needs --output <directory>") }
        self.inputs = reader.positionals
        self.output = output
        self.accessLevel = accessLevel
        self.parts = parts
        self.configPath = configPath
        self.check = check
    }

    func run() throws -> Int32 {
        guard let output else { return ExitCode.usage }
        var options = GeneratorOptions()
        var config = Config()
        if let configPath {
            var diagnostics = Diagnostics()
            guard let loaded = Config.load(path: configPath, diagnostics: &diagnostics) else {
                for diagnostic in diagnostics.sorted { printError(diagnostic.description) }
                return ExitCode.failure
            }
            config = loaded
            if let level = config.accessLevel { options.accessLevel = level }
        }
        if let accessLevel { options.accessLevel = accessLevel }
        options.parts = parts

        let (files, problems) = SpecFiles.expand(inputs)
        var failed = !problems.isEmpty
        problems.forEach(printError)

        // Generate everything first, so two specs claiming one output name are caught before writing.
        var outputs: [(file: SpecFile, files: [GeneratedFile])] = []
        var claimed: [String: String] = [:]  // output file name -> the spec that writes it
        for file in files {
            let result: GeneratorResult
            if let stem = ImportCommand.documentStem(file.fileName) {
                guard let spec = Self.importDocument(file, name: stem, config: config) else {
                    failed = true
                    continue
                }
                result = GeneratorResult(files: Generator.renderFiles(spec, options: options), diagnostics: Diagnostics())
            } else {
                guard let data = SpecFiles.read(file) else {
                    printError("\(file.path): error: cannot read the file")
                    failed = true
                    continue
                }
                result = Generator.generate(specData: data, fileName: file.fileName, options: options)
                printDiagnostics(result.diagnostics, fileName: file.fileName, path: file.path)
            }
            guard !result.files.isEmpty, !result.diagnostics.hasErrors else {
                failed = true
                continue
            }
            if let clash = result.files.first(where: { claimed[$0.name] != nil }), let earlier = claimed[clash.name] {
                printError("\(file.path): error: writes \(clash.name).swift, as \(earlier) does; rename one of them")
                failed = true
                continue
            }
            for generated in result.files { claimed[generated.name] = file.path }
            outputs.append((file, result.files))
        }

        var differences = false
        if !check, !outputs.isEmpty {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        }
        for entry in outputs {
            for generated in entry.files {
                let path = (output as NSString).appendingPathComponent(generated.name + ".swift")
                let bytes = Data(generated.swift.utf8)
                if check {
                    switch OutputFile.state(of: path, comparedWith: bytes) {
                    case .current: break
                    case .missing:
                        printError("\(path): error: missing; generate it from \(entry.file.path)")
                        differences = true
                    case .stale:
                        printError("\(path): error: out of date with \(entry.file.path); regenerate it")
                        differences = true
                    }
                } else {
                    try OutputFile.write(bytes, to: path)
                }
            }
            // Parts beyond the current count, left by an earlier generation of a larger spec.
            let leftovers = OutputFile.leftoverParts(of: entry.files[0].name, specFileName: entry.file.fileName,
                                                     keeping: entry.files.count, in: output)
            for path in leftovers {
                if check {
                    printError("\(path): error: left over from an earlier generation of \(entry.file.path); regenerate to remove it")
                    differences = true
                } else {
                    try FileManager.default.removeItem(atPath: path)
                }
            }
        }
        return failed || differences ? ExitCode.failure : ExitCode.success
    }
}

extension GenerateCommand {
    /// An OpenAPI document `<Name>.openapi.json` (or `.yaml`, `.yml`) as a validated spec: imported in
    /// memory as the API `<Name>`, filtered by the config's `tags`, `operations` and `paths`. The
    /// import's warnings name the document; nil (reported) when it has errors.
    static func importDocument(_ file: SpecFile, name: String, config: Config) -> Spec? {
        let importOptions = config.importOptions(adding: ImportOptions(name: name))
        let imported: ImportResult
        switch ImportCommand.importFile(file.path, options: importOptions) {
        case let .success(result): imported = result
        case let .failure(error):
            printError("\(file.path): error: \(error.message)")
            return nil
        }
        for diagnostic in imported.diagnostics.sorted { printError(diagnostic.description) }
        if let kept = imported.kept { printError("\(file.path): \(kept.summary)") }
        guard let specJSON = imported.specJSON, !imported.diagnostics.hasErrors else { return nil }

        // The spec exists only in memory: a problem the Validator finds in it is the importer's,
        // reported at the document with the spec's own line and column.
        let (spec, diagnostics) = Generator.validate(specData: Data(specJSON.utf8), fileName: name + SpecFiles.suffix)
        for diagnostic in diagnostics.sorted {
            let location = diagnostic.location
            let severity = diagnostic.severity == .error ? "error" : "warning"
            printError("\(file.path):1:1: \(severity): the imported spec, line \(location.line), column \(location.column): "
                       + "\(diagnostic.message) (run 'endpoint-gen import' on the document to see the spec)")
        }
        guard var spec, !diagnostics.hasErrors else { return nil }
        spec.fileName = file.fileName
        return spec
    }
}

/// `endpoint-gen validate <spec-or-directory>...`
struct ValidateCommand {
    var inputs: [String]

    init(arguments: [String]) throws {
        var reader = ArgumentReader(arguments)
        try reader.parse { name, _ in throw UsageError("unknown option '\(name)' for 'validate'") }
        guard !reader.positionals.isEmpty else { throw UsageError("'validate' needs at least one spec file or directory") }
        inputs = reader.positionals
    }

    func run() throws -> Int32 {
        let (files, problems) = SpecFiles.expand(inputs)
        var failed = !problems.isEmpty
        problems.forEach(printError)
        for file in files {
            if let stem = ImportCommand.documentStem(file.fileName) {
                if GenerateCommand.importDocument(file, name: stem, config: Config()) == nil { failed = true }
                continue
            }
            guard let data = SpecFiles.read(file) else {
                printError("\(file.path): error: cannot read the file")
                failed = true
                continue
            }
            let (_, diagnostics) = Generator.validate(specData: data, fileName: file.fileName)
            printDiagnostics(diagnostics, fileName: file.fileName, path: file.path)
            if diagnostics.hasErrors { failed = true }
        }
        return failed ? ExitCode.failure : ExitCode.success
    }
}
