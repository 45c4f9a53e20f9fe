// Scalars: plain (resolved with the YAML 1.2 core schema), quoted, and block (`|`, `>`).

extension YAMLReader {
    // MARK: Plain

    /// Reads a plain scalar into `scratch`, folding its lines: one line break between two lines is a
    /// space, each empty line is a line break. Continuation lines are indented more than `parentIndent`
    /// (any indentation inside a flow collection); a comment line ends the scalar.
    mutating func readPlain(parentIndent: Int, flow: Bool) {
        scratch.removeAll(keepingCapacity: true)
        while true {
            let start = pos
            var end = pos
            while pos < count {
                let byte = bytes[pos]
                if byte == 0x0A || byte == 0x0D { break }
                if byte == UInt8(ascii: ":") {
                    let next = at(pos + 1)
                    if YAMLReader.isBlankOrEnd(next) || (flow && YAMLReader.isFlowIndicator(next)) { break }
                } else if flow && YAMLReader.isFlowIndicator(byte) {
                    break
                } else if byte == UInt8(ascii: "#") && pos > start && YAMLReader.isWhite(bytes[pos - 1]) {
                    break
                }
                pos += 1
                if byte != 0x20 && byte != 0x09 { end = pos }
            }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            guard pos < count, YAMLReader.isBreak(bytes[pos]) else { return }

            // A following line may continue the scalar.
            let saved = (pos, line, lineStart)
            var breaks = 0
            consumeBreak()
            while true {
                while YAMLReader.isWhite(at(pos)) { pos += 1 }
                if pos < count, YAMLReader.isBreak(bytes[pos]) {
                    breaks += 1
                    consumeBreak()
                    continue
                }
                break
            }
            let byte = at(pos)
            let next = at(pos + 1)
            var continues = pos < count && !isDocumentMarker(lineStart) && byte != UInt8(ascii: "#")
            if continues && !flow && pos - lineStart <= parentIndent { continues = false }
            if continues && byte == UInt8(ascii: ":") && (YAMLReader.isBlankOrEnd(next) || (flow && YAMLReader.isFlowIndicator(next))) {
                continues = false
            }
            if continues && flow && YAMLReader.isFlowIndicator(byte) { continues = false }
            if !continues {
                (pos, line, lineStart) = saved
                return
            }
            if breaks == 0 {
                scratch.append(0x20)
            } else {
                for _ in 0..<breaks { scratch.append(0x0A) }
            }
        }
    }

    /// The node for the plain scalar in `scratch`, resolved with the core schema.
    mutating func resolvePlain(at location: SourceLocation, offset: Int, forceString: Bool) -> JSONNode {
        let text = String(decoding: scratch, as: UTF8.self)
        lastPlainText = text
        if forceString { return JSONNode(.string(text), at: location) }
        switch YAMLReader.resolve(scratch) {
        case .string:
            return JSONNode(.string(text), at: location)
        case .null:
            return JSONNode(.null, at: location)
        case .bool(let value):
            return JSONNode(.bool(value), at: location)
        case .number(let number):
            return JSONNode(.number(number), at: location)
        case .notJSON(let message):
            diagnostics.error(message, at: location)
            return JSONNode(.string(text), at: location)
        }
    }

    enum Resolution: Equatable {
        case string
        case null
        case bool(Bool)
        /// RFC 8259 number text.
        case number(String)
        /// A core-schema value JSON cannot hold; the message says so.
        case notJSON(String)
    }

    /// The core schema's reading of a plain scalar.
    static func resolve(_ text: [UInt8]) -> Resolution {
        guard let first = text.first else { return .null }
        switch first {
        case UInt8(ascii: "~"):
            return text.count == 1 ? .null : .string
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            return text.elementsEqual("null".utf8) || text.elementsEqual("Null".utf8) || text.elementsEqual("NULL".utf8) ? .null : .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return text.elementsEqual("true".utf8) || text.elementsEqual("True".utf8) || text.elementsEqual("TRUE".utf8) ? .bool(true) : .string
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return text.elementsEqual("false".utf8) || text.elementsEqual("False".utf8) || text.elementsEqual("FALSE".utf8) ? .bool(false) : .string
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return resolveNumber(text)
        default:
            return .string
        }
    }

