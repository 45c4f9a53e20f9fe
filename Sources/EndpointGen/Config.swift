import EndpointGenCore
import Foundation

/// `endpoint-gen.json`: options for every spec of a target. Unknown keys are errors.
/// `tags`, `operations` and `paths` filter the OpenAPI documents the config applies to (as `import`'s
/// `--tag`, `--operation` and `--path` do); specs ignore them.
struct Config {
    var accessLevel: AccessLevel?
    /// The folder, relative to the config's own, that the command plugin writes into. The command
    /// line checks it and otherwise leaves it to the plugin: its `--output` says where files go.
    var output: String?
    var tags: [String] = []
    var operations: [String] = []
    var paths: [String] = []
    /// Type names the target's own Swift defines, which specs may use without declaring them as models.
    var moduleTypes: [String] = []
    /// Whether the server side is generated too (`<API>.Service`, `<API>.handler(_:)`).
    var service = false

    static let keys = ["accessLevel", "output", "tags", "operations", "paths", "moduleTypes", "service"]

    /// `options` with this config's filters added (a config and the command line both filter; an
    /// operation that matches any filter is kept).
    func importOptions(adding options: ImportOptions) -> ImportOptions {
        var result = options
        result.tags = tags + options.tags
        result.operationIDs = operations + options.operationIDs
        result.pathPrefixes = paths + options.pathPrefixes
        result.service = service || options.service
        return result
    }

    /// Reads a config file; problems go to `diagnostics` with their location.
    /// The config at `path`, or nil after printing what is wrong with it (the commands then exit
    /// with a failure).
    static func loadReportingProblems(path: String) -> Config? {
        var diagnostics = Diagnostics()
        let config = load(path: path, diagnostics: &diagnostics)
        for diagnostic in diagnostics.sorted { printError(diagnostic.description) }
        return config
    }

    static func load(path: String, diagnostics: inout Diagnostics) -> Config? {
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.error("cannot read the config file", at: SourceLocation(file: path, line: 1, column: 1))
            return nil
        }
        guard let root = JSONParser.parse(data, fileName: path, diagnostics: &diagnostics) else { return nil }
        guard case let .object(members) = root.value else {
            diagnostics.error("the config must be a JSON object", at: root.location)
            return nil
        }
        var config = Config()
        var ok = true
        for member in members {
            if !config.set(member, diagnostics: &diagnostics) { ok = false }
        }
        return ok ? config : nil
    }

    /// Sets the option `member` gives; false after reporting what is wrong with it.
    private mutating func set(_ member: JSONNode.Member, diagnostics: inout Diagnostics) -> Bool {
        let node = member.value
        switch member.key {
        case "accessLevel":
            guard case let .string(text) = node.value, let level = AccessLevel(rawValue: text) else {
                diagnostics.error("'accessLevel' must be \"public\", \"package\" or \"internal\"", at: node.location)
                return false
            }
            accessLevel = level
        case "output":
            guard case let .string(text) = node.value, !text.isEmpty, !text.hasPrefix("/") else {
                diagnostics.error("'output' must be a folder relative to the target's directory, e.g. \"Generated\"", at: node.location)
                return false
            }
            output = text
        case "service":
            guard case let .bool(value) = node.value else {
                diagnostics.error("'service' must be true or false", at: node.location)
                return false
            }
            service = value
        case "moduleTypes":
            return setModuleTypes(node, diagnostics: &diagnostics)
        case "tags", "operations", "paths":
            var strings: [String] = []
            if case let .array(items) = node.value {
                for item in items {
                    if case let .string(text) = item.value, !text.isEmpty { strings.append(text) }
                }
                if strings.count != items.count { strings = [] }
            }
            guard !strings.isEmpty else {
                diagnostics.error("'\(member.key)' must be an array of non-empty strings, e.g. [\"pets\"]", at: node.location)
                return false
            }
            switch member.key {
            case "tags": tags = strings
            case "operations": operations = strings
            default: paths = strings
            }
        default:
            var message = "unknown key '\(member.key)' in the config"
            if let suggestion = Naming.didYouMean(member.key, candidates: Self.keys) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += " (known keys: \(Self.keys.joined(separator: ", ")))"
            }
            diagnostics.error(message, at: member.keyLocation)
            return false
        }
        return true
    }

    /// `moduleTypes`: an array of Swift type names; each name that is not one is reported where it is.
    private mutating func setModuleTypes(_ node: JSONNode, diagnostics: inout Diagnostics) -> Bool {
        var ok = true
        var names: [String] = []
        if case let .array(items) = node.value {
            for item in items {
                guard case let .string(text) = item.value else { continue }
                if let problem = Naming.typeNameProblem(text) {
                    diagnostics.error("'moduleTypes': \(problem)", at: item.location)
                    ok = false
                }
                names.append(text)
            }
            if names.count != items.count { names = [] }
        }
        guard !names.isEmpty else {
            diagnostics.error("'moduleTypes' must be an array of Swift type names, e.g. [\"Coordinates\"]", at: node.location)
            return false
        }
        moduleTypes = names
        return ok
    }
}
