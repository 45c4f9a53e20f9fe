// A JSON value built by the importer, with object keys in the order they were added, and the
// writer that prints it for people: two-space indent, one member per line, short objects of
// plain values on one line, strings escaped per RFC 8259. The same value always prints the same bytes.

/// JSON the importer writes: object members keep their insertion order.
indirect enum ImportJSON: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number's text as it should be written (`30`, `-2.5e3`).
    case number(String)
    case string(String)
    case array([ImportJSON])
    case object([(String, ImportJSON)])

    static func == (lhs: ImportJSON, rhs: ImportJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(b): hasher.combine(1); hasher.combine(b)
        case let .number(n): hasher.combine(2); hasher.combine(n)
        case let .string(s): hasher.combine(3); hasher.combine(s)
        case let .array(a): hasher.combine(4); hasher.combine(a)
        case let .object(members):
            hasher.combine(5)
            for (key, value) in members { hasher.combine(key); hasher.combine(value) }
        }
    }

    /// The same value as read from a document, keys in file order.
    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case let .bool(b): self = .bool(b)
        case let .number(n): self = .number(n)
        case let .string(s): self = .string(s)
        case let .array(items): self = .array(items.map(ImportJSON.init))
        case let .object(members): self = .object(members.map { ($0.key, ImportJSON($0.value)) })
        }
    }

    var isScalar: Bool {
        switch self {
        case .null, .bool, .number, .string: return true
        case let .array(items): return items.isEmpty
        case let .object(members): return members.isEmpty
        }
    }
}

/// Prints `ImportJSON` for people to read and check in.
enum ImportJSONWriter {
    /// A short object of plain values stays on one line when it fits in this many columns.
    static let inlineLimit = 100

    static func write(_ value: ImportJSON) -> String {
        var out = ""
        write(value, indent: 0, column: 0, into: &out)
        out += "\n"
        return out
    }

    /// Compact text with no spaces (used to compare values and for one-line output).
    static func compact(_ value: ImportJSON) -> String {
        var out = ""
        writeCompact(value, into: &out, spaced: false)
        return out
    }

    /// `column` is where the value starts on its line; `indent` is the line's indent.
    private static func write(_ value: ImportJSON, indent: Int, column: Int, into out: inout String) {
        switch value {
        case .null, .bool, .number, .string:
            writeCompact(value, into: &out, spaced: true)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            if items.allSatisfy(\.isScalar) {
                var line = ""
                writeCompact(value, into: &line, spaced: true)
                if column + line.count <= inlineLimit { out += line; return }
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                write(item, indent: indent + 2, column: indent + 2, into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            if members.allSatisfy({ $0.1.isScalar }) {
                var line = ""
                writeCompact(value, into: &line, spaced: true)
                if column + line.count <= inlineLimit { out += line; return }
            }
            out += "{\n"
            for (index, (key, member)) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                var keyText = ""
                writeString(key, into: &keyText)
                keyText += ": "
                out += keyText
                let keyWidth = keyText.count
                write(member, indent: indent + 2, column: indent + 2 + keyWidth, into: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    private static func writeCompact(_ value: ImportJSON, into out: inout String, spaced: Bool) {
        switch value {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += n
        case let .string(s): writeString(s, into: &out)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += spaced ? ", " : "," }
                writeCompact(item, into: &out, spaced: spaced)
            }
            out += "]"
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            out += spaced ? "{ " : "{"
            for (index, (key, member)) in members.enumerated() {
                if index > 0 { out += spaced ? ", " : "," }
                writeString(key, into: &out)
                out += spaced ? ": " : ":"
                writeCompact(member, into: &out, spaced: spaced)
            }
            out += spaced ? " }" : "}"
        }
    }

    /// A JSON string literal: quote, backslash and control characters escaped; everything else as is (UTF-8).
    static func writeString(_ string: String, into out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