    static func resolveNumber(_ text: [UInt8]) -> Resolution {
        let count = text.count
        func isDigit(_ index: Int) -> Bool { index < count && text[index] >= UInt8(ascii: "0") && text[index] <= UInt8(ascii: "9") }
        let literal = String(decoding: text, as: UTF8.self)

        // 0o17, 0x1F (no sign in the core schema).
        if count > 2, text[0] == UInt8(ascii: "0"), text[1] == UInt8(ascii: "o") || text[1] == UInt8(ascii: "x") {
            let radix = text[1] == UInt8(ascii: "o") ? 8 : 16
            var digits: [Int] = []
            for byte in text[2...] {
                guard let digit = hexDigit(byte), digit < radix else { return .string }
                digits.append(digit)
            }
            guard digits.count <= 64 else {
                return .notJSON("the number '\(literal)' is too long; quote it to keep it as text")
            }
            return .number(decimal(digits, radix: radix))
        }

        var index = 0
        var negative = false
        if text[0] == UInt8(ascii: "+") || text[0] == UInt8(ascii: "-") {
            negative = text[0] == UInt8(ascii: "-")
            index = 1
        }
        let rest = String(decoding: text[index...], as: UTF8.self)
        if rest == ".inf" || rest == ".Inf" || rest == ".INF" {
            return .notJSON("'\(literal)' is infinity, which JSON cannot hold; quote it to keep it as text")
        }
        if index == 0 && (rest == ".nan" || rest == ".NaN" || rest == ".NAN") {
            return .notJSON("'\(literal)' is not a number, which JSON cannot hold; quote it to keep it as text")
        }
        let integerStart = index
        while isDigit(index) { index += 1 }
        let integerEnd = index
        var fraction: Range<Int>?
        if index < count, text[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while isDigit(index) { index += 1 }
            fraction = fractionStart..<index
        }
        guard integerEnd > integerStart || (fraction.map { !$0.isEmpty } ?? false) else { return .string }
        var exponent: Range<Int>?
        if index < count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            let exponentStart = index
            index += 1
            if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return .string }
            while isDigit(index) { index += 1 }
            exponent = exponentStart..<index
        }
        guard index == count else { return .string }

        var number = negative ? "-" : ""
        var integerDigits = integerStart
        while integerDigits < integerEnd - 1, text[integerDigits] == UInt8(ascii: "0") { integerDigits += 1 }
        number += integerEnd > integerStart ? String(decoding: text[integerDigits..<integerEnd], as: UTF8.self) : "0"
        if let fraction {
            number += "." + (fraction.isEmpty ? "0" : String(decoding: text[fraction], as: UTF8.self))
        }
        if let exponent {
            number += String(decoding: text[exponent], as: UTF8.self)
        }
        return .number(number)
    }

    static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// Decimal text of the digits in `radix`, of any length.
    static func decimal(_ digits: [Int], radix: Int) -> String {
        var decimal: [Int] = [0]  // least significant first
        for digit in digits {
            var carry = digit
            for index in decimal.indices {
                let value = decimal[index] * radix + carry
                decimal[index] = value % 10
                carry = value / 10
            }
            while carry > 0 {
                decimal.append(carry % 10)
                carry /= 10
            }
        }
        while decimal.count > 1, decimal.last == 0 { decimal.removeLast() }
        return String(decimal.reversed().map { Character(Unicode.Scalar(UInt8(48 + $0))) })
    }

    // MARK: Quoted

    /// Reads a single- or double-quoted scalar starting at its quote, which may span lines.
    mutating func readQuoted() throws -> String {
        let quote = bytes[pos]
        let startLocation = location(at: pos)
        pos += 1
        let contentStart = pos
        // Fast path: one line, no escapes.
        while pos < count {
            let byte = bytes[pos]
            if byte == quote {
                if quote == UInt8(ascii: "'") && at(pos + 1) == UInt8(ascii: "'") { break }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<pos]), as: UTF8.self)
                pos += 1
                return text
            }
            if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D { break }
            pos += 1
        }
        scratch.removeAll(keepingCapacity: true)
        var end = pos
        if pos < count, YAMLReader.isBreak(bytes[pos]) {
            // White space before a line break is dropped by folding.
            while end > contentStart, YAMLReader.isWhite(bytes[end - 1]) { end -= 1 }
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<end]))
        while true {
            guard pos < count else {
                throw fatal("unterminated string: the file ends before its closing \(quote == UInt8(ascii: "'") ? "\"'\"" : "'\"'")", at: startLocation)
            }
            let byte = bytes[pos]
            if byte == quote {
                if quote == UInt8(ascii: "'") && at(pos + 1) == UInt8(ascii: "'") {
                    scratch.append(quote)
                    pos += 2
                    continue
                }
                pos += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            switch byte {
            case UInt8(ascii: "\\") where quote == UInt8(ascii: "\""):
                try readEscape(startLocation: startLocation)
            case 0x20, 0x09:
                let white = pos
                while YAMLReader.isWhite(at(pos)) { pos += 1 }
                // White space before a line break is dropped by folding.
                if !(pos < count && YAMLReader.isBreak(bytes[pos])) {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[white..<pos]))
                }
            case 0x0A, 0x0D:
                try foldQuotedBreak(startLocation: startLocation, escaped: false)
            default:
                scratch.append(byte)
                pos += 1
            }
        }
    }

    /// Folds the line break at `pos` inside a quoted scalar and the white space around the next line.
    mutating func foldQuotedBreak(startLocation: SourceLocation, escaped: Bool) throws {
        consumeBreak()
        var breaks = 0
        while true {
            if isDocumentMarker(pos) {
                throw fatal("unterminated string: a document marker comes before its closing quote", at: startLocation)
            }
            while YAMLReader.isWhite(at(pos)) { pos += 1 }
            if pos < count, YAMLReader.isBreak(bytes[pos]) {
                breaks += 1
                consumeBreak()
                continue
            }
            break
        }
        if breaks == 0 {
            if !escaped { scratch.append(0x20) }
        } else {
            for _ in 0..<breaks { scratch.append(0x0A) }
        }
    }

    mutating func readEscape(startLocation: SourceLocation) throws {
        let start = pos
        pos += 1
        guard pos < count else {
            throw fatal("unterminated string: the file ends before its closing '\"'", at: startLocation)
        }
        let byte = bytes[pos]
        pos += 1
        switch byte {
        case UInt8(ascii: "0"): scratch.append(0x00)
        case UInt8(ascii: "a"): scratch.append(0x07)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "t"), 0x09: scratch.append(0x09)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "v"): scratch.append(0x0B)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "e"): scratch.append(0x1B)
        case 0x20: scratch.append(0x20)
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "N"): appendScalar(0x85)
        case UInt8(ascii: "_"): appendScalar(0xA0)
        case UInt8(ascii: "L"): appendScalar(0x2028)
        case UInt8(ascii: "P"): appendScalar(0x2029)
        case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
            let length = byte == UInt8(ascii: "x") ? 2 : byte == UInt8(ascii: "u") ? 4 : 8
            guard var value = readHex(length) else {
                error("invalid escape: '\\\(Character(Unicode.Scalar(byte)))' must be followed by \(length) hexadecimal digits", at: start)
                return
            }
            // A UTF-16 surrogate pair written as two \u escapes (as JSON does) is one character.
            if length == 4, value >= 0xD800, value <= 0xDBFF {
                let saved = pos
                if at(pos) == UInt8(ascii: "\\"), at(pos + 1) == UInt8(ascii: "u") {
                    pos += 2
                    if let low = readHex(4), low >= 0xDC00, low <= 0xDFFF {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        pos = saved
                    }
                }
            }
            guard value <= 0x10FFFF, !(value >= 0xD800 && value <= 0xDFFF) else {
                error("invalid escape: U+\(hex(value, width: 4)) is not a Unicode character", at: start)
                return
            }
            appendScalar(value)
        case 0x0A, 0x0D:
            pos -= 1
            try foldQuotedBreak(startLocation: startLocation, escaped: true)
        default:
            pos -= 1
            let shown = byte >= 0x21 && byte < 0x7F ? "'\\\(Character(Unicode.Scalar(byte)))'" : "'\\'"
            error("invalid escape \(shown): YAML allows \\0 \\a \\b \\t \\n \\v \\f \\r \\e \\\" \\/ \\\\ \\N \\_ \\L \\P \\xXX \\uXXXX \\UXXXXXXXX and a space", at: start)
        }
    }

    mutating func readHex(_ length: Int) -> UInt32? {
        guard pos + length <= count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<length {
            guard let digit = YAMLReader.hexDigit(bytes[pos + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        pos += length
        return value
    }

    mutating func appendScalar(_ value: UInt32) {
        guard let scalar = Unicode.Scalar(value) else { return }
        scratch.append(contentsOf: String(Character(scalar)).utf8)
    }

    // MARK: Block scalars

    /// Reads a literal (`|`) or folded (`>`) scalar from its header at `pos`.
    mutating func readBlockScalar(parentIndent: Int) throws -> String {
        let folded = bytes[pos] == UInt8(ascii: ">")
        pos += 1
        var chomping = 0  // -1 strip, 0 clip, +1 keep
        var increment = 0
        for _ in 0..<2 {
            let byte = at(pos)
            if (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) && chomping == 0 {
                chomping = byte == UInt8(ascii: "+") ? 1 : -1
                pos += 1
            } else if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") && increment == 0 {
                increment = Int(byte - UInt8(ascii: "0"))
                pos += 1
            } else if byte == UInt8(ascii: "0") {
                throw fatal("a block scalar's indentation indicator is 1 to 9, not 0", at: pos)
            }
        }
        let headerEnd = pos
        skipSpaces()
        if at(pos) == UInt8(ascii: "#") && pos > headerEnd {
            while pos < count, !YAMLReader.isBreak(bytes[pos]) { pos += 1 }
        }
        guard pos >= count || YAMLReader.isBreak(bytes[pos]) else {
            throw fatal("expected a line break after the block scalar header ('|', '>', then '+', '-' or a digit), found \(describe(pos))", at: pos)
        }
        if pos < count { consumeBreak() }

        // Content is indented more than the parent collection; at the top level it may start at column 1.
        let minimumIndent = max(parentIndent + 1, 0)
        var indent: Int
        var breaks: [UInt8] = []
        if increment > 0 {
            indent = max(parentIndent, 0) + increment
            readBlockBreaks(indent: indent, into: &breaks)
        } else {
            // The first line with content sets the indentation.
            var widest = 0
            while true {
                while at(pos) == 0x20 { pos += 1 }
                widest = max(widest, pos - lineStart)
                if pos < count, YAMLReader.isBreak(bytes[pos]) {
                    breaks.append(0x0A)
                    consumeBreak()
                    continue
                }
                break
            }
            indent = max(minimumIndent, widest)
        }

        var text: [UInt8] = []
        var lineBreak: [UInt8] = []
        while pos < count, pos - lineStart == indent, !isDocumentMarker(lineStart) {
            text.append(contentsOf: breaks)
            let leadingNonSpace = !YAMLReader.isWhite(bytes[pos])
            let start = pos
            while pos < count, !YAMLReader.isBreak(bytes[pos]) { pos += 1 }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<pos]))
            lineBreak = []
            if pos < count {
                lineBreak = [0x0A]
                consumeBreak()
            }
            breaks.removeAll()
            readBlockBreaks(indent: indent, into: &breaks)
            guard pos < count, pos - lineStart == indent, !isDocumentMarker(lineStart) else { break }
            if folded && !lineBreak.isEmpty && leadingNonSpace && !YAMLReader.isWhite(bytes[pos]) {
                if breaks.isEmpty { text.append(0x20) }
            } else {
                text.append(contentsOf: lineBreak)
            }
        }
        if chomping >= 0 { text.append(contentsOf: lineBreak) }
        if chomping > 0 { text.append(contentsOf: breaks) }
        return String(decoding: text, as: UTF8.self)
    }

    /// Skips empty lines (spaces up to `indent`, then a break), one line break each.
    mutating func readBlockBreaks(indent: Int, into breaks: inout [UInt8]) {
        while true {
            while pos - lineStart < indent, at(pos) == 0x20 { pos += 1 }
            if pos < count, YAMLReader.isBreak(bytes[pos]) {
                breaks.append(0x0A)
                consumeBreak()
                continue
            }
            return
        }
    }
}
