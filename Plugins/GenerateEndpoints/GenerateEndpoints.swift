import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-endpoints [--target T]... [--check]`
///
/// For every source target with `*.endpoints.json` specs or `*.openapi.json` (`.yaml`, `.yml`) OpenAPI
/// documents under its directory (or only the targets named with `--target`), runs `endpoint-gen
/// generate` and writes `<Stem>.swift` (and, for a spec longer than one file holds (`PartRule`),
/// `<Stem>+Part2.swift`...) into the package: beside its spec, or into the folder named by `"output"`
/// in the target's `endpoint-gen.json` (relative to the target's directory). With `--check` nothing is
/// written: the command fails, naming each generated file that is missing or differs from what the
/// spec now produces. (SwiftPM grants permissions per plugin, not per run: `--check` too must be
/// given `--allow-writing-to-package-directory`, though it writes nothing.)
///
/// A target gets its generated code one way: either this command (checked-in Swift, the specs listed
/// in the target's `exclude:`), or the `EndpointGenPlugin` build plugin (specs among the target's
/// files, compiled at build time). A target whose specs are among its files is left to the build
/// plugin: this command skips it, saying so, since writing its Swift into the package would declare
/// every type twice ("multiple producers").
@main
struct GenerateEndpoints: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        if !extractor.remainingArguments.isEmpty {
            throw GenerateEndpointsError.usage(
                "unexpected arguments: \(extractor.remainingArguments.joined(separator: " "))")
        }

        let targets: [Target]
        if targetNames.isEmpty {
            targets = context.package.targets
        } else {
            targets = try context.package.targets(named: targetNames)
        }

        let tool = try context.tool(named: "EndpointGen").url
        var jobs: [GenerationJob] = []
        for target in targets {
            guard let module = target.sourceModule else {
                if !targetNames.isEmpty { throw GenerateEndpointsError.usage("\(target.name) is not a source target") }
                continue
            }
            guard let directory = directory(of: target) else { continue }
            let found = try GenerationJob.jobs(for: target.name, directory: directory)
            if found.isEmpty, !targetNames.isEmpty {
                throw GenerateEndpointsError.usage(
                    "target \(target.name) has no *.endpoints.json or *.openapi.json under \(directory.path)")
            }
            // A spec that SwiftPM hands to the target as one of its files is the build plugin's
            // (or, without it, an unhandled file): this target's Swift is not written into the package.
            let targetFiles = Set(module.sourceFiles.map { $0.url.standardizedFileURL.path })
            if let built = found.first(where: { targetFiles.contains($0.spec.standardizedFileURL.path) }) {
                print("Skipping target \(target.name): its specs are among its files (\(built.spec.lastPathComponent)), "
                      + "so EndpointGenPlugin generates them at build time; exclude them from the target to check in generated Swift")
                continue
            }
            jobs += found
        }

        var failures: [String] = []
        var written = 0
        for job in jobs {
            let before = try? Data(contentsOf: job.output)
            // --quiet: this command prints its own line per file written, relative to the package.
            var arguments = ["generate", job.spec.path, "--output", job.outputDirectory.path, "--quiet"]
            if let config = job.config {
                arguments += ["--config", config.path]
            }
            if check { arguments.append("--check") }

            let (status, standardError) = try run(tool, arguments)
            if !standardError.isEmpty { FileHandle.standardError.write(standardError) }

            let relative = job.output.path.replacingOccurrences(of: context.package.directoryURL.path + "/", with: "")
            if status != 0 {
                failures.append(check
                    ? "\(relative) is stale or missing (regenerate with generate-endpoints)"
                    : "\(job.spec.lastPathComponent) has errors; \(relative) was not written")
                continue
            }
            let after = try? Data(contentsOf: job.output)
            if !check, before != after {
                written += 1
                print("Wrote \(relative)")
            }
        }

        if !failures.isEmpty {
            throw GenerateEndpointsError.failed(check
                ? "\(failures.count) generated file(s) out of date:\n" + failures.joined(separator: "\n")
                : "\(failures.count) spec(s) failed")
        }
        if check {
            print("\(jobs.count) generated file(s) up to date")
        } else {
            print("\(jobs.count) spec(s): \(written) file(s) written, \(jobs.count - written) unchanged")
        }
    }

    /// The target's folder (`Target.directoryURL` needs tools version 6.1; the concrete types have it in 6.0).
    private func directory(of target: Target) -> URL? {
        switch target {
        case let swift as SwiftSourceModuleTarget: return swift.directoryURL
        case let clang as ClangSourceModuleTarget: return clang.directoryURL
        default: return nil
        }
    }

    /// Runs the tool; returns its exit status and what it wrote on stderr (stdout is passed through).
    private func run(_ tool: URL, _ arguments: [String]) throws -> (Int32, Data) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let errorPipe = Pipe()
        process.standardError = errorPipe
        try process.run()
        let standardError = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, standardError)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension GenerateEndpoints: XcodeCommandPlugin {
    /// In Xcode the specs are found under the project's directory, one job per spec, written beside it.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let check = extractor.extractFlag(named: "check") > 0
        let tool = try context.tool(named: "EndpointGen").url
        let jobs = try GenerationJob.jobs(for: context.xcodeProject.displayName,
                                          directory: context.xcodeProject.directoryURL)
        var failures: [String] = []
        for job in jobs {
            let process = Process()
            process.executableURL = tool
            process.arguments = ["generate", job.spec.path, "--output", job.outputDirectory.path]
                + (job.config.map { ["--config", $0.path] } ?? []) + (check ? ["--check"] : [])
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failures.append(job.output.path) }
        }
        if !failures.isEmpty {
            throw GenerateEndpointsError.failed((check ? "out of date: " : "failed: ") + failures.joined(separator: ", "))
        }
    }
}
#endif

