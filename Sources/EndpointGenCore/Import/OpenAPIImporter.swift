// OpenAPI 3.0 / 3.1 (JSON or YAML) -> endpoint spec JSON text, for people to read, trim and check in.
//
// The document is read by the same Loader as specs, so every diagnostic has a line and column.
// Everything the spec format cannot express is a warning naming the JSON pointer of what was
// dropped; nothing is lost silently and nothing crashes. The output depends only on the input
// bytes and the options: the same document always gives the same bytes.

import Foundation

/// What one import produced.
package struct ImportResult: Sendable {
    /// The endpoint spec as JSON text (two-space indent, stable key order); nil when there were errors.
    package var specJSON: String?
    package var diagnostics: Diagnostics
    /// Operations turned into endpoints.
    package var operationCount: Int
    /// Warnings by kind (`cookie-parameter`, `schema-as-json`, ...), for summaries and tests.
    package var warningCounts: [String: Int]
    /// What a filtered import kept; nil when no filter was given.
    package var kept: ImportKept?
    /// Where the spec's values came from in the document (nil when there were errors, or when
    /// `ImportOptions.keepsTree` is false).
    package var sourceMap: ImportSourceMap?
    /// The spec as a tree (nil when there were errors, or when `ImportOptions.keepsTree` is false):
    /// what `Generator.validate(imported:)` reads.
    var spec: ImportJSON?
}

/// What the import keeps and how the API is named.
package struct ImportOptions: Sendable, Hashable {
    /// The API's Swift type name, used as given when it is a valid Swift type name; default: the
    /// document's `info.title` in UpperCamelCase.
    package var name: String?
    /// Operations with one of these tags (any of an operation's tags, not only its first).
    package var tags: [String]
    /// Operations with one of these operationIds.
    package var operationIDs: [String]
    /// Operations whose path is one of these or lies below it (`/repos` keeps `/repos/{id}`, not `/reposX`).
    package var pathPrefixes: [String]
    /// The spec format version the import writes. `.two` (the default) writes the version 2 keys
    /// (unions, integer enums, `additionalProperties`, recursive models, `response.headers`,
    /// `responses`, `response.stream`, `pagination`) and states `"formatVersion": 2`; `.one` uses only
    /// the keys of format version 1 and approximates the rest, with warnings (for a generator of
    /// version 1).
    package var formatVersion: ImportFormatVersion
    /// Whether the result keeps the spec as a tree with the document's place of each of its values
    /// (`ImportResult.spec` and `sourceMap`), which `generate` validates. `endpoint-gen import`, which
    /// only writes the text, leaves it out: mapping every value to its place was a sixth of the
    /// instructions of importing Stripe's document.
    package var keepsTree: Bool
    /// Whether the spec is for code generated with the server side (`"service": true`, `--service`):
    /// no model or group is then named `Service`, and no top-level endpoint `handler`, the names
    /// the generated service protocol and handler take (each renamed with a warning, as for any other
    /// reserved name). Without it, a document's names are imported as they would be otherwise.
    package var service: Bool

    package init(name: String? = nil, tags: [String] = [], operationIDs: [String] = [], pathPrefixes: [String] = [],
                formatVersion: ImportFormatVersion = .two, keepsTree: Bool = true, service: Bool = false) {
        self.name = name
        self.tags = tags
        self.operationIDs = operationIDs
        self.pathPrefixes = pathPrefixes
        self.formatVersion = formatVersion
        self.keepsTree = keepsTree
        self.service = service
    }

    /// Whether any filter is given. An operation is kept when it matches any filter of any kind.
    package var isFiltering: Bool { !tags.isEmpty || !operationIDs.isEmpty || !pathPrefixes.isEmpty }
}

/// The spec format version an import writes (`endpoint-gen import --format-version 2`).
package enum ImportFormatVersion: Int, Sendable, Hashable, CaseIterable {
    case one = 1
    case two = 2
}

/// The counts of a filtered import. Models are the document's component schemas that become models.
package struct ImportKept: Sendable, Hashable {
    package var operations: Int
    package var totalOperations: Int
    package var models: Int
    package var totalModels: Int

    /// `kept 12 of 664 operations, 9 of 300 models`
    package var summary: String {
        "kept \(operations) of \(totalOperations) operations, \(models) of \(totalModels) models"
    }
}

