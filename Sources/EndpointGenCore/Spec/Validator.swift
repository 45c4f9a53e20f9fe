import Foundation

/// Checks every rule of the spec format (docs/spec-format.md) on a parsed JSON tree and builds the
/// validated `Spec`, in three steps:
///
/// 1. `SpecDecoder`: JSON tree -> `RawSpec`, reporting problems of shape (unknown keys, wrong kinds,
///    missing keys);
/// 2. `SpecChecker`: the rules over the raw tree (paths, types, parameters, bodies, names...),
///    returning what it parsed and decided (`CheckedSpec`);
/// 3. `SpecResolver`: raw tree + `CheckedSpec` -> `Spec` (inheritance, Swift names), when nothing was wrong.
///
/// Every problem in the file is reported, each at its key or value; the result is nil when there
/// is any error.
package enum Validator {
    /// From how many endpoints the top-level groups of a spec are checked and resolved on every
    /// core. Below it a spec is checked in a few milliseconds, and one thread is simpler to follow.
    static let spreadingThreshold = 1_000

    /// `spreading`: whether to check and resolve the top-level groups on every core; nil decides
    /// by the spec's size (`spreadingThreshold`). The result and the diagnostics are the same
    /// either way (tests compare them).
    package static func validate(_ root: consuming JSONNode, fileName: String, moduleTypes: Set<String> = [],
                                spreading: Bool? = nil, diagnostics: inout Diagnostics) -> Spec? {
        var shape = Diagnostics()
        let decoded = SpecDecoder.decode(root, diagnostics: &shape)
        // The tree is not read after decoding: freed on another core while the checks run here.
        Background.release(consume root)
        guard let raw = decoded else {
            diagnostics.append(contentsOf: shape)
            return nil
        }
        let spreadsGroups = spreading ?? (EndpointCount.total(raw.contents, own: { EndpointCount.own($0.endpoints ?? [], isObject: \.isObject) },
                                                              groups: { ($0.groups ?? []).map(\.contents) }) >= spreadingThreshold)
        var checker = SpecChecker(fileName: fileName, moduleTypes: moduleTypes, spreadsGroups: spreadsGroups)
        let checked = checker.check(raw)
        let found = Validator.merged(early: checker.early, shape: shape, rules: checker.diagnostics)
        // The checker holds what it returned: let go here, so that `checked` is the one reference.
        _ = consume checker
        diagnostics.append(contentsOf: found)
        guard !found.hasErrors, !diagnostics.hasErrors else { return nil }
        let spec = SpecResolver(fileName: fileName, checked: checked, spreadsGroups: spreadsGroups).resolve(raw)
        // What the spec was made from is freed while the generator goes on.
        Background.release((consume raw, consume checked))
        return spec
    }

    /// The three lists in file order. At one place, a reserved-name problem comes first, then shape
    /// problems, then rule problems (so a key's own problem reads before what follows from it).
    static func merged(early: Diagnostics, shape: Diagnostics, rules: Diagnostics) -> Diagnostics {
        var all = Diagnostics()
        all.append(contentsOf: early)
        all.append(contentsOf: shape)
        all.append(contentsOf: rules)
        var result = Diagnostics()
        for diagnostic in all.sorted { result.emit(diagnostic) }
        return result
    }
}

/// An object's members looked up by key (objects in specs are small: a linear search beats hashing).
struct Fields {
    let members: [JSONNode.Member]

    init(_ members: [JSONNode.Member]) { self.members = members }

    subscript(key: SpecKey) -> JSONNode.Member? {
        let name = key.rawValue
        // Lengths first: comparing two strings that differ calls into the runtime, and most
        // members are not the key looked for (a native string knows its UTF-8 length).
        let length = name.utf8.count
        for member in members where member.key.utf8.count == length && member.key == name { return member }
        return nil
    }
}

/// The small rules the validation steps share: JSON kinds in messages, names, tokens, statuses.
enum Validation {
    /// Where an auth scheme puts its credential, for schemes sent together (no two in one place):
    /// `bearer` and `basic` both in the `Authorization` header, an apiKey in its header (names
    /// compared without case), query item or cookie. `type` is `bearer`, `basic` or `apiKey`; nil for
    /// anything else. The checker and the importer ask this one rule.
    static func authSlot(type: String, in location: String?, name: String?) -> (key: String, what: String)? {
        switch type {
        case "bearer", "basic": return ("header authorization", "header 'Authorization'")
        case "apiKey":
            guard let location, let name else { return nil }
            switch location {
            case "header": return ("header " + name.lowercased(), "header '\(name)'")
            case "cookie": return ("cookie " + name, "cookie '\(name)'")
            default: return ("\(location) " + name, "\(location) item '\(name)'")
            }
        default: return nil
        }
    }

