extension JSONNode {
    /// The value as compact JSON text: keys in order, numbers as written, strings escaped as JSON
    /// needs. Locations are dropped. For `endpoint-gen yaml-to-json` and tests.
    package var jsonText: String {
        var output: [UInt8] = []
        JSONNode.write(self, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `jsonText` with control characters escaped in lower-case hex (`\u001b`): an endpoint's
    /// `sample` as generated code has always carried it.
    var compactJSON: String {
        var output: [UInt8] = []
        JSONNode.write(self, into: &output, lowercaseHex: true)
        return String(decoding: output, as: UTF8.self)
    }

    static func write(_ node: JSONNode, into output: inout [UInt8], lowercaseHex: Bool = false) {
        switch node.value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): writeString(text, into: &output, lowercaseHex: lowercaseHex)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(item, into: &output, lowercaseHex: lowercaseHex)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &output, lowercaseHex: lowercaseHex)
                output.append(UInt8(ascii: ":"))
                write(member.value, into: &output, lowercaseHex: lowercaseHex)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ text: String, into output: inout [UInt8], lowercaseHex: Bool = false) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let digits = hex(UInt32(byte), width: 2)
                output.append(contentsOf: "\\u00\(lowercaseHex ? digits.lowercased() : digits)".utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
