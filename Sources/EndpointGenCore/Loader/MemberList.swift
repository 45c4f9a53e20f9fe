/// An object's members as a reader collects them, for the JSON and the YAML reader alike: a
/// duplicate key is an error at the second one naming the first, and the first is kept. Past 16
/// members, keys are looked up in a dictionary (big objects would otherwise make reading quadratic).
struct MemberList {
    private(set) var members: [JSONNode.Member] = []
    private var index: [String: Int]? = nil

    /// Adds the member, or reports that `key` is there already.
    mutating func add(_ key: String, at keyLocation: SourceLocation, value: JSONNode, diagnostics: inout Diagnostics) {
        // Lengths first: comparing two strings that differ calls into the runtime, and a key is
        // mostly compared with keys it is not (a native string knows its UTF-8 length).
        let length = key.utf8.count
        let first = index.map { $0[key] } ?? members.firstIndex { $0.key.utf8.count == length && $0.key == key }
        if let first {
            let place = members[first].keyLocation
            diagnostics.error("duplicate key '\(key)' (first at line \(place.line), column \(place.column))", at: keyLocation)
            return
        }
        members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
        if index != nil {
            index?[key] = members.count - 1
        } else if members.count >= 16 {
            var built: [String: Int] = [:]
            for (offset, member) in members.enumerated() { built[member.key] = offset }
            index = built
        }
    }
}
