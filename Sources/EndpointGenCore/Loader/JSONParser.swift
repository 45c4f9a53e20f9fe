import Foundation

/// A strict RFC 8259 JSON parser over UTF-8 bytes that keeps the place (1-based line and column,
/// columns counted in Unicode scalars) of every value and every object key.
///
/// Every problem is reported as a `Diagnostic` at its place. Problems whose extent is clear are
/// reported and parsing goes on, so one run shows them all: trailing commas, comments, single-quoted
/// strings, bad escapes, control characters and invalid UTF-8 inside strings, malformed numbers,
/// `NaN`/`Infinity`, duplicate keys. Anything else (a missing comma, a truncated file, content after
/// the value, nesting deeper than `maximumDepth`) is fatal: `parse` returns nil.
///
/// A UTF-8 byte order mark at the very start is accepted and skipped (RFC 8259 section 8.1 allows
/// a parser to ignore it); columns on the first line are counted after it.
package enum JSONParser {
    /// Arrays and objects nested deeper than this are an error (the parser never overflows the stack).
    package static let maximumDepth = 512

    /// Parses `data`. Returns nil after a fatal syntax error; non-fatal problems are in `diagnostics`
    /// and still return a tree (so a caller can report more problems) — check `diagnostics.hasErrors`.
    package static func parse(_ data: Data, fileName: String, diagnostics: inout Diagnostics) -> JSONNode? {
        let bytes = [UInt8](data)
        return bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer, fileName: fileName)
            let result = parser.parseDocument()
            diagnostics.append(contentsOf: parser.diagnostics)
            return result
        }
    }
}

