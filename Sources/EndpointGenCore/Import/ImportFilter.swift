// Filtering: `--tag`, `--operation`, `--path` keep the operations that match any of them, and the
// component schemas those operations reach through `$ref`s, directly or through other components.
// A filter that matches nothing is a warning, with a did-you-mean when a tag or operationId is close.

extension OpenAPIImportContext {
    /// The key of an operation in `keptOperations`: its path and method.
    static func operationKey(path: String, method: String) -> String { method + " " + path }

    func isKept(path: String, method: String) -> Bool {
        keptOperations?.contains(Self.operationKey(path: path, method: method)) ?? true
    }

    /// Whether `path` is `prefix` or lies below it, segment by segment (`/repos` matches
    /// `/repos/{owner}`, not `/repositories`). A prefix without a leading `/` gets one. A path's
    /// fragment is not part of what it requests: `/oauth2/token` keeps `/oauth2/token#refresh`, while
    /// `/oauth2/token#refresh` keeps that path alone.
    static func path(_ path: String, isUnder prefix: String) -> Bool {
        var prefix = prefix.hasPrefix("/") ? prefix : "/" + prefix
        while prefix.count > 1, prefix.hasSuffix("/") { prefix.removeLast() }
        if prefix == "/" || path == prefix { return true }
        let requested = path.firstIndex(of: "#").map { String(path[..<$0]) } ?? path
        return requested == prefix || requested.hasPrefix(prefix + "/")
    }

    /// Chooses the operations to keep and the component schemas they reach, and sets `kept`.
    func applyFilter(_ options: ImportOptions) {
        let wantedTags = Set(options.tags)
        let wantedIDs = Set(options.operationIDs)
        var kept: Set<String> = []
        var keptNodes: [OANode] = []
        var total = 0
        var knownTags: [String] = (root["tags"]?.items ?? []).compactMap { $0["name"]?.string }
        var knownIDs: [String] = []
        var matchedTags: Set<String> = []
        var matchedIDs: Set<String> = []
        var matchedPrefixes: Set<String> = []

        for (path, _, rawItem) in root["paths"]?.members ?? [] {
            guard let item = resolveQuietly(rawItem) else { continue }
            for method in Self.methods {
                guard let operation = item[method], operation.isObject else { continue }
                total += 1
                var matches = false
                for tag in operation["tags"]?.items?.compactMap(\.string) ?? [] {
                    knownTags.append(tag)
                    if wantedTags.contains(tag) { matchedTags.insert(tag); matches = true }
                }
                if let id = operation["operationId"]?.string {
                    knownIDs.append(id)
                    if wantedIDs.contains(id) { matchedIDs.insert(id); matches = true }
                }
                for prefix in options.pathPrefixes where Self.path(path, isUnder: prefix) {
                    matchedPrefixes.insert(prefix)
                    matches = true
                }
                guard matches else { continue }
                kept.insert(Self.operationKey(path: path, method: method))
                keptNodes.append(contentsOf: keptParts(of: operation, method: method, path: path,
                                                       itemParameters: item["parameters"]?.items ?? []))
            }
        }

        let paths = root["paths"] ?? root
        func report(_ kind: String, _ value: String, known: [String]) {
            var message = "no operation has the \(kind) '\(value)'"
            var seen: Set<String> = []
            let candidates = known.filter { seen.insert($0).inserted }
            if let suggestion = Naming.didYouMean(value, candidates: candidates) {
                message += "; did you mean '\(suggestion)'?"
            }
            warn(.filterMatchesNothing, paths, message)
        }
        for tag in options.tags where !matchedTags.contains(tag) { report("tag", tag, known: knownTags) }
        for id in options.operationIDs where !matchedIDs.contains(id) { report("operationId", id, known: knownIDs) }
        for prefix in options.pathPrefixes where !matchedPrefixes.contains(prefix) {
            warn(.filterMatchesNothing, paths, "no path is '\(prefix)' or lies below it")
        }

        keptOperations = kept
        let reached = reachableComponentSchemas(from: keptNodes)
        keptComponents = reached
        let schemas = root["components"]?["schemas"]?.members ?? []
        let models = schemas.filter { becomesModel($0.value) }
        self.kept = ImportKept(operations: kept.count, totalOperations: total,
                               models: models.filter { reached.contains($0.key) }.count, totalModels: models.count)
    }

