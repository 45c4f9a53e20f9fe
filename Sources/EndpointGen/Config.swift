import EndpointGenCore
import Foundation

/// `endpoint-gen.json`: options for every spec of a target. Unknown keys are errors.
struct Config {
    var accessLevel: AccessLevel?

    static let keys = ["accessLevel"]

    /// Reads a config file; problems go to `diagnostics` with their location.
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
            switch member.key {
            case "accessLevel":
                if case let .string(text) = member.value.value, let level = AccessLevel(rawValue: text) {
                    config.accessLevel = level
                } else {
                    diagnostics.error("'accessLevel' must be \"public\", \"package\" or \"internal\"", at: member.value.location)
                    ok = false
                }
            default:
                var message = "unknown key '\(member.key)' in the config"
                if let suggestion = Naming.didYouMean(member.key, candidates: keys) {
                    message += "; did you mean '\(suggestion)'?"
                } else {
                    message += " (known keys: \(keys.joined(separator: ", ")))"
                }
                diagnostics.error(message, at: member.keyLocation)
                ok = false
            }
        }
        return ok ? config : nil
    }
}
