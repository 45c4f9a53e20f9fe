// The names of the files endpoint-gen reads and writes: the one list, shared by the generator, the
// command line and both plugins. A plugin cannot import a library target, so
// Plugins/EndpointGenPlugin/SpecFileNames.swift and Plugins/GenerateEndpoints/SpecFileNames.swift are
// symbolic links to this file (as PartRule.swift is): it must stay plain Swift with no imports.
// It stays `public` where the rest of EndpointGenCore is `package`: the plugins are compiled
// without a package name, and `package` does not compile there.

/// A spec's suffix, the OpenAPI documents' suffixes, the config's name, and the stems and output
/// names made of them.
public enum SpecFileNames {
    /// A spec: `<Name>.endpoints.json`.
    public static let specSuffix = ".endpoints.json"
    /// An OpenAPI document that `generate` and the plugins import as the API `<Name>`.
    public static let documentSuffixes = [".openapi.json", ".openapi.yaml", ".openapi.yml"]
    /// A target's (or `--config`'s) configuration file.
    public static let configName = "endpoint-gen.json"
    /// The endings of the files a document's `$ref`s may name (read as JSON or YAML).
    public static let referenceableSuffixes = [".json", ".yaml", ".yml"]

    /// `<Name>` of `<Name>.endpoints.json`; nil for any other file name.
    public static func specStem(_ fileName: String) -> String? {
        stem(fileName, suffixes: [specSuffix])
    }

    /// `<Name>` of `<Name>.openapi.json` (or `.yaml`, `.yml`); nil for any other file name.
    public static func documentStem(_ fileName: String) -> String? {
        stem(fileName, suffixes: documentSuffixes)
    }

    /// `<Name>` of a spec or an OpenAPI document: the name of the Swift generated from it.
    public static func stem(_ fileName: String) -> String? {
        specStem(fileName) ?? documentStem(fileName)
    }

    /// `<Name>.swift`, or `<Name>+Part<n>.swift` for part `n` (2 or more) of a spec written in parts.
    public static func swiftFileName(stem: String, part: Int = 1) -> String {
        partName(stem, part) + ".swift"
    }

    /// `StravaAPI+Part2`: the name, without `.swift`, of part `number` of the output `name` (the name
    /// itself for part 1).
    public static func partName(_ name: String, _ number: Int) -> String {
        number <= 1 ? name : "\(name)+Part\(number)"
    }

    private static func stem(_ fileName: String, suffixes: [String]) -> String? {
        for suffix in suffixes where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
            return String(fileName.dropLast(suffix.count))
        }
        return nil
    }
}
