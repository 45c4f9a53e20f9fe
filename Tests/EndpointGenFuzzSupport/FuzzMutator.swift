import Foundation

/// One starting spec for mutation.
package struct FuzzSeed: Sendable {
    package var name: String
    package var data: Data
    /// The parsed tree; nil when the seed is not JSON (it then only gets byte mutations).
    package var tree: FuzzJSON?
    /// A valid spec: picked four times out of five, so most mutants are near-valid. The others (the
    /// bad-spec corpus) start already broken.
    package var isValidSpec: Bool

    package init(name: String, data: Data, isValidSpec: Bool = true) {
        self.name = name
        self.data = data
        self.tree = FuzzJSON.parse(data)
        self.isValidSpec = isValidSpec
    }
}

/// One mutated input and how it was made.
package struct FuzzCase: Sendable {
    package var iteration: Int
    package var fileName: String
    package var data: Data
    /// The seed(s) and mutations, in order, for the report.
    package var recipe: [String]
}

/// Mutates valid specs into near-valid and invalid ones: structure-aware changes on the JSON tree
/// (keys shuffled, duplicated, renamed, deleted; values swapped between types; subtrees moved between
/// specs; deep nesting; growth) and then, sometimes, byte-level damage (bits flipped, bytes inserted or
/// deleted, cuts, splices of two specs, other encodings). Everything is drawn from `FuzzRandom(seed:
/// iteration:)`, so `(seed, iteration)` recreates a case exactly.
package struct FuzzMutator: Sendable {
    package let seeds: [FuzzSeed]
    private let validSeeds: [FuzzSeed]
    private let keyPool: [String]
    private let modelNames: [String]
    private let subtrees: [FuzzJSON]

    package init(seeds: [FuzzSeed]) {
        precondition(!seeds.isEmpty, "the fuzzer needs at least one seed spec")
        self.seeds = seeds
        validSeeds = seeds.filter(\.isValidSpec)
        var keys: [String] = []
        var models: [String] = []
        var trees: [FuzzJSON] = []
        for seed in seeds {
            guard let tree = seed.tree else { continue }
            keys.append(contentsOf: tree.allKeys())
            if case .object(let members) = tree {
                for member in members where member.key == "models" {
                    if case .object(let modelMembers) = member.value { models.append(contentsOf: modelMembers.map(\.key)) }
                }
            }
            // A bounded sample of subtrees to transplant between specs.
            let paths = tree.allPaths()
            let stride = max(1, paths.count / 400)
            for index in Swift.stride(from: 0, to: paths.count, by: stride) { trees.append(tree[path: paths[index]]) }
        }
        var seen = Set<String>()
        keyPool = keys.filter { seen.insert($0).inserted }
        modelNames = models.isEmpty ? ["Thing"] : models
        subtrees = trees.isEmpty ? [.null] : trees
    }

    package func makeCase(seed: UInt64, iteration: Int) -> FuzzCase {
        var rng = FuzzRandom(seed: seed, iteration: iteration)
        let base = rng.chance(4, in: 5) && !validSeeds.isEmpty ? rng.pick(validSeeds) : rng.pick(seeds)
        var recipe = ["seed \(base.name)"]
        var data = base.data

        // A third of the cases are gentle: only changes that keep a spec valid or nearly so (names
        // renamed to torture names, keys shuffled, enum values replaced, other formatting), so enough
        // inputs reach the translator and renderer and their Swift can be compiled.
        let gentle = rng.chance(1, in: 3)
        if var tree = base.tree {
            let treeMutations = rng.chance(1, in: 10) ? 0 : 1 + rng.below(3)
            for _ in 0..<treeMutations {
                recipe.append(gentle ? mutateGently(&tree, rng: &rng) : mutateTree(&tree, rng: &rng))
            }
            let style = randomStyle(&rng)
            recipe.append("print \(describe(style))")
            data = tree.serialized(style)
        }
        if base.tree == nil || (!gentle && rng.chance(1, in: 3)) {
            for _ in 0..<(1 + rng.below(2)) {
                recipe.append(mutateBytes(&data, rng: &rng))
            }
        }
        let fileName = rng.chance(1, in: 8) ? rng.pick(Self.fileNames) : "Fuzz.endpoints.json"
        return FuzzCase(iteration: iteration, fileName: fileName, data: data, recipe: recipe)
    }

    static let fileNames = [
        "Fuzz.endpoints.json", "fuzz-api.endpoints.json", "1st.endpoints.json", "default.endpoints.json",
        "Ünïcödé.endpoints.json", "a b.endpoints.json", "x.json", ".endpoints.json", "Fuzz.Endpoints.JSON",
    ]

    // MARK: Gentle mutations

    /// Keys of the spec's name maps: objects whose own key says their keys are names.
    static let nameMapKeys: Set<String> = ["endpoints", "groups", "models", "properties", "parameters", "headers"]

    /// Paths of every name map in the tree (objects held under one of `nameMapKeys`), and of every
    /// `enum` array.
    private func namePaths(_ tree: FuzzJSON) -> (maps: [[Int]], enums: [[Int]]) {
        var maps: [[Int]] = []
        var enums: [[Int]] = []
        func walk(_ node: FuzzJSON, _ path: [Int]) {
            switch node {
            case .object(let members):
                for (index, member) in members.enumerated() {
                    if Self.nameMapKeys.contains(member.key), case .object = member.value { maps.append(path + [index]) }
                    if member.key == "enum", case .array = member.value { enums.append(path + [index]) }
                    walk(member.value, path + [index])
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() { walk(element, path + [index]) }
            default: break
            }
        }
        walk(tree, [])
        return (maps, enums)
    }

    private func mutateGently(_ tree: inout FuzzJSON, rng: inout FuzzRandom) -> String {
        let (maps, enums) = namePaths(tree)
        let choice = rng.below(5)
        switch choice {
        case _ where choice < 3 && !maps.isEmpty:
            let mapPath = rng.pick(maps)
            guard case .object(var members) = tree[path: mapPath], !members.isEmpty else { return "rename name (empty map)" }
            let index = rng.below(members.count)
            let old = members[index].key
            members[index].key = rng.chance(3, in: 4) ? rng.pick(Self.nameTorture) : renamed(old, rng: &rng)
            tree[path: mapPath] = .object(members)
            return "rename name \(quoted(old)) -> \(quoted(members[index].key)) at \(mapPath)"
        case _ where choice == 3 && !enums.isEmpty:
            let enumPath = rng.pick(enums)
            guard case .array(var values) = tree[path: enumPath], !values.isEmpty else { return "enum value (empty)" }
            let index = rng.below(values.count)
            values[index] = .string(rng.pick(Self.nameTorture))
            tree[path: enumPath] = .array(values)
            return "enum value \(index) at \(enumPath) = \(short(values[index]))"
        default:
            let paths = tree.allPaths().filter { if case .object = tree[path: $0] { return true } else { return false } }
            guard !paths.isEmpty else { return "shuffle (no object)" }
            let path = rng.pick(paths)
            guard case .object(let members) = tree[path: path] else { return "shuffle (no object)" }
            tree[path: path] = .object(members.shuffled(using: &rng))
            return "shuffle keys at \(path)"
        }
    }

    // MARK: Tree mutations

    private func mutateTree(_ tree: inout FuzzJSON, rng: inout FuzzRandom) -> String {
        let paths = tree.allPaths()
        let path = rng.pick(paths)
        switch rng.below(12) {
        case 0:
            guard case .object(let members) = tree[path: objectPath(tree, near: path)] else { return "shuffle (no object)" }
            tree[path: objectPath(tree, near: path)] = .object(members.shuffled(using: &rng))
            return "shuffle keys at \(path)"
        case 1:
            let objectAt = objectPath(tree, near: path)
            guard case .object(var members) = tree[path: objectAt], !members.isEmpty else { return "duplicate (no members)" }
            var copy = rng.pick(members)
            if rng.chance(1, in: 2) { copy.value = randomValue(&rng) }
            members.insert(copy, at: rng.below(members.count + 1))
            tree[path: objectAt] = .object(members)
            return "duplicate key \(quoted(copy.key)) at \(objectAt)"
        case 2, 3:
            let objectAt = objectPath(tree, near: path)
            guard case .object(var members) = tree[path: objectAt], !members.isEmpty else { return "rename (no members)" }
            let index = rng.below(members.count)
            let old = members[index].key
            members[index].key = renamed(old, rng: &rng)
            tree[path: objectAt] = .object(members)
            return "rename key \(quoted(old)) -> \(quoted(members[index].key))"
        case 4:
            guard let last = path.last else { return "delete (root)" }
            let parent = Array(path.dropLast())
            switch tree[path: parent] {
            case .object(var members): members.remove(at: last); tree[path: parent] = .object(members)
            case .array(var elements): elements.remove(at: last); tree[path: parent] = .array(elements)
            default: break
            }
            return "delete \(path)"
        case 5:
            let value = randomValue(&rng)
            tree[path: path] = value
            return "replace \(path) with \(short(value))"
        case 6:
            // Strings carry most of the spec's meaning (types, paths, methods, names): aim at them.
            let stringPaths = paths.filter { if case .string = tree[path: $0] { return true } else { return false } }
            guard !stringPaths.isEmpty else { return "string (none)" }
            let target = rng.pick(stringPaths)
            let text = interestingString(&rng)
            tree[path: target] = .string(text)
            return "string at \(target) = \(quoted(text))"
        case 7:
            let subtree = rng.pick(subtrees)
            if rng.chance(1, in: 2) {
                tree[path: path] = subtree
                return "transplant \(short(subtree)) to \(path)"
            }
            let objectAt = objectPath(tree, near: path)
            guard case .object(var members) = tree[path: objectAt] else { return "insert (no object)" }
            let key = rng.pick(keyPool + ["endpoints", "groups", "models", "parameters", "properties", "enum"])
            members.insert(FuzzJSON.Member(key, subtree), at: rng.below(members.count + 1))
            tree[path: objectAt] = .object(members)
            return "insert \(quoted(key)): \(short(subtree)) at \(objectAt)"
        case 8:
            let depth = rng.pick([8, 64, 300, 1_000, 10_000, 100_000])
            let inner = String(decoding: tree[path: path].serialized(FuzzJSON.Style(indent: nil)), as: UTF8.self)
            let useObjects = rng.chance(1, in: 2)
            let open = useObjects ? "{\"a\":" : "["
            let close = useObjects ? "}" : "]"
            tree[path: path] = .raw(String(repeating: open, count: depth) + inner + String(repeating: close, count: depth))
            return "nest \(path) \(depth) deep in \(useObjects ? "objects" : "arrays")"
        case 9:
            let objectAt = objectPath(tree, near: path)
            guard case .object(let members) = tree[path: objectAt], !members.isEmpty else { return "grow (no members)" }
            let copies = rng.pick([10, 50, 250])
            var grown = members
            for copy in 1...copies {
                let source = members[copy % members.count]
                grown.append(FuzzJSON.Member("\(source.key)_\(copy)", source.value))
            }
            tree[path: objectAt] = .object(grown)
            return "grow \(objectAt) by \(copies)"
        case 10:
            let other = rng.pick(paths)
            // Only swap disjoint subtrees (neither path a prefix of the other).
            guard !other.starts(with: path), !path.starts(with: other) else { return "swap (nested)" }
            let first = tree[path: path]
            let second = tree[path: other]
            tree[path: path] = second
            tree[path: other] = first
            return "swap \(path) <-> \(other)"
        default:
            let token = rng.pick(Self.rawTokens)
            tree[path: path] = .raw(token)
            return "raw token \(quoted(token)) at \(path)"
        }
    }

    /// The path itself if it names an object, else its nearest enclosing object (the root at worst).
    private func objectPath(_ tree: FuzzJSON, near path: [Int]) -> [Int] {
        var current = path
        while true {
            if case .object = tree[path: current] { return current }
            if current.isEmpty { return [] }
            current.removeLast()
        }
    }

    private func renamed(_ key: String, rng: inout FuzzRandom) -> String {
        var scalars = Array(key.unicodeScalars)
        switch rng.below(8) {
        case 0 where !scalars.isEmpty:
            scalars.remove(at: rng.below(scalars.count))
            return String(String.UnicodeScalarView(scalars))
        case 1:
            let inserted = rng.pick(Array("_- .0aZé🙂$\\\"{}".unicodeScalars))
            scalars.insert(inserted, at: rng.below(scalars.count + 1))
            return String(String.UnicodeScalarView(scalars))
        case 2:
            // Case and separator variants: near-collisions with the original.
            return rng.pick([
                key.uppercased(), key.lowercased(), key.capitalized,
                key.replacingOccurrences(of: "_", with: "-"), key.replacingOccurrences(of: "-", with: "_"),
                key.replacingOccurrences(of: "_", with: " "), key + "_", "_" + key, key + key,
            ])
        case 3 where !keyPool.isEmpty:
            return rng.pick(keyPool)
        case 4:
            return rng.pick(Self.nameTorture)
        case 5:
            return ""
        case 6:
            return String(repeating: key.isEmpty ? "k" : key, count: 200)
        default:
            return interestingString(&rng)
        }
    }

    private func randomValue(_ rng: inout FuzzRandom) -> FuzzJSON {
        switch rng.below(10) {
        case 0: return .null
        case 1: return .bool(rng.chance(1, in: 2))
        case 2: return .number(rng.pick(Self.numbers))
        case 3, 4: return .string(interestingString(&rng))
        case 5: return .array([])
        case 6: return .object([])
        case 7: return .array([rng.pick(subtrees)])
        case 8: return .object([FuzzJSON.Member(rng.pick(keyPool.isEmpty ? ["a"] : keyPool), rng.pick(subtrees))])
        default: return rng.pick(subtrees)
        }
    }

    private func interestingString(_ rng: inout FuzzRandom) -> String {
        switch rng.below(6) {
        case 0:
            let model = rng.pick(modelNames)
            return rng.pick([
                model, "\(model)?", "[\(model)]", "[String: \(model)]?", "[[\(model)?]]", "\(model)??",
                "[\(model)", "\(model)]", "[String:\(model)]", "[Int: \(model)]", "[String: [String: [\(model)]]]",
            ])
        case 1: return rng.pick(Self.typeStrings)
        case 2: return rng.pick(Self.nameTorture)
        case 3: return rng.pick(Self.pathsAndURLs)
        case 4: return rng.pick(keyPool.isEmpty ? ["x"] : keyPool)
        default: return rng.pick(Self.literalTorture)
        }
    }

    // MARK: Byte mutations

    private func mutateBytes(_ data: inout Data, rng: inout FuzzRandom) -> String {
        var bytes = [UInt8](data)
        defer { data = Data(bytes) }
        switch rng.below(10) {
        case 0 where !bytes.isEmpty:
            let flips = 1 + rng.below(8)
            for _ in 0..<flips { bytes[rng.below(bytes.count)] ^= UInt8(1) << UInt8(rng.below(8)) }
            return "flip \(flips) bits"
        case 1 where !bytes.isEmpty:
            let at = rng.below(bytes.count)
            bytes[at] = rng.pick(Self.interestingBytes)
            return "set byte \(at) = \(bytes[at])"
        case 2:
            let at = rng.below(bytes.count + 1)
            let snippet: [UInt8]
            if rng.chance(1, in: 2) {
                snippet = (0..<(1 + rng.below(16))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            } else {
                snippet = rng.pick(Self.snippets)
            }
            bytes.insert(contentsOf: snippet, at: at)
            return "insert \(snippet.count) bytes at \(at)"
        case 3 where !bytes.isEmpty:
            let start = rng.below(bytes.count)
            let end = min(bytes.count, start + 1 + rng.below(64))
            bytes.removeSubrange(start..<end)
            return "delete bytes \(start)..<\(end)"
        case 4 where !bytes.isEmpty:
            let start = rng.below(bytes.count)
            let end = min(bytes.count, start + 1 + rng.below(256))
            let copy = Array(bytes[start..<end])
            bytes.insert(contentsOf: copy, at: rng.below(bytes.count + 1))
            return "duplicate bytes \(start)..<\(end)"
        case 5:
            let at = rng.below(bytes.count + 1)
            bytes.removeSubrange(at...)
            return "cut at \(at)"
        case 6:
            let other = [UInt8](rng.pick(seeds).data)
            let cut = rng.below(bytes.count + 1)
            let from = rng.below(other.count + 1)
            bytes = Array(bytes[..<cut]) + Array(other[from...])
            return "splice at \(cut) with another spec from \(from)"
        case 7:
            let text = String(decoding: bytes, as: UTF8.self)
            switch rng.below(4) {
            case 0: bytes = [0xEF, 0xBB, 0xBF] + bytes; return "UTF-8 BOM"
            case 1: bytes = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }; return "UTF-16LE with BOM"
            case 2: bytes = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }; return "UTF-16BE without BOM"
            default: bytes = Array(text.replacingOccurrences(of: "\n", with: "\r").utf8); return "CR line endings"
            }
        case 8:
            bytes = rng.pick([[], Array(" \n\t".utf8), Array("null".utf8), Array("[]".utf8), Array("{}".utf8), Array("\"x\"".utf8), [0]])
            return "replace file with \(bytes.count) bytes"
        default:
            // Two cuts of the same spec: a window of it.
            guard bytes.count > 2 else { return "window (too short)" }
            let start = rng.below(bytes.count / 2)
            let end = start + rng.below(bytes.count - start)
            bytes = Array(bytes[start..<end])
            return "window \(start)..<\(end)"
        }
    }

    // MARK: Pools

    private func randomStyle(_ rng: inout FuzzRandom) -> FuzzJSON.Style {
        FuzzJSON.Style(
            indent: rng.pick([nil, "  ", "    ", "\t", ""]),
            spaceAfterColon: rng.chance(1, in: 2),
            escapeNonASCII: rng.chance(1, in: 5),
            newline: rng.chance(1, in: 6) ? "\r\n" : "\n")
    }

    private func describe(_ style: FuzzJSON.Style) -> String {
        "\(style.indent.map { "indent \($0.debugDescription)" } ?? "compact")\(style.escapeNonASCII ? " ascii" : "")\(style.newline == "\r\n" ? " crlf" : "")"
    }

    private func short(_ value: FuzzJSON) -> String {
        let text = String(decoding: value.serialized(FuzzJSON.Style(indent: nil)), as: UTF8.self)
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    private func quoted(_ text: String) -> String {
        let shortened = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return shortened.debugDescription
    }

    static let numbers = [
        "0", "-0", "1", "-1", "30", "200", "201", "404", "599", "600", "99", "1.5", "-2.5e3", "1e309", "-1e309", "1E2",
        "0.0000001", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "123456789012345678901234567890", "2147483648", "1e-400",
    ]

    static let typeStrings = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "UUID", "URL", "Data", "Void", "JSON",
        "String?", "Int??", "[String]", "[String: Int]", "[String:Int]", "[ String : Int ]?", "[[[[Int]]]]", "[Void]",
        "Void?", "[String: Void]", "[Int: String]", "[", "]", "?", "[]", "[:]", "[String: ]", "[: Int]", "Optional<Int>",
        "Array<Int>", "int", "string", "Any", "Self", "Type", "Protocol", "Never", "(Int, Int)", "Int -> Int",
        "Swift.Int", "Foundation.Date", "String!", "some P", "any P", "JSON?", "[JSON]", "File", "File?", "[File]", "[String: File]", String(repeating: "[", count: 500) + "Int" + String(repeating: "]", count: 500),
        String(repeating: "?", count: 300),
    ]

    static let nameTorture = [
        "default", "self", "Self", "Type", "Protocol", "init", "case", "func", "Any", "true", "false", "nil", "_",
        "__", "class", "struct", "enum", "let", "var", "in", "is", "as", "try", "throws", "rethrows", "inout",
        "deinit", "subscript", "associatedtype", "operator", "where", "while", "repeat", "return", "super",
        "Sendable", "Codable", "Hashable", "CodingKeys", "codingKeys", "hashValue", "rawValue", "unknown", "allCases",
        "baseURL", "httpRequest", "Typed", "typed", "Endpoint", "HTTPRequest", "Path", "Query", "Header", "Auth",
        "JSONValue", "EndpointRuntime", "Foundation", "Swift", "String", "Int", "Data", "Date", "File",
        "1st", "123", "0", "9lives", "-", "--", "a-b", "a_b", "a b", "a.b", "a..b", ".a", "a.", " ", "\t",
        "émoji🙂", "🙂", "👩‍👩‍👧", "Привет", "данные", "数据", "データ", "αβγ", "Ωmega", "ß", "İstanbul", "ﬁ",
        "e\u{301}", "\u{e9}", "\u{200B}", "\u{FEFF}x", "a\u{0}b", "\u{202E}rtl", "x\u{7F}", "$0", "$x", "#if", "@main",
        "`tick`", "back\\slash", "quote\"d", "new\nline", "userID", "userId", "user_id", "user-id", "User ID", "USER_ID",
    ]

    static let pathsAndURLs = [
        "", "/", "//", "/a/{id}", "/{id}", "{id}", "/{", "/}", "/{}", "/{{id}}", "/{a}{b}", "/{a}.json", "/{ id }",
        "/{id", "/id}", "/a?b=1", "/a#x", "/%zz", "/ü/数据", "/a b", "/../..", "/{self}", "/{default}",
        "https://example.com", "https://example.com/api/v3/", "http://", "ftp://x", "not a url", "https://[::1]:99999/",
        "https://ex ample.com", "https://example.com/{id}", "file:///etc/passwd", "//example.com",
        "GET", "get", "POST", "TRACE", "CONNECT", "", " GET", "G\u{0}ET",
    ]

    /// Text that ends up inside Swift string literals, comments and raw strings.
    static let literalTorture = [
        "\"", "\\", "\\(x)", "\"#", "#\"", "\"\"\"", "*/", "/*", "// x", "line\nbreak", "cr\rhere", "tab\there",
        "\u{0}", "\u{1B}[31m", "\u{2028}", "\u{85}", "#\"x\"#", "##\"", String(repeating: "x", count: 10_000),
        "a\\u{41}", "\\\\\"", "🙂\u{301}", "\u{D7FF}\u{E000}\u{FFFD}",
    ]

    static let rawTokens = [
        "NaN", "Infinity", "-Infinity", "01", "1.", ".5", "-", "+1", "1e", "1e+", "tru", "nul", "True", "None",
        "\"\\uD800\"", "\"\\uDC00x\"", "\"\\uD800\\u0041\"", "\"\\uZZZZ\"", "\"\\u12\"", "'single'", "// comment\n1",
        "/* c */ 1", "[1,]", "{\"a\":1,}", "{,}", "[,]", "\"\\x\"", "\"a\tb\"", "\"a\nb\"", "1e99999", "-0.0E-0",
        "123456789012345678901234567890e123456789", "\"\\/\"", "{\"a\" 1}", "{1:2}", "[1 2]", "\"\u{0}\"", "",
        String(repeating: "0", count: 5_000), "\"\\u0000\"",
    ]

    static let interestingBytes: [UInt8] = [
        0x00, 0xFF, 0xFE, 0xC0, 0xC1, 0xE2, 0x80, 0xBF, 0xF4, 0xF5, 0x7F,
        UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""),
        UInt8(ascii: "\\"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "),
    ]

    static let snippets: [[UInt8]] = [
        [0xEF, 0xBB, 0xBF], [0xE2, 0x82], [0xF0, 0x9F, 0x99], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
        Array("\\u".utf8), Array("{\"".utf8), Array("\":".utf8), Array(",,".utf8), Array("}}}}".utf8),
        Array("[[[[".utf8), Array("\"\\uD83D\"".utf8), Array("null,".utf8), Array("\r\n".utf8),
    ]
}