/// One spec to generate: where it is, which config applies, where its Swift goes.
struct GenerationJob {
    static let configName = SpecFileNames.configName

    /// The spec or OpenAPI document.
    var spec: URL
    var config: URL?
    var outputDirectory: URL

    var output: URL {
        outputDirectory.appendingPathComponent((Self.stem(of: spec.lastPathComponent) ?? spec.lastPathComponent) + ".swift")
    }

    /// `<Stem>` of `<Stem>.endpoints.json` or `<Stem>.openapi.json` (`.yaml`, `.yml`); nil for other names.
    static func stem(of name: String) -> String? {
        SpecFileNames.stem(name)
    }

    /// Every spec and OpenAPI document under `directory` (hidden folders and `.build` skipped), sorted by path.
    static func jobs(for targetName: String, directory: URL) throws -> [GenerationJob] {
        let fileManager = FileManager.default
        let configURL = directory.appendingPathComponent(configName)
        let config = fileManager.fileExists(atPath: configURL.path) ? configURL : nil
        let outputFolder = try config.flatMap { try outputSetting(in: $0) }

        guard let enumerator = fileManager.enumerator(
            at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var specs: [URL] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == ".build" { enumerator.skipDescendants(); continue }
            let name = url.lastPathComponent
            if stem(of: name) != nil { specs.append(url) }
        }
        specs.sort { $0.path < $1.path }

        let jobs = specs.map { spec in
            GenerationJob(
                spec: spec,
                config: config,
                outputDirectory: outputFolder.map { directory.appendingPathComponent($0) }
                    ?? spec.deletingLastPathComponent())
        }
        var outputs: [String: URL] = [:]
        for job in jobs {
            if let other = outputs[job.output.path] {
                throw GenerateEndpointsError.usage(
                    "\(other.path) and \(job.spec.path) in target \(targetName) would both write \(job.output.path)")
            }
            outputs[job.output.path] = job.spec
        }
        return jobs
    }

    /// The `"output"` folder of an `endpoint-gen.json`, if it sets one.
    static func outputSetting(in config: URL) throws -> String? {
        let data = try Data(contentsOf: config)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw GenerateEndpointsError.usage("\(config.path): expected a JSON object")
        }
        guard let value = object["output"] else { return nil }
        guard let folder = value as? String, !folder.isEmpty, !folder.hasPrefix("/") else {
            throw GenerateEndpointsError.usage(
                "\(config.path): \"output\" must be a folder relative to the target's directory, e.g. \"Generated\"")
        }
        return folder
    }
}

enum GenerateEndpointsError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)

    var description: String {
        switch self {
        case let .usage(message), let .failed(message): return message
        }
    }
}
