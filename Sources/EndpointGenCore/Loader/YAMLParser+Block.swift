// Block structure: the indentation-based lists and mappings of a YAML document.

extension YAMLReader {
    /// Reads one node in block context.
    /// - Parameters:
    ///   - parentIndent: the indentation of the enclosing block collection (-1 at the top); the node's
    ///     lines must be indented more.
    ///   - inline: the node follows `- `, `? ` or an explicit `: ` on the same line, where a compact
    ///     list or mapping may start (`- name: x`).
    ///   - mappingValue: the node is a mapping's value, which may be a list at the mapping's own indentation.
    mutating func parseBlockNode(parentIndent: Int, inline: Bool, mappingValue: Bool) throws -> JSONNode {
        let emptyLocation = location(at: pos)
        try skipToContent()
        if contentEnds(parentIndent: parentIndent, mappingValue: mappingValue) {
            try countNode(at: pos)
            return JSONNode(.null, at: emptyLocation)
        }
        var properties = YAMLProperties()
        // Properties followed by `key:` on their line belong to that key, and the mapping starts
        // with them; the mapping reads them. Otherwise they are this node's.
        if isPropertyStart(bytes[pos]) && implicitKeyColon(from: skipProperties(from: pos)) == nil {
            let propertiesLocation = location(at: pos)
            properties = try readOwnProperties(parentIndent: parentIndent, mappingValue: mappingValue)
            if contentEnds(parentIndent: parentIndent, mappingValue: mappingValue) {
                try countNode(at: pos)
                let node = JSONNode(properties.forcesString ? .string("") : .null, at: propertiesLocation)
                register(node, properties)
                return node
            }
        }
        let onNewLine = atLineStart(pos)
        let first = bytes[pos]
        let next = at(pos + 1)

        // A block list.
        if first == UInt8(ascii: "-") && YAMLReader.isBlankOrEnd(next) {
            guard onNewLine || inline else {
                throw fatal("a list cannot start on the same line as its key: put its '- ' entries on the lines below", at: pos)
            }
            let node = try parseBlockSequence(indent: indentColumn(of: pos))
            register(node, properties)
            return node
        }

        // A block mapping.
        let keyColon = implicitKeyColon(from: isPropertyStart(first) ? skipProperties(from: pos) : pos)
        if (first == UInt8(ascii: "?") && YAMLReader.isBlankOrEnd(next)) || keyColon != nil {
            guard onNewLine || inline else {
                if first == UInt8(ascii: "?") {
                    throw fatal("an explicit key '? ' cannot start on the same line as its parent key", at: pos)
                }
                throw fatal("a mapping cannot start on the same line as its key; quote a value that contains ': ', "
                            + "or put the mapping on the lines below, indented", at: keyColon ?? pos)
            }
            let node = try parseBlockMapping(indent: indentColumn(of: pos))
            register(node, properties)
            return node
        }

        // An alias, a flow collection or a scalar.
        if first == UInt8(ascii: "*") { return try readAlias(properties: properties) }
        let node = try parseFlowOrScalar(parentIndent: parentIndent, properties: properties)
        register(node, properties)
        return node
    }

    /// The properties (`&anchor`, `!tag`) that start a node: those on its first line, and more on
    /// the lines after it (`&a` then `!!map`) until its content. A second anchor or tag is an error.
    private mutating func readOwnProperties(parentIndent: Int, mappingValue: Bool) throws -> YAMLProperties {
        var properties = try readProperties(flow: false)
        try skipToContent()
        while pos < count, isPropertyStart(bytes[pos]), !contentEnds(parentIndent: parentIndent, mappingValue: mappingValue),
              implicitKeyColon(from: skipProperties(from: pos)) == nil {
            let start = pos
            let more = try readProperties(flow: false)
            if more.anchor != nil {
                if properties.anchor != nil { error("a node can have only one anchor", at: start) }
                properties.anchor = more.anchor
                properties.savedDeepest = more.savedDeepest
            }
            if more.tag != nil {
                if properties.tag != nil { error("a node can have only one tag", at: start) }
                properties.tag = more.tag
            }
            try skipToContent()
        }
        return properties
    }