    static func kind(of node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    static func list(_ values: [String]) -> String {
        values.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// The spec file's name without its folders, and the name of the file generated from it
    /// (`StravaAPI.endpoints.json` -> `StravaAPI`), which is also the API's name when `name` is not given.
    static func outputName(_ fileName: String) -> (baseName: String, outputName: String) {
        let baseName = fileName.split(separator: "/").last.map(String.init) ?? fileName
        var outputName = baseName
        for suffix in [SpecFileNames.specSuffix, ".json"] where outputName.hasSuffix(suffix) && outputName.count > suffix.count {
            outputName.removeLast(suffix.count)
            break
        }
        return (baseName, outputName)
    }

    static func reservedTypeNameProblem(_ name: String) -> String? {
        if ReservedNames.typeNames.contains(name) {
            return "'\(name)' is a type that generated code uses; choose another name"
        }
        return nil
    }

    static func baseURLProblem(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            return "must be an absolute http or https URL, found '\(text)'"
        }
        guard scheme.lowercased() == "http" || scheme.lowercased() == "https" else {
            return "must use http or https, found '\(scheme)'"
        }
        guard let host = components.host, !host.isEmpty else {
            return "must have a host, found '\(text)'"
        }
        if components.query != nil { return "cannot have a query ('?'); use query parameters" }
        if components.fragment != nil { return "cannot have a fragment ('#')" }
        return nil
    }

    /// Whether `text` is empty or only `CharacterSet.whitespaces`. ASCII text (nearly all) is checked
    /// on its bytes: Foundation's trimming bridges through NSString, which made it a visible part of
    /// validating a big spec. Other text goes to Foundation, whose set is the reference.
    static func isBlank(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
        return text.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// An RFC 9110 token: the characters a header name may use.
    static func isToken(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        return text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// Whether a header value holds a line break or another control character (a tab is allowed).
    static func hasControlCharacters(_ value: String) -> Bool {
        value.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }
    }

    /// `Application/JSON; charset=utf-8` -> `application/json`: a media type without its parameters,
    /// trimmed and lowercased, as media types are compared (the importer choosing among a body's,
    /// the service checking which endpoints of a route the handler can tell apart).
    static func bareMediaType(_ mediaType: String) -> String {
        String(mediaType.split(separator: ";").first ?? "").importTrimmed.lowercased()
    }

    /// Whether `text` is a media type: `type/subtype`, each a token, with optional parameters after `;`.
    static func isMediaType(_ text: String) -> Bool {
        let parts = text.split(separator: ";", maxSplits: 1)[...].first.map { $0.split(separator: "/", omittingEmptySubsequences: false) } ?? []
        return !(parts.count != 2
            || parts.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty || !isToken(String($0).trimmingCharacters(in: .whitespaces)) })
            || text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }))
    }

    static func errorStatus(_ key: String) -> ErrorResponse.Status? {
        if key == "default" { return .default }
        let scalars = Array(key.unicodeScalars)
        guard scalars.count == 3, let first = scalars.first, ("1"..."5").contains(first) else { return nil }
        let hundreds = Int(first.value - 0x30)
        if scalars[1] == "X" && scalars[2] == "X" || scalars[1] == "x" && scalars[2] == "x" { return .range(hundreds) }
        guard scalars.dropFirst().allSatisfy({ ("0"..."9").contains($0) }), let code = Int(key) else { return nil }
        return .code(code)
    }

    /// Why a response type holding `File` cannot be decoded: a file is the whole body, so only
    /// `File` itself is a response (not `File?`, `[File]` or a model's property read from JSON).
    static func responseFileProblem(_ type: TypeRef) -> String? {
        guard type != .file, type.containsFile else { return nil }
        return "a response of files must be 'File' itself (the whole body), not '\(type.specText)'"
    }

    /// The name a parameter has on the wire: its `name`, or its key.
    static func wireName(of parameter: RawParameter) -> String {
        if let name = parameter.name, !name.value.isEmpty { return name.value }
        return parameter.key.key
    }

    /// A body's encoding: its `encoding`, or binary for a `File`, else JSON.
    static func encoding(of body: RawBody, type: TypeRef) -> Body.Encoding {
        body.encoding?.value ?? (type == .file ? .binary : .json)
    }
}

extension TypeRef {
    /// Whether `File` appears in the type (not looking into models).
    var containsFile: Bool {
        switch self {
        case .file: return true
        case let .array(inner), let .dictionary(inner), let .optional(inner): return inner.containsFile
        default: return false
        }
    }
}

/// The type without its outer optional.
func withoutOptional(_ type: TypeRef) -> TypeRef {
    if case .optional(let wrapped) = type { return wrapped }
    return type
}