private struct FatalError: Error {}

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let fileName: String
    var diagnostics = Diagnostics()
    var position = 0
    var line = 1
    /// Byte offset where the current line starts.
    var lineStart = 0
    /// A cached (offset, column) on the current line, so computing columns stays linear even on one long line.
    var columns = ColumnCounter()
    var depth = 0
    /// Scratch space for strings with escapes.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, fileName: String) {
        self.bytes = bytes
        self.fileName = fileName
        scratch.reserveCapacity(256)
    }

    // MARK: Places

    /// The place of byte `offset`, which must be on the current line.
    mutating func location(at offset: Int) -> SourceLocation {
        SourceLocation(file: fileName, line: line, column: columns.column(of: offset, in: bytes, lineStart: lineStart))
    }

    mutating func here() -> SourceLocation { location(at: position) }

    mutating func error(_ message: String, at offset: Int) {
        diagnostics.error(message, at: location(at: offset))
    }

    mutating func fatal(_ message: String, at offset: Int) -> FatalError {
        error(message, at: offset)
        return FatalError()
    }

    // MARK: Document

    mutating func parseDocument() -> JSONNode? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
            lineStart = 3
        }
        do {
            try skipWhitespace()
            if position >= bytes.count {
                if bytes.count <= lineStart && line == 1 {
                    error("the file is empty; a spec is a JSON object", at: position)
                } else {
                    error("the file has no JSON value; a spec is a JSON object", at: position)
                }
                return nil
            }
            let root = try parseValue()
            try skipWhitespace()
            if position < bytes.count {
                throw fatal("unexpected \(describeByte(at: position)) after the top-level value", at: position)
            }
            return root
        } catch {
            return nil
        }
    }

    // MARK: Whitespace and comments

    mutating func newline(after offset: Int) {
        line += 1
        lineStart = offset + 1
    }

    mutating func skipWhitespace() throws {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09:
                position += 1
            case 0x0A:
                newline(after: position)
                position += 1
            case 0x0D:
                if position + 1 < bytes.count, bytes[position + 1] == 0x0A { position += 1 }
                newline(after: position)
                position += 1
            case UInt8(ascii: "/"):
                try skipComment()
            default:
                return
            }
        }
    }

    /// Reports a comment (not JSON) and skips it.
    mutating func skipComment() throws {
        let start = position
        guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*") else {
            throw fatal("unexpected '/'", at: start)
        }
        error("comments are not allowed in JSON", at: start)
        if bytes[position + 1] == UInt8(ascii: "/") {
            position += 2
            while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            return
        }
        position += 2
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "*"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                return
            }
            if byte == 0x0A {
                newline(after: position)
            } else if byte == 0x0D {
                if position + 1 < bytes.count, bytes[position + 1] == 0x0A { position += 1 }
                newline(after: position)
            }
            position += 1
        }
        throw fatal("unterminated comment: the file ends inside it", at: position)
    }

    // MARK: Values

    mutating func parseValue() throws -> JSONNode {
        guard position < bytes.count else {
            throw fatal("unexpected end of file: expected a value", at: position)
        }
        let start = position
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{"):
            return try parseObject()
        case UInt8(ascii: "["):
            return try parseArray()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let location = here()
            let string = try parseString()
            return JSONNode(.string(string), at: location)
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            let location = here()
            var end = position
            while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            position = end
            switch word {
            case "true": return JSONNode(.bool(true), at: location)
            case "false": return JSONNode(.bool(false), at: location)
            case "null": return JSONNode(.null, at: location)
            case "NaN", "Infinity":
                error("'\(word)' is not a JSON number", at: start)
                return JSONNode(.number(word), at: location)
            case "True", "False", "TRUE", "FALSE":
                error("'\(word)' is not JSON; write '\(word.lowercased())'", at: start)
                return JSONNode(.bool(word.lowercased() == "true"), at: location)
            case "Null", "NULL", "None", "nil", "undefined":
                error("'\(word)' is not JSON; write 'null'", at: start)
                return JSONNode(.null, at: location)
            default:
                throw fatal("unexpected '\(word)': expected a value (strings need double quotes)", at: start)
            }
        default:
            throw fatal("unexpected \(describeByte(at: position)): expected a value", at: position)
        }
    }

    func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    mutating func enter(at offset: Int) throws {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw fatal("nesting is too deep: more than \(JSONParser.maximumDepth) arrays and objects inside each other", at: offset)
        }
    }

    mutating func parseObject() throws -> JSONNode {
        let location = here()
        try enter(at: position)
        defer { depth -= 1 }
        position += 1  // {
        var members = MemberList()
        try skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return JSONNode(.object([]), at: location)
        }
        while true {
            guard position < bytes.count else {
                throw fatal("unexpected end of file: the object opened at line \(location.line), column \(location.column) is not closed", at: position)
            }
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
                if isWordByte(byte) {
                    throw fatal("expected a key in double quotes, found an unquoted name", at: position)
                }
                throw fatal("expected a key in double quotes, found \(describeByte(at: position))", at: position)
            }
            let keyLocation = here()
            let key = try parseString()
            try skipWhitespace()
            guard position < bytes.count else {
                throw fatal("unexpected end of file: expected ':' after the key '\(key)'", at: position)
            }
            guard bytes[position] == UInt8(ascii: ":") else {
                throw fatal("expected ':' after the key '\(key)', found \(describeByte(at: position))", at: position)
            }
            position += 1
            try skipWhitespace()
            let value = try parseValue()

            // Duplicate keys: reported at the second one, naming the first; the first is kept.
            members.add(key, at: keyLocation, value: value, diagnostics: &diagnostics)

            try skipWhitespace()
            guard position < bytes.count else {
                throw fatal("unexpected end of file: the object opened at line \(location.line), column \(location.column) is not closed", at: position)
            }
            switch bytes[position] {
            case UInt8(ascii: ","):
                let comma = here()
                position += 1
                try skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    diagnostics.error("trailing comma before '}'", at: comma)
                    position += 1
                    return JSONNode(.object(members.members), at: location)
                }
            case UInt8(ascii: "}"):
                position += 1
                return JSONNode(.object(members.members), at: location)
            default:
                throw fatal("expected ',' or '}' after the value of '\(key)', found \(describeByte(at: position))", at: position)
            }
        }
    }

    mutating func parseArray() throws -> JSONNode {
        let location = here()
        try enter(at: position)
        defer { depth -= 1 }
        position += 1  // [
        var elements: [JSONNode] = []
        try skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return JSONNode(.array(elements), at: location)
        }
        while true {
            elements.append(try parseValue())
            try skipWhitespace()
            guard position < bytes.count else {
                throw fatal("unexpected end of file: the array opened at line \(location.line), column \(location.column) is not closed", at: position)
            }
            switch bytes[position] {
            case UInt8(ascii: ","):
                let comma = here()
                position += 1
                try skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    diagnostics.error("trailing comma before ']'", at: comma)
                    position += 1
                    return JSONNode(.array(elements), at: location)
                }
            case UInt8(ascii: "]"):
                position += 1
                return JSONNode(.array(elements), at: location)
            default:
                throw fatal("expected ',' or ']' after an array element, found \(describeByte(at: position))", at: position)
            }
        }
    }

    // MARK: Numbers

    /// Reads a number token and checks it against the RFC 8259 grammar; a malformed one is reported
    /// and kept as written (callers that need its value treat it as absent).
    mutating func parseNumber() throws -> JSONNode {
        let start = position
        let location = here()
        var end = position
        while end < bytes.count {
            let byte = bytes[end]
            if isWordByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                end += 1
            } else {
                break
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        position = end
        if let problem = JSONParser.numberProblem(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
            error("invalid number '\(text)': \(problem)", at: start)
        }
        return JSONNode(.number(text), at: location)
    }

    // MARK: Strings

    /// Parses a string starting at the opening quote. A single-quoted string is reported and accepted.
    mutating func parseString() throws -> String {
        let start = position
        let quote = bytes[position]
        if quote == UInt8(ascii: "'") {
            error("strings must use double quotes, not single quotes", at: start)
        }
        position += 1
        let contentStart = position
        // Fast path: plain ASCII without escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<position]), as: UTF8.self)
                position += 1
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            position += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else if byte == 0x0A || byte == 0x0D {
                throw fatal("unterminated string: a string cannot contain a line break (write it as \\n)", at: start)
            } else if byte == 0 {
                error("NUL character in a string (write it as \\u0000)", at: position)
                position += 1
            } else if byte < 0x20 {
                error("control character U+\(hex(UInt32(byte), width: 4)) in a string must be escaped", at: position)
                position += 1
            } else if byte < 0x80 {
                scratch.append(byte)
                position += 1
            } else {
                parseMultiByte()
            }
        }
        throw fatal("unterminated string: the file ends inside it", at: start)
    }

    /// Validates one UTF-8 sequence at `position`, appending it (or U+FFFD after reporting it).
    mutating func parseMultiByte() {
        let lead = bytes[position]
        var length = 0
        var minimum: UInt32 = 0
        var scalar: UInt32 = 0
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
        default: length = 0
        }
        var valid = length > 0 && position + length <= bytes.count
        if valid {
            for offset in 1..<length {
                let byte = bytes[position + offset]
                if byte & 0xC0 != 0x80 { valid = false; break }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
        }
        if valid, scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) { valid = false }
        if valid {
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]))
            position += length
        } else {
            error("invalid UTF-8 byte 0x\(hex(UInt32(lead), width: 2))", at: position)
            scratch.append(contentsOf: [0xEF, 0xBF, 0xBD])
            position += 1
            // Skip stray continuation bytes so one bad sequence is one error.
            while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
        }
    }

    mutating func parseEscape() throws {
        let start = position
        position += 1
        guard position < bytes.count else { throw fatal("unterminated string: the file ends inside it", at: start) }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = readHex4() else {
                error("invalid escape: \\u must be followed by four hexadecimal digits", at: start)
                return
            }
            var scalarValue = UInt32(unit)
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate must be followed by an escaped low surrogate.
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                    let saved = position
                    position += 2
                    if let low = readHex4(), low >= 0xDC00 && low <= 0xDFFF {
                        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    } else {
                        position = saved
                        error("invalid escape: the high surrogate \\u\(hex(UInt32(unit), width: 4)) is not followed by a low surrogate", at: start)
                        return
                    }
                } else {
                    error("invalid escape: the high surrogate \\u\(hex(UInt32(unit), width: 4)) is not followed by a low surrogate", at: start)
                    return
                }
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                error("invalid escape: lone low surrogate \\u\(hex(UInt32(unit), width: 4))", at: start)
                return
            }
            if let scalar = Unicode.Scalar(scalarValue) {
                scratch.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
        case 0x0A, 0x0D:
            position -= 1
            error("invalid escape '\\' at the end of a line", at: start)
        default:
            position -= 1
            let described = byte < 0x80 && byte >= 0x20 ? "'\\\(Character(Unicode.Scalar(byte)))'" : "'\\'"
            error("invalid escape \(described): JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: start)
            if byte >= 0x20 && byte < 0x80 { position += 1 }
        }
    }

    mutating func readHex4() -> UInt16? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt16
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        position += 4
        return value
    }

    // MARK: Helpers

    func describeByte(at offset: Int) -> String {
        let byte = bytes[offset]
        switch byte {
        case 0: return "NUL byte"
        case UInt8(ascii: "'"): return "\"'\""
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x80...0xFF:
            // Decode the scalar if it is valid UTF-8, to name it.
            var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<min(bytes.count, offset + 4)]).makeIterator()
            var decoder = UTF8()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                return "character '\(Character(scalar))' (U+\(hex(scalar.value, width: 4)))"
            }
            return "invalid UTF-8 byte 0x\(hex(UInt32(byte), width: 2))"
        default: return "control character U+\(hex(UInt32(byte), width: 4))"
        }
    }
}

