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

/// Prints `ImportJSON` for people to read and check in. Works on UTF-8 bytes: a large API's spec is
/// a few hundred kilobytes, written in a few milliseconds.
enum ImportJSONWriter {
    /// A short object or array of plain values stays on one line when it ends within this column.
    static let inlineLimit = 100

    static func write(_ value: ImportJSON) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        write(value, indent: 0, column: 0, into: &out)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Compact text with no spaces (used to compare values and in messages).
    static func compact(_ value: ImportJSON) -> String {
        var out: [UInt8] = []
        writeCompact(value, into: &out, spaced: false)
        return String(decoding: out, as: UTF8.self)
    }

    /// Columns count characters (Unicode scalars), not bytes.
    private static func width(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 + (($1 & 0xC0) == 0x80 ? 0 : 1) }
    }

    private static func spaces(_ count: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// `column` is where the value starts on its line; `indent` is the line's indent.
    private static func write(_ value: ImportJSON, indent: Int, column: Int, into out: inout [UInt8]) {
        switch value {
        case .null, .bool, .number, .string:
            writeCompact(value, into: &out, spaced: true)
        case let .array(items):
            if items.isEmpty { out.append(contentsOf: Array("[]".utf8)); return }
            if items.allSatisfy(\.isScalar) {
                var line: [UInt8] = []
                writeCompact(value, into: &line, spaced: true)
                if column + width(line[...]) <= inlineLimit { out.append(contentsOf: line); return }
            }
            out.append(contentsOf: Array("[\n".utf8))
            for (index, item) in items.enumerated() {
                spaces(indent + 2, into: &out)
                write(item, indent: indent + 2, column: indent + 2, into: &out)
                if index < items.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "\n"))
            }
            spaces(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            if members.isEmpty { out.append(contentsOf: Array("{}".utf8)); return }
            if members.allSatisfy({ $0.1.isScalar }) {
                var line: [UInt8] = []
                writeCompact(value, into: &line, spaced: true)
                if column + width(line[...]) <= inlineLimit { out.append(contentsOf: line); return }
            }
            out.append(contentsOf: Array("{\n".utf8))
            for (index, (key, member)) in members.enumerated() {
                spaces(indent + 2, into: &out)
                let keyStart = out.count
                writeString(key, into: &out)
                out.append(contentsOf: Array(": ".utf8))
                let keyWidth = width(out[keyStart...])
                write(member, indent: indent + 2, column: indent + 2 + keyWidth, into: &out)
                if index < members.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "\n"))
            }
            spaces(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeCompact(_ value: ImportJSON, into out: inout [UInt8], spaced: Bool) {
        switch value {
        case .null: out.append(contentsOf: Array("null".utf8))
        case let .bool(b): out.append(contentsOf: Array((b ? "true" : "false").utf8))
        case let .number(n): out.append(contentsOf: Array(n.utf8))
        case let .string(s): writeString(s, into: &out)
        case let .array(items):
            if items.isEmpty { out.append(contentsOf: Array("[]".utf8)); return }
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(contentsOf: Array((spaced ? ", " : ",").utf8)) }
                writeCompact(item, into: &out, spaced: spaced)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            if members.isEmpty { out.append(contentsOf: Array("{}".utf8)); return }
            out.append(contentsOf: Array((spaced ? "{ " : "{").utf8))
            for (index, (key, member)) in members.enumerated() {
                if index > 0 { out.append(contentsOf: Array((spaced ? ", " : ",").utf8)) }
                writeString(key, into: &out)
                out.append(contentsOf: Array((spaced ? ": " : ":").utf8))
                writeCompact(member, into: &out, spaced: spaced)
            }
            out.append(contentsOf: Array((spaced ? " }" : "}").utf8))
        }
    }

    /// A JSON string literal: quote, backslash and control characters escaped (and U+2028, U+2029,
    /// which some JavaScript tools choke on); everything else as is (UTF-8).
    static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let bytes = Array(string.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x00..<0x20, 0x7F:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(contentsOf: hexDigits(byte))
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                out.append(contentsOf: Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                index += 2
            default:
                out.append(byte)
            }
            index += 1
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func hexDigits(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}
