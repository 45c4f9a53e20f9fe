import Foundation

/// A JSON tree for mutating specs: keeps key order and duplicate keys, and can hold verbatim text
/// (`raw`) so a mutation can plant tokens no valid tree has (`NaN`, `01`, a lone `\uD800`, a comment).
/// It is deliberately separate from the generator's own loader: the fuzzer must not share its bugs.
package indirect enum FuzzJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number's text as written.
    case number(String)
    case string(String)
    case array([FuzzJSON])
    case object([Member])
    /// Printed exactly as given.
    case raw(String)

    package struct Member: Sendable, Hashable {
        package var key: String
        package var value: FuzzJSON

        package init(_ key: String, _ value: FuzzJSON) {
            self.key = key
            self.value = value
        }
    }

    /// Parses strict JSON (the seeds are valid specs). Returns nil on anything else.
    package static func parse(_ data: Data) -> FuzzJSON? {
        var parser = Parser(bytes: Array(data))
        parser.skipWhitespace()
        guard let value = parser.parseValue(depth: 0) else { return nil }
        parser.skipWhitespace()
        return parser.index == parser.bytes.count ? value : nil
    }

    // MARK: Printing

    package struct Style: Sendable, Hashable {
        /// nil: compact on one line.
        package var indent: String?
        /// Space after `:` (pretty output always has one).
        package var spaceAfterColon: Bool
        /// Write every non-ASCII scalar as `\uXXXX` (surrogate pairs above the BMP).
        package var escapeNonASCII: Bool
        /// Line ending between lines of pretty output.
        package var newline: String

        package init(indent: String? = "  ", spaceAfterColon: Bool = true, escapeNonASCII: Bool = false, newline: String = "\n") {
            self.indent = indent
            self.spaceAfterColon = spaceAfterColon
            self.escapeNonASCII = escapeNonASCII
            self.newline = newline
        }
    }

    package func serialized(_ style: Style = Style()) -> Data {
        var out = ""
        write(to: &out, style: style, level: 0)
        if style.indent != nil { out += style.newline }
        return Data(out.utf8)
    }

    private func write(to out: inout String, style: Style, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .raw(let text): out += text
        case .string(let text): FuzzJSON.writeString(text, to: &out, escapeNonASCII: style.escapeNonASCII)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out += "," }
                newline(&out, style: style, level: level + 1)
                element.write(to: &out, style: style, level: level + 1)
            }
            newline(&out, style: style, level: level)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (offset, member) in members.enumerated() {
                if offset > 0 { out += "," }
                newline(&out, style: style, level: level + 1)
                FuzzJSON.writeString(member.key, to: &out, escapeNonASCII: style.escapeNonASCII)
                out += style.spaceAfterColon || style.indent != nil ? ": " : ":"
                member.value.write(to: &out, style: style, level: level + 1)
            }
            newline(&out, style: style, level: level)
            out += "}"
        }
    }

    private func newline(_ out: inout String, style: Style, level: Int) {
        guard let indent = style.indent else { return }
        out += style.newline
        // Deep trees would make quadratic indentation; cap it, the shape is what matters.
        out += String(repeating: indent, count: min(level, 64))
    }

    static func writeString(_ text: String, to out: inout String, escapeNonASCII: Bool) {
        out += "\""
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || (escapeNonASCII && $0 > 0x7E) }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += unicodeEscape(UInt16(scalar.value))
            case _ where escapeNonASCII && scalar.value > 0x7E:
                if scalar.value > 0xFFFF {
                    let value = scalar.value - 0x10000
                    out += unicodeEscape(UInt16(0xD800 + (value >> 10)))
                    out += unicodeEscape(UInt16(0xDC00 + (value & 0x3FF)))
                } else {
                    out += unicodeEscape(UInt16(scalar.value))
                }
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    private static func unicodeEscape(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    // MARK: Walking

    /// Every node's path from the root (indices into arrays and objects' member lists), root first.
    package func allPaths() -> [[Int]] {
        var paths: [[Int]] = []
        collectPaths(prefix: [], into: &paths)
        return paths
    }

    private func collectPaths(prefix: [Int], into paths: inout [[Int]]) {
        paths.append(prefix)
        switch self {
        case .array(let elements):
            for index in elements.indices { elements[index].collectPaths(prefix: prefix + [index], into: &paths) }
        case .object(let members):
            for index in members.indices { members[index].value.collectPaths(prefix: prefix + [index], into: &paths) }
        default: break
        }
    }

    package subscript(path path: [Int]) -> FuzzJSON {
        get {
            guard let first = path.first else { return self }
            let rest = Array(path.dropFirst())
            switch self {
            case .array(let elements): return elements[first][path: rest]
            case .object(let members): return members[first].value[path: rest]
            default: return self
            }
        }
        set {
            guard let first = path.first else { self = newValue; return }
            let rest = Array(path.dropFirst())
            switch self {
            case .array(var elements):
                elements[first][path: rest] = newValue
                self = .array(elements)
            case .object(var members):
                members[first].value[path: rest] = newValue
                self = .object(members)
            default: break
            }
        }
    }

    /// Every string used as an object key anywhere in the tree, in order of appearance.
    package func allKeys() -> [String] {
        switch self {
        case .array(let elements): return elements.flatMap { $0.allKeys() }
        case .object(let members): return members.flatMap { [$0.key] + $0.value.allKeys() }
        default: return []
        }
    }

    /// Every string value in the tree.
    package func allStrings() -> [String] {
        switch self {
        case .string(let text): return [text]
        case .array(let elements): return elements.flatMap { $0.allStrings() }
        case .object(let members): return members.flatMap { $0.value.allStrings() }
        default: return []
        }
    }
}