func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

extension JSONParser {
    /// What is wrong with a number token under the RFC 8259 grammar
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, or nil when it is valid.
    static func numberProblem(_ token: UnsafeBufferPointer<UInt8>) -> String? {
        var index = 0
        let count = token.count
        func isDigit(_ i: Int) -> Bool { i < count && token[i] >= UInt8(ascii: "0") && token[i] <= UInt8(ascii: "9") }
        if index < count, token[index] == UInt8(ascii: "+") { return "a number cannot start with '+'" }
        if index < count, token[index] == UInt8(ascii: "-") { index += 1 }
        if index < count, token[index] == UInt8(ascii: ".") { return "a number must have a digit before '.'" }
        if index < count, token[index] == UInt8(ascii: "I") || token[index] == UInt8(ascii: "N") { return "infinity and NaN are not JSON numbers" }
        guard isDigit(index) else { return "expected a digit" }
        if token[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { return "leading zeros are not allowed" }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < count, token[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return "expected a digit after '.'" }
            while isDigit(index) { index += 1 }
        }
        if index < count, token[index] == UInt8(ascii: "e") || token[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, token[index] == UInt8(ascii: "+") || token[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return "expected a digit in the exponent" }
            while isDigit(index) { index += 1 }
        }
        if index < count { return "unexpected '\(Character(Unicode.Scalar(token[index])))'" }
        return nil
    }

    /// True when `text` is a number under the RFC 8259 grammar.
    static func isValidNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { numberProblem($0) == nil }
    }
}
