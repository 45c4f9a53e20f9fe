import Foundation

/// A YAML 1.2 reader for OpenAPI documents: it builds the same `JSONNode` tree as `JSONParser`, with
/// the line and column (in Unicode scalars) of every value and key, so the importer reads YAML and
/// JSON alike.
///
/// What it reads: block and flow collections; plain, single-quoted, double-quoted (with every YAML
/// escape), literal `|` and folded `>` scalars with chomping (`+`, `-`) and indentation indicators;
/// comments; `---` and `...`; `%YAML`/`%TAG` directives (skipped); anchors `&a`, aliases `*a` and merge
/// keys `<<` (a mapping or a list of them; the mapping's own keys win, then earlier sources); explicit
/// keys `? k` whose key is a scalar. Tags are read and ignored, except that `!!str` (and `!`) keep a plain
/// scalar a string and `!!null`, `!!bool`, `!!int`, `!!float` read any scalar as that type. Plain scalars are resolved with the core schema: `~`, `null`, `Null`, `NULL` and
/// nothing are null; `true`/`True`/`TRUE`/`false`/`False`/`FALSE` are booleans; decimal, `0o` and `0x`
/// integers and decimal floats are numbers, written as RFC 8259 number text (`+1` -> `1`, `0x1F` -> `31`,
/// `.5` -> `0.5`, `1.` -> `1.0`). `.inf`, `-.inf` and `.nan` have no JSON form: they are errors
/// (quote them to keep them as text). A key is the text it is written as (`200:` is the key "200").
///
/// It refuses, with an error at the place: a tab in indentation; duplicate keys (naming the first);
/// aliases that expand to more than `nodeLimit` nodes (billion laughs); collections nested deeper than
/// `maximumDepth`, counting what aliases bring in (never a stack overflow); more than one document; a
/// list or mapping as a key. Problems with a clear extent (duplicate keys, bad escapes, unknown
/// aliases, `.inf`, invalid UTF-8) are reported and reading goes on; structural ones stop it.
package enum YAMLParser {
    /// Collections nested deeper than this are an error, as in `JSONParser`.
    package static let maximumDepth = JSONParser.maximumDepth
    /// The fewest nodes a document may have with every alias expanded; larger inputs may have one
    /// node per byte (a document without aliases never has more).
    package static let minimumNodeLimit = 1_000_000

    /// The most nodes a document of `byteCount` bytes may expand to.
    package static func nodeLimit(byteCount: Int) -> Int { max(minimumNodeLimit, byteCount) }

    /// Parses `data`. Returns nil after a fatal error; non-fatal problems are in `diagnostics` and
    /// still return a tree — check `diagnostics.hasErrors`.
    package static func parse(_ data: Data, fileName: String, diagnostics: inout Diagnostics) -> JSONNode? {
        let bytes = [UInt8](data)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = YAMLReader(bytes: buffer, fileName: fileName)
            let root = reader.parseStream()
            diagnostics.append(contentsOf: reader.diagnostics)
            return root
        }
    }
}

/// How a document is read.
package enum DocumentFormat: Sendable, Equatable {
    case json
    case yaml

    /// `.yaml`/`.yml` are YAML and `.json` is JSON; anything else (standard input) is JSON when its
    /// first character other than white space is `{`, and YAML otherwise.
    package static func detect(_ data: Data, fileName: String) -> DocumentFormat {
        let lowered = fileName.lowercased()
        if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") { return .yaml }
        if lowered.hasSuffix(".json") { return .json }
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "{") ? .json : .yaml
    }

    /// Reads `data` in this format.
    package func parse(_ data: Data, fileName: String, diagnostics: inout Diagnostics) -> JSONNode? {
        switch self {
        case .json: return JSONParser.parse(data, fileName: fileName, diagnostics: &diagnostics)
        case .yaml: return YAMLParser.parse(data, fileName: fileName, diagnostics: &diagnostics)
        }
    }
}

struct YAMLFatalError: Error {}

/// Node properties: `&anchor` and `!tag`.
struct YAMLProperties {
    var anchor: String?
    var tag: String?
    /// The line they were written on (a key's properties share its line).
    var line = 0
    /// Node count and deepest nesting when the anchored node started, to measure it.
    var startCount = 0
    var savedDeepest = 0

    var isEmpty: Bool { anchor == nil && tag == nil }
    /// `!!str` and the non-specific `!` keep a plain scalar a string.
    var forcesString: Bool { tag == "!!str" || tag == "!" || tag == "!<tag:yaml.org,2002:str>" }