package enum OpenAPIImporter {
    /// Imports an OpenAPI 3.x document, JSON or YAML (see `DocumentFormat.detect`).
    /// - Parameters:
    ///   - fileName: used in diagnostics and to choose the reader by its extension.
    ///   - name: the API's Swift type name; default: the document's `info.title` in UpperCamelCase.
    package static func importDocument(_ data: Data, fileName: String, name: String? = nil) -> ImportResult {
        importDocument(data, fileName: fileName, options: ImportOptions(name: name))
    }

    /// Imports an OpenAPI 3.x or Swagger 2.0 document, keeping what `options` selects. `files` reads
    /// the files its `$ref`s name (relative to `fileName`); without it, such references are errors.
    package static func importDocument(_ data: Data, fileName: String, options: ImportOptions, files: ImportFiles? = nil) -> ImportResult {
        var diagnostics = Diagnostics()
        let format = DocumentFormat.detect(data, fileName: fileName)
        guard let parsed = format.parse(data, fileName: fileName, diagnostics: &diagnostics), !diagnostics.hasErrors,
              let prepared = ImportFrontEnd.prepare(parsed, fileName: fileName, files: files, diagnostics: &diagnostics) else {
            return ImportResult(specJSON: nil, diagnostics: diagnostics, operationCount: 0, warningCounts: [:])
        }
        let importer = OpenAPIImportContext(root: OANode(prepared.root, pointer: "#"), fileName: fileName,
                                           versionTwo: options.formatVersion == .two, service: options.service)
        importer.sources = prepared.sources
        prepared.warnings.forEach(importer.stageWarning)
        let spec = importer.run(options: options)
        diagnostics.append(contentsOf: importer.diagnostics)
        let text = diagnostics.hasErrors ? nil : spec.map(ImportJSONWriter.write)
        let keepsTree = text != nil && options.keepsTree
        return ImportResult(specJSON: text, diagnostics: diagnostics, operationCount: importer.operationCount,
                            warningCounts: importer.warningCounts, kept: importer.kept,
                            sourceMap: keepsTree ? importer.sourceMap : nil, spec: keepsTree ? spec : nil)
    }
}

/// The kinds of warning the importer gives (counted in `ImportResult.warningCounts`).
enum ImportWarning: String {
    case cookieParameter = "cookie-parameter"
    case unsupportedMethod = "unsupported-method"
    case relativeServer = "relative-server"
    case extraServer = "extra-server"
    case renamed = "renamed"
    case schemaAsJSON = "schema-as-json"
    case schemaDetailDropped = "schema-detail-dropped"
    case unsupportedSecurity = "unsupported-security"
    case contentTypeAlternative = "content-type-alternative"
    case unsupportedStatus = "unsupported-status"
    case otherSuccessResponse = "other-success-response"
    case errorBodyDropped = "error-body-dropped"
    case responseHeaders = "response-headers"
    case parameterStyle = "parameter-style"
    case parameterType = "parameter-type"
    case reservedHeader = "reserved-header"
    case pathParameter = "path-parameter"
    case defaultDropped = "default-dropped"
    case enumValueDropped = "enum-value-dropped"
    case propertyDropped = "property-dropped"
    case externalReference = "external-reference"
    case unresolvedReference = "unresolved-reference"
    case callbacks = "callbacks"
    case links = "links"
    case webhooks = "webhooks"
    case invalidOperation = "invalid-operation"
    case filterMatchesNothing = "filter-matches-nothing"
}

/// One endpoint as built, before groups are named.
struct ImportedEndpoint {
    var key: String
    var value: ImportJSON
    /// The operation it was made from, and its path item's parameters (for `ImportSourceMap`).
    var source: OANode?
    var pathParameters: [OANode] = []
}

struct ImportedGroup {
    /// The group key before any rename (lowerCamelCase of the tag or path segment).
    var key: String
    var description: String?
    /// The tag (or operation) the group was made from, for diagnostics.
    var source: OANode?
    var endpoints: [ImportedEndpoint] = []
    /// lowerCamelCase endpoint names in use, for collisions.
    var usedNames: Set<String> = []
}

final class OpenAPIImportContext {
    let root: OANode
    let fileName: String
    /// Whether the version 2 keys are written (`ImportOptions.formatVersion`).
    let versionTwo: Bool
    /// Type names a model must not take, and a group: the generator's reserved names, and `Service`
    /// for a spec generated with the server side (`ImportOptions.service`).
    let reservedTypeNames: Set<String>
    /// Whether the spec is for the server side too (`ImportOptions.service`).
    let service: Bool
    let reservedGroupNames: Set<String>
    /// Names a top-level endpoint must not take: the API type's static members (`defaults`, and
    /// `handler` with the server side).
    let reservedTopLevelNames: Set<String>
    var diagnostics = Diagnostics()
    var warningCounts: [String: Int] = [:]
    var operationCount = 0
    /// The operations a filter keeps (`operationKey(path:method:)`); nil keeps every operation.
    var keptOperations: Set<String>?
    /// The component schemas the kept operations reach; nil when not filtering.
    var keptComponents: Set<String>?
    var kept: ImportKept?

