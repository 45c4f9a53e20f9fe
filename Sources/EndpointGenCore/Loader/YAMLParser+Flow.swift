// Flow collections: `[a, b]` and `{k: v}`, which may span lines (JSON is one of them).

extension YAMLReader {
    /// Skips spaces, tabs, line breaks and comments inside a flow collection.
    mutating func skipFlowSpace() throws {
        while pos < count {
            let byte = bytes[pos]
            if byte == 0x20 || byte == 0x09 {
                pos += 1
            } else if byte == 0x0A || byte == 0x0D {
                consumeBreak()
                if isDocumentMarker(pos) {
                    throw fatal("a document marker inside '[...]' or '{...}': a closing bracket is missing", at: pos)
                }
            } else if byte == UInt8(ascii: "#"), pos == lineStart || YAMLReader.isWhite(bytes[pos - 1]) {
                while pos < count, !YAMLReader.isBreak(bytes[pos]) { pos += 1 }
            } else {
                return
            }
        }
    }

    /// `[` or `{` at `pos`.
    mutating func parseFlowCollection() throws -> JSONNode {
        bytes[pos] == UInt8(ascii: "[") ? try parseFlowSequence() : try parseFlowMapping()
    }

    /// One node inside a flow collection.
    mutating func parseFlowNode() throws -> JSONNode {
        try skipFlowSpace()
        var properties = YAMLProperties()
        let propertiesLocation = location(at: pos)
        if at(pos) == UInt8(ascii: "&") || at(pos) == UInt8(ascii: "!") {
            properties = try readProperties(flow: true)
            try skipFlowSpace()
        }
        let location = self.location(at: pos)
        let node: JSONNode
        let first = at(pos)
        if !properties.isEmpty && (first == UInt8(ascii: ",") || first == UInt8(ascii: "]") || first == UInt8(ascii: "}") || first == UInt8(ascii: ":")) {
            // `[&a, b]`: properties on an empty node.
            try countNode(at: pos)
            node = JSONNode(properties.forcesString ? .string("") : .null, at: propertiesLocation)
            register(node, properties)
            return node
        }
        switch first {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            node = try parseFlowCollection()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let text = try readQuoted()
            try countNode(at: pos)
            node = applyCoreTag(JSONNode(.string(text), at: location), text: text, properties: properties)
        case UInt8(ascii: "*"):
            return try readAlias(properties: properties)
        case 0:
            throw fatal("unexpected end of file inside '[...]' or '{...}'", at: pos)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            throw fatal("a block scalar ('|' or '>') cannot be inside '[...]' or '{...}'; use a quoted string", at: pos)
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw fatal("expected a value, found \(describe(pos))", at: pos)
        default:
            try checkPlainStart(flow: true)
            let start = pos
            readPlain(parentIndent: -1, flow: true)
            try countNode(at: start)
            let plain = resolvePlain(at: location, offset: start, forceString: properties.forcesString)
            node = properties.coreType == nil ? plain : applyCoreTag(plain, text: lastPlainText ?? "", properties: properties)
        }
        register(node, properties)
        return node
    }

    /// Reads a key in a flow collection and returns its text.
    mutating func readFlowKey() throws -> (text: String, plain: Bool, location: SourceLocation) {
        try skipFlowSpace()
        let location = self.location(at: pos)
        if at(pos) == UInt8(ascii: ":") && (YAMLReader.isBlankOrEnd(at(pos + 1)) || YAMLReader.isFlowIndicator(at(pos + 1))) {
            try countNode(at: pos)
            return ("", true, location)  // `{: v}`: an empty key
        }
        lastPlainText = nil
        let node = try parseFlowNode()
        // Set only when the key itself was a plain scalar (a collection is refused below).
        let plainText = node.value.isScalar ? lastPlainText : nil
        guard let text = keyText(node, plainText: plainText) else {
            throw fatal("a list or mapping as a key is not supported: JSON keys are strings", at: location)
        }
        return (text, plainText != nil, location)
    }

    /// After a key: `: value`, or nothing (the value is null).
    mutating func readFlowValue(closing: UInt8, keyLocation: SourceLocation) throws -> JSONNode {
        try skipFlowSpace()
        guard at(pos) == UInt8(ascii: ":") else {
            try countNode(at: pos)
            return JSONNode(.null, at: keyLocation)
        }
        let colon = location(at: pos)
        pos += 1
        try skipFlowSpace()
        if at(pos) == UInt8(ascii: ",") || at(pos) == closing {
            try countNode(at: pos)
            return JSONNode(.null, at: colon)
        }
        return try parseFlowNode()
    }