    /// The core-schema type a `!!null`, `!!bool`, `!!int` or `!!float` tag asks for.
    var coreType: String? {
        guard let tag else { return nil }
        for name in ["null", "bool", "int", "float"] where tag == "!!" + name || tag == "!<tag:yaml.org,2002:\(name)>" {
            return name
        }
        return nil
    }
}

struct YAMLReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int
    let fileName: String
    let nodeLimit: Int
    var diagnostics = Diagnostics()
    var pos = 0
    var line = 1
    /// Byte offset where the current line starts.
    var lineStart = 0
    var columns = ColumnCounter()
    var depth = 0
    /// The deepest nesting reached since the innermost anchored node started.
    var deepest = 0
    /// Nodes made so far, every alias counted as the nodes it stands for.
    var nodeCount = 0
    var anchors: [String: Anchor] = [:]
    var scratch: [UInt8] = []
    /// The text of the last plain scalar read, for keys (a key is its text as written).
    var lastPlainText: String?
    /// A `%TAG !! ...` directive gave `!!` another meaning: `!!int` and the like are not the core types.
    var secondaryTagHandleRedefined = false

    struct Anchor {
        var node: JSONNode
        var size: Int
        var height: Int
    }

    init(bytes: UnsafeBufferPointer<UInt8>, fileName: String) {
        self.bytes = bytes
        self.count = bytes.count
        self.fileName = fileName
        self.nodeLimit = YAMLParser.nodeLimit(byteCount: bytes.count)
        scratch.reserveCapacity(256)
    }

    // MARK: Bytes

    /// The byte at `offset`, or 0 past either end (the stream has no NUL: it is refused first).
    @inline(__always) func at(_ offset: Int) -> UInt8 {
        offset >= 0 && offset < count ? bytes[offset] : 0
    }

    @inline(__always) static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
    @inline(__always) static func isWhite(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    @inline(__always) static func isBlankOrEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0
    }
    @inline(__always) static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    mutating func consumeBreak() {
        if at(pos) == 0x0D {
            pos += 1
            if at(pos) == 0x0A { pos += 1 }
        } else {
            pos += 1
        }
        line += 1
        lineStart = pos
    }

    /// True when only spaces and tabs stand between the start of the current line and `offset`.
    func atLineStart(_ offset: Int) -> Bool {
        var index = offset - 1
        while index >= lineStart {
            if !YAMLReader.isWhite(bytes[index]) { return false }
            index -= 1
        }
        return true
    }

    /// `---` or `...` at the start of a line, followed by a blank or the end.
    func isDocumentMarker(_ offset: Int) -> Bool {
        guard offset == lineStart, offset + 3 <= count else { return false }
        let first = bytes[offset]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return bytes[offset + 1] == first && bytes[offset + 2] == first && YAMLReader.isBlankOrEnd(at(offset + 3))
    }

    // MARK: Places and errors

    /// The place of byte `offset`, which must be on the current line.
    mutating func location(at offset: Int) -> SourceLocation {
        SourceLocation(file: fileName, line: line, column: columns.column(of: offset, in: bytes, lineStart: lineStart))
    }

    /// The 0-based indentation column of `offset` on the current line, in scalars.
    mutating func indentColumn(of offset: Int) -> Int {
        atLineStart(offset) ? offset - lineStart : location(at: offset).column - 1
    }

    mutating func error(_ message: String, at offset: Int) {
        diagnostics.error(message, at: location(at: offset))
    }

    mutating func fatal(_ message: String, at offset: Int) -> YAMLFatalError {
        error(message, at: offset)
        return YAMLFatalError()
    }

    mutating func fatal(_ message: String, at location: SourceLocation) -> YAMLFatalError {
        diagnostics.error(message, at: location)
        return YAMLFatalError()
    }

    func describe(_ offset: Int) -> String {
        guard offset < count else { return "the end of the file" }
        let byte = bytes[offset]
        switch byte {
        case 0x0A, 0x0D: return "a line break"
        case 0x09: return "a tab"
        case 0x20: return "a space"
        case UInt8(ascii: "'"): return "\"'\""
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x80...0xFF:
            var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<min(count, offset + 4)]).makeIterator()
            var decoder = UTF8()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "'\(Character(scalar))'" }
            return "byte 0x\(hex(UInt32(byte), width: 2))"
        default: return "control character U+\(hex(UInt32(byte), width: 4))"
        }
    }

    // MARK: Limits

    mutating func enter(at offset: Int) throws {
        depth += 1
        if depth > deepest { deepest = depth }
        if depth > YAMLParser.maximumDepth {
            throw fatal("nesting is too deep: more than \(YAMLParser.maximumDepth) lists and mappings inside each other", at: offset)
        }
    }

    mutating func countNode(at offset: Int) throws {
        nodeCount += 1
        if nodeCount > nodeLimit { throw nodeLimitError(at: offset) }
    }

    mutating func nodeLimitError(at offset: Int) -> YAMLFatalError {
        fatal("the document expands to more than \(nodeLimit) values through its aliases (an alias bomb?); "
              + "the limit is \(YAMLParser.minimumNodeLimit) or one per byte of the file", at: offset)
    }

    // MARK: Stream

    mutating func parseStream() -> JSONNode? {
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            pos = 3
            lineStart = 3
        }
        guard checkCharacters() else { return nil }
        do {
            try skipToContent()
            var sawDirective = false
            while pos < count, pos == lineStart, bytes[pos] == UInt8(ascii: "%") {
                try readDirective()
                sawDirective = true
                try skipToContent()
            }
            var explicitStart = false
            if isDocumentMarker(pos), bytes[pos] == UInt8(ascii: "-") {
                pos += 3
                explicitStart = true
            } else if sawDirective {
                throw fatal("expected '---' after the directives", at: pos)
            }
            if !explicitStart {
                if pos >= count {
                    let empty = count == 0 || (count == 3 && bytes[0] == 0xEF)  // nothing, or only a byte order mark
                    error(empty ? "the file is empty" : "the file has no YAML content, only blank lines and comments", at: pos)
                    return nil
                }
                if isDocumentMarker(pos) {  // `...` first
                    throw fatal("the file has no YAML document before '...'", at: pos)
                }
            }
            let root = try parseBlockNode(parentIndent: -1, inline: false, mappingValue: false)
            try skipToContent()
            if isDocumentMarker(pos), bytes[pos] == UInt8(ascii: ".") {
                pos += 3
                try skipToContent()
            }
            if pos < count {
                if isDocumentMarker(pos) || (pos == lineStart && bytes[pos] == UInt8(ascii: "%")) {
                    error("a second YAML document starts here; an OpenAPI document is one YAML document", at: pos)
                } else if bytes[pos] == UInt8(ascii: ":") {
                    throw fatal("unexpected ':': a key ('name: value') is only allowed at the start of a line of a mapping; quote text that contains ': '", at: pos)
                } else {
                    throw fatal("unexpected \(describe(pos)) after the end of the document's top-level value (is it indented too little?)", at: pos)
                }
            }
            return root
        } catch {
            return nil
        }
    }

    mutating func readDirective() throws {
        let start = pos
        while pos < count, !YAMLReader.isBreak(bytes[pos]) { pos += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
        if text.hasPrefix("%TAG"), text.dropFirst(4).trimmingCharacters(in: .whitespaces).hasPrefix("!! ") {
            // `!!int` no longer names the core type.
            secondaryTagHandleRedefined = true
        }
        if text.hasPrefix("%YAML ") || text.hasPrefix("%YAML\t") {
            let version = text.dropFirst(5).trimmingCharacters(in: .whitespaces).prefix { $0 != " " && $0 != "#" }
            if !version.hasPrefix("1.") {
                error("unsupported YAML version '\(version)': this reader reads YAML 1.x", at: start)
            }
        }
    }

    /// Refuses NUL (fatal: the stream is not UTF-8 text) and reports invalid UTF-8 and control characters.
    mutating func checkCharacters() -> Bool {
        var index = pos
        var errors = 0
        var lineNumber = 1
        var lineBegin = pos
        func place(_ offset: Int) -> SourceLocation {
            var column = 1
            var cursor = lineBegin
            while cursor < offset {
                if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
                cursor += 1
            }
            return SourceLocation(file: fileName, line: lineNumber, column: column)
        }
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F || byte == 0x09 {
                index += 1
                continue
            }
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                index += 1
                lineNumber += 1
                lineBegin = index
                continue
            }
            if byte == 0 {
                diagnostics.error("NUL byte: a YAML file is UTF-8 text (is this file UTF-16?)", at: place(index))
                return false
            }
            if byte < 0x80 {
                if errors < 20 {
                    diagnostics.error("control character U+\(hex(UInt32(byte), width: 4)) is not allowed in YAML; "
                                      + "write it as an escape in a double-quoted string", at: place(index))
                }
                errors += 1
                index += 1
                continue
            }
            let length = YAMLReader.utf8SequenceLength(bytes, at: index)
            if length == 0 {
                if errors < 20 {
                    diagnostics.error("invalid UTF-8 byte 0x\(hex(UInt32(byte), width: 2))", at: place(index))
                }
                errors += 1
                index += 1
                while index < count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            } else {
                index += length
            }
        }
        return true
    }

    /// The length of the valid UTF-8 sequence at `offset`, or 0.
    static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        let lead = bytes[offset]
        var length = 0
        var minimum: UInt32 = 0
        var scalar: UInt32 = 0
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
        default: return 0
        }
        guard offset + length <= bytes.count else { return 0 }
        for index in 1..<length {
            let byte = bytes[offset + index]
            if byte & 0xC0 != 0x80 { return 0 }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        if scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) { return 0 }
        return length
    }

    // MARK: White space and comments (block context)

    /// Skips spaces, line breaks and comments. A tab in the indentation of a line with content is an error.
    mutating func skipToContent() throws {
        while pos < count {
            let byte = bytes[pos]
            if byte == 0x20 {
                pos += 1
            } else if byte == 0x09 {
                if atLineStart(pos) {
                    var next = pos
                    while YAMLReader.isWhite(at(next)) { next += 1 }
                    let after = at(next)
                    if !(YAMLReader.isBreak(after) || after == 0 || after == UInt8(ascii: "#")) {
                        throw fatal("a tab indents this line; YAML indentation must be spaces", at: pos)
                    }
                }
                pos += 1
            } else if byte == 0x0A || byte == 0x0D {
                consumeBreak()
            } else if byte == UInt8(ascii: "#"), pos == lineStart || YAMLReader.isWhite(bytes[pos - 1]) {
                while pos < count, !YAMLReader.isBreak(bytes[pos]) { pos += 1 }
            } else {
                return
            }
        }
    }

    /// Skips spaces and tabs on the current line.
    mutating func skipSpaces() {
        while pos < count, YAMLReader.isWhite(bytes[pos]) { pos += 1 }
    }

    // MARK: Properties

    mutating func readProperties(flow: Bool) throws -> YAMLProperties {
        var properties = YAMLProperties()
        properties.line = line
        while pos < count {
            let byte = bytes[pos]
            let start = pos
            if byte == UInt8(ascii: "&") {
                pos += 1
                while pos < count, !YAMLReader.isBlankOrEnd(bytes[pos]), !YAMLReader.isFlowIndicator(bytes[pos]) { pos += 1 }
                guard pos > start + 1 else { throw fatal("an anchor needs a name after '&'", at: start) }
                if properties.anchor != nil { error("a node can have only one anchor", at: start) }
                properties.anchor = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<pos]), as: UTF8.self)
            } else if byte == UInt8(ascii: "!") {
                pos += 1
                if at(pos) == UInt8(ascii: "<") {
                    while pos < count, bytes[pos] != UInt8(ascii: ">"), !YAMLReader.isBreak(bytes[pos]) { pos += 1 }
                    guard at(pos) == UInt8(ascii: ">") else { throw fatal("a verbatim tag '!<...>' is not closed", at: start) }
                    pos += 1
                } else {
                    while pos < count, !YAMLReader.isBlankOrEnd(bytes[pos]), !(flow && YAMLReader.isFlowIndicator(bytes[pos])) { pos += 1 }
                }
                if properties.tag != nil { error("a node can have only one tag", at: start) }
                properties.tag = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
            } else {
                break
            }
            skipSpaces()
        }
        properties.startCount = nodeCount
        if properties.anchor != nil {
            properties.savedDeepest = deepest
            deepest = depth
        }
        return properties
    }

    /// Registers an anchored node, measured since its properties were read.
    mutating func register(_ node: JSONNode, _ properties: YAMLProperties) {
        guard let anchor = properties.anchor else { return }
        let size = max(1, nodeCount - properties.startCount)
        let height = max(0, deepest - depth)
        deepest = max(properties.savedDeepest, deepest)
        anchors[anchor] = Anchor(node: node, size: size, height: height)
    }

    /// `*name` at `pos`: the anchored node, counted as all the nodes it stands for.
    mutating func readAlias(properties: YAMLProperties) throws -> JSONNode {
        let start = pos
        let location = self.location(at: start)
        pos += 1
        while pos < count, !YAMLReader.isBlankOrEnd(bytes[pos]), !YAMLReader.isFlowIndicator(bytes[pos]) { pos += 1 }
        guard pos > start + 1 else { throw fatal("an alias needs a name after '*'", at: start) }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<pos]), as: UTF8.self)
        if !properties.isEmpty {
            diagnostics.error("an alias cannot have an anchor or a tag", at: location)
        }
        guard let anchor = anchors[name] else {
            diagnostics.error("unknown alias '*\(name)': no '&\(name)' before it (quote text that starts with '*')", at: location)
            nodeCount += 1
            return JSONNode(.null, at: location)
        }
        nodeCount += anchor.size
        if nodeCount > nodeLimit { throw nodeLimitError(at: start) }
        if depth + anchor.height > YAMLParser.maximumDepth {
            throw fatal("nesting is too deep: the alias '*\(name)' brings in \(anchor.height) levels here, more than \(YAMLParser.maximumDepth) in all", at: start)
        }
        deepest = max(deepest, depth + anchor.height)
        var node = anchor.node
        node.location = location
        return node
    }

    /// A scalar with an explicit `!!null`, `!!bool`, `!!int` or `!!float` tag, read as that type
    /// whatever its style (`!!bool "true"` is true); text that is not of the type is an error.
    mutating func applyCoreTag(_ node: JSONNode, text: String, properties: YAMLProperties) -> JSONNode {
        guard !secondaryTagHandleRedefined, let type = properties.coreType else { return node }
        let resolution = YAMLReader.resolve(Array(text.utf8))
        switch (type, resolution) {
        case ("null", .null):
            return JSONNode(.null, at: node.location)
        case ("bool", .bool(let value)):
            return JSONNode(.bool(value), at: node.location)
        case ("int", .number(let number)) where !number.contains(".") && !number.contains("e") && !number.contains("E"),
             ("float", .number(let number)):
            return JSONNode(.number(number), at: node.location)
        case (_, .notJSON(let message)):
            diagnostics.error(message, at: node.location)
            return node
        default:
            diagnostics.error("'\(text)' is not a valid \(properties.tag ?? "")", at: node.location)
            return node
        }
    }

    /// The text of a scalar used as a key, or nil for a collection.
    func keyText(_ node: JSONNode, plainText: String?) -> String? {
        switch node.value {
        case .string(let text): return plainText ?? text
        case .number(let text): return plainText ?? text
        case .bool(let value): return plainText ?? (value ? "true" : "false")
        case .null: return plainText ?? ""
        case .array, .object: return nil
        }
    }
}

