import EndpointGenCore
import Foundation

/// `endpoint-gen generate <spec-or-directory>... --output <dir> [--access-level l] [--parts n] [--config f]
/// [--module-type T]... [--service] [--check] [--quiet]`
///
/// On stdout, one line per file: `wrote <path> (12 endpoints, 9 models)`, `unchanged <path> (...)` when
/// its bytes were already those, `removed <path>` for a part a smaller spec no longer needs, and with
/// `--check`, `up to date <path> (...)`. `--quiet` leaves them out. Problems go to stderr.
struct GenerateCommand {
    var inputs: [String] = []
    var output: String?
    var accessLevel: AccessLevel?
    var parts: Int?
    var configPath: String?
    var moduleTypes: [String] = []
    var service = false
    var check = false
    var quiet = false

    /// More files than this for one spec is surely a typo.
    static let maximumParts = Generator.maximumParts

    /// What the command does and its options: under `generate` in `endpoint-gen --help`, and in
    /// `endpoint-gen generate --help`.
    static let details = """
        Write one <Name>.swift per spec (<Name>.endpoints.json). Directories are searched
        recursively for *.endpoints.json. A file is written only when its contents change.
        A large spec is written as several files, <Name>.swift, <Name>+Part2.swift, ..., one per
        \(Generator.sizePerPart) of its size (2 for each endpoint, 5 for each model, 1 for each property,
        enum value or alternative; about 6,000 lines), so that it compiles in linear time and on every core.
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
        --service                The server side too: <API>.Service, a protocol with a
                                 requirement per endpoint, and <API>.handler(_:), which serves
                                 one (as the config's "service": true).
        --check                  Write nothing; exit 1 naming each file that is missing or stale.
        -q, --quiet              Print nothing on success.
        Prints a line per file: "wrote <path> (12 endpoints, 9 models)", "unchanged <path> (...)"
        when its bytes were the same (the file is not rewritten); with --check, "up to date
        <path> (...)".
        """

    /// `endpoint-gen generate --help`.
    static let help = """
        USAGE: endpoint-gen generate <spec-or-directory>... --output <directory> [--access-level <level>]
                                     [--parts <n>] [--config <file>] [--module-type <Name>]... [--service] [--check] [--quiet]

        \(details)
        -h, --help               Show this help.

        Diagnostics are printed as path:line:column: error: message.
        Exit status: 0 success, 1 spec errors or --check differences, 64 usage errors.
        """

    /// No inputs and no options: what `init(arguments:)` fills.
    private init() {}

    init(arguments: [String]) throws {
        var reader = ArgumentReader(arguments)
        var parsed = GenerateCommand()
        try reader.parse { name, value in
            switch name {
            case "--output", "-o":
                parsed.output = try value()
            case "--access-level":
                let text = try value()
                guard let level = AccessLevel(rawValue: text) else {
                    throw UsageError("invalid access level '\(text)' (expected public, package or internal)")
                }
                parsed.accessLevel = level
            case "--config":
                parsed.configPath = try value()
            case "--parts":
                let text = try value()
                guard let count = Int(text), (1...Self.maximumParts).contains(count) else {
                    throw UsageError("invalid number of parts '\(text)' (expected a whole number from 1 to \(Self.maximumParts))")
                }
                parsed.parts = count
            case "--module-type":
                parsed.moduleTypes.append(try GenerateCommand.moduleTypeName(try value()))
            case "--service":
                parsed.service = true
            case "--check":
                parsed.check = true
            case "--quiet", "-q":
                parsed.quiet = true
            default:
                throw UsageError("unknown option '\(name)' for 'generate'")
            }
        }
        guard !reader.positionals.isEmpty else { throw UsageError("'generate' needs at least one spec file or directory") }
        guard parsed.output != nil else { throw UsageError("'generate' needs --output <directory>") }
        parsed.inputs = reader.positionals
        self = parsed
    }

    /// The value of `--module-type`, checked as a Swift type name.
    static func moduleTypeName(_ text: String) throws -> String {
        if let problem = Naming.typeNameProblem(text) { throw UsageError("--module-type: \(problem)") }
        return text
    }