    // Models, in output order.
    var modelOrder: [String] = []
    var modelDefinitions: [String: ImportJSON] = [:]
    /// UpperCamelCase names in use (models and reserved names), for collisions.
    var usedModelNames: Set<String> = []
    /// Component schema name -> model key, for the components that become models.
    var componentModelKeys: [String: String] = [:]
    /// Enum model key -> its values.
    var enumValues: [String: [String]] = [:]
    /// Integer enum model key -> its values as written (version 2).
    var intEnumValues: [String: [String]] = [:]
    /// Union model key (version 2) -> its alternatives' type strings in order: a default fits the first that takes it.
    var unionAlternatives: [String: [String]] = [:]
    /// Defaults of component properties whose type is a component not defined yet (model key, property, default node,
    /// type, optional): checked once every component is, when a union's alternatives are known.
    var pendingDefaults: [(model: String, property: String, node: OANode, type: String, optional: Bool)] = []
    /// Unions the document writes as `anyOf` with a discriminator, written as `oneOf` for it: should the
    /// discriminator be dropped, they are `anyOf` again (`checkDiscriminatorProperties`).
    var discriminatedAnyOf: Set<String> = []
    /// Object model keys.
    var objectModels: Set<String> = []
    /// The inline schemas the document writes out more than once that become one model each.
    var repeated = RepeatedSchemas()
    /// Object model key -> its properties whose schema is a file (`format: binary`, or `contentMediaType`
    /// without base64), directly or as array items: `File` in a multipart body, `Data`/`String` elsewhere.
    var fileProperties: [String: Set<String>] = [:]
    /// Models whose file properties became `File` as a multipart body; models read or sent as JSON
    /// (request and response bodies, error bodies), each with the schema that used it first.
    var multipartFileModels: [String: OANode] = [:]
    var jsonModels: [(model: String, node: OANode)] = []
    /// Schema pointer -> type already worked out (components, shared parameters, inline schemas seen twice).
    var typeCache: [String: SchemaType] = [:]
    /// Schema pointers being worked out, to break reference cycles.
    var inProgress: Set<String> = []

    var topLevelAuth: ImportJSON?
    /// The spec's top-level `baseURL`: an operation's own server that equals it is not written.
    var documentBaseURL = ""
    /// Security schemes already reported as approximated (reported once, not on every operation).
    var reportedSchemes: Set<String> = []
    var reported: Set<String> = []
    var lookupCache: [String: OANode?] = [:]
    var securitySchemes: OANode?
    /// The written pointers of a tree put together from several files or translated from Swagger 2.0.
    var sources: ImportPointerMap?

    // What the spec's values were made from, for `ImportSourceMap`: model key -> its schema; model key
    // -> property -> the property's schema; union model key -> alternative type -> its schema.
    var modelSources: [String: OANode] = [:]
    var propertySources: [String: [String: OANode]] = [:]
    var alternativeSources: [String: [String: OANode]] = [:]
    /// Built once the spec is.
    var sourceMap: ImportSourceMap?

    init(root: OANode, fileName: String, versionTwo: Bool, service: Bool = false) {
        self.root = root
        self.fileName = fileName
        self.versionTwo = versionTwo
        self.service = service
        let serviceType: Set<String> = service ? [RuntimeNames.Service.protocolName] : []
        reservedTypeNames = ImportNaming.reservedTypeNames.union(serviceType)
        reservedGroupNames = ImportNaming.reservedGroupNames.union(serviceType)
        reservedTopLevelNames = service ? ReservedNames.apiMembers.union([RuntimeNames.Service.handlerName]) : ReservedNames.apiMembers
    }

    // MARK: Diagnostics

    func warn(_ kind: ImportWarning, _ node: OANode, _ message: String) {
        warn(kind, pointer: node.pointer, at: node.location, message)
    }

    func warn(_ kind: ImportWarning, pointer: String, at location: SourceLocation, _ message: String) {
        // A shared component reached from many places is reported once.
        guard reported.insert("\(location) \(pointer) \(message)").inserted else { return }
        diagnostics.warning(sources.map { "\($0.translate(pointer)): \($0.translatePointers(in: message))" } ?? "\(pointer): \(message)",
                            at: location)
        warningCounts[kind.rawValue, default: 0] += 1
    }

    func error(_ node: OANode, _ message: String) {
        diagnostics.error(message, at: node.location)
    }

    // MARK: References

    /// Follows `$ref`s (to a depth of 32) to the node they name. Reports external and broken references.
    func resolve(_ node: OANode) -> OANode? {
        var current = node
        var seen: Set<String> = []
        while let refNode = current["$ref"] {
            guard let ref = refNode.string else {
                warn(.unresolvedReference, refNode, "$ref must be a string; dropped")
                return nil
            }
            guard ref.hasPrefix("#") else {
                warn(.externalReference, current, "external reference '\(ref)' is not followed; dropped")
                return nil
            }
            guard seen.insert(ref).inserted, seen.count <= 32, let target = lookup(pointer: ref) else {
                warn(.unresolvedReference, current, "reference '\(ref)' does not resolve; dropped")
                return nil
            }
            current = target
        }
        return current
    }