    /// The schemas of an operation that the import keeps, so that a filter keeps the models they
    /// reach and no other: not those of cookie parameters in version 1, of the `Accept`, `Content-Type` and
    /// `Authorization` headers, of path parameters without a placeholder, of a GET or HEAD body, of
    /// media types other than the one kept, of success responses other than the first (version 1),
    /// of response headers (version 1; version 2 keeps those of success responses and of error
    /// responses with a JSON or text body), of error bodies that are not JSON (text is the error's
    /// text, whatever its schema), of examples, links and callbacks.
    func keptParts(of operation: OANode, method: String, path: String, itemParameters: [OANode]) -> [OANode] {
        var parts: [OANode] = []
        let placeholders = Self.placeholders(in: path)
        var seenParameters: Set<String> = []
        for raw in (operation["parameters"]?.items ?? []) + itemParameters {
            guard let parameter = resolveQuietly(raw), let name = parameter["name"]?.string,
                  let location = parameter["in"]?.string else { continue }
            // The operation's parameter hides the path item's of the same name and location.
            guard seenParameters.insert(location + " " + name).inserted else { continue }
            switch location {
            case "query": break
            case "path": guard placeholders.contains(name) else { continue }
            case "header": guard !["accept", "content-type", "authorization"].contains(name.lowercased()) else { continue }
            case "cookie":
                guard versionTwo, Validation.isToken(name) else { continue }
            default: continue
            }
            // A parameter serialized by `content` is typed String.
            if let schema = parameter["schema"] { parts.append(schema) }
        }
        if method != "get", method != "head", let raw = operation["requestBody"], let body = resolveQuietly(raw),
           let content = body["content"], let media = chosenMedia(content, forResponse: false)?.value {
            if let schema = media["schema"] { parts.append(schema) }
            // Version 2 sends a body of another schema offered in another encoding from an endpoint of its own.
            for key in versionTwo ? bodyTwinMediaTypes(raw) : [] {
                if let schema = content.members.first(where: { $0.key == key })?.value["schema"] { parts.append(schema) }
            }
        }
        var success: [(code: Int, response: OANode)] = []
        for (key, _, raw) in operation["responses"]?.members ?? [] {
            guard let response = resolveQuietly(raw) else { continue }
            let upper = key.uppercased()
            let hundreds = key == "default" ? 5 : Int(String(upper.prefix(1))) ?? 0
            guard key == "default" || (key.count == 3 && (Int(key) != nil || upper.hasSuffix("XX"))) else { continue }
            if hundreds == 2 {
                success.append((Int(key) ?? 299, response))
            } else if hundreds == 4 || hundreds == 5, let content = response["content"] {
                if let media = content.members.first(where: { Self.isJSON($0.key) })?.value {
                    guard let schema = media["schema"] else { continue }
                    parts.append(schema)
                } else if !content.members.contains(where: { Self.encoding(for: $0.key) == "text" }) {
                    continue
                }
                // Version 2 types an error's headers beside its JSON body or its text.
                if versionTwo { parts += headerSchemas(of: response) }
            }
        }
        success.sort { $0.code < $1.code }
        let keptSuccess = versionTwo ? success : Array(success.prefix(1))
        for (_, response) in keptSuccess {
            if let content = response["content"] {
                // Version 2 keeps an event stream beside JSON as a second endpoint.
                let streams = versionTwo ? content.members.filter { Self.streamKind(for: $0.key) != nil }.map(\.value) : []
                for media in (chosenMedia(content, forResponse: true).map { [$0.value] } ?? []) + streams {
                    if let schema = media["schema"] { parts.append(schema) }
                    if let schema = media["itemSchema"] { parts.append(schema) }
                }
            }
            // Version 2 types the headers of every success status.
            if versionTwo { parts += headerSchemas(of: response) }
        }
        return parts
    }

    /// The schemas of a response's headers.
    private func headerSchemas(of response: OANode) -> [OANode] {
        (response["headers"]?.members ?? []).compactMap { resolveQuietly($0.value)?["schema"] }
    }

    /// The names of the component schemas reached from `nodes` through local `$ref`s, followed
    /// transitively (a response component that names a schema, a schema that names another).
    func reachableComponentSchemas(from nodes: [OANode]) -> Set<String> {
        var schemas: Set<String> = []
        var followed: Set<String> = []
        // Each node with whether it names properties (whose keys are names, never keywords).
        var stack = nodes.map { ($0, false) }
        while let (node, isNameMap) = stack.popLast() {
            if let items = node.items {
                stack.append(contentsOf: items.map { ($0, false) })
                continue
            }
            for (key, _, value) in node.members {
                // Callbacks and links are dropped by the import: what only they use is not kept.
                if !isNameMap, key == "callbacks" || key == "links" { continue }
                if !isNameMap, key == "$ref", let ref = value.string {
                    guard ref.hasPrefix("#/"), followed.insert(ref).inserted, let target = lookup(pointer: ref) else { continue }
                    if ref.hasPrefix(Self.componentSchemaPrefix) {
                        let name = ref.dropFirst(Self.componentSchemaPrefix.count).split(separator: "/", maxSplits: 1).first
                        if let name { schemas.insert(OANode.unescape(String(name))) }
                    }
                    stack.append((target, false))
                } else {
                    stack.append((value, !isNameMap && ["properties", "patternProperties", "dependentSchemas"].contains(key)))
                }
            }
        }
        return schemas
    }
}