    func run() throws -> Int32 {
        guard let output else { return ExitCode.usage }
        var options = GeneratorOptions()
        var config = Config()
        if let configPath {
            guard let loaded = Config.loadReportingProblems(path: configPath) else { return ExitCode.failure }
            config = loaded
            if let level = config.accessLevel { options.accessLevel = level }
        }
        if let accessLevel { options.accessLevel = accessLevel }
        options.parts = parts
        options.moduleTypes = Set(config.moduleTypes + moduleTypes)
        options.service = service || config.service
        // A document imported for the server side leaves its names to the service (`ImportOptions.service`).
        config.service = options.service

        let (files, problems) = SpecFiles.expand(inputs)
        var failed = !problems.isEmpty
        problems.forEach(printError)

        // Generate everything first, so two specs claiming one output name are caught before writing.
        var outputs: [(file: SpecFile, files: [GeneratedFile], summary: String)] = []
        var claimed: [String: String] = [:]  // output file name -> the spec that writes it
        for file in files {
            guard let spec = Self.validatedSpec(file, config: config, moduleTypes: options.moduleTypes) else {
                failed = true
                continue
            }
            if options.service {
                var names = Diagnostics()
                Generator.checkService(spec, diagnostics: &names)
                printDiagnostics(names, fileName: file.fileName, path: file.path)
                if names.hasErrors {
                    failed = true
                    continue
                }
            }
            let result = GeneratorResult(files: Generator.renderFiles(spec, options: options), diagnostics: Diagnostics())
            guard !result.files.isEmpty else {
                failed = true
                continue
            }
            if let clash = result.files.first(where: { claimed[$0.name] != nil }), let earlier = claimed[clash.name] {
                printError("\(file.path): error: writes \(clash.name).swift, as \(earlier) does; rename one of them")
                failed = true
                continue
            }
            for generated in result.files { claimed[generated.name] = file.path }
            outputs.append((file, result.files, Self.summary(of: spec)))
            // Freed while the files are written.
            Background.release(consume spec)
        }
        let differences = try write(outputs, to: output)
        return failed || differences ? ExitCode.failure : ExitCode.success
    }

    /// Writes (or with `--check`, compares) each spec's files and removes the parts a smaller spec
    /// left behind. Returns whether `--check` found a difference.
    private func write(_ outputs: [(file: SpecFile, files: [GeneratedFile], summary: String)], to output: String) throws -> Bool {
        var differences = false
        if !check, !outputs.isEmpty {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let names = outputs.flatMap { $0.files.map { $0.name + ".swift" } }
            OutputFile.removeAbandonedTemporaries(of: Set(names), in: URL(fileURLWithPath: output))
        }
        for entry in outputs {
            let files = entry.files.map { ($0, (output as NSString).appendingPathComponent($0.name + ".swift")) }
            // The first file carries the spec's counts; each part says which it is.
            func what(_ index: Int) -> String {
                entry.files.count == 1 ? entry.summary
                    : index == 0 ? "\(entry.summary); part 1 of \(entry.files.count)" : "part \(index + 1) of \(entry.files.count)"
            }
            // Compared or written on every core (a spec in parts has tens of files), reported in order.
            if check {
                let states = files.concurrentMap { generated, path in OutputFile.state(of: path, comparedWith: Data(generated.swift.utf8)) }
                for (index, ((_, path), state)) in zip(files, states).enumerated() {
                    switch state {
                    case .current:
                        report("up to date \(path) (\(what(index)))")
                    case .missing:
                        printError("\(path): error: missing; generate it from \(entry.file.path)")
                        differences = true
                    case .stale:
                        printError("\(path): error: out of date with \(entry.file.path); regenerate it")
                        differences = true
                    }
                }
            } else {
                let written = files.concurrentMap { generated, path in Result { try OutputFile.write(Data(generated.swift.utf8), to: path) } }
                for (index, ((_, path), outcome)) in zip(files, written).enumerated() {
                    report("\(try outcome.get() ? "wrote" : "unchanged") \(path) (\(what(index)))")
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
                    report("removed \(path) (left over from an earlier generation of \(entry.file.path))")
                }
            }
        }
        return differences
    }

    /// A line on stdout, unless `--quiet`.
    private func report(_ line: String) {
        if !quiet { print(line) }
    }

    /// `12 endpoints, 9 models`: what a spec holds, for the lines `generate` and `validate` print.
    static func summary(of spec: Spec) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(spec.api.endpointCount, "endpoint")), \(count(spec.models.count, "model"))"
    }
}