    /// The node at a local JSON pointer (`#/components/schemas/Pet`); looked up once per pointer.
    func lookup(pointer: String) -> OANode? {
        if let cached = lookupCache[pointer] { return cached }
        let found = walk(pointer: pointer)
        lookupCache[pointer] = .some(found)
        return found
    }

    private func walk(pointer: String) -> OANode? {
        guard pointer.hasPrefix("#") else { return nil }
        let path = pointer.dropFirst()
        if path.isEmpty { return root }
        guard path.hasPrefix("/") else { return nil }
        var current = root
        for token in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = OANode.unescape(String(token))
            if let items = current.items {
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                current = items[index]
            } else {
                guard let next = current[key] else { return nil }
                current = next
            }
        }
        // Keep the canonical pointer as written in the reference.
        return OANode(current.node, pointer: String(pointer))
    }

    // MARK: The document

    /// Whether the document is an OpenAPI 3.0 or 3.1 document (reported otherwise).
    func isOpenAPI3() -> Bool {
        guard root.isObject else {
            error(root, "not an OpenAPI document: the top level must be a JSON object")
            return false
        }
        if let swagger = root["swagger"] {
            error(swagger, "this is a Swagger \(swagger.string ?? "2.0") document; only OpenAPI 3.0 and 3.1 are read. "
                  + "Convert it first (e.g. with https://converter.swagger.io or the swagger2openapi tool)")
            return false
        }
        guard let version = root["openapi"] else {
            error(root, "not an OpenAPI document: the 'openapi' key (3.0.x or 3.1.x) is missing")
            return false
        }
        guard let versionText = version.string, versionText.hasPrefix("3.") else {
            error(version, "unsupported OpenAPI version \(ImportJSONWriter.compact(ImportJSON(version.node))); only 3.0 and 3.1 are read")
            return false
        }
        return true
    }

    func run(options: ImportOptions) -> ImportJSON? {
        guard isOpenAPI3() else { return nil }
        var top: [(String, ImportJSON)] = []
        let info = root["info"]
        let apiName = apiTypeName(explicit: options.name, info: info)
        // The API's own type name is taken: a model of that name would clash with it.
        usedModelNames.insert(apiName)
        if versionTwo { top.append((SpecKey.formatVersion.key, .number("2"))) }
        top.append((SpecKey.name.key, .string(apiName)))
        if let description = joinedDescription(summary: info?["title"]?.string, description: info?["description"]?.string) {
            top.append((SpecKey.description.key, .string(description)))
        }
        documentBaseURL = baseURL()
        top.append((SpecKey.baseURL.key, .string(documentBaseURL)))

        if options.isFiltering { applyFilter(options) }

        securitySchemes = root["components"]?["securitySchemes"]
        if let security = root["security"] ?? sharedOperationSecurity() {
            topLevelAuth = auth(for: security)
            if let topLevelAuth, topLevelAuth != .string("none") { top.append((SpecKey.auth.key, topLevelAuth)) }
        }

        repeated = RepeatedSchemas(root.node)
        registerComponentSchemas()
        for (key, keyLocation, value) in root.members where key == "webhooks" {
            warn(.webhooks, pointer: value.pointer, at: keyLocation, "webhooks are not supported; dropped")
        }

        var rootGroup = ImportedGroup(key: "")
        var groups: [ImportedGroup] = []
        importPaths(rootGroup: &rootGroup, groups: &groups, apiName: apiName)
        reportFilesInJSON()

        renameReservedTopLevelEndpoints(&rootGroup)
        moveTopLevelEndpointsIfCrowded(&rootGroup, groups: &groups)
        var mappedEndpoints: [(pointer: String, endpoints: [ImportedEndpoint])] = []
        var mappedGroups: [(pointer: String, source: OANode?)] = []
        if !rootGroup.endpoints.isEmpty {
            top.append((SpecKey.endpoints.key, .object(rootGroup.endpoints.map { ($0.key, $0.value) })))
            mappedEndpoints.append(("/endpoints", rootGroup.endpoints))
        }
        if !groups.isEmpty {
            let topLevelNames = Set(rootGroup.endpoints.map { ImportNaming.lowerCamel($0.key) })
            let split = splitLargeGroups(groups)
            let named = namedGroups(split, apiName: apiName, topLevelNames: topLevelNames)
            let shelves = shelvedGroups(named.map(\.0), topLevelCount: rootGroup.endpoints.count, topLevelNames: topLevelNames)
            var shelved: [(String, [(String, ImportJSON)])] = []
            for (group, (key, value)) in zip(split, named) {
                var pointer = "/groups/" + OANode.escape(key)
                if let shelf = shelves[key] {
                    pointer = "/groups/" + OANode.escape(shelf) + pointer
                    // A shelf stands where its first group was; its groups keep their order.
                    if let index = shelved.firstIndex(where: { $0.0 == shelf }) { shelved[index].1.append((key, value)) } else { shelved.append((shelf, [(key, value)])) }
                }
                mappedGroups.append((pointer, group.source))
                mappedEndpoints.append((pointer + "/endpoints", group.endpoints))
            }
            if shelves.isEmpty {
                top.append((SpecKey.groups.key, .object(named)))
            } else {
                top.append((SpecKey.groups.key, .object(shelved.map { shelf, groups in
                    (shelf, .object([(SpecKey.groups.key, .object(groups))]))
                })))
            }
        }
        if !modelOrder.isEmpty {
            // Version 2 models may refer to themselves; version 1 structs cannot hold themselves.
            if versionTwo {
                flattenUnionCycles()
                separateAlternativeNames()
                checkDiscriminatorProperties()
                mergeIdenticalModels(in: &top)
            } else {
                breakModelCycles()
            }
            top.append((SpecKey.models.key, .object(modelOrder.compactMap { key in modelDefinitions[key].map { (key, $0) } })))
        }
        let spec = ImportJSON.object(top)
        if options.keepsTree {
            sourceMap = sourceMap(endpoints: mappedEndpoints, groups: mappedGroups, spec: spec)
        }
        return spec
    }

    /// With no global `security`, the requirement every operation states alike (Google's documents
    /// repeat it on each), so the spec says it once at the top.
    func sharedOperationSecurity() -> OANode? {
        var shared: OANode?
        var sharedText: String?
        for (path, _, item) in root["paths"]?.members ?? [] {
            for method in Self.methods {
                guard let operation = item[method], isKept(path: path, method: method) else { continue }
                guard let security = operation["security"] else { return nil }
                let text = ImportJSONWriter.compact(ImportJSON(security.node))
                if let sharedText, sharedText != text { return nil }
                sharedText = text
                if shared == nil { shared = security }
            }
        }
        return shared
    }

    /// The API's type name: `--name` as given when it is a valid Swift type name (`GHES` stays
    /// `GHES`), else it or the document's title in UpperCamelCase.
    func apiTypeName(explicit: String?, info: OANode?) -> String {
        if let explicit, Naming.typeNameProblem(explicit) == nil { return explicit }
        let base = explicit ?? info?["title"]?.string ?? "API"
        var result = ImportNaming.upperCamel(base)
        if result.isEmpty { result = "API" }
        return result
    }

    func joinedDescription(summary: String?, description: String?) -> String? {
        let parts = [summary, description].compactMap { $0?.importTrimmed }.filter { !$0.isEmpty }
        if parts.count == 2, parts[0] == parts[1] { return parts[0] }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    // MARK: Servers

    func baseURL() -> String {
        guard let servers = root["servers"]?.items, !servers.isEmpty else {
            let fallback = "http://localhost"
            warn(.relativeServer, root, "no servers given; baseURL set to '\(fallback)' (set the base URL at run time or edit the spec)")
            return fallback
        }
        let fallback = "http://localhost"
        return serverURL(servers, relativeTo: fallback, instead: "baseURL set to '\(fallback)'") ?? fallback
    }

    /// A path item's or an operation's own `servers` (Box's uploads, GitHub's release assets):
    /// its first server as the endpoint's `baseURL`, a relative one against the document's server's
    /// origin; nil when there are none or it is the document's own.
    /// (The path item's servers are given, not looked up by path: a lookup by path took a time that
    /// grows with the number of paths for every operation, and missed the item of a path written
    /// with a fragment, `/oauth2/token#refresh`, whose request path has none.)
    func endpointBaseURL(operation: OANode, pathServers: OANode?) -> String? {
        guard let servers = (operation["servers"] ?? pathServers)?.items, !servers.isEmpty else { return nil }
        var origin = "http://localhost"
        if let components = URLComponents(string: documentBaseURL), let scheme = components.scheme, let host = components.host {
            origin = "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
        }
        guard let url = serverURL(servers, relativeTo: origin, instead: "the document's base URL is used") else { return nil }
        return url == documentBaseURL ? nil : url
    }

    /// The first of `servers` with its variables' defaults, reporting the others; a relative URL
    /// is resolved against `origin`, with a warning. Nil, with a warning that says what is done
    /// `instead`, when that is not a base URL the format takes (DigitalOcean's `https://{agent_url}`,
    /// whose variable's default is `{your-agent-url}`; its presigned uploads' `https://`).
    func serverURL(_ servers: [OANode], relativeTo origin: String, instead: String) -> String? {
        let first = servers[0]
        for extra in servers.dropFirst() {
            warn(.extraServer, extra, "only the first server is used; '\(extra["url"]?.string ?? "?")' dropped")
        }
        var url = first["url"]?.string ?? "/"
        for (name, _, variable) in first["variables"]?.members ?? [] {
            let value = variable["default"]?.string ?? ""
            url = url.replacingOccurrences(of: "{\(name)}", with: value)
            if let options = variable["enum"]?.items, options.count > 1 {
                warn(.extraServer, variable, "server variable '\(name)' uses its default '\(value)'; the other values are dropped")
            }
        }
        if !(url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://")) {
            let relative = url.hasPrefix("/") ? url : "/" + url
            let absolute = origin + relative
            warn(.relativeServer, first["url"] ?? first,
                 "server URL '\(url)' is relative; baseURL set to '\(absolute)' (replace the host, or set the base URL at run time)")
            url = absolute
        }
        // A fragment is never sent.
        if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
        if let problem = Validation.baseURLProblem(url) {
            let hasVariables = !(first["variables"]?.members.isEmpty ?? true)
            warn(.relativeServer, first["url"] ?? first,
                 "server URL '\(first["url"]?.string ?? "?")'\(hasVariables ? " with its variables' defaults" : "") is not a base URL: "
                 + "it \(problem); \(instead) (set the base URL at run time)")
            return nil
        }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    // MARK: Groups

    /// Final group keys: a group whose type name equals a model's would shadow it inside the
    /// generated API enum, so it is renamed; so is one named like a Swift or Foundation type that
    /// generated code names. A group named like a runtime type (`Auth`) keeps its name: generated
    /// code qualifies the runtime's names that a declaration of the file shadows.
    ///
    /// A group is also a case of the API's `Call` enum: one named like a top-level endpoint is
    /// renamed the same way.
    func namedGroups(_ groups: [ImportedGroup], apiName: String, topLevelNames: Set<String> = []) -> [(String, ImportJSON)] {
        var used: Set<String> = []
        var result: [(String, ImportJSON)] = []
        // What a renamed group must not be named either: a model, the API, a reserved name, or
        // another group (DigitalOcean's group `dedicatedInference`, renamed for its model, met the
        // model `DedicatedInferenceEndpoints`).
        let taken = usedModelNames.union(reservedGroupNames).union(groups.map { ImportNaming.upperCamel($0.key) })
            .union([apiName])
        for group in groups {
            var key = group.key
            let typeName = ImportNaming.upperCamel(key)
            if usedModelNames.contains(typeName) || typeName == apiName || reservedGroupNames.contains(typeName) {
                let renamed = uniqueName(key + "Endpoints", used: used.union(taken), convert: ImportNaming.upperCamel)
                let shadowed = typeName == RuntimeNames.Service.protocolName && service ? "the generated service protocol" : "the type"
                warn(.renamed, group.source ?? root,
                     "group '\(key)' would shadow \(shadowed) '\(typeName)'; renamed to '\(renamed)'")
                key = renamed
            } else if topLevelNames.contains(ImportNaming.lowerCamel(key)) {
                let renamed = uniqueName(key + "Endpoints", used: used.union(taken).union(topLevelNames.map(ImportNaming.upperCamel)),
                                         convert: ImportNaming.upperCamel)
                warn(.renamed, group.source ?? root,
                     "group '\(key)' would be the same case of the API's Call enum as the endpoint '\(ImportNaming.lowerCamel(key))'; renamed to '\(renamed)'")
                key = renamed
            }
            used.insert(ImportNaming.upperCamel(key))
            var members: [(String, ImportJSON)] = []
            if let description = group.description { members.append((SpecKey.description.key, .string(description))) }
            members.append((SpecKey.endpoints.key, .object(group.endpoints.map { ($0.key, $0.value) })))
            result.append((key, .object(members)))
        }
        return result
    }

    /// Groups of more than `ReservedNames.maximumCasesPerLevel` operations cut into consecutive
    /// groups of 250 (`secrets`, `secretsPart2`, ...: a bare number would read like a version,
    /// `v12`), with a warning: every level's requests are one `switch`, which Swift cannot check
    /// beyond a few hundred cases.
    func splitLargeGroups(_ groups: [ImportedGroup]) -> [ImportedGroup] {
        let size = Self.groupPartSize
        var result: [ImportedGroup] = []
        let keys = Set(groups.map(\.key))
        for group in groups {
            guard group.endpoints.count > ReservedNames.maximumCasesPerLevel else {
                result.append(group)
                continue
            }
            var names: [String] = []
            for (index, start) in stride(from: 0, to: group.endpoints.count, by: size).enumerated() {
                var part = group
                if index > 0 { part.key = uniqueName(group.key + "Part\(index + 1)", used: keys.union(names), convert: { $0 }) }
                part.endpoints = Array(group.endpoints[start..<min(start + size, group.endpoints.count)])
                names.append(part.key)
                result.append(part)
            }
            warn(.renamed, group.source ?? root,
                 "group '\(group.key)' has \(group.endpoints.count) operations, more than one level holds (\(ReservedNames.maximumCasesPerLevel)); split into \(names.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return result
    }

    /// When the top level would hold more groups and endpoints than one level can
    /// (`ReservedNames.maximumCasesPerLevel`: a document without tags whose paths name hundreds of
    /// resources), the groups go into groups by their first letter (`a`, `b`, ..., `other` for the
    /// rest; `sPart2` past 250 of one letter), with a warning: `API.A.Accounts.list()`. Returns
    /// each group key's shelf (none when everything fits).
    func shelvedGroups(_ keys: [String], topLevelCount: Int, topLevelNames: Set<String>) -> [String: String] {
        guard topLevelCount + keys.count > ReservedNames.maximumCasesPerLevel else { return [:] }
        let byLetter = Self.byFirstLetter(keys)
        let size = Self.shelfSize
        let taken = usedModelNames.union(reservedGroupNames).union(keys.map(ImportNaming.upperCamel))
            .union(topLevelNames.map(ImportNaming.upperCamel))
        var used: Set<String> = []
        var result: [String: String] = [:]
        var names: [String] = []
        for (letter, members) in byLetter {
            for (index, start) in stride(from: 0, to: members.count, by: size).enumerated() {
                var base = index == 0 ? letter : letter + "Part\(index + 1)"
                let blocked = used.union(taken)
                // A model or a group named `A` keeps its name: the shelf is `aGroups`.
                if blocked.contains(ImportNaming.upperCamel(base)) { base += "Groups" }
                let shelf = uniqueName(base, used: blocked, convert: ImportNaming.upperCamel)
                used.insert(ImportNaming.upperCamel(shelf))
                names.append(shelf)
                for key in members[start..<min(start + size, members.count)] { result[key] = shelf }
            }
        }
        warn(.renamed, root["paths"] ?? root,
             "the top level would hold \(topLevelCount + keys.count) groups and endpoints, more than one level holds (\(ReservedNames.maximumCasesPerLevel)); its \(keys.count) groups are put in groups by their first letter: \(names.map { "'\($0)'" }.joined(separator: ", "))")
        return result
    }

    /// Groups a shelf holds at most; a shelf of more is split (`s`, `sPart2`).
    static let shelfSize = 250

    /// Operations of each part of a group split by `splitLargeGroups`.
    static let groupPartSize = 250

    /// How many groups `splitLargeGroups` makes of a group of `count` operations.
    static func groupParts(_ count: Int) -> Int {
        count > ReservedNames.maximumCasesPerLevel ? (count + groupPartSize - 1) / groupPartSize : 1
    }

    /// Keys by the shelf letter they go to (`a`...`z`, `other`), in order of first appearance.
    static func byFirstLetter(_ keys: [String]) -> [(letter: String, keys: [String])] {
        var byLetter: [(letter: String, keys: [String])] = []
        for key in keys {
            let first = key.unicodeScalars.first.map { String($0).lowercased() } ?? ""
            let letter = first.count == 1 && first >= "a" && first <= "z" ? first : "other"
            if let index = byLetter.firstIndex(where: { $0.letter == letter }) { byLetter[index].keys.append(key) } else { byLetter.append((letter, [key])) }
        }
        return byLetter
    }

    /// When the top level's own endpoints (untagged operations of paths that begin with a
    /// placeholder, `/{owner}/...`) leave no room for its groups, even with the groups shelved by
    /// their first letter, those endpoints move into a group of their own, `root` (split as any
    /// group of more than `ReservedNames.maximumCasesPerLevel`), with a warning: they keep their
    /// names, and `generate` takes the document.
    func moveTopLevelEndpointsIfCrowded(_ rootGroup: inout ImportedGroup, groups: inout [ImportedGroup]) {
        let limit = ReservedNames.maximumCasesPerLevel
        let own = rootGroup.endpoints.count
        guard own > 0 else { return }
        // The groups the top level holds after `splitLargeGroups`, and the shelves they would need.
        let parts = groups.flatMap { Array(repeating: $0.key, count: Self.groupParts($0.endpoints.count)) }
        let shelves = Self.byFirstLetter(parts).reduce(0) { $0 + ($1.keys.count + Self.shelfSize - 1) / Self.shelfSize }
        guard own + parts.count > limit, own + min(parts.count, shelves) > limit else { return }
        let key = uniqueName("root", used: Set(groups.map { ImportNaming.upperCamel($0.key) }), convert: ImportNaming.upperCamel)
        warn(.renamed, root["paths"] ?? root,
             "the top level would hold \(own) endpoints of its own (untagged operations of paths that begin with a placeholder) beside \(parts.count) groups, more than one level holds (\(limit)); those endpoints are put in the group '\(key)'")
        var moved = ImportedGroup(key: key, description: "Operations of paths that begin with a placeholder.")
        moved.endpoints = rootGroup.endpoints
        moved.usedNames = rootGroup.usedNames
        rootGroup.endpoints = []
        groups.append(moved)
    }

    /// Top-level endpoints named like a static member the generated API type declares (`defaults`,
    /// `samples`) get an `Endpoint` suffix, with a warning.
    func renameReservedTopLevelEndpoints(_ group: inout ImportedGroup) {
        let names = Set(group.endpoints.map { ImportNaming.lowerCamel($0.key) })
        for index in group.endpoints.indices where reservedTopLevelNames.contains(ImportNaming.lowerCamel(group.endpoints[index].key)) {
            let old = group.endpoints[index].key
            let renamed = uniqueName(old + "Endpoint", used: names, convert: ImportNaming.lowerCamel)
            warn(.renamed, root, "endpoint '\(old)' would be the API type's '\(ImportNaming.lowerCamel(old))'; renamed to '\(renamed)'")
            group.endpoints[index].key = renamed
        }
    }

    /// `base`, or `base2`, `base3`... : the first whose converted form is not in `used`.
    func uniqueName(_ base: String, used: Set<String>, convert: (String) -> String) -> String {
        if !used.contains(convert(base)) { return base }
        var index = 2
        while used.contains(convert("\(base)\(index)")) { index += 1 }
        return "\(base)\(index)"
    }
}

// MARK: - Models that contain themselves

extension OpenAPIImportContext {
    /// A Swift struct cannot hold its own type inline, even as an optional (the Validator refuses
    /// such a spec), while OpenAPI trees often do (`parent: Node`). Walking the models in output
    /// order, each property whose model type leads back to its own model without an array or a
    /// dictionary in between becomes `JSON`, keeping the raw value, with a warning. Only that one
    /// property per cycle changes; the rest stay typed.
    func breakModelCycles() {
        func modelType(_ value: ImportJSON) -> String? {
            var typeString: String?
            if case .string(let text) = value { typeString = text }
            if case .object(let fields) = value, case .string(let text)? = fields.first(where: { $0.0 == "type" })?.1 {
                typeString = text
            }
            guard var type = typeString?.trimmingCharacters(in: .whitespaces) else { return nil }
            while type.hasSuffix("?") { type.removeLast() }
            return objectModels.contains(type) ? type : nil
        }
        func properties(of model: String) -> [(String, ImportJSON)] {
            guard case .object(let fields)? = modelDefinitions[model],
                  case .object(let properties)? = fields.first(where: { $0.0 == SpecKey.properties.key })?.1 else { return [] }
            return properties
        }
        func reaches(_ start: String, _ target: String) -> Bool {
            var stack = [start]
            var seen: Set<String> = []
            while let model = stack.popLast() {
                if model == target { return true }
                guard seen.insert(model).inserted else { continue }
                stack.append(contentsOf: properties(of: model).compactMap { modelType($0.1) })
            }
            return false
        }
        for model in modelOrder where objectModels.contains(model) {
            for (name, value) in properties(of: model) {
                guard let target = modelType(value), reaches(target, model) else { continue }
                replacePropertyType(model: model, property: name)
                let component = componentModelKeys.first(where: { $0.value == model })?.key
                let pointer = component.map { "\(Self.componentSchemaPrefix)\(OANode.escape($0))/properties/\(OANode.escape(name))" }
                let node = pointer.flatMap { lookup(pointer: $0) }
                warn(.schemaAsJSON, pointer: pointer ?? "#/components/schemas", at: node?.location ?? root.location,
                     "'\(model).\(name)' contains '\(model)' again without an array in between, which a Swift struct cannot hold; typed JSON")
            }
        }
    }

    /// Rewrites one property's type string to `JSON` (`JSON?` when it was optional).
    private func replacePropertyType(model: String, property: String) {
        func json(_ type: String) -> ImportJSON { .string(type.hasSuffix("?") ? "JSON?" : "JSON") }
        updateProperties(ofModel: model) { properties in
            guard let index = properties.firstIndex(where: { $0.0 == property }) else { return }
            switch properties[index].1 {
            case .string(let type):
                properties[index].1 = json(type)
            case .object(var entry):
                if let typeIndex = entry.firstIndex(where: { $0.0 == "type" }), case .string(let type) = entry[typeIndex].1 {
                    entry[typeIndex].1 = json(type)
                }
                properties[index].1 = .object(entry)
            default:
                return
            }
        }
    }
}