// MARK: - Parser

private struct Parser {
    let bytes: [UInt8]
    var index = 0

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func parseValue(depth: Int) -> FuzzJSON? {
        guard depth < 200, index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return parseObject(depth: depth)
        case UInt8(ascii: "["): return parseArray(depth: depth)
        case UInt8(ascii: "\""): return parseString().map(FuzzJSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return parseNumber()
        }
    }

    mutating func literal(_ word: String, _ value: FuzzJSON) -> FuzzJSON? {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return nil }
        index += utf8.count
        return value
    }

    mutating func parseNumber() -> FuzzJSON? {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        guard index > start, let text = String(bytes: bytes[start..<index], encoding: .utf8) else { return nil }
        return .number(text)
    }

    mutating func parseString() -> String? {
        index += 1
        var units: [UInt16] = []
        var raw: [UInt8] = []
        func flushRaw() -> Bool {
            guard !raw.isEmpty else { return true }
            guard let text = String(bytes: raw, encoding: .utf8) else { return false }
            units.append(contentsOf: text.utf16)
            raw.removeAll()
            return true
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                guard flushRaw() else { return nil }
                return String(utf16CodeUnits: units, count: units.count)
            }
            if byte != UInt8(ascii: "\\") { raw.append(byte); continue }
            guard flushRaw(), index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): units.append(0x22)
            case UInt8(ascii: "\\"): units.append(0x5C)
            case UInt8(ascii: "/"): units.append(0x2F)
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count,
                      let hex = String(bytes: bytes[index..<index + 4], encoding: .ascii),
                      let unit = UInt16(hex, radix: 16) else { return nil }
                units.append(unit)
                index += 4
            default: return nil
            }
        }
        return nil
    }

    mutating func parseArray(depth: Int) -> FuzzJSON? {
        index += 1
        var elements: [FuzzJSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            skipWhitespace()
            guard let element = parseValue(depth: depth + 1) else { return nil }
            elements.append(element)
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            return nil
        }
    }

    mutating func parseObject(depth: Int) -> FuzzJSON? {
        index += 1
        var members: [FuzzJSON.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = parseString() else { return nil }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard let value = parseValue(depth: depth + 1) else { return nil }
            members.append(FuzzJSON.Member(key, value))
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            return nil
        }
    }
}
