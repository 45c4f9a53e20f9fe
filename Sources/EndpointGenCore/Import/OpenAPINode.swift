// A JSON node of an OpenAPI document together with its JSON pointer (`#/paths/~1pets/get`), so every
// warning can name exactly what it dropped.

struct OANode {
    let node: JSONNode
    /// The JSON pointer of this node in the document, as a URI fragment: `#/paths/~1pets/get`.
    let pointer: String

    init(_ node: JSONNode, pointer: String) {
        self.node = node
        self.pointer = pointer
    }

    var location: SourceLocation { node.location }

    subscript(key: String) -> OANode? {
        guard case let .object(members) = node.value else { return nil }
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return OANode(member.value, pointer: pointer + "/" + OANode.escape(key))
    }

    /// The location of a key of this object (for diagnostics about the key itself).
    func keyLocation(_ key: String) -> SourceLocation? {
        guard case let .object(members) = node.value else { return nil }
        return members.first(where: { $0.key == key })?.keyLocation
    }

    var isObject: Bool {
        if case .object = node.value { return true }
        return false
    }

    /// Object members in file order, each with its own pointer; empty when not an object.
    var members: [(key: String, keyLocation: SourceLocation, value: OANode)] {
        guard case let .object(members) = node.value else { return [] }
        return members.map { ($0.key, $0.keyLocation, OANode($0.value, pointer: pointer + "/" + OANode.escape($0.key))) }
    }

    var items: [OANode]? {
        guard case let .array(items) = node.value else { return nil }
        return items.enumerated().map { OANode($0.element, pointer: pointer + "/\($0.offset)") }
    }

    var string: String? {
        if case let .string(s) = node.value { return s }
        return nil
    }

    var bool: Bool? {
        if case let .bool(b) = node.value { return b }
        return nil
    }

    var number: String? {
        if case let .number(n) = node.value { return n }
        return nil
    }

    /// A JSON pointer reference token: `~` -> `~0`, `/` -> `~1`.
    /// (Called for every member looked up, so it avoids Foundation's string search.)
    static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var result = ""
        for character in token {
            switch character {
            case "~": result += "~0"
            case "/": result += "~1"
            default: result.append(character)
            }
        }
        return result
    }

    /// A reference token as written in a `$ref` (percent-encoded as a URI fragment) -> the key.
    static func unescape(_ token: String) -> String {
        let percentDecoded = token.utf8.contains(UInt8(ascii: "%")) ? (token.removingPercentEncoding ?? token) : token
        guard percentDecoded.utf8.contains(UInt8(ascii: "~")) else { return percentDecoded }
        return percentDecoded.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}

import Foundation

extension String {
    /// Without leading and trailing white space and newlines (Foundation's trimming is slow on Linux,
    /// and descriptions are trimmed by the thousand).
    var importTrimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return self }
        return String(scalars[first...last])
    }
}
