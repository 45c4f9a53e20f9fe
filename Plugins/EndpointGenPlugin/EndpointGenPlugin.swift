import Foundation
import PackagePlugin

/// Turns every `<Stem>.endpoints.json` among a target's files into `<Stem>.swift`, compiled with the target.
///
/// One build command per spec, each declaring exactly its inputs (the spec, and the target's
/// `endpoint-gen.json` when there is one) and its outputs (`<pluginWorkDirectory>/<Stem>.swift`, and
/// `<Stem>+Part2.swift`... for a spec of more than 500 endpoints and models), so the build system runs the generator only for a spec (or config) that changed. The spec is passed
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
    static let specSuffix = ".endpoints.json"
    static let configName = "endpoint-gen.json"

    static func make(tool: URL, files: [URL], targetDirectory: URL?, workDirectory: URL) throws -> [Command] {
        let specs = files
            .filter { $0.lastPathComponent.hasSuffix(specSuffix) && $0.lastPathComponent.count > specSuffix.count }
            .sorted { $0.path < $1.path }
        guard !specs.isEmpty else { return [] }

        let config = try findConfig(files: files, targetDirectory: targetDirectory)

        // Two specs with the same file name in different folders would write the same output file.
        var seen: [String: URL] = [:]
        for spec in specs {
            let stem = stem(of: spec)
            if let other = seen[stem] {
                throw EndpointGenPluginError.duplicateStem(stem, other, spec)
            }
            seen[stem] = spec
        }

        return specs.map { spec in
            let stem = stem(of: spec)
            // A large spec is written as several files; a build command must name all of its
            // outputs up front, so the count is decided here and passed to the generator.
            let parts = partCount(of: spec)
            let outputs = (1...parts).map { part in
                workDirectory.appendingPathComponent(part == 1 ? "\(stem).swift" : "\(stem)+Part\(part).swift")
            }
            var arguments = ["generate", spec.path, "--output", workDirectory.path, "--parts", String(parts)]
            var inputs = [spec]
            if let config {
                arguments += ["--config", config.path]
                inputs.append(config)
            }
            return .buildCommand(
                displayName: "Generating \(stem).swift from \(spec.lastPathComponent)",
                executable: tool,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: outputs)
        }
    }

    /// The generator's own rule (`endpoint-gen generate --help`): one file per 500 endpoints and
    /// models, at least one. A spec that cannot be read counts as one file; the generator then
    /// reports what is wrong with it.
    static func partCount(of spec: URL) -> Int {
        guard let data = try? Data(contentsOf: spec),
              let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return 1 }
        func endpoints(in group: [String: Any]) -> Int {
            let own = (group["endpoints"] as? [String: Any])?.count ?? 0
            let groups = (group["groups"] as? [String: Any])?.values.compactMap { $0 as? [String: Any] } ?? []
            return own + groups.reduce(0) { $0 + endpoints(in: $1) }
        }
        let total = endpoints(in: root) + ((root["models"] as? [String: Any])?.count ?? 0)
        return min(1000, max(1, (total + 499) / 500))
    }

    static func stem(of spec: URL) -> String {
        String(spec.lastPathComponent.dropLast(specSuffix.count))
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

enum EndpointGenPluginError: Error, CustomStringConvertible {
    case duplicateStem(String, URL, URL)
    case severalConfigs([URL])

    var description: String {
        switch self {
        case let .duplicateStem(stem, first, second):
            return "two specs would both generate \(stem).swift: \(first.path) and \(second.path); rename one"
        case let .severalConfigs(configs):
            return "more than one \(EndpointGenCommands.configName) in the target: "
                + configs.map(\.path).joined(separator: ", ") + "; keep one at the target's root"
        }
    }
}
