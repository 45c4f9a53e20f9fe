import Foundation
import PackagePlugin

/// Turns every `<Stem>.endpoints.json` among a target's files into `<Stem>.swift`, compiled with the target,
/// and every OpenAPI document `<Name>.openapi.json` (`.yaml`, `.yml`) into `<Name>.swift`: imported as
/// the API `<Name>`, filtered by the config's `tags`, `operations` and `paths`, then generated.
///
/// One build command per spec or document, each declaring exactly its inputs (the file, the target's
/// `endpoint-gen.json` when there is one, and for a document the JSON and YAML files of its folder that
/// its `$ref`s may name) and its outputs (`<pluginWorkDirectory>/<Stem>.swift`, and
/// `<Stem>+Part2.swift`... for a spec longer than one file holds, `partCount(of:)`), so the build system runs the generator only for a spec (or config) that changed. The spec is passed
/// by its full path, so the generator's `path:line:column: error:` diagnostics point at the spec.
@main
struct EndpointGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let files = module.sourceFiles.map(\.url)
        return try EndpointGenCommands.make(
            tool: context.tool(named: EndpointGenCommands.toolName).url,
            files: files,
            targetDirectory: directory(of: target),
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The target's folder (`Target.directoryURL` needs tools version 6.1; the concrete types have it in 6.0).
    private func directory(of target: Target) -> URL? {
        switch target {
        case let swift as SwiftSourceModuleTarget: return swift.directoryURL
        case let clang as ClangSourceModuleTarget: return clang.directoryURL
        default: return nil
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension EndpointGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        // An Xcode target has no directory of its own: its config is the `endpoint-gen.json` among its files.
        return try EndpointGenCommands.make(
            tool: context.tool(named: EndpointGenCommands.toolName).url,
            files: files,
            targetDirectory: nil,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif

/// The build commands, shared by the SwiftPM and the Xcode entry points.
enum EndpointGenCommands {
    static let toolName = "EndpointGen"  // the executable target that builds `endpoint-gen`
    static let specSuffix = SpecFileNames.specSuffix
    static let configName = SpecFileNames.configName

    static func make(tool: URL, files: [URL], targetDirectory: URL?, workDirectory: URL) throws -> [Command] {
        let inputs = files
            .filter { stem(of: $0) != nil }
            .sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }

        let config = try findConfig(files: files, targetDirectory: targetDirectory)
        if let config { try checkNoOutput(in: config) }

        // Two inputs with the same stem (in different folders, or a spec and a document) would write
        // the same output file.
        var seen: [String: URL] = [:]
        for input in inputs {
            guard let stem = stem(of: input) else { continue }
            if let other = seen[stem] {
                throw EndpointGenPluginError.duplicateStem(stem, other, input)
            }
            seen[stem] = input
        }

        return inputs.compactMap { input in
            guard let stem = stem(of: input) else { return nil }
            // A large spec is written as several files; a build command must name all of its
            // outputs up front, so the count is decided here and passed to the generator.
            let parts = partCount(of: input)
            let outputs = (1...parts).map { part in
                workDirectory.appendingPathComponent(SpecFileNames.swiftFileName(stem: stem, part: part))
            }
            // --quiet: a build log shows problems, not a line per file written into the build folder.
            var arguments = ["generate", input.path, "--output", workDirectory.path, "--parts", String(parts), "--quiet"]
            var inputFiles = [input]
            if input.lastPathComponent.hasSuffix(specSuffix) == false {
                inputFiles += referenceableFiles(beside: input, among: files)
            }
            if let config {
                arguments += ["--config", config.path]
                inputFiles.append(config)
            }
            return .buildCommand(
                displayName: "Generating \(stem).swift from \(input.lastPathComponent)",
                executable: tool,
                arguments: arguments,
                inputFiles: inputFiles,
                outputFiles: outputs)
        }
    }

    /// The files a document may refer to with `$ref` (`./schemas/pet.yaml`): the JSON and YAML files in
    /// its folder and below, which the importer reads. They are inputs of the document's command, so
    /// changing one regenerates it.
    static func referenceableFiles(beside document: URL, among files: [URL]) -> [URL] {
        let folder = document.deletingLastPathComponent().standardizedFileURL.path + "/"
        return files.filter { file in
            let name = file.lastPathComponent.lowercased()
            guard file != document, name != configName, !name.hasSuffix(specSuffix),
                  SpecFileNames.referenceableSuffixes.contains(where: { name.hasSuffix($0) }) else { return false }
            return file.standardizedFileURL.path.hasPrefix(folder)
        }.sorted { $0.path < $1.path }
    }

    /// The generator's own rule (`endpoint-gen generate --help`, `PartRule`): one file per 1,000 of a
    /// spec's size (2 for each endpoint, 5 for each model, 1 for each property, enum value or
    /// alternative), at least one. A spec that cannot be read counts as one file; the generator then
    /// reports what is wrong with it. An OpenAPI document is not imported here: its length stands for
    /// its size, one unit per 125 bytes (an estimate, which only decides how the generated code is split).
    static func partCount(of input: URL) -> Int {
        guard input.lastPathComponent.hasSuffix(specSuffix) else {
            // Its length alone, from the file system: a document may be megabytes, and this runs
            // whenever the build plans its commands.
            let attributes = try? FileManager.default.attributesOfItem(atPath: input.resolvingSymlinksInPath().path)
            return PartRule.partCount(documentBytes: (attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
        guard let data = try? Data(contentsOf: input),
              let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return 1 }
        return PartRule.partCount(size: PartRule.size(json: root))
    }

    /// `<Stem>` of `<Stem>.endpoints.json` or `<Stem>.openapi.json` (`.yaml`, `.yml`); nil for other files.
    static func stem(of input: URL) -> String? {
        SpecFileNames.stem(input.lastPathComponent)
    }

    /// The target's `endpoint-gen.json`: at the target's root, or (for Xcode, or a config kept in a
    /// subfolder) the one among its files. More than one is ambiguous and an error.
    static func findConfig(files: [URL], targetDirectory: URL?) throws -> URL? {
        if let targetDirectory {
            let root = targetDirectory.appendingPathComponent(configName)
            if FileManager.default.fileExists(atPath: root.path) { return root }
        }
        let listed = files.filter { $0.lastPathComponent == configName }
        if listed.count > 1 { throw EndpointGenPluginError.severalConfigs(listed) }
        return listed.first
    }
}

extension EndpointGenCommands {
    /// `"output"` names the folder the `generate-endpoints` command writes into. The build plugin
    /// writes into its work directory, never into the package, so in its target's config the key
    /// would do nothing: an error at the key, in compiler form (`path:line:column: error: ...`).
    /// (Other problems of the config are the generator's to report, with their positions.)
    static func checkNoOutput(in config: URL) throws {
        guard let data = try? Data(contentsOf: config),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              object["output"] != nil else { return }
        let (line, column) = position(ofTopLevelKey: "output", in: Array(data))
        let message = "'output' is for the generate-endpoints command, which writes generated Swift into the package; "
            + "this target uses EndpointGenPlugin, which compiles it from the build folder: remove 'output' "
            + "(or, to check in the generated Swift, exclude the specs from the target and drop the build plugin)"
        // Thrown, not also sent as a `Diagnostics.error`: SwiftPM prints those without their place.
        throw EndpointGenPluginError.outputInConfig("\(config.path):\(line):\(column): error: \(message)")
    }

    /// The 1-based line and column (in bytes) of `key` as a key of the top-level object of a JSON
    /// text; 1:1 when it is not found.
    static func position(ofTopLevelKey key: String, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
        var depth = 0, line = 1, lineStart = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case newline:
                line += 1
                lineStart = index + 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case quote:
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != quote {
                    index += bytes[index] == backslash ? 2 : 1
                }
                var after = index + 1
                while after < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), newline].contains(bytes[after]) {
                    after += 1
                }
                let isKey = after < bytes.count && bytes[after] == UInt8(ascii: ":")
                if depth == 1, isKey, index <= bytes.count, Array(bytes[(start + 1)..<min(index, bytes.count)]) == Array(key.utf8) {
                    return (line, start - lineStart + 1)
                }
            default:
                break
            }
            index += 1
        }
        return (1, 1)
    }
}

enum EndpointGenPluginError: Error, CustomStringConvertible {
    case duplicateStem(String, URL, URL)
    case severalConfigs([URL])
    /// `"output"` in a build-plugin target's config: the message, in compiler form.
    case outputInConfig(String)

    var description: String {
        switch self {
        case let .duplicateStem(stem, first, second):
            return "\(first.path) and \(second.path) would both generate \(stem).swift; rename one"
        case let .severalConfigs(configs):
            return "more than one \(EndpointGenCommands.configName) in the target: "
                + configs.map(\.path).joined(separator: ", ") + "; keep one at the target's root"
        case let .outputInConfig(message):
            return message
        }
    }
}