    /// A flow collection, or a quoted, block (`|`, `>`) or plain scalar with `properties`' tag applied.
    private mutating func parseFlowOrScalar(parentIndent: Int, properties: YAMLProperties) throws -> JSONNode {
        switch bytes[pos] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return try parseFlowCollection()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let location = self.location(at: pos)
            let text = try readQuoted()
            try countNode(at: pos)
            return applyCoreTag(JSONNode(.string(text), at: location), text: text, properties: properties)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            let location = self.location(at: pos)
            let text = try readBlockScalar(parentIndent: parentIndent)
            try countNode(at: pos)
            return applyCoreTag(JSONNode(.string(text), at: location), text: text, properties: properties)
        default:
            try checkPlainStart(flow: false)
            let location = self.location(at: pos)
            let start = pos
            readPlain(parentIndent: parentIndent, flow: false)
            try countNode(at: start)
            let plain = resolvePlain(at: location, offset: start, forceString: properties.forcesString)
            return properties.coreType == nil ? plain : applyCoreTag(plain, text: lastPlainText ?? "", properties: properties)
        }
    }

    /// True when no node starts here: the end, a document marker, or a line indented no more than the parent.
    mutating func contentEnds(parentIndent: Int, mappingValue: Bool) -> Bool {
        if pos >= count || isDocumentMarker(pos) { return true }
        guard atLineStart(pos) else { return false }
        let column = pos - lineStart
        if column > parentIndent { return false }
        // `key:` followed by `- item` lines at the key's own indentation.
        return !(mappingValue && column == parentIndent && bytes[pos] == UInt8(ascii: "-") && YAMLReader.isBlankOrEnd(at(pos + 1)))
    }

    /// Refuses what cannot start a plain scalar.
    mutating func checkPlainStart(flow: Bool) throws {
        let byte = at(pos)
        let next = at(pos + 1)
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "%"):
            throw fatal("\(describe(pos)) cannot start a plain value (it is reserved); quote the value", at: pos)
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
            throw fatal("unexpected \(describe(pos)) outside of a '[...]' or '{...}'", at: pos)
        case UInt8(ascii: "#"):
            throw fatal("unexpected '#': a comment must be separated from what is before it by a space", at: pos)
        case UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "-"):
            if YAMLReader.isBlankOrEnd(next) || (flow && YAMLReader.isFlowIndicator(next)) {
                if byte == UInt8(ascii: ":") {
                    throw fatal("unexpected ':': a key is missing before it", at: pos)
                }
                throw fatal("unexpected \(describe(pos)) here", at: pos)
            }
        default:
            break
        }
    }

    // MARK: Mappings

    /// The offset of the `:` that ends an implicit key starting at `start` on the current line, or nil
    /// when the line does not start with `key:`. Keys are one-line scalars (plain or quoted) or aliases.
    func implicitKeyColon(from start: Int) -> Int? {
        var index = start
        let first = at(index)
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            index += 1
            while true {
                let byte = at(index)
                if byte == 0 || YAMLReader.isBreak(byte) { return nil }
                if first == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                    if YAMLReader.isBreak(at(index + 1)) || at(index + 1) == 0 { return nil }
                    index += 2
                    continue
                }
                if byte == first {
                    if first == UInt8(ascii: "'") && at(index + 1) == UInt8(ascii: "'") {
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                index += 1
            }
            while YAMLReader.isWhite(at(index)) { index += 1 }
            return at(index) == UInt8(ascii: ":") && YAMLReader.isBlankOrEnd(at(index + 1)) ? index : nil
        case UInt8(ascii: "*"):
            index += 1
            while !YAMLReader.isBlankOrEnd(at(index)) && !YAMLReader.isFlowIndicator(at(index)) { index += 1 }
            while YAMLReader.isWhite(at(index)) { index += 1 }
            return at(index) == UInt8(ascii: ":") && YAMLReader.isBlankOrEnd(at(index + 1)) ? index : nil
        case 0, 0x0A, 0x0D, 0x20, 0x09,
             UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"),
             UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            return nil
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            if YAMLReader.isBlankOrEnd(at(index + 1)) { return nil }
        default:
            break
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { return nil }
            if byte == UInt8(ascii: ":") && YAMLReader.isBlankOrEnd(at(index + 1)) { return index }
            if byte == UInt8(ascii: "#") && YAMLReader.isWhite(at(index - 1)) { return nil }
            index += 1
        }
        return nil
    }

    /// Reads an implicit key that ends at `colon` (found by `implicitKeyColon`) and moves past the colon.
    mutating func readImplicitKey(colon: Int) throws -> (text: String, plain: Bool) {
        let first = bytes[pos]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            let text = try readQuoted()
            pos = colon + 1
            return (text, false)
        }
        if first == UInt8(ascii: "*") {
            let location = self.location(at: pos)
            let node = try readAlias(properties: YAMLProperties())
            pos = colon + 1
            guard let text = keyText(node, plainText: nil) else {
                throw fatal("the alias names a list or mapping, which cannot be a key (JSON keys are strings)", at: location)
            }
            return (text, false)
        }
        var end = colon
        while end > pos, YAMLReader.isWhite(bytes[end - 1]) { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[pos..<end]), as: UTF8.self)
        pos = colon + 1
        return (text, true)
    }

    @inline(__always) func isPropertyStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "!")
    }

    /// The offset after the anchors and tags (and the spaces after them) that start at `start`.
    func skipProperties(from start: Int) -> Int {
        var index = start
        while isPropertyStart(at(index)) {
            if at(index) == UInt8(ascii: "!") && at(index + 1) == UInt8(ascii: "<") {
                while index < count, bytes[index] != UInt8(ascii: ">"), !YAMLReader.isBreak(bytes[index]) { index += 1 }
                if index < count, bytes[index] == UInt8(ascii: ">") { index += 1 }
            } else {
                while !YAMLReader.isBlankOrEnd(at(index)) && !YAMLReader.isFlowIndicator(at(index)) { index += 1 }
            }
            while YAMLReader.isWhite(at(index)) { index += 1 }
        }
        return index
    }

    mutating func parseBlockMapping(indent: Int) throws -> JSONNode {
        let location = self.location(at: pos)
        try enter(at: pos)
        defer { depth -= 1 }
        var builder = YAMLMappingBuilder()
        while true {
            let keyLocation = self.location(at: pos)
            let key: String
            var isMerge = false
            let value: JSONNode
            if bytes[pos] == UInt8(ascii: "?") && YAMLReader.isBlankOrEnd(at(pos + 1)) {
                pos += 1
                lastPlainText = nil
                let keyNode = try parseBlockNode(parentIndent: indent, inline: true, mappingValue: false)
                guard let text = keyText(keyNode, plainText: keyNode.value.isScalar ? lastPlainText : nil) else {
                    throw fatal("a list or mapping as a key is not supported: JSON keys are strings", at: keyLocation)
                }
                key = text
                try skipToContent()
                let lineOK = !atLineStart(pos) || pos - lineStart == indent
                if pos < count, bytes[pos] == UInt8(ascii: ":"), YAMLReader.isBlankOrEnd(at(pos + 1)), lineOK, !isDocumentMarker(pos) {
                    pos += 1
                    value = try parseBlockNode(parentIndent: indent, inline: true, mappingValue: true)
                } else {
                    try countNode(at: pos)
                    value = JSONNode(.null, at: keyLocation)
                }
            } else {
                var properties = YAMLProperties()
                if isPropertyStart(bytes[pos]) {
                    properties = try readProperties(flow: false)
                }
                guard let colon = implicitKeyColon(from: pos) else {
                    throw fatal(missingKeyMessage(), at: pos)
                }
                let read = try readImplicitKey(colon: colon)
                key = read.text
                isMerge = read.plain && key == "<<"
                if properties.anchor != nil {
                    // An anchored key is a value too: a plain one is resolved like any plain scalar.
                    var value = JSONNode.Value.string(key)
                    if read.plain && !properties.forcesString {
                        switch YAMLReader.resolve(Array(key.utf8)) {
                        case .null: value = .null
                        case .bool(let flag): value = .bool(flag)
                        case .number(let number): value = .number(number)
                        case .string, .notJSON: break
                        }
                    }
                    register(JSONNode(value, at: keyLocation), properties)
                }
                value = try parseBlockNode(parentIndent: indent, inline: false, mappingValue: true)
            }
            if isMerge {
                builder.merge(value, at: keyLocation, diagnostics: &diagnostics)
            } else {
                builder.add(key, at: keyLocation, value: value, diagnostics: &diagnostics)
            }

            guard try nextLineContinues(indent: indent, items: "keys of its mapping") else { break }
            if bytes[pos] == UInt8(ascii: "-") && YAMLReader.isBlankOrEnd(at(pos + 1)) {
                throw fatal("expected a key at this indentation, found a list entry '- '", at: pos)
            }
        }
        try countNode(at: pos)
        return JSONNode(.object(builder.finish()), at: location)
    }

    /// After a mapping's value or a list's entry: whether the next line holds another of the block's
    /// `items` at `indent` (false at the end of the document or at a line indented less); a line
    /// indented more, or more on the same line, is an error.
    mutating func nextLineContinues(indent: Int, items: String) throws -> Bool {
        try skipToContent()
        if pos >= count || isDocumentMarker(pos) { return false }
        guard atLineStart(pos) else { throw unexpectedAfterValue() }
        let column = pos - lineStart
        if column < indent { return false }
        if column > indent {
            throw fatal("bad indentation: this line starts at column \(column + 1), but the \(items) are at column \(indent + 1)", at: pos)
        }
        return true
    }

    func missingKeyMessage() -> String {
        return "expected a key ('name: value'), found \(describe(pos)) on a line without ': '"
    }

    mutating func unexpectedAfterValue() -> YAMLFatalError {
        if bytes[pos] == UInt8(ascii: ":") {
            return fatal("unexpected ':': a value cannot contain ': ' (quote it), and a mapping inside a value "
                         + "starts on its own line, indented", at: pos)
        }
        return fatal("unexpected \(describe(pos)) after a value on the same line", at: pos)
    }

    // MARK: Lists

    mutating func parseBlockSequence(indent: Int) throws -> JSONNode {
        let location = self.location(at: pos)
        try enter(at: pos)
        defer { depth -= 1 }
        var items: [JSONNode] = []
        while true {
            pos += 1  // '-'
            items.append(try parseBlockNode(parentIndent: indent, inline: true, mappingValue: false))
            guard try nextLineContinues(indent: indent, items: "entries of its list") else { break }
            guard bytes[pos] == UInt8(ascii: "-") && YAMLReader.isBlankOrEnd(at(pos + 1)) else { break }
        }
        try countNode(at: pos)
        return JSONNode(.array(items), at: location)
    }
}

extension JSONNode.Value {
    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}