    mutating func parseFlowSequence() throws -> JSONNode {
        let location = self.location(at: pos)
        try enter(at: pos)
        defer { depth -= 1 }
        pos += 1  // [
        var items: [JSONNode] = []
        while true {
            try skipFlowSpace()
            guard pos < count else {
                throw fatal("unexpected end of file: the list '[' opened at line \(location.line), column \(location.column) is not closed", at: pos)
            }
            let byte = bytes[pos]
            if byte == UInt8(ascii: "]") {
                pos += 1
                break
            }
            if byte == UInt8(ascii: ",") {
                throw fatal("unexpected ',': an entry is missing before it", at: pos)
            }
            let entryLocation = self.location(at: pos)
            var item: JSONNode
            if byte == UInt8(ascii: "?") && (YAMLReader.isBlankOrEnd(at(pos + 1)) || YAMLReader.isFlowIndicator(at(pos + 1))) {
                pos += 1
                let key = try readFlowKey()
                let value = try readFlowValue(closing: UInt8(ascii: "]"), keyLocation: key.location)
                item = JSONNode(.object([JSONNode.Member(key: key.text, keyLocation: key.location, value: value)]), at: entryLocation)
                try countNode(at: pos)
            } else {
                lastPlainText = nil
                item = try parseFlowNode()
                let plainText = item.value.isScalar ? lastPlainText : nil
                try skipFlowSpace()
                if at(pos) == UInt8(ascii: ":") {
                    // `[key: value]` is a list holding a one-pair mapping.
                    guard let key = keyText(item, plainText: plainText) else {
                        throw fatal("a list or mapping as a key is not supported: JSON keys are strings", at: entryLocation)
                    }
                    let value = try readFlowValue(closing: UInt8(ascii: "]"), keyLocation: entryLocation)
                    item = JSONNode(.object([JSONNode.Member(key: key, keyLocation: entryLocation, value: value)]), at: entryLocation)
                    try countNode(at: pos)
                }
            }
            items.append(item)
            try skipFlowSpace()
            switch at(pos) {
            case UInt8(ascii: ","):
                pos += 1
            case UInt8(ascii: "]"):
                continue
            case 0:
                throw fatal("unexpected end of file: the list '[' opened at line \(location.line), column \(location.column) is not closed", at: pos)
            default:
                throw fatal("expected ',' or ']' after a list entry, found \(describe(pos))", at: pos)
            }
        }
        try countNode(at: pos)
        return JSONNode(.array(items), at: location)
    }

    mutating func parseFlowMapping() throws -> JSONNode {
        let location = self.location(at: pos)
        try enter(at: pos)
        defer { depth -= 1 }
        pos += 1  // {
        var builder = YAMLMappingBuilder()
        while true {
            try skipFlowSpace()
            guard pos < count else {
                throw fatal("unexpected end of file: the mapping '{' opened at line \(location.line), column \(location.column) is not closed", at: pos)
            }
            let byte = bytes[pos]
            if byte == UInt8(ascii: "}") {
                pos += 1
                break
            }
            if byte == UInt8(ascii: ",") {
                throw fatal("unexpected ',': an entry is missing before it", at: pos)
            }
            if byte == UInt8(ascii: "?") && (YAMLReader.isBlankOrEnd(at(pos + 1)) || YAMLReader.isFlowIndicator(at(pos + 1))) {
                pos += 1
            }
            let key = try readFlowKey()
            let value = try readFlowValue(closing: UInt8(ascii: "}"), keyLocation: key.location)
            if key.plain && key.text == "<<" {
                builder.merge(value, at: key.location, diagnostics: &diagnostics)
            } else {
                builder.add(key.text, at: key.location, value: value, diagnostics: &diagnostics)
            }
            try skipFlowSpace()
            switch at(pos) {
            case UInt8(ascii: ","):
                pos += 1
            case UInt8(ascii: "}"):
                continue
            case 0:
                throw fatal("unexpected end of file: the mapping '{' opened at line \(location.line), column \(location.column) is not closed", at: pos)
            default:
                throw fatal("expected ',' or '}' after the value of '\(key.text)', found \(describe(pos))", at: pos)
            }
        }
        try countNode(at: pos)
        return JSONNode(.object(builder.finish()), at: location)
    }
}