/// Builds a mapping's members: duplicate keys are reported (the first is kept) and `<<` merges are
/// applied at the end, the mapping's own keys winning.
struct YAMLMappingBuilder {
    private var own = MemberList()
    var members: [JSONNode.Member] { own.members }
    /// Merged members and the number of own members before them.
    var merges: [(slot: Int, members: [JSONNode.Member])] = []
    var firstMerge: SourceLocation?

    mutating func add(_ key: String, at keyLocation: SourceLocation, value: JSONNode, diagnostics: inout Diagnostics) {
        own.add(key, at: keyLocation, value: value, diagnostics: &diagnostics)
    }

    /// A `<<` key: its value is a mapping or a list of mappings (earlier ones win).
    mutating func merge(_ value: JSONNode, at keyLocation: SourceLocation, diagnostics: inout Diagnostics) {
        if let firstMerge {
            diagnostics.error("duplicate key '<<' (first at line \(firstMerge.line), column \(firstMerge.column)); "
                              + "merge several mappings with '<<: [*a, *b]'", at: keyLocation)
            return
        }
        firstMerge = keyLocation
        var sources: [[JSONNode.Member]] = []
        switch value.value {
        case .object(let members):
            sources = [members]
        case .array(let items):
            for item in items {
                guard case .object(let members) = item.value else {
                    diagnostics.error("a merge key '<<' takes a mapping or a list of mappings; this list has something else", at: item.location)
                    return
                }
                sources.append(members)
            }
        default:
            diagnostics.error("a merge key '<<' takes a mapping or a list of mappings", at: value.location)
            return
        }
        var combined: [JSONNode.Member] = []
        var seen = Set<String>()
        for source in sources {
            for member in source where seen.insert(member.key).inserted {
                combined.append(member)
            }
        }
        merges.append((members.count, combined))
    }

    func finish() -> [JSONNode.Member] {
        guard !merges.isEmpty else { return members }
        let own = Set(members.map(\.key))
        var added = Set<String>()
        var result: [JSONNode.Member] = []
        var next = 0
        func insertMerges(upTo slot: Int) {
            while next < merges.count, merges[next].slot <= slot {
                for member in merges[next].members where !own.contains(member.key) && added.insert(member.key).inserted {
                    result.append(member)
                }
                next += 1
            }
        }
        for (offset, member) in members.enumerated() {
            insertMerges(upTo: offset)
            result.append(member)
        }
        insertMerges(upTo: members.count)
        return result
    }
}
