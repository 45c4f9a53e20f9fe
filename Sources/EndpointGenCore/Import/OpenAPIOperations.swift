// Paths and operations -> endpoints: names, groups, parameters, bodies, responses, errors, auth.

import Foundation

extension OpenAPIImportContext {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]

    /// One operation to import, with its group and the names it may take.
    struct PendingOperation {
        var path: String
        /// The path as the document writes it (a fragment, a query).
        var documentPath: String
        var method: String
        var node: OANode
        var itemParameters: [OANode]
        /// The query the document writes into the path (OpenAI's `/responses?beta=true`): each pair
        /// is sent as a query parameter whose default is its value.
        var fixedQuery: [(name: String, value: String)] = []
        /// The path item's own `servers` (each of its operations sends there unless it has its own).
        var itemServers: OANode?
        /// The group's key ("" for the top level) and what it was made from.
        var groupKey: String
        var groupDescription: String?
        var groupSource: OANode
        /// The name the operationId (or method and path) gives, and the shorter one it gives once
        /// what repeats the tag, or FastAPI's path-and-method suffix, is dropped (nil: nothing to drop).
        var longName: String
        var shortName: String?
        /// Whether its group was named like the API, so that it went to the top level (`Store.listOrders`).
        var inAPIGroup = false
    }

    func importPaths(rootGroup: inout ImportedGroup, groups: inout [ImportedGroup], apiName: String) {
        let pending = pendingOperations(apiName: apiName)
        let baseNames = Self.baseNames(of: pending)
        // The names the operations of each group may take, kept free for them by `...Stream` endpoints.
        var plannedNames: [String: Set<String>] = [:]
        for (operation, base) in zip(pending, baseNames) {
            plannedNames[operation.groupKey, default: []].insert(ImportNaming.lowerCamel(base))
        }

        // Each operation goes into its group where the group stands (`&groups[index]`): a copy taken
        // out and put back would copy the group's endpoints at every append, for a time per operation
        // that grows with the group (XeroAccounting five times over: 1,175 operations in one group).
        var groupIndex: [String: Int] = [:]
        for (operation, base) in zip(pending, baseNames) {
            let groupKey = operation.groupKey
            let planned = plannedNames[groupKey] ?? []
            if groupKey.isEmpty {
                importOperation(operation, baseName: base, into: &rootGroup, plannedNames: planned)
                continue
            }
            let index: Int
            if let known = groupIndex[groupKey] {
                index = known
            } else {
                index = groups.count
                groupIndex[groupKey] = index
                groups.append(ImportedGroup(key: groupKey, description: operation.groupDescription, source: operation.groupSource))
            }
            importOperation(operation, baseName: base, into: &groups[index], plannedNames: planned)
        }
    }

    /// Imports one operation as an endpoint of `group` (and its `...Stream` twin), under a name no
    /// endpoint of the group has; `plannedNames` are kept free for the group's other operations.
    func importOperation(_ operation: PendingOperation, baseName base: String, into group: inout ImportedGroup, plannedNames: Set<String>) {
        let groupKey = operation.groupKey
        let name = uniqueEndpointName(base, operation: operation.node, used: group.usedNames, topLevel: groupKey.isEmpty)
        group.usedNames.insert(ImportNaming.lowerCamel(name))
        // JSON and an event stream: the second endpoint, `<name>Stream`, returns the stream. A body
        // offered as JSON and as multipart (or a form, or bytes): `<name>Multipart` sends the other.
        // A twin's name is taken when it is first needed (its body's models are named after it).
        var twinNames: [String: String] = [:]
        func twinName(_ suffix: String) -> String {
            if let known = twinNames[suffix] { return known }
            let taken = takenEndpointNames(group.usedNames.union(plannedNames), topLevel: groupKey.isEmpty)
            let twin = uniqueName(name + suffix, used: taken, convert: ImportNaming.lowerCamel)
            group.usedNames.insert(ImportNaming.lowerCamel(twin))
            twinNames[suffix] = twin
            return twin
        }
        let imported = importOperation(operation.node, method: operation.method, path: operation.path, name: name,
                                       typeBase: Self.typeBase(of: name, in: groupKey), pathParameters: operation.itemParameters,
                                       pathServers: operation.itemServers, fixedQuery: operation.fixedQuery,
                                       twinTypeBase: { Self.typeBase(of: twinName($0), in: groupKey) })
        group.endpoints.append(ImportedEndpoint(key: name, value: imported.endpoint, source: operation.node,
                                                pathParameters: operation.itemParameters))
        let twins = (imported.stream.map { [(suffix: "Stream", endpoint: $0)] } ?? []) + imported.bodyTwins
        for twin in twins {
            group.endpoints.append(ImportedEndpoint(key: twinName(twin.suffix), value: twin.endpoint, source: operation.node,
                                                    pathParameters: operation.itemParameters))
        }
        operationCount += 1
    }

    /// What the models made for an endpoint are named after: its name, and its group's when the name
    /// alone does not say it (`list` in `volumes` -> `VolumesList...`).
    static func typeBase(of name: String, in groupKey: String) -> String {
        name.lowercased().contains(groupKey.lowercased())
            ? ImportNaming.upperCamel(name) : ImportNaming.upperCamel(groupKey) + ImportNaming.upperCamel(name)
    }

    /// Each operation's name before collisions: its short name when no other operation of its group
    /// has it. A short name that two operations of a group would share, or that another operation's
    /// name already is, is not used: both keep their long names.
    static func baseNames(of pending: [PendingOperation]) -> [String] {
        var nameCounts: [String: Int] = [:]
        for operation in pending {
            nameCounts[operation.groupKey + " " + (operation.shortName ?? operation.longName), default: 0] += 1
            if operation.shortName != nil { nameCounts[operation.groupKey + " " + operation.longName, default: 0] += 1 }
        }
        return pending.map { operation in
            operation.shortName.flatMap { nameCounts[operation.groupKey + " " + $0] == 1 ? $0 : nil } ?? operation.longName
        }
    }

    /// The document's operations that the filters keep, in its order, each with its group and names.
    func pendingOperations(apiName: String) -> [PendingOperation] {
        let tagDescriptions = Dictionary(
            (root["tags"]?.items ?? []).compactMap { tag in
                tag["name"]?.string.map { ($0, tag["description"]?.string?.importTrimmed) }
            },
            uniquingKeysWith: { first, _ in first })
        var pathMethods: [String: Set<String>] = [:]
        for (path, _, rawItem) in root["paths"]?.members ?? [] {
            pathMethods[path] = Set(Self.methods.filter { resolveQuietly(rawItem)?[$0] != nil })
        }
        let context = NamingContext(apiName: apiName, tagDescriptions: tagDescriptions, operationIDPrefix: commonOperationIDPrefix(),
                                    pathList: (root["paths"]?.members ?? []).map(\.key), pathMethods: pathMethods)

        var pending: [PendingOperation] = []
        for (documentPath, pathKeyLocation, rawItem) in root["paths"]?.members ?? [] {
            guard let item = resolve(rawItem) else { continue }
            // What is sent: the path without its fragment (Box's `/oauth2/token#refresh`).
            guard let (path, fixedQuery) = requestPath(documentPath, item: rawItem, keyLocation: pathKeyLocation) else { continue }
            let itemParameters = item["parameters"]?.items ?? []
            let itemServers = item["servers"]
            let pathIsKept = Self.methods.contains { isKept(path: documentPath, method: $0) }
            for (key, keyLocation, value) in item.members {
                if key == "trace" {
                    if pathIsKept {
                        warn(.unsupportedMethod, pointer: value.pointer, at: keyLocation, "TRACE operations are not supported; dropped")
                    }
                    continue
                }
                // Path-level servers are each operation's own (`endpointBaseURL`).
                if key == "servers" { continue }
                guard Self.methods.contains(key), isKept(path: documentPath, method: key) else { continue }
                guard value.isObject else {
                    warn(.invalidOperation, value, "an operation must be an object; dropped")
                    continue
                }
                var operation = pendingOperation(value, method: key, path: path, documentPath: documentPath, itemParameters: itemParameters,
                                                 itemServers: itemServers, context: context)
                operation.fixedQuery = fixedQuery
                pending.append(operation)
            }
        }
        return groupingAPIGroupWhereItFits(pending, context: context)
    }

    /// The operations of the group named like the API go to the top level (`Store.listOrders`),
    /// unless the top level would then hold more than one level can: Plaid tags all its 329
    /// operations `plaid`, a tag that says nothing in the API `Plaid`. Those are then grouped as
    /// untagged operations are, by the resource of their path (`/asset_report/create` ->
    /// `AssetReport.create`). Decided on the whole document, whatever the filters keep (an
    /// operation's place does not depend on them), counting an operation with a body of several
    /// media types, or a response of several, as the endpoints it may become.
    func groupingAPIGroupWhereItFits(_ pending: [PendingOperation], context: NamingContext) -> [PendingOperation] {
        guard pending.contains(where: \.inAPIGroup) else { return pending }
        var topLevel = 0
        var groups: Set<String> = []
        for (path, _, rawItem) in root["paths"]?.members ?? [] {
            guard let item = resolveQuietly(rawItem) else { continue }
            for (method, _, operation) in item.members where Self.methods.contains(method) {
                // The group as `pendingOperation` gives it: the first tag, else the path's resource.
                let group = operation["tags"]?.items?.first?.string.map(ImportNaming.lowerCamel)
                    ?? ImportNaming.resourceGroupKey(String(path.prefix { $0 != "#" && $0 != "?" }).split(separator: "/"))
                guard group.isEmpty || ImportNaming.upperCamel(group) == context.apiName else {
                    groups.insert(group)
                    continue
                }
                let body = (operation["requestBody"].flatMap(resolveQuietly)?["content"]?.members.count ?? 0) > 1 ? 1 : 0
                let response = (operation["responses"]?.members ?? []).contains { entry in
                    (resolveQuietly(entry.value)?["content"]?.members.count ?? 0) > 1
                } ? 1 : 0
                topLevel += 1 + body + response
            }
        }
        guard topLevel + groups.count > ReservedNames.maximumCasesPerLevel else { return pending }
        return pending.map { operation in
            guard operation.inAPIGroup else { return operation }
            var regrouped = pendingOperation(operation.node, method: operation.method, path: operation.path,
                                             documentPath: operation.documentPath, itemParameters: operation.itemParameters,
                                             itemServers: operation.itemServers, context: context, ignoringTag: true)
            regrouped.fixedQuery = operation.fixedQuery
            return regrouped
        }
    }

    /// What naming an operation needs to know of the whole document.
    struct NamingContext {
        var apiName: String
        var tagDescriptions: [String: String?]
        var operationIDPrefix: [String]
        /// Every path of the document and its methods (not only the kept ones: names do not depend on filters).
        var pathList: [String]
        var pathMethods: [String: Set<String>]
    }

    /// One operation, its group and its names. The group: the first tag, else the path's resource
    /// segment, else the top level.
    /// `ignoringTag`: grouped as if it had no tag (see `pendingOperations`).
    func pendingOperation(_ value: OANode, method key: String, path: String, documentPath: String, itemParameters: [OANode],
                          itemServers: OANode?, context: NamingContext, ignoringTag: Bool = false) -> PendingOperation {
        var groupKey = ""
        var groupDescription: String?
        var groupSource = value
        if !ignoringTag, let tagNode = value["tags"]?.items?.first, let tag = tagNode.string {
            groupSource = tagNode
            groupKey = ImportNaming.lowerCamel(tag)
            groupDescription = context.tagDescriptions[tag] ?? nil
            if groupDescription?.isEmpty == true { groupDescription = nil }
        }
        // No tag: the group is the resource after any version segment (`/v1/invoices` -> `invoices`).
        let segments = path.split(separator: "/")
        let resourceIndex = groupSource.pointer == value.pointer ? ImportNaming.resourceSegmentIndex(segments) : nil
        if resourceIndex != nil { groupKey = ImportNaming.resourceGroupKey(segments) }
        // Without an operationId the fragment names what the operation does (`postOauth2TokenRefresh`).
        let longName = endpointBaseName(operation: value, method: key, path: documentPath, groupKey: groupKey,
                                        commonPrefix: context.operationIDPrefix)
        var shortName: String?
        // A fragment says what the operation does, which the path alone cannot: its name keeps it.
        if let index = resourceIndex, !documentPath.contains("#") {
            // An operation its operationId names no better than its path is named by what the path adds.
            if value["operationId"]?.string.map({ ImportNaming.operationIDRestatesPath($0, method: key, segments: segments) }) ?? true {
                shortName = ImportNaming.resourceName(
                    method: key, segments: Array(segments.dropFirst(index + 1)), fullPath: path,
                    isCollection: { prefix in context.pathList.contains { $0.hasPrefix(prefix + "/{") } },
                    methods: { context.pathMethods[$0] ?? [] })
            }
        }
        if shortName == nil {
            shortName = shortenedName(longName, operation: value, method: key, path: path, groupKey: groupKey)
        }
        // A group named like the API (tag `store` in `Store`) is the API's own: its endpoints
        // go at the top level (`Store.listOrders`), where a user looks for them.
        var inAPIGroup = false
        if ImportNaming.upperCamel(groupKey) == context.apiName {
            groupKey = ""
            groupDescription = nil
            inAPIGroup = !ignoringTag
        }
        return PendingOperation(
            path: path, documentPath: documentPath, method: key, node: value, itemParameters: itemParameters, itemServers: itemServers, groupKey: groupKey,
            groupDescription: groupDescription, groupSource: groupSource, longName: longName, shortName: shortName,
            inAPIGroup: inAPIGroup)
    }

    /// The path an operation of `documentPath` requests, and the query written into it, or nil
    /// (reported) when the spec cannot hold it.
    /// A fragment (`/oauth2/token#refresh`: Box writes one path per grant type) is never sent, so it is
    /// left out, with no warning: the operations keep their own names (the operationId, or the
    /// fragment when there is none) and are endpoints of the same method and path.
    /// A query (`/responses?beta=true`: OpenAI writes its beta operations so) is sent: each
    /// `name=value` pair, percent-decoded, becomes a query parameter whose default is the value.
    func requestPath(_ documentPath: String, item: OANode, keyLocation: SourceLocation) -> (String, [(name: String, value: String)])? {
        var path = documentPath
        if let hash = path.firstIndex(of: "#") { path = String(path[..<hash]) }
        var fixedQuery: [(name: String, value: String)] = []
        var problem: String?
        // (On UTF-8 bytes: most paths have no `?`, and a search by Character is not free.)
        if let question = path.utf8.firstIndex(of: UInt8(ascii: "?")) {
            if let pairs = Self.fixedQuery(path[path.index(after: question)...]) {
                fixedQuery = pairs
                path = String(path[..<question])
            } else {
                problem = "contains a query ('?') that is not name=value pairs"
            }
        }
        if problem == nil, path.unicodeScalars.contains(where: { $0 == " " || $0.value < 0x20 || $0.value == 0x7F }) {
            problem = "contains spaces or control characters"
        } else if problem == nil, !Self.hasWellFormedPlaceholders(path) {
            problem = "has an unbalanced or empty '{...}' placeholder"
        }
        if let problem {
            warn(.invalidOperation, pointer: item.pointer, at: keyLocation, "the path '\(documentPath)' \(problem); its operations are dropped")
            return nil
        }
        if !path.hasPrefix("/") {
            warn(.invalidOperation, pointer: item.pointer, at: keyLocation, "a path must start with '/'; '\(documentPath)' is read as '/\(path)'")
            path = "/" + path
        }
        return (path, fixedQuery)
    }

    /// `beta=true&v=2` as its pairs, percent-decoded (`+` is a space, as in a form); nil when a pair
    /// has no name or no `=` (a bare `flag` is not `flag=`), a name or a value does not decode, or a
    /// name is repeated.
    static func fixedQuery(_ query: Substring) -> [(name: String, value: String)]? {
        var pairs: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2,
                  let name = String(parts[0]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding, !name.isEmpty,
                  let value = String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding,
                  !pairs.contains(where: { $0.name == name }) else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    /// Every `{` closed by a `}` before the next `{` or `/`, with a name between; no `}` alone.
    static func hasWellFormedPlaceholders(_ path: String) -> Bool {
        var open: String?
        for character in path {
            switch character {
            case "{":
                if open != nil { return false }
                open = ""
            case "}":
                guard let name = open, !Validation.isBlank(name) else { return false }
                open = nil
            case "/":
                if open != nil { return false }
            default:
                open?.append(character)
            }
        }
        return open == nil
    }

    /// Dot-separated operationId components shared by every dotted operationId (`books.` in Google's APIs).
    func commonOperationIDPrefix() -> [String] {
        var prefix: [String]?
        for (_, _, item) in root["paths"]?.members ?? [] {
            for method in Self.methods {
                guard let id = item[method]?["operationId"]?.string else { continue }
                let parts = id.split(separator: ".").map(String.init)
                guard parts.count > 1 else { return [] }
                if let current = prefix {
                    prefix = Array(zip(current, parts).prefix(while: { $0 == $1 }).map(\.0))
                } else {
                    prefix = Array(parts.dropLast())
                }
            }
        }
        return prefix ?? []
    }

    /// The endpoint key before shortening: operationId in lowerCamelCase (Google-style dotted ids
    /// lose the shared prefix and the group's own component), else method + literal path segments.
    func endpointBaseName(operation: OANode, method: String, path: String, groupKey: String, commonPrefix: [String]) -> String {
        if let id = operation["operationId"]?.string {
            var parts = id.split(separator: ".").map(String.init)
            if parts.count > 1 {
                if parts.starts(with: commonPrefix), parts.count > commonPrefix.count { parts.removeFirst(commonPrefix.count) }
                if parts.count > 1, ImportNaming.lowerCamel(parts[0]) == groupKey { parts.removeFirst() }
            }
            let name = ImportNaming.lowerCamel(parts.joined(separator: "_"))
            if !name.isEmpty { return name }
        }
        let literals = path.split(separator: "/").map { segment -> String in
            var text = ""
            var depth = 0
            for character in segment {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 } else if depth == 0 { text.append(character) }
            }
            return text
        }
        return ImportNaming.lowerCamel(([method] + literals).joined(separator: "_"))
    }

    /// `name` without what the operationId repeats, or nil when nothing is dropped:
    /// - FastAPI's default id, function name + path + method (`list_books_books_get` for
    ///   `GET /books`): the suffix made of the operation's own path and method goes (`listBooks`);
    /// - the group's tag (or path segment) at its start (`enterprise-admin/list-global-webhooks`
    ///   and `enterpriseAdminListGlobalWebhooks` in `enterprise-admin`): it goes (`listGlobalWebhooks`).
    /// What is left must start with a letter and not be a Swift keyword.
    func shortenedName(_ name: String, operation: OANode, method: String, path: String, groupKey: String) -> String? {
        var short = name
        if let id = operation["operationId"]?.string {
            let suffix = Self.fastAPISuffix(path: path, method: method)
            if id.hasSuffix(suffix), id.count > suffix.count {
                short = ImportNaming.lowerCamel(String(id.dropLast(suffix.count)))
            }
        }
        if !groupKey.isEmpty, short.hasPrefix(groupKey) {
            let rest = short.dropFirst(groupKey.count)
            if let first = rest.unicodeScalars.first, first.properties.isUppercase {
                short = ImportNaming.lowerCamel(String(rest))
            }
        }
        guard short != name, let first = short.unicodeScalars.first, first.properties.isLowercase,
              Naming.isValidIdentifier(short) else { return nil }
        return short
    }

    /// What FastAPI's `generate_unique_id` appends to a route's function name: the path with every
    /// character that is not a letter, digit or `_` replaced by `_`, then `_` and the method.
    static func fastAPISuffix(path: String, method: String) -> String {
        let sanitized = String(path.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return sanitized + "_" + method.lowercased()
    }

    /// The names an endpoint of a group cannot take: `used`, and at the top level `baseURL`, which
    /// the API type itself has.
    func takenEndpointNames(_ used: Set<String>, topLevel: Bool) -> Set<String> {
        topLevel ? used.union(["baseURL"]) : used
    }

    /// `base`, or, when the group already has it, `base2`, `base3`... with a warning. At the top
    /// level `baseURL` is taken by the API type itself.
    func uniqueEndpointName(_ base: String, operation: OANode, used: Set<String>, topLevel: Bool) -> String {
        let taken = takenEndpointNames(used, topLevel: topLevel)
        if taken.contains(ImportNaming.lowerCamel(base)) {
            let renamed = uniqueName(base, used: taken, convert: ImportNaming.lowerCamel)
            warn(.renamed, operation, "endpoint name '\(base)' is already used in its group; renamed to '\(renamed)'")
            return renamed
        }
        return base
    }

    // MARK: One operation

    func importOperation(_ operation: OANode, method: String, path: String, name: String, typeBase: String,
                         pathParameters: [OANode], pathServers: OANode?,
                         fixedQuery: [(name: String, value: String)] = [], twinTypeBase: (String) -> String = { $0 })
        -> (endpoint: ImportJSON, stream: ImportJSON?, bodyTwins: [(suffix: String, endpoint: ImportJSON)]) {
        var endpoint: [(String, ImportJSON)] = []
        if let description = joinedDescription(summary: operation["summary"]?.string, description: operation["description"]?.string) {
            endpoint.append((SpecKey.description.key, .string(description)))
        }
        if operation["deprecated"]?.bool == true { endpoint.append((SpecKey.deprecated.key, .bool(true))) }
        endpoint.append((SpecKey.method.key, .string(method.uppercased())))

        // Request body first: its label `body` is taken before parameters are named.
        var body: ImportJSON?
        /// The same request with the body in another encoding the operation offers (`Multipart`, ...).
        var twinBodies: [(suffix: String, body: ImportJSON)] = []
        // A body whose schema allows only `{}` (Stripe writes one on every operation) says nothing: no body, no warning.
        if let rawBody = operation["requestBody"], !bodyCarriesNothing(rawBody) {
            if method == "get" || method == "head" {
                warn(.invalidOperation, rawBody, "a \(method.uppercased()) request cannot carry a body (URLSession refuses to send one); dropped")
            } else {
                let twins = versionTwo ? bodyTwinMediaTypes(rawBody) : []
                body = requestBody(rawBody, typeBase: typeBase, twins: twins)
                if body != nil {
                    for mediaType in twins {
                        let suffix = Self.twinSuffix(for: mediaType)
                        if let twin = requestBody(rawBody, typeBase: twinTypeBase(suffix), mediaType: mediaType) {
                            twinBodies.append((suffix, twin))
                        }
                    }
                }
            }
        }

        let (finalPath, parameters) = importParameters(operation: operation, path: path, pathParameters: pathParameters,
                                                        typeBase: typeBase, hasBody: body != nil, fixedQuery: fixedQuery)
        endpoint.append((SpecKey.path.key, .string(finalPath)))
        if let baseURL = endpointBaseURL(operation: operation, pathServers: pathServers) { endpoint.append((SpecKey.baseURL.key, .string(baseURL))) }
        if !parameters.isEmpty { endpoint.append((SpecKey.parameters.key, .object(parameters))) }

        if let security = operation["security"] {
            let operationAuth = auth(for: security) ?? .string("none")
            if operationAuth != (topLevelAuth ?? .string("none")) { endpoint.append((SpecKey.auth.key, operationAuth)) }
        }
        if let body { endpoint.append((SpecKey.body.key, body)) }

        let imported = responses(operation, typeBase: typeBase)
        if let response = imported.response { endpoint.append((SpecKey.response.key, response)) }
        if !imported.responses.isEmpty { endpoint.append((SpecKey.responses.key, .object(imported.responses))) }
        if let pagination = imported.pagination { endpoint.append((SpecKey.pagination.key, pagination)) }
        if !imported.errors.isEmpty { endpoint.append((SpecKey.errors.key, .object(imported.errors))) }
        // The stream endpoint: the same request, the stream for a response, no JSON sample.
        let stream = imported.streamResponse.map { streamResponse in
            ImportJSON.object(endpoint.map { $0.0 == SpecKey.response.key ? ($0.0, streamResponse) : $0 })
        }
        if let sample = imported.sample { endpoint.append((SpecKey.sample.key, sample)) }

        for (key, keyLocation, value) in operation.members {
            switch key {
            case "callbacks": warn(.callbacks, pointer: value.pointer, at: keyLocation, "callbacks are not supported; dropped")
            default: break
            }
        }
        // A twin is the endpoint with its own body; a stream response stays the first endpoint's.
        let bodyTwins = twinBodies.map { twin in
            (twin.suffix, ImportJSON.object(endpoint.map { $0.0 == SpecKey.body.key ? ($0.0, twin.body) : $0 }))
        }
        return (.object(endpoint), stream, bodyTwins)
    }

    /// The media types of a request body that become endpoints of their own beside the one the spec
    /// keeps (`chosenMedia`): of another schema than the kept one's (the same data in another
    /// encoding says nothing more), the first of each encoding the format sends besides JSON
    /// (multipart, with its files; a form; bytes). Discord's messages and OpenAI's image edits take
    /// JSON, or multipart with the files.
    func bodyTwinMediaTypes(_ raw: OANode) -> [String] {
        // Most bodies have one media type: nothing to choose, and nothing read to find that out.
        guard let body = resolveQuietly(raw), let content = body["content"], (content.node.importMembers?.count ?? 0) > 1,
              let chosen = chosenMedia(content, forResponse: false) else { return [] }
        var encodings: Set<String> = [Self.encoding(for: chosen.key)]
        var twins: [String] = []
        for (key, _, media) in content.members {
            // The encoding first: comparing schemas writes both out.
            let encoding = Self.encoding(for: key)
            guard ["multipart", "form", "binary"].contains(encoding), !encodings.contains(encoding),
                  Self.isConcreteMediaType(key), !sameSchema(media, chosen.value) else { continue }
            // A form or multipart body is made from an object's properties: another schema stays reported.
            if encoding != "binary", !(media["schema"].flatMap(resolveQuietly).map(isObjectLike) ?? false) { continue }
            encodings.insert(encoding)
            twins.append(key)
        }
        return twins
    }

    /// Whether `schema` (resolved) describes an object: `type: object`, properties, or an `allOf`.
    func isObjectLike(_ schema: OANode) -> Bool {
        schema["type"]?.string == "object" || schema["properties"] != nil || schema["allOf"] != nil || schema["additionalProperties"] != nil
    }

    /// What names the endpoint that sends a body as `mediaType`: `Multipart`, `Form`, `Binary`.
    static func twinSuffix(for mediaType: String) -> String {
        switch encoding(for: mediaType) {
        case "multipart": return "Multipart"
        case "form": return "Form"
        default: return "Binary"
        }
    }

    // MARK: Parameters

    struct PendingParameter {
        /// The parameter itself (a component's pointer when referenced).
        var node: OANode
        /// Where the operation lists it, for messages: `#/paths/~1a/get/parameters/2 (#/components/parameters/x)`.
        var usePointer: String
        var useLocation: SourceLocation
        var wireName: String
        var location: String
        var required: Bool

        /// Where to report what the parameter is in itself (its location, its name): the component
        /// it is defined as, reported once however many operations use it (PagerDuty lists the
        /// components `header_Accept` and `header_Content-Type` on 379 operations), else where it is listed.
        var definition: (pointer: String, location: SourceLocation) {
            usePointer == node.pointer ? (usePointer, useLocation) : (node.pointer, node.location)
        }
    }

    /// Whether the spec can hold `parameter` where it is (reported and dropped otherwise): a path
    /// parameter with its placeholder, a header the runtime does not set itself, a cookie named by
    /// a token (format version 2: version 1 has no cookie parameters).
    func isExpressible(_ parameter: PendingParameter, placeholders: [String], path: String) -> Bool {
        let definition = parameter.definition
        switch parameter.location {
        case "cookie":
            guard versionTwo else {
                warn(.cookieParameter, pointer: definition.pointer, at: definition.location,
                     "format version 1 has no cookie parameters; '\(parameter.wireName)' dropped (version 2 keeps them)")
                return false
            }
            guard Validation.isToken(parameter.wireName) else {
                warn(.cookieParameter, pointer: definition.pointer, at: definition.location, "'\(parameter.wireName)' is not a valid cookie name; dropped")
                return false
            }
        case "path":
            guard placeholders.contains(parameter.wireName) else {
                warn(.pathParameter, pointer: parameter.usePointer, at: parameter.useLocation, "path parameter '\(parameter.wireName)' has no placeholder in '\(path)'; dropped")
                return false
            }
        case "header":
            guard Validation.isToken(parameter.wireName) else {
                warn(.invalidOperation, pointer: definition.pointer, at: definition.location, "'\(parameter.wireName)' is not a valid header name; dropped")
                return false
            }
            if ["accept", "content-type", "authorization"].contains(parameter.wireName.lowercased()) {
                warn(.reservedHeader, pointer: definition.pointer, at: definition.location, "header parameter '\(parameter.wireName)' is set by the runtime (OpenAPI ignores it too); dropped")
                return false
            }
        case "query":
            break
        default:
            warn(.invalidOperation, pointer: definition.pointer, at: definition.location, "unknown parameter location '\(parameter.location)'; dropped")
            return false
        }
        return true
    }

    /// Path-level and operation-level parameters (the operation's override by name and location),
    /// required ones first. Placeholders name wire names, so a renamed key keeps its `name`.
    func importParameters(operation: OANode, path: String, pathParameters: [OANode], typeBase: String,
                          hasBody: Bool, fixedQuery: [(name: String, value: String)] = []) -> (String, [(String, ImportJSON)]) {
        var pending: [PendingParameter] = []
        func collect(_ raw: OANode) -> PendingParameter? {
            guard let node = resolve(raw) else { return nil }
            guard let wireName = node["name"]?.string, let location = node["in"]?.string else {
                warn(.invalidOperation, raw, "a parameter needs 'name' and 'in'; dropped")
                return nil
            }
            let usePointer = raw.pointer == node.pointer ? raw.pointer : "\(raw.pointer) (\(node.pointer))"
            return PendingParameter(node: node, usePointer: usePointer, useLocation: raw.location, wireName: wireName, location: location,
                                    required: location == "path" || node["required"]?.bool == true)
        }
        for raw in operation["parameters"]?.items ?? [] {
            guard let parameter = collect(raw) else { continue }
            pending.removeAll { $0.wireName == parameter.wireName && $0.location == parameter.location }
            pending.append(parameter)
        }
        for raw in pathParameters {
            guard let parameter = collect(raw) else { continue }
            if !pending.contains(where: { $0.wireName == parameter.wireName && $0.location == parameter.location }) {
                pending.append(parameter)
            }
        }
        pending = pending.filter(\.required) + pending.filter { !$0.required }

        let placeholders = Self.placeholders(in: path)
        var used: Set<String> = hasBody ? ["body"] : []
        var result: [(String, ImportJSON)] = []

        for parameter in pending where isExpressible(parameter, placeholders: placeholders, path: path) {
            var key = comparisonKey(parameter) ?? parameter.wireName
            let converted = ImportNaming.lowerCamel(key)
            if used.contains(converted) || converted.isEmpty {
                let base = converted.isEmpty ? "parameter" : key + "_" + parameter.location
                let renamed = uniqueName(base, used: used, convert: ImportNaming.lowerCamel)
                warn(.renamed, pointer: parameter.usePointer, at: parameter.useLocation, "parameter '\(parameter.wireName)' (\(parameter.location)) would collide with another after conversion to Swift; key renamed to '\(renamed)'")
                key = renamed
            }
            used.insert(ImportNaming.lowerCamel(key))

            result.append((key, parameterValue(parameter, key: key, typeBase: typeBase, placeholders: placeholders)))
        }

        // The query written into the path: a String parameter each, whose default is its value, so the
        // request goes out as the path says unless the caller changes it. A parameter the operation
        // declares under that name in the query is the one kept, and the value written is reported.
        for (wireName, value) in fixedQuery {
            if let declared = pending.first(where: { $0.location == "query" && $0.wireName == wireName }) {
                warn(.parameterType, pointer: declared.usePointer, at: declared.useLocation,
                     "the query written into the path, '\(wireName)=\(value)', names a parameter the operation declares: the declared one is kept (pass '\(value)' to send what the path writes)")
                continue
            }
            var key = wireName
            if used.contains(ImportNaming.lowerCamel(key)) || ImportNaming.lowerCamel(key).isEmpty {
                key = uniqueName(ImportNaming.lowerCamel(key).isEmpty ? "parameter" : key + "_query", used: used, convert: ImportNaming.lowerCamel)
            }
            used.insert(ImportNaming.lowerCamel(key))
            var members: [(String, ImportJSON)] = [(SpecKey.type.key, .string("String"))]
            if placeholders.contains(wireName) { members.append((SpecKey.`in`.key, .string("query"))) }
            if key != wireName { members.append((SpecKey.name.key, .string(wireName))) }
            members.append((SpecKey.`default`.key, .string(value)))
            result.append((key, .object(members)))
        }

        // Placeholders without a parameter: add a String one, so the spec is complete.
        let declared = Set(pending.filter { $0.location == "path" }.map(\.wireName))
        for placeholder in placeholders where !declared.contains(placeholder) {
            var key = placeholder
            var value: ImportJSON = .string("String")
            if used.contains(ImportNaming.lowerCamel(key)) {
                key = uniqueName(placeholder + "_path", used: used, convert: ImportNaming.lowerCamel)
                value = .object([(SpecKey.type.key, .string("String")), (SpecKey.`in`.key, .string("path")), (SpecKey.name.key, .string(placeholder))])
            }
            used.insert(ImportNaming.lowerCamel(key))
            warn(.pathParameter, operation, "placeholder '{\(placeholder)}' in '\(path)' has no parameter; added '\(key)' as a String")
            result.append((key, value))
        }
        return (path, result)
    }

    /// The words that name a comparison a parameter's name ends with (Twilio's `StartTime<`,
    /// `StartTime>`): dates (`format: date`, `date-time`) compare in time, everything else in size.
    static let comparisonWords: [(suffix: String, date: String, other: String)] = [
        ("<=", "OnOrBefore", "AtMost"), (">=", "OnOrAfter", "AtLeast"), ("!=", "Not", "Not"),
        ("<", "Before", "LessThan"), (">", "After", "GreaterThan"),
    ]

    /// `startTimeBefore` for `StartTime<`: the key of a parameter whose wire name is a name followed
    /// by a comparison (`<`, `<=`, `>`, `>=`, `!=`), or nil for any other name.
    func comparisonKey(_ parameter: PendingParameter) -> String? {
        guard let entry = Self.comparisonWords.first(where: { parameter.wireName.hasSuffix($0.suffix) }) else { return nil }
        let name = parameter.wireName.dropLast(entry.suffix.count)
        guard name.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        let base = ImportNaming.lowerCamel(String(name))
        let schema = parameter.node["schema"].flatMap { resolveQuietly($0) }
        let format = schema?["format"]?.string ?? schema?["items"].flatMap { resolveQuietly($0) }?["format"]?.string
        let word = ["date", "date-time"].contains(format) ? entry.date : entry.other
        return base + word
    }

    static func placeholders(in path: String) -> [String] {
        var result: [String] = []
        var current: String?
        for character in path {
            if character == "{" { current = "" } else if character == "}" {
                if let name = current, !name.isEmpty, !result.contains(name) { result.append(name) }
                current = nil
            } else if current != nil { current?.append(character) }
        }
        return result
    }

    func parameterValue(_ parameter: PendingParameter, key: String, typeBase: String, placeholders: [String]) -> ImportJSON {
        let node = parameter.node
        let contextName = parameterContextName(node, typeBase: typeBase, wireName: parameter.wireName)
        var schemaType = SchemaType(type: "String", nullable: false)
        var schemaNode: OANode?
        if let schema = node["schema"] {
            schemaNode = schema
            schemaType = self.schemaType(schema, name: contextName)
        } else if let content = node["content"] {
            warn(.parameterType, content, "parameters serialized by media type are not supported; '\(parameter.wireName)' is typed String (pass the serialized value)")
        }

        // What the place can carry, written in the parameter's style (OpenAPIStyles.swift); what
        // cannot be is typed String and reported.
        var style: [(String, ImportJSON)] = []
        if !versionTwo {
            (schemaType, style) = versionOneStyle(node, schemaType: schemaType, schemaNode: schemaNode, parameter: parameter)
        } else if let shape = valueShape(ofType: schemaType.type), parameter.location == "query" || !shape.isNested {
            // Nil: the style cannot write the value (reported).
            if let members = styleMembers(node, type: schemaType.type, location: parameter.location, name: parameter.wireName) {
                style = members
            } else {
                schemaType = SchemaType(type: "String", nullable: schemaType.nullable)
            }
        } else {
            warn(.parameterType, schemaNode ?? node,
                 "a \(parameter.location) parameter of type '\(schemaType.type)' cannot be sent; '\(parameter.wireName)' is typed String (pass the serialized value)")
            schemaType = SchemaType(type: "String", nullable: schemaType.nullable)
        }
        if node["allowReserved"]?.bool == true {
            warn(.parameterStyle, node, "allowReserved is not supported; reserved characters are percent-encoded")
        }

        var defaultValue: ImportJSON?
        if let defaultNode = schemaNode.flatMap(resolve)?["default"] {
            defaultValue = checkedDefault(defaultNode, type: schemaType.type, optional: !parameter.required || schemaType.nullable)
        }
        var typeString = schemaType.type
        // A path always has a value: a path parameter is never optional, even when its schema allows null.
        if (!parameter.required || schemaType.nullable) && defaultValue == nil && parameter.location != "path" { typeString += "?" }

        let placement = parameter.location
        // What the format infers: path when a placeholder has the parameter's (wire) name, else query.
        let inferred = placeholders.contains(parameter.wireName) ? "path" : "query"
        var members: [(String, ImportJSON)] = [(SpecKey.type.key, .string(typeString))]
        if placement != inferred {
            members.append((SpecKey.`in`.key, .string(placement)))
        }
        if key != parameter.wireName { members.append((SpecKey.name.key, .string(parameter.wireName))) }
        // A deprecated parameter has no key of its own in the format: its description says so.
        let deprecation = node["deprecated"]?.bool == true ? "Deprecated." : nil
        let description = node["description"]?.string?.importTrimmed
        if let text = joinedDescription(summary: description, description: deprecation) {
            members.append((SpecKey.description.key, .string(text)))
        }
        if let defaultValue { members.append((SpecKey.`default`.key, defaultValue)) }
        members += style
        return members.count == 1 ? .string(typeString) : .object(members)
    }

    /// A component parameter is named after itself (shared by every operation using it), an inline one
    /// after its operation.
    func parameterContextName(_ node: OANode, typeBase: String, wireName: String) -> String {
        if node.pointer.hasPrefix("#/components/parameters/") {
            return ImportNaming.upperCamel(wireName)
        }
        return typeBase + ImportNaming.upperCamel(wireName)
    }

    /// Whether the generator reads `type` as a response header: one of its single-value types
    /// (`Validation.responseHeaderTypes`) or an enum model, optional or not.
    func responseHeaderTypeAllowed(_ type: String) -> Bool {
        let bare = type.hasSuffix("?") ? String(type.dropLast()) : type
        return Validation.responseHeaderTypes.contains { $0.rawValue == bare } || enumValues[bare] != nil || intEnumValues[bare] != nil
    }

    /// Format version 1's parameter types: single values, arrays of them and (in a query)
    /// dictionaries of them (`versionOneStyle`).
    func parameterTypeAllowed(_ type: String, location: String) -> Bool {
        func scalar(_ t: String) -> Bool {
            let bare = t.hasSuffix("?") ? String(t.dropLast()) : t
            return ReservedNames.builtinTypes.contains(bare) && bare != "Void" || enumValues[bare] != nil || intEnumValues[bare] != nil
        }
        if scalar(type) { return true }
        // Elements are values to send: none is null (`[Double?]`, from nullable items, is not sent as such).
        func element(_ t: String) -> Bool { !t.hasSuffix("?") && scalar(t) }
        if type.hasPrefix("[String: "), type.hasSuffix("]") {
            return location == "query" && element(String(type.dropFirst(9).dropLast()))
        }
        if type.hasPrefix("["), type.hasSuffix("]") {
            return location != "path" && element(String(type.dropFirst().dropLast()))
        }
        return false
    }

    // MARK: Request bodies

    /// The body as the spec writes it: of the media type the spec keeps (`preferredMedia`, which reports
    /// the others but `twins`, sent by endpoints of their own), or of `mediaType` for such an endpoint.
    func requestBody(_ raw: OANode, typeBase: String, mediaType wanted: String? = nil, twins: [String] = []) -> ImportJSON? {
        guard let body = resolve(raw) else { return nil }
        // A twin's inline models are named after what it sends (`CreateMessageMultipartRequest`).
        let twinSuffix = wanted.map(Self.twinSuffix(for:)) ?? ""
        let contextName = raw.pointer == body.pointer
            ? typeBase + "Request"
            : ImportNaming.upperCamel(OANode.unescape(String(body.pointer.split(separator: "/").last ?? ""))) + twinSuffix + "Request"
        let picked = wanted.flatMap { key in body["content"]?.members.first { $0.key == key }.map { ($0.key, $0.value) } }
        guard let content = body["content"], let (mediaType, media) = picked ?? preferredMedia(content, forResponse: false, alsoKept: twins) else {
            warn(.invalidOperation, raw, "request body has no content; dropped")
            return nil
        }
        var encoding = Self.encoding(for: mediaType)
        var type: String
        switch encoding {
        // Raw bytes of a media type: a File, which sends its own content type.
        case "binary": type = "File"
        case "text": type = "String"
        default:
            if let schema = media["schema"] {
                type = schemaType(schema, name: contextName).type
            } else {
                type = "JSON"
            }
        }
        var contentType: String? = Self.isConcreteMediaType(mediaType) ? mediaType : nil
        // Form and multipart bodies are made from an object's properties (or a dictionary's entries).
        if encoding == "form" || encoding == "multipart", !objectModels.contains(type), !type.hasPrefix("[String: ") {
            // An endpoint of its own for this encoding sends it so or not at all.
            if wanted != nil {
                warn(.contentTypeAlternative, media["schema"] ?? media, "a \(encoding) body of type '\(type)' is not an object; '\(mediaType)' dropped")
                return nil
            }
            warn(.parameterType, media["schema"] ?? media, "a \(encoding) body of type '\(type)' is not an object; sent as JSON")
            encoding = "json"
            contentType = nil
        }
        if encoding == "multipart" { useFiles(inMultipartModel: type, schema: media["schema"] ?? media) }
        if let partEncodings = media["encoding"], !partEncodings.members.isEmpty {
            if encoding == "multipart", versionTwo, objectModels.contains(type) {
                usePartEncodings(partEncodings, inMultipartModel: type)
            } else if encoding == "form", versionTwo, objectModels.contains(type) {
                useFormEncodings(partEncodings, inFormModel: type)
            } else {
                warn(.schemaDetailDropped, partEncodings, encoding == "multipart"
                     ? "the parts' own content types and headers are not expressible in format version 1; dropped"
                     : "per-property encoding of a \(encoding) body is not expressible; dropped")
            }
        }
        if encoding == "json" { noteJSONUse(type, at: media["schema"] ?? media) }
        var members: [(String, ImportJSON)] = [(SpecKey.type.key, .string(type))]
        if encoding != "json" { members.append((SpecKey.encoding.key, .string(encoding))) }
        if let contentType, Self.defaultContentType(for: encoding) != Validation.bareMediaType(contentType) {
            members.append((SpecKey.contentType.key, .string(contentType)))
        }
        return members.count == 1 ? .string(type) : .object(members)
    }

    /// `type/subtype` (parameters allowed) without wildcards: what a Content-Type or Accept header can say.
    static func isConcreteMediaType(_ mediaType: String) -> Bool {
        let parts = Validation.bareMediaType(mediaType).split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { Validation.isToken(String($0)) && $0 != "*" }
            && !mediaType.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let bare = Validation.bareMediaType(mediaType)
        return bare == "application/json" || bare.hasSuffix("+json") || bare == "*/*" || bare == "application/*"
    }

    static func encoding(for mediaType: String) -> String {
        let bare = Validation.bareMediaType(mediaType)
        if isJSON(bare) { return "json" }
        if bare == "application/x-www-form-urlencoded" { return "form" }
        if bare == "multipart/form-data" || bare.hasPrefix("multipart/") { return "multipart" }
        if bare.hasPrefix("text/") || bare == "application/xml" || bare.hasSuffix("+xml") { return "text" }
        return "binary"
    }

    static func defaultContentType(for encoding: String) -> String {
        switch encoding {
        case "form": return "application/x-www-form-urlencoded"
        case "multipart": return "multipart/form-data"
        case "binary": return "application/octet-stream"
        case "text": return "text/plain"
        default: return "application/json"
        }
    }

    /// The media type the spec keeps: JSON first, then form, multipart, text, anything else (for a
    /// response in version 2, an event or JSON Lines stream after JSON). The others are reported,
    /// unless they describe the same schema (XML beside JSON), so choosing loses nothing, or they
    /// are the stream that becomes the `...Stream` endpoint (`splitsStreams`).
    /// The media type a body or response keeps, without reporting the others (see `preferredMedia`).
    func chosenMedia(_ content: OANode, forResponse: Bool, splitsStreams: Bool = false) -> (key: String, value: OANode)? {
        let rank: (String) -> Int = { type in
            // A stream that becomes the `...Stream` endpoint comes after any other body, which stays the
            // endpoint's own (OpenAI's speech: the audio, or its events).
            if forResponse, self.versionTwo, Self.streamKind(for: type) != nil { return splitsStreams ? 6 : 2 }
            switch Self.encoding(for: type) {
            case "json": return Validation.bareMediaType(type) == "*/*" ? 1 : 0
            case "form": return forResponse ? 9 : 2
            case "multipart": return forResponse ? 9 : 3
            case "text": return 4
            default: return 5
            }
        }
        let members = content.members
        // Each rank once (not once per comparison); most contents have one media type.
        guard members.count > 1 else { return members.first.map { (key: $0.key, value: $0.value) } }
        let ranks = members.map { rank($0.key) }
        guard let best = ranks.indices.min(by: { (ranks[$0], $0) < (ranks[$1], $1) }) else { return nil }
        let chosen = (key: members[best].key, value: members[best].value)
        // A download (OpenAI's video content: MP4, WebP, or JSON that is only "a string"): the bytes,
        // a `File` holding whichever the server sends; decoding the video as JSON would fail.
        if forResponse, versionTwo, ranks[best] == 0, saysOnlyAString(chosen.value),
           let bytes = members.first(where: { Self.isBytes($0.key) }) {
            return (key: bytes.key, value: bytes.value)
        }
        return chosen
    }

    /// Whether a media type is bytes: not JSON, text, a form, multipart or a stream.
    static func isBytes(_ mediaType: String) -> Bool {
        encoding(for: mediaType) == "binary" && streamKind(for: mediaType) == nil
    }

    /// Whether a media type object's schema says no more than "a string" (or nothing).
    private func saysOnlyAString(_ media: OANode) -> Bool {
        guard let raw = media["schema"] else { return true }
        guard let schema = resolveQuietly(raw) else { return false }
        return typeNames(schema) == ["string"] && schema["enum"] == nil && schema["const"] == nil
    }

    func preferredMedia(_ content: OANode, forResponse: Bool, splitsStreams: Bool = false, alsoKept: [String] = []) -> (String, OANode)? {
        let entries = content.members
        guard let chosen = chosenMedia(content, forResponse: forResponse, splitsStreams: splitsStreams) else { return nil }
        let splitsStream = splitsStreams && Self.streamKind(for: chosen.key) == nil
        // A response's bytes (a `File`) hold whichever media type the server sends, when the client
        // asks for none of them (several bytes types, or JSON that is only a string, beside them).
        let holdsAny = forResponse && versionTwo && entries.count > 1 && Self.isBytes(chosen.key)
            && entries.contains { $0.key != chosen.key && (Self.isBytes($0.key) || Self.encoding(for: $0.key) == "json") }
        let others = entries.filter { entry in
            entry.key != chosen.key && !alsoKept.contains(entry.key) && !sameSchema(entry.value, chosen.value)
                && !(splitsStream && Self.streamKind(for: entry.key) != nil)
                && !(holdsAny && (Self.isBytes(entry.key) || (Self.encoding(for: entry.key) == "json" && saysOnlyAString(entry.value))))
        }.map(\.key)
        if !others.isEmpty {
            warn(.contentTypeAlternative, content, "only '\(chosen.key)' is kept; \(others.map { "'\($0)'" }.joined(separator: ", ")) dropped")
        }
        return (chosen.key, chosen.value)
    }

    // MARK: Responses

    /// What an operation's responses give its endpoint.
    struct ImportedResponses {
        /// `response`: a type string or `{ "type", "status", "contentType", "headers", "stream", "end" }`.
        var response: ImportJSON?
        /// `responses` (version 2): success status -> type string, when there are several.
        var responses: [(String, ImportJSON)] = []
        /// `pagination` (version 2): `{ "style": "link" }` when the one success response documents
        /// `Link` and its body is an array.
        var pagination: ImportJSON?
        var errors: [(String, ImportJSON)] = []
        var sample: ImportJSON?
        /// The response of the `...Stream` endpoint (version 2): the success response offers JSON and
        /// an event stream (OpenAI's chat completion), and each becomes an endpoint.
        var streamResponse: ImportJSON?
    }

    func responses(_ operation: OANode, typeBase: String) -> ImportedResponses {
        var result = ImportedResponses()
        guard let responses = operation["responses"] else { return result }
        var success: [SuccessStatus] = []

        for (key, keyLocation, raw) in responses.members {
            if key.hasPrefix("x-") { continue }
            let upper = key.uppercased()
            let code = Int(key)
            let isRange = upper.count == 3 && upper.hasSuffix("XX") && ["1", "2", "3", "4", "5"].contains(upper.first.map(String.init) ?? "")
            guard key == "default" || (code != nil && (100...599).contains(code ?? 0) && key.count == 3) || isRange else {
                warn(.unsupportedStatus, pointer: raw.pointer, at: keyLocation, "'\(key)' is not a status code; response dropped")
                continue
            }
            let hundreds = code.map { $0 / 100 } ?? Int(String(upper.prefix(1)))
            if hundreds == 2 {
                success.append((code, isRange ? upper : key, keyLocation, raw))
                continue
            }
            if let entry = errorResponse(key: key, keyLocation: keyLocation, raw: raw, hundreds: hundreds, isRange: isRange, upper: upper,
                                         typeBase: typeBase) {
                result.errors.append(entry)
            }
        }
        unifyHeaderTypes(&result.errors, of: responses)

        // The first 2xx: lowest explicit code, else the 2XX range.
        success.sort { ($0.code ?? 299, $0.key) < ($1.code ?? 299, $1.key) }
        guard let first = success.first, let response = resolve(first.node) else { return result }
        if let links = response["links"], !links.members.isEmpty {
            warn(.links, links, "links are not supported; dropped")
        }
        if versionTwo, success.count > 1 {
            importStatuses(success, operation: operation, typeBase: typeBase, into: &result)
            unifyHeaderTypes(&result.responses, of: responses)
        } else {
            importFirstSuccess(success, response: response, operation: operation, typeBase: typeBase, into: &result)
        }
        return result
    }

    /// A success status of an operation: its code (nil for `2XX`), its key, and its response.
    typealias SuccessStatus = (code: Int?, key: String, keyLocation: SourceLocation, node: OANode)

    /// One status that is not a success: its entry of `errors` (`"404": "NotFound"`, or with its
    /// headers `{ "type", "headers" }`), or nil (reported when something is dropped).
    func errorResponse(key: String, keyLocation: SourceLocation, raw: OANode, hundreds: Int?, isRange: Bool, upper: String,
                       typeBase: String) -> (String, ImportJSON)? {
        guard let response = resolve(raw) else { return nil }
        let statusKey = key == "default" ? "default" : (isRange ? upper : key)
        if hundreds == 1 || hundreds == 3 {
            if response["content"] != nil {
                warn(.unsupportedStatus, pointer: raw.pointer, at: keyLocation, "\(key) response bodies are not supported; dropped")
            }
            return nil
        }
        // Version 2: an error's headers go with its body, `{ "type", "headers" }`. (A redirect's
        // headers, above, are the transport's.)
        var errorHeaders: [(String, ImportJSON)] = []
        if let headers = response["headers"] {
            let dropped = headers.members.filter { $0.key.lowercased() != "content-type" }
            let hasBody = response["content"]?.members.contains { Self.isJSON($0.key) || Self.encoding(for: $0.key) == "text" } == true
            if versionTwo && hasBody {
                errorHeaders = responseHeaders(headers, typeBase: typeBase)
            } else if !dropped.isEmpty {
                let reason = versionTwo ? "headers of an error response without a JSON body are not expressible" : "headers of error responses are not expressible"
                warn(.responseHeaders, headers, "\(reason); \(dropped.map { "'\($0.key)'" }.joined(separator: ", ")) dropped")
            }
        }
        guard let content = response["content"], !content.members.isEmpty else { return nil }
        func entry(_ type: String) -> (String, ImportJSON) {
            (statusKey, errorHeaders.isEmpty ? .string(type) : .object([(SpecKey.type.key, .string(type)), (SpecKey.headers.key, .object(errorHeaders))]))
        }
        guard let (_, media) = content.members.first(where: { Self.isJSON($0.key) }).map({ ($0.key, $0.value) }) else {
            // Text (`text/plain`, `text/html`, XML) without JSON: the error's text, `ErrorResponse<String>`.
            if let text = content.members.first(where: { Self.encoding(for: $0.key) == "text" }) {
                let others = content.members.filter { $0.key != text.key }
                if !others.isEmpty {
                    warn(.contentTypeAlternative, content,
                         "only one error body is kept, '\(text.key)' as text; \(others.map { "'\($0.key)'" }.joined(separator: ", ")) dropped")
                }
                return entry("String")
            }
            warn(.errorBodyDropped, content, "error bodies that are neither JSON nor text are not supported; the \(statusKey) body is dropped")
            return nil
        }
        let others = content.members.filter { !Self.isJSON($0.key) && !sameSchema($0.value, media) }
        if !others.isEmpty {
            warn(.contentTypeAlternative, content, "only JSON error bodies are kept; \(others.map { "'\($0.key)'" }.joined(separator: ", ")) dropped")
        }
        guard let schema = media["schema"] else { return nil }
        let contextName = raw.pointer == response.pointer
            ? typeBase + "Error" + (statusKey == "default" ? "Default" : statusKey)
            : ImportNaming.upperCamel(String(response.pointer.split(separator: "/").last ?? "Error")) + "Error"
        let type = schemaType(schema, name: contextName).type
        noteJSONUse(type, at: schema)
        return entry(type)
    }

    /// Version 2's several success statuses: `responses`, one type string (or `{ "type", "headers" }`)
    /// per status, and `pagination` when they are a list with `Link` and an empty page.
    func importStatuses(_ success: [SuccessStatus], operation: OANode, typeBase: String, into result: inout ImportedResponses) {
        // Several success shapes: `responses`, one type string per status.
        var statuses: [(resolved: OANode, body: SuccessBody)] = []
        for (index, entry) in success.enumerated() {
            guard let resolved = resolve(entry.node) else { continue }
            if index > 0, let links = resolved["links"], !links.members.isEmpty {
                warn(.links, links, "links are not supported; dropped")
            }
            // Every status's inline model ends in it (`...Response200`): `<Endpoint>Response` is the
            // name of the generated enum when the statuses' types differ.
            let body = successBody(resolved, raw: entry.node, code: entry.code, typeBase: typeBase,
                                   suffix: entry.key, splitsStreams: false, operation: operation)
            if index == 0 { result.sample = body.sample }
            result.responses.append((entry.key, .string(body.type)))
            statuses.append((resolved, body))
        }
        // GitHub's contributors: a list with `Link` for its pages, and 204 without a body for
        // an empty one. One array type beside `Void` is `[T]?`, which pages (a `nil` page is
        // empty), so `Link` is read by the pagination.
        let bodies = Set(statuses.map(\.body.type).filter { $0 != "Void" })
        let paginated = bodies.count == 1 && statuses.count > bodies.count
            && bodies.allSatisfy { $0.hasPrefix("[") && !$0.hasPrefix("[String: ") }
            && statuses.allSatisfy { $0.body.stream == nil }
            && statuses.contains { status in status.body.type != "Void" && status.resolved["headers"].map(hasLinkHeader) == true }
        if paginated { result.pagination = .object([(SpecKey.style.key, .string("link"))]) }
        // A status with headers: `{ "type": "Deployment", "headers": { "Location": "URL" } }`
        // (`Link` is the pagination's when it pages).
        for (index, (resolved, body)) in statuses.enumerated() where index < result.responses.count {
            guard let headers = resolved["headers"] else { continue }
            let typed = responseHeaders(headers, typeBase: typeBase).filter { !(paginated && $0.0.lowercased() == "link") }
            guard !typed.isEmpty else { continue }
            result.responses[index].1 = .object([(SpecKey.type.key, .string(body.type)), (SpecKey.headers.key, .object(typed))])
        }
    }

    /// The first success status as `response` (and the `...Stream` endpoint's response), warning
    /// about the other statuses' bodies; `response` is its resolved node.
    func importFirstSuccess(_ success: [SuccessStatus], response: OANode, operation: OANode, typeBase: String,
                            into result: inout ImportedResponses) {
        let first = success[0]
        let status: Int? = success.count == 1 ? first.code.flatMap { $0 == 200 ? nil : $0 } : nil
        for other in success.dropFirst() {
            if let resolved = resolve(other.node), resolved["content"].map({ !$0.members.isEmpty }) == true {
                warn(.otherSuccessResponse, pointer: other.node.pointer, at: other.keyLocation,
                     "only the first success response (\(first.key)) is typed; the \(other.key) body is dropped")
            }
        }
        var headerTypes: [(String, ImportJSON)] = []
        if let headers = response["headers"], !headers.members.isEmpty {
            if versionTwo {
                headerTypes = responseHeaders(headers, typeBase: typeBase)
            } else {
                warn(.responseHeaders, headers, "response headers are not expressible; dropped")
            }
        }

        let body = successBody(response, raw: first.node, code: first.code, typeBase: typeBase, suffix: "",
                               splitsStreams: versionTwo, operation: operation)
        result.sample = body.sample
        // GitHub's pages: a `Link` header on a list. (A `Link` beside an object body stays a header.)
        if versionTwo, let headers = response["headers"], hasLinkHeader(headers), body.stream == nil,
           body.type.hasPrefix("["), !body.type.hasPrefix("[String: ") {
            result.pagination = .object([(SpecKey.style.key, .string("link"))])
        }
        result.response = responseValue(type: body.type, status: status, contentType: body.contentType, headers: headerTypes,
                                        stream: body.stream)
        // The stream's media type as its `contentType`: the client asks for it (`Accept`), which is
        // how a server, and the generated handler, tell the stream's request from the other's.
        result.streamResponse = body.alternativeStream.map {
            responseValue(type: $0.type, status: status, contentType: $0.mediaType, headers: [], stream: $0)
        }
    }

    /// `response`: the type string alone, or `{ "type", "status", "contentType", "headers", "stream", "end" }`.
    func responseValue(type: String, status: Int?, contentType: String?, headers: [(String, ImportJSON)],
                       stream: ImportedStream?) -> ImportJSON {
        var members: [(String, ImportJSON)] = [(SpecKey.type.key, .string(type))]
        if let status { members.append((SpecKey.status.key, .number(String(status)))) }
        if let contentType { members.append((SpecKey.contentType.key, .string(contentType))) }
        if !headers.isEmpty { members.append((SpecKey.headers.key, .object(headers))) }
        if let stream {
            members.append((SpecKey.stream.key, .string(stream.kind)))
            if let end = stream.end { members.append((SpecKey.end.key, .string(end))) }
        }
        return members.count == 1 ? .string(type) : .object(members)
    }

    /// A stream a response delivers: its element type, `sse`, `jsonl` or `json-seq`, and the
    /// sentinel that ends an SSE stream.
    struct ImportedStream {
        var type: String
        var kind: String
        var end: String?
        /// The media type the document offers it as, when it is a stream beside another body.
        var mediaType: String?
    }

    /// The body of one success response.
    struct SuccessBody {
        var type = "Void"
        var contentType: String?
        var sample: ImportJSON?
        /// The response itself is a stream.
        var stream: ImportedStream?
        /// JSON was chosen and a stream is offered beside it: the `...Stream` endpoint's.
        var alternativeStream: ImportedStream?
    }

    /// The type (and content type, sample, stream) of a success response. `suffix` tells the inline
    /// models of a second success status apart (`...Response201`).
    func successBody(_ response: OANode, raw: OANode, code: Int?, typeBase: String, suffix: String, splitsStreams: Bool,
                     operation: OANode) -> SuccessBody {
        var body = SuccessBody()
        guard let content = response["content"], code != 204,
              let (mediaType, media) = preferredMedia(content, forResponse: true, splitsStreams: splitsStreams) else { return body }
        let contextName = raw.pointer == response.pointer
            ? typeBase + "Response" + suffix
            : ImportNaming.upperCamel(String(response.pointer.split(separator: "/").last ?? "Response")) + "Response" + suffix
        if versionTwo, let kind = Self.streamKind(for: mediaType) {
            let stream = streamElement(media, kind: kind, endsAtDone: mentionsDoneSentinel(operation, response: response),
                                       name: contextName + "Item")
            body.stream = stream
            body.type = stream.type
            return body
        }
        switch Self.encoding(for: mediaType) {
        case "json":
            body.type = media["schema"].map { schemaType($0, name: contextName).type } ?? "JSON"
            noteJSONUse(body.type, at: media["schema"] ?? media)
            if Validation.bareMediaType(mediaType) != "application/json" && Self.isConcreteMediaType(mediaType) {
                body.contentType = mediaType
            }
            body.sample = responseSample(media)
        case "text":
            body.type = "String"
            body.contentType = Self.isConcreteMediaType(mediaType) ? mediaType : "text/plain"
        default:
            // Bytes of a binary media type: a File, with the response's Content-Type and file name.
            // Several (a video or its preview image) are whichever the server sends: no Accept for one.
            body.type = "File"
            let several = versionTwo && content.members.filter { Self.isBytes($0.key) }.count > 1
            body.contentType = Self.isConcreteMediaType(mediaType) && !several ? mediaType : nil
        }
        // A stream beside it (OpenAI's chat completion beside JSON, its speech beside the audio):
        // the `...Stream` endpoint's response.
        if splitsStreams, (content.node.importMembers?.count ?? 0) > 1,
           let (streamMediaType, streamMedia) = content.members.first(where: { Self.streamKind(for: $0.key) != nil })
            .map({ ($0.key, $0.value) }), let kind = Self.streamKind(for: streamMediaType) {
            body.alternativeStream = streamElement(streamMedia, kind: kind, endsAtDone: mentionsDoneSentinel(operation, response: response),
                                                   name: typeBase + "StreamResponse" + suffix + "Item")
            body.alternativeStream?.mediaType = Self.isConcreteMediaType(streamMediaType) ? streamMediaType : nil
        }
        return body
    }

    /// The element of a stream: OpenAPI 3.2's `itemSchema`, else `schema`; without either, an event's
    /// text (`String`) or a line's JSON value (`JSON`). An SSE stream `endsAtDone` ends at `[DONE]`.
    func streamElement(_ media: OANode, kind: String, endsAtDone: Bool, name: String) -> ImportedStream {
        var type = kind == "sse" ? "String" : "JSON"
        if let schema = media["itemSchema"] ?? media["schema"] {
            type = schemaType(schema, name: name).type
            while type.hasSuffix("?") { type.removeLast() }
            // Events and lines are text (or JSON): bytes (`format: binary`, `byte`) come as the text they are.
            if type == "Data" {
                warn(.schemaDetailDropped, schema, "the elements of a '\(kind)' stream are text, not bytes; typed String")
                type = "String"
            }
            noteJSONUse(type, at: schema)
        }
        return ImportedStream(type: type, kind: kind, end: kind == "sse" && endsAtDone ? "[DONE]" : nil)
    }

    /// Whether the operation says its event stream ends with `data: [DONE]` (OpenAI's convention),
    /// where documents say it: the response's or a media type's description, the operation's, or
    /// that of the JSON request body's `stream` property.
    func mentionsDoneSentinel(_ operation: OANode, response: OANode) -> Bool {
        var texts = [response["description"], operation["summary"], operation["description"]]
        for (_, _, media) in response["content"]?.members ?? [] { texts.append(media["description"]) }
        if let body = operation["requestBody"].flatMap(resolveQuietly),
           let media = body["content"]?.members.first(where: { Self.isJSON($0.key) })?.value,
           let schema = media["schema"].flatMap(resolveQuietly) {
            var visited: Set<String> = []
            let stream = collectObject(schema, visited: &visited, reporting: false).properties.first { $0.0 == "stream" }?.2
            texts.append(stream.flatMap(resolveQuietly)?["description"])
        }
        return texts.contains { $0?.string?.contains("[DONE]") == true }
    }

    /// `sse`, `jsonl` or `json-seq` for a streaming media type, else nil.
    static func streamKind(for mediaType: String) -> String? {
        switch Validation.bareMediaType(mediaType) {
        case "text/event-stream": return "sse"
        case "application/jsonl", "application/x-jsonl", "application/jsonlines", "application/x-jsonlines",
             "application/x-ndjson", "application/ndjson": return "jsonl"
        case "application/json-seq": return "json-seq"
        default: return nil
        }
    }

    func hasLinkHeader(_ headers: OANode) -> Bool {
        headers.members.contains { $0.key.lowercased() == "link" }
    }

    /// The statuses of `responses` or of `errors` share one headers type, so a header has one type
    /// in all of them: one written with different types (`Bool` for 200, `String` for 201) is
    /// `String`, the header's text, in every status (optional where it was), with a warning.
    func unifyHeaderTypes(_ statuses: inout [(String, ImportJSON)], of responses: OANode) {
        func headers(_ value: ImportJSON) -> [(String, ImportJSON)] {
            guard case .object(let members) = value, case .object(let list)? = members.first(where: { $0.0 == "headers" })?.1 else { return [] }
            return list
        }
        func bare(_ type: ImportJSON) -> String? {
            guard case .string(let text) = type else { return nil }
            return text.hasSuffix("?") ? String(text.dropLast()) : text
        }
        var types: [String: Set<String>] = [:]
        var names: [String: String] = [:]
        for (_, value) in statuses {
            for (name, type) in headers(value) {
                guard let base = bare(type) else { continue }
                types[name.lowercased(), default: []].insert(base)
                if names[name.lowercased()] == nil { names[name.lowercased()] = name }
            }
        }
        let conflicting = Set(types.filter { $0.value.count > 1 }.keys)
        guard !conflicting.isEmpty else { return }
        for key in conflicting.sorted() {
            let found = (types[key] ?? []).sorted().map { "'\($0)'" }.joined(separator: ", ")
            warn(.responseHeaders, responses, "response header '\(names[key] ?? key)' has different types in different statuses (\(found)); typed String (the header's text) in all of them")
        }
        for index in statuses.indices {
            guard case .object(var members) = statuses[index].1,
                  let position = members.firstIndex(where: { $0.0 == "headers" }), case .object(var list) = members[position].1 else { continue }
            for item in list.indices where conflicting.contains(list[item].0.lowercased()) {
                if case .string(let text) = list[item].1 { list[item].1 = .string(text.hasSuffix("?") ? "String?" : "String") }
            }
            members[position].1 = .object(list)
            statuses[index].1 = .object(members)
        }
    }

    /// `response.headers` (version 2): name -> type string, optional unless `required`. A header's
    /// value is text, so its type is a scalar or an enum (anything else is `String`, the text, with a
    /// warning); `Content-Type` is left out (OpenAPI ignores it too: the body's media type says it).
    func responseHeaders(_ headers: OANode, typeBase: String) -> [(String, ImportJSON)] {
        var result: [(String, ImportJSON)] = []
        var used: [String: String] = [:]
        for (name, keyLocation, raw) in headers.members where name.lowercased() != "content-type" {
            guard let header = resolve(raw) else { continue }
            guard Validation.isToken(name) else {
                warn(.responseHeaders, pointer: raw.pointer, at: keyLocation, "'\(name)' is not a valid header name; dropped")
                continue
            }
            let swiftName = ImportNaming.lowerCamel(name)
            if let other = used[swiftName] {
                warn(.responseHeaders, pointer: raw.pointer, at: keyLocation,
                     "response header '\(name)' has the same Swift name as '\(other)' ('\(swiftName)'); dropped")
                continue
            }
            used[swiftName] = name
            var type = "String"
            if let schema = header["schema"] {
                let contextName = header.pointer.hasPrefix("#/components/headers/") ? ImportNaming.upperCamel(name) : typeBase + ImportNaming.upperCamel(name)
                let schemaType = self.schemaType(schema, name: contextName)
                if responseHeaderTypeAllowed(schemaType.type) {
                    type = schemaType.type
                } else {
                    warn(.responseHeaders, schema, "a response header is a scalar or an enum; '\(schemaType.type)' is typed String (the header's text)")
                }
            } else if let content = header["content"] {
                warn(.responseHeaders, content, "response headers serialized by media type are not supported; '\(name)' is typed String")
            }
            if header["required"]?.bool != true { type += "?" }
            result.append((name, .string(type)))
        }
        return result
    }

    /// Whether two media type entries describe the same value: the same schema, written alike.
    func sameSchema(_ a: OANode, _ b: OANode) -> Bool {
        switch (a["schema"], b["schema"]) {
        case (nil, nil): return true
        case let (x?, y?):
            // One node (a Swagger 2.0 schema under each of its media types) is the same at once.
            return x.node == y.node || ImportJSONWriter.compact(ImportJSON(x.node)) == ImportJSONWriter.compact(ImportJSON(y.node))
        default: return false
        }
    }

    /// `example`, else the first of `examples` (its `value`), of the chosen response media type.
    func responseSample(_ media: OANode) -> ImportJSON? {
        if let example = media["example"] { return ImportJSON(example.node) }
        if let first = media["examples"]?.members.first, let example = resolve(first.value) {
            if let value = example["value"] { return ImportJSON(value.node) }
            if example["externalValue"] != nil {
                warn(.schemaDetailDropped, example, "external examples are not read; no sample")
            }
        }
        return nil
    }

    // MARK: Security

    /// The auth of a security requirement list. Each requirement object is one alternative: the
    /// schemes it names that the format can express (a scheme it cannot is reported), one written
    /// as itself (`"bearer"`), several as a list of schemes sent together (Plaid's client ID and
    /// secret: `[{apiKey}, {apiKey}]`; schemes that send the same thing, two OAuth flows mapped to
    /// bearer, count once). One alternative is written as itself; several as a list in the
    /// document's order (`["basic", {apiKey}]`), the client sending the first it holds credentials
    /// for; an empty requirement `{}` makes them optional (`"none"` in the list). `[]`, or only
    /// `{}`, is `"none"`.
    func auth(for security: OANode) -> ImportJSON? {
        guard let alternatives = security.items else { return nil }
        var list: [ImportJSON] = []
        var schemes = 0
        for alternative in alternatives {
            let chosen: ImportJSON
            if alternative.members.isEmpty {
                chosen = .string("none")
            } else {
                var together: [ImportJSON] = []
                var slots: [String: String] = [:]
                // In the order of their names: the same requirement written in another order keeps
                // the same schemes (one of two in one header is left out).
                for name in alternative.members.map(\.key).sorted() {
                    guard let auth = mapScheme(name, requirement: alternative), !together.contains(auth) else { continue }
                    // Two schemes in one header (bearer and basic both write `Authorization`): the
                    // second would replace the first, so it is left out.
                    let slot = Self.authSlot(auth)
                    if let slot, let first = slots[slot.key] {
                        warn(.unsupportedSecurity, alternative,
                             "'\(first)' and '\(name)' would be sent in the same \(slot.what); only '\(first)' is sent together with the others")
                        continue
                    }
                    if let slot { slots[slot.key] = name }
                    together.append(auth)
                }
                guard let first = together.first else { continue }
                let auth = together.count == 1 ? first : .array(together)
                chosen = auth
                if !list.contains(where: { Self.sameAuth($0, auth) }) { schemes += 1 }
            }
            if !list.contains(where: { Self.sameAuth($0, chosen) }) { list.append(chosen) }
        }
        if schemes == 0 { return .string("none") }
        // Schemes sent together stay a list inside the list: a list alone is alternatives.
        if list.count == 1, case .array = list[0] { return .array(list) }
        if list.count == 1 { return list[0] }
        return .array(list)
    }

    /// Where an imported scheme puts its credential, as the checker's `authSlot` counts it: `key`
    /// tells places apart (header names without case), `what` names the place in messages.
    static func authSlot(_ auth: ImportJSON) -> (key: String, what: String)? {
        switch auth {
        case .string(let type): return Validation.authSlot(type: type, in: nil, name: nil)
        case .object(let members):
            guard case .string(let place)? = members.first(where: { $0.0 == SpecKey.`in`.key })?.1,
                  case .string(let name)? = members.first(where: { $0.0 == SpecKey.name.key })?.1 else { return nil }
            return Validation.authSlot(type: "apiKey", in: place, name: name)
        default: return nil
        }
    }

    /// Whether two alternatives send the same: schemes sent together in any order are one.
    static func sameAuth(_ a: ImportJSON, _ b: ImportJSON) -> Bool {
        guard case .array(let first) = a, case .array(let second) = b else { return a == b }
        return first.count == second.count && first.allSatisfy { second.contains($0) }
    }

    func mapScheme(_ name: String, requirement: OANode) -> ImportJSON? {
        guard let rawScheme = securitySchemes?[name], let scheme = resolve(rawScheme) else {
            warn(.unsupportedSecurity, requirement, "security scheme '\(name)' is not defined; ignored")
            return nil
        }
        let type = scheme["type"]?.string ?? ""
        switch type {
        case "http":
            switch scheme["scheme"]?.string?.lowercased() {
            case "bearer": return .string("bearer")
            case "basic": return .string("basic")
            default:
                warn(.unsupportedSecurity, scheme, "http scheme '\(scheme["scheme"]?.string ?? "")' is not supported; ignored")
                return nil
            }
        case "apiKey":
            let location = scheme["in"]?.string ?? ""
            // A key in a cookie is version 2's (format version 1 has no cookies).
            guard location == "header" || location == "query" || (location == "cookie" && versionTwo),
                  let keyName = scheme["name"]?.string else {
                let version = location == "cookie" ? " in format version 1 (version 2 sends them)" : ""
                warn(.unsupportedSecurity, scheme, "API keys in '\(location)' are not supported\(version); ignored")
                return nil
            }
            guard location == "query" || Validation.isToken(keyName) else {
                warn(.unsupportedSecurity, scheme, "'\(keyName)' is not a valid \(location) name; the API key is ignored")
                return nil
            }
            return .object([(SpecKey.type.key, .string("apiKey")), (SpecKey.`in`.key, .string(location)), (SpecKey.name.key, .string(keyName))])
        case "oauth2", "openIdConnect":
            if reportedSchemes.insert(name).inserted {
                warn(.unsupportedSecurity, scheme, "\(type) flows and scopes are not expressible; '\(name)' is mapped to bearer (send the access token)")
            }
            return .string("bearer")
        default:
            warn(.unsupportedSecurity, scheme, "security scheme type '\(type)' is not supported; ignored")
            return nil
        }
    }
}
