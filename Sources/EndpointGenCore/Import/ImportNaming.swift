// The importer's view of naming: the generator's own conversions (so collisions found here are the
// ones the Validator would find), and the type names an imported model must not take.

enum ImportNaming {
    static func lowerCamel(_ key: String) -> String { Naming.lowerCamel(key) }
    static func upperCamel(_ key: String) -> String { Naming.upperCamel(key) }

    /// Names a model would shadow or be shadowed by (the generator's one table).
    static let reservedTypeNames: Set<String> = ReservedNames.typeNames

    /// Names a group must not take (the generator's one table): runtime types are allowed, the
    /// generator qualifies a runtime name that a type of the file shadows (`EndpointRuntime.Auth`).
    static let reservedGroupNames: Set<String> = ReservedNames.groupTypeNames
}

// MARK: - Groups and names from paths (documents without tags)

extension ImportNaming {
    /// Whether a path segment is an API version (`v1`, `v2beta`, `v1.1`): a document without tags is
    /// grouped by the resource after it, not by the version every path starts with.
    static func isVersionSegment(_ segment: Substring) -> Bool {
        segment.range(of: #"^[vV][0-9]+(\.[0-9]+)?([a-z]+[0-9]*)?$"#, options: .regularExpression) != nil
    }

    /// The group key of an untagged operation of `segments`: its resource segment in lowerCamelCase,
    /// or "" (the top level) when the path starts with a placeholder.
    static func resourceGroupKey(_ segments: [Substring]) -> String {
        resourceSegmentIndex(segments).map { lowerCamel(String(segments[$0])) } ?? ""
    }

    /// The index of the path segment that names an untagged operation's group: the first literal
    /// segment, or the one after it when it is a version (`/v1/invoices/...` -> `invoices`); nil when
    /// the path starts with a placeholder.
    static func resourceSegmentIndex(_ segments: [Substring]) -> Int? {
        guard let first = segments.first, !first.contains("{") else { return nil }
        if isVersionSegment(first), segments.count > 1, !segments[1].contains("{") { return 1 }
        return 0
    }

    /// `bank_accounts` -> `bank_account`, `capabilities` -> `capability`: the last word of a
    /// collection without its plural ending, to name one item. `status`, `address`, `analysis` stay.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("ies"), word.count > 4 { return word.dropLast(3) + "y" }
        if ["sses", "shes", "ches", "xes", "uses"].contains(where: { lower.hasSuffix($0) }) { return String(word.dropLast(2)) }
        if lower.hasSuffix("s"), !["ss", "us", "is"].contains(where: { lower.hasSuffix($0) }), word.count > 1 { return String(word.dropLast()) }
        return word
    }

    static func isPlural(_ word: String) -> Bool { singular(word) != word }

    /// The name of an untagged operation from its method and what its path adds to its group's
    /// resource (`segments` after the group's segment):
    /// - the resource itself: `list` (GET) and `create` (POST) when the document has items under it
    ///   (`/invoices/{invoice}`), else `get`, and `update` (POST on what has a GET or DELETE: a
    ///   singleton like `/v1/account`) or `create`;
    /// - an item (`{invoice}`): `get`, `update` (POST, PUT, PATCH), `delete`;
    /// - a sub-resource: the same verbs followed by its words, an item's collection named in the
    ///   singular (`getSource` for `/customers/{customer}/sources/{id}`, `listSources`,
    ///   `createSource`);
    /// - a POST to a literal that is neither plural nor a collection is `update` when the path is
    ///   also read or deleted, else an action, named by it (`send` for `/invoices/{invoice}/send`,
    ///   `verifySource` for `.../sources/{id}/verify`); a GET of `search` is `search`.
    /// `isCollection(prefix)`: the document has a path `prefix/{...}`; `methods(prefix)`: its methods.
    static func resourceName(method: String, segments: [Substring], fullPath: String,
                             isCollection: (String) -> Bool, methods: (String) -> Set<String>) -> String {
        var words: [String] = []
        for (index, segment) in segments.enumerated() where !segment.contains("{") {
            let followedByItem = index + 1 < segments.count && segments[index + 1].contains("{")
            words.append(followedByItem ? singular(String(segment)) : String(segment))
        }
        let tailIsLiteral = segments.last.map { !$0.contains("{") } ?? false
        let collection = isCollection(fullPath)
        func name(_ verb: String, _ words: [String]) -> String { lowerCamel(([verb] + words).joined(separator: "_")) }
        guard tailIsLiteral, let tail = words.last else {
            switch method {
            case "get": return name(segments.isEmpty && collection ? "list" : "get", words)
            case "post":
                if !segments.isEmpty { return name("update", words) }
                if collection { return "create" }
                let others = methods(fullPath)
                return others.contains("get") || others.contains("delete") ? "update" : "create"
            case "put", "patch": return name("update", words)
            default: return name(method, words)
            }
        }
        let plural = collection || isPlural(tail)
        switch method {
        case "get":
            if !plural, tail.lowercased() == "search" { return name("search", Array(words.dropLast())) }
            return name(plural ? "list" : "get", words)
        case "post":
            if plural { return name("create", words.dropLast() + [singular(tail)]) }
            // A thing that is also read or deleted (Stripe's `/charges/{charge}/dispute`) is updated.
            if !methods(fullPath).isDisjoint(with: ["get", "delete"]) { return name("update", words) }
            // An action: its verb first, then what it acts on.
            return name(tail, Array(words.dropLast()))
        case "put", "patch": return name("update", words)
        default: return name(method, words)
        }
    }
}

extension ImportNaming {
    /// Whether an operationId says no more than its method and path (Stripe's `PostInvoicesInvoiceSend`
    /// for `POST /v1/invoices/{invoice}/send`): the method, then the path's segments (placeholders
    /// by their names, the version segment or not), compared by letters and digits alone.
    static func operationIDRestatesPath(_ id: String, method: String, segments: [Substring]) -> Bool {
        func letters(_ text: String) -> String { String(text.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let target = letters(id)
        let all = segments.map(String.init)
        let literals = segments.filter { !$0.contains("{") }.map(String.init)
        var candidates = [all, literals]
        if let first = segments.first, isVersionSegment(first) {
            candidates += [Array(all.dropFirst()), Array(literals.dropFirst())]
        }
        return candidates.contains { letters(method + $0.joined()) == target }
    }
}