extension GenerateCommand {
    /// A spec file, or an OpenAPI document imported in memory, validated; nil (reported) when it
    /// cannot be read or has errors. `generate` and `validate` read their inputs here.
    static func validatedSpec(_ file: SpecFile, config: Config, moduleTypes: Set<String>) -> Spec? {
        if let stem = SpecFileNames.documentStem(file.fileName) {
            return importDocument(file, name: stem, config: config, moduleTypes: moduleTypes)
        }
        guard let data = SpecFiles.read(file) else {
            printError("\(file.path): error: cannot read the file")
            return nil
        }
        let (spec, diagnostics) = Generator.validate(specData: data, fileName: file.fileName, moduleTypes: moduleTypes)
        printDiagnostics(diagnostics, fileName: file.fileName, path: file.path)
        return diagnostics.hasErrors ? nil : spec
    }

    /// An OpenAPI document `<Name>.openapi.json` (or `.yaml`, `.yml`) as a validated spec: imported in
    /// memory as the API `<Name>`, filtered by the config's `tags`, `operations` and `paths`. The
    /// import's warnings name the document; nil (reported) when it has errors.
    static func importDocument(_ file: SpecFile, name: String, config: Config, moduleTypes: Set<String> = []) -> Spec? {
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
        guard imported.specJSON != nil, !imported.diagnostics.hasErrors else { return nil }

        // The spec exists only in memory: a problem the Validator finds in it is the importer's,
        // reported at the document's place of what the offending spec value was made from.
        let (spec, diagnostics) = Generator.validate(imported: imported, specFileName: name + SpecFileNames.specSuffix,
                                                     moduleTypes: moduleTypes)
        for diagnostic in diagnostics.sorted { printError(diagnostic.description) }
        guard var spec, !diagnostics.hasErrors else { return nil }
        spec.fileName = file.fileName
        return spec
    }
}

/// `endpoint-gen validate <spec-or-directory>... [--config f] [--module-type T]... [--quiet]`: prints
/// `checked <path> (12 endpoints, 9 models)` for each spec without errors (not with `--quiet`).
struct ValidateCommand {
    /// Under `validate` in `endpoint-gen --help`, and in `endpoint-gen validate --help`.
    static let details = """
        Check specs (and import OpenAPI documents, <Name>.openapi.json) and report every
        problem; write nothing. Prints "checked <path> (12 endpoints, 9 models)" per good spec.
        """

    /// `endpoint-gen validate --help`.
    static let help = """
        USAGE: endpoint-gen validate <spec-or-directory>... [--config <file>] [--module-type <Name>]... [--quiet]

        \(details)
        --config <file>          An endpoint-gen.json: its "moduleTypes", and the "tags",
                                 "operations", "paths" that filter OpenAPI documents.
        --module-type <Name>     A type the module defines itself (repeatable), as for generate.
        -q, --quiet              Print nothing on success.
        -h, --help               Show this help.

        Diagnostics are printed as path:line:column: error: message.
        Exit status: 0 every spec is valid, 1 a spec has errors, 64 usage errors.
        """

    var inputs: [String]
    var configPath: String?
    var moduleTypes: [String] = []
    var quiet = false

    init(arguments: [String]) throws {
        var reader = ArgumentReader(arguments)
        var configPath: String?
        var moduleTypes: [String] = []
        var quiet = false
        try reader.parse { name, value in
            switch name {
            case "--config": configPath = try value()
            case "--module-type": moduleTypes.append(try GenerateCommand.moduleTypeName(try value()))
            case "--quiet", "-q": quiet = true
            default: throw UsageError("unknown option '\(name)' for 'validate'")
            }
        }
        guard !reader.positionals.isEmpty else { throw UsageError("'validate' needs at least one spec file or directory") }
        inputs = reader.positionals
        self.configPath = configPath
        self.moduleTypes = moduleTypes
        self.quiet = quiet
    }

    func run() throws -> Int32 {
        var config = Config()
        if let configPath {
            guard let loaded = Config.loadReportingProblems(path: configPath) else { return ExitCode.failure }
            config = loaded
        }
        let moduleTypes = Set(config.moduleTypes + self.moduleTypes)
        let (files, problems) = SpecFiles.expand(inputs)
        var failed = !problems.isEmpty
        problems.forEach(printError)
        for file in files {
            guard let checked = GenerateCommand.validatedSpec(file, config: config, moduleTypes: moduleTypes) else {
                failed = true
                continue
            }
            if !quiet { print("checked \(file.path) (\(GenerateCommand.summary(of: checked)))") }
        }
        return failed ? ExitCode.failure : ExitCode.success
    }
}
