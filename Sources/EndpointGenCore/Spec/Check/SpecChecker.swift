import Foundation

/// Step 2 of validation: every rule of the spec format (docs/spec-format.md) over the raw tree:
/// paths and their placeholders, type strings, parameter kinds and places, bodies, responses,
/// error statuses, defaults, union alternatives and discriminators, unions that contain themselves,
/// and names that collide in Swift or are reserved. It reports, and returns what it parsed and decided
/// (`CheckedSpec`); `SpecResolver` builds the `Spec` from that and the raw tree.
struct SpecChecker: Sendable {
    let fileName: String
    /// Names the module defines itself (the config's `moduleTypes`): usable without a model.
    let moduleTypes: Set<String>
    /// What `check` returns, filled as it goes.
    var result = CheckedSpec()
    var modelIndex = ModelIndex()
    /// Type strings parsed without any diagnostic (where `Void` is not allowed): big specs repeat them.
    var types: [String: TypeRef] = [:]
    /// The same for response types, where `Void` is allowed.
    var responseTypes: [String: TypeRef] = [:]
    var diagnostics = Diagnostics()
    /// Problems reported before the decoder's at the same place (a reserved name before a missing key).
    var early = Diagnostics()
    /// The properties of each object model, by name: a page's `items` is checked against them.
    var objectModels: [String: [CheckedModel.Member]] = [:]
    /// The `additionalProperties` type of each object model that has one (a parameter style reads it).
    var additionalPropertyTypes: [String: TypeRef] = [:]
    /// The `items` key of each model that holds pages, and where it was first given.
    var pageItemsKeys: [String: (key: String, location: SourceLocation)] = [:]
    /// In a copy that checks one top-level group of several at once: each page model and `items`
    /// key its endpoints give, in order, for the merging checker to hold against `pageItemsKeys`.
    var pageItemUses: [(model: String, items: Located<String>)]?
    /// Whether the top-level groups are checked on every core (`checkGroupsConcurrently`).
    var spreadsGroups = false

    init(fileName: String, moduleTypes: Set<String>, spreadsGroups: Bool = false) {
        self.fileName = fileName
        self.moduleTypes = moduleTypes
        self.spreadsGroups = spreadsGroups
    }

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.error(message, at: location)
    }

    /// Reports names that two keys share at one level, at the later key, naming the earlier one.
    mutating func checkCollisions(_ items: [(key: String, swiftName: String, location: SourceLocation)], what: String) {
        // Most lists are an endpoint's few parameters: comparing with the earlier items costs less
        // than hashing every name into a dictionary made for each list.
        if items.count <= 16 {
            for (index, item) in items.enumerated() {
                if let first = items[..<index].first(where: { $0.swiftName == item.swiftName }) {
                    error("\(what) '\(item.key)' and \(what) '\(first.key)' (line \(first.location.line), column \(first.location.column)) both become the Swift name '\(item.swiftName)'",
                          at: item.location)
                }
            }
            return
        }
        var seen: [String: (key: String, location: SourceLocation)] = [:]
        for item in items {
            if let first = seen[item.swiftName] {
                error("\(what) '\(item.key)' and \(what) '\(first.key)' (line \(first.location.line), column \(first.location.column)) both become the Swift name '\(item.swiftName)'",
                      at: item.location)
            } else {
                seen[item.swiftName] = (item.key, item.location)
            }
        }
    }

    /// Parses a type string, reporting its problems (once per string that has none: big specs repeat them).
    mutating func type(_ text: Located<String>?, allowVoid: Bool) -> TypeRef? {
        guard let text else { return nil }
        if let cached = allowVoid ? responseTypes[text.value] : types[text.value] { return cached }
        let before = diagnostics.all.count
        let type = TypeParser.parse(text.value, at: text.location, models: modelIndex.modelNames, moduleTypes: moduleTypes,
                                    allowVoid: allowVoid, diagnostics: &diagnostics)
        if let type, diagnostics.all.count == before {
            if allowVoid { responseTypes[text.value] = type } else { types[text.value] = type }
        }
        return type
    }

    /// The type of `text` where `Void` is not allowed, without reporting its problems (reported
    /// where the string itself is checked).
    func quietType(_ text: Located<String>) -> TypeRef? {
        if let type = types[text.value] { return type }
        var ignored = Diagnostics()
        return TypeParser.parse(text.value, at: text.location, models: modelIndex.modelNames, moduleTypes: moduleTypes, allowVoid: false,
                                diagnostics: &ignored)
    }

    /// A string that must be of a JSON kind the decoder could not know (it depends on another key).
    mutating func string(_ node: JSONNode, _ what: @autoclosure () -> String) -> String? {
        if case .string(let text) = node.value { return text }
        error("\(what()) must be a string, found \(Validation.kind(of: node))", at: node.location)
        return nil
    }

    // MARK: Top level

    /// Checks the spec; what it works out is returned, its problems are in `early` and `diagnostics`.
    mutating func check(_ spec: RawSpec) -> CheckedSpec {
        let (baseName, outputName) = Validation.outputName(fileName)
        if spec.hasName {
            if let name = spec.name {
                if let problem = Naming.typeNameProblem(name.value) ?? Validation.reservedTypeNameProblem(name.value) {
                    error("'name': \(problem)", at: name.location)
                }
                result.apiName = name.value
            }
        } else if let problem = Naming.typeNameProblem(outputName) ?? Validation.reservedTypeNameProblem(outputName) {
            early.error("the file name '\(baseName)' does not give a Swift type name (\(problem)); add a 'name' key", at: spec.location)
        } else {
            result.apiName = outputName
        }

        if let node = spec.formatVersion {
            if case .number(let text) = node.value, text == "1" || text == "2" {
                // Both versions' keys are accepted either way: version 2 only adds keys.
            } else {
                error("'formatVersion' must be 1 or 2", at: node.location)
            }
        }
        if let baseURL = spec.baseURL, let problem = Validation.baseURLProblem(baseURL.value) {
            error("'baseURL' \(problem)", at: baseURL.location)
        }
        if let text = spec.dateFormat, DateFormat(rawValue: text.value) == nil {
            var message = "unknown dateFormat '\(text.value)'; expected one of \(Validation.list(SpecKeys.dateFormats))"
            if let suggestion = Naming.didYouMean(text.value, candidates: SpecKeys.dateFormats) {
                message = "unknown dateFormat '\(text.value)'; did you mean '\(suggestion)'?"
            }
            error(message, at: text.location)
        }

        // Models first: endpoints refer to them.
        var models: [CheckedModel] = []
        if let rawModels = spec.models {
            collectModelNames(rawModels)
            models = checkModels(rawModels)
            for model in models { if let properties = model.properties { objectModels[model.key.key] = properties } }
            for model in rawModels {
                if case .object(_, let extra?) = model.kind, let type = quietType(extra) {
                    additionalPropertyTypes[model.key.key] = type
                }
            }
            checkFormStyles(rawModels)
        }
        checkShared(spec.shared)
        let api = checkContents(spec.contents, key: result.apiName, location: spec.location, path: [], isAPI: true)

        // A model named like a group would be hidden by it inside the API type.
        // (Groups indexed once by name, first in depth-first order: searching the tree for each
        // model was quadratic in big specs.)
        var groupsByName: [String: RawKey] = [:]
        func index(_ contents: RawContents) {
            for child in contents.groups ?? [] where child.isObject {
                let swiftName = Naming.upperCamel(child.key.key)
                if groupsByName[swiftName] == nil { groupsByName[swiftName] = child.key }
                index(child.contents)
            }
        }
        if !models.isEmpty { index(spec.contents) }
        for model in models {
            if let endpoint = api.endpoints[model.key.key] {
                error("model '\(model.key.key)' and endpoint '\(endpoint.key)' (line \(endpoint.location.line), column \(endpoint.location.column)) would both be '\(result.apiName).\(model.key.key)'; rename one",
                      at: model.key.location)
            }
            if model.key.key == result.apiName {
                error("model '\(model.key.key)' has the same name as the API type", at: model.key.location)
            }
            if let group = groupsByName[model.key.key] {
                error("model '\(model.key.key)' has the same Swift name as group '\(group.key)' (line \(group.location.line), column \(group.location.column)), which would hide it inside '\(result.apiName)'",
                      at: model.key.location)
            }
        }
        return result
    }

    // MARK: Groups

    /// What a level's check tells the level above: its endpoints by Swift name (the first of each).
    struct CheckedContents {
        var endpoints: [String: RawKey] = [:]
    }

    /// Checks the endpoints and groups of the API or of a group. `path` holds the enclosing groups'
    /// path segments.
    mutating func checkContents(_ contents: RawContents, key: String, location: SourceLocation, path: [ParsedSegment],
                                isAPI: Bool) -> CheckedContents {
        var checked = CheckedContents()
        /// Each endpoint's Swift name, in order.
        var endpointNames: [(key: String, swiftName: String, location: SourceLocation)] = []
        if let endpoints = contents.endpoints {
            endpointNames.reserveCapacity(endpoints.count)
            for endpoint in endpoints {
                let endpointName = Naming.lowerCamel(endpoint.key.key)
                endpointNames.append((endpoint.key.key, endpointName, endpoint.key.location))
                if isAPI && ReservedNames.apiMembers.contains(endpointName) {
                    early.error("endpoint '\(endpoint.key.key)' would be '\(result.apiName).\(endpointName)', which the generated API type uses for \(ReservedNames.apiMemberUses[endpointName] ?? "itself"); rename the endpoint",
                                at: endpoint.key.location)
                }
                if endpoint.isObject {
                    checkEndpoint(endpoint, path: path)
                    if checked.endpoints[endpointName] == nil { checked.endpoints[endpointName] = endpoint.key }
                }
            }
            checkCollisions(endpointNames, what: "endpoint")
        }
        var groupCount = 0
        if let groups = contents.groups {
            if isAPI && spreadsGroups && groups.count > 1 {
                checkGroupsConcurrently(groups, path: path)
            } else {
                for group in groups { checkGroup(group, path: path) }
            }
            groupCount = EndpointCount.own(groups, isObject: \.isObject)
            checkCollisions(groups.map { ($0.key.key, Naming.upperCamel($0.key.key), $0.key.location) }, what: "group")
            // Cases and nested types share one namespace: an endpoint `数据` and a group `数据`
            // (or `_1` and `1`) would both declare `数据` in the same enum.
            if contents.endpoints != nil {
                var endpointsByName: [String: (key: String, location: SourceLocation)] = [:]
                for endpoint in endpointNames where endpointsByName[endpoint.swiftName] == nil {
                    endpointsByName[endpoint.swiftName] = (endpoint.key, endpoint.location)
                }
                for group in groups {
                    let swiftName = Naming.upperCamel(group.key.key)
                    guard let endpoint = endpointsByName[swiftName] else { continue }
                    error("group '\(group.key.key)' and endpoint '\(endpoint.key)' (line \(endpoint.location.line), column \(endpoint.location.column)) both become the Swift name '\(swiftName)'",
                          at: group.key.location)
                }
            }
            // Each group is also a case of its parent's `Call` enum, named like an endpoint.
            for group in groups where group.isObject {
                // A group whose type name is the endpoint's name too was reported above: one error a collision.
                let caseName = Naming.lowerCamel(group.key.key)
                if let endpoint = checked.endpoints[caseName], caseName != Naming.upperCamel(group.key.key) {
                    error("group '\(group.key.key)' and endpoint '\(endpoint.key)' (line \(endpoint.location.line), column \(endpoint.location.column)) would both be the case '\(caseName)' of the enum '\(ReservedNames.callEnum)'; rename one",
                          at: group.key.location)
                }
            }
        }
        checkResponseTypeNames(contents, isAPI: isAPI)
        // This level's own endpoints (the groups' are cases of their own enums), by the one rule.
        let cases = EndpointCount.own(contents.endpoints ?? [], isObject: \.isObject) + groupCount
        if cases > ReservedNames.maximumCasesPerLevel {
            error("\(isAPI ? "the top level" : "group '\(key)'") has \(cases) endpoints and groups; at most \(ReservedNames.maximumCasesPerLevel) fit one level (Swift cannot check a switch over more): move some into groups",
                  at: location)
        }
        return checked
    }

    /// Checks the top-level groups on every core, each by a copy of this checker as the models and
    /// the top level left it, reporting into lists of its own and noting facts in an empty
    /// `CheckedSpec` (a group's check reads only the facts of its own nodes). What the copies found
    /// is added in the groups' order, as checking them one after another would have; the one rule
    /// that spans groups, a page model's single `items` key, is applied here to the uses they
    /// recorded.
    mutating func checkGroupsConcurrently(_ groups: [RawGroup], path: [ParsedSegment]) {
        var base = self
        base.diagnostics = Diagnostics()
        base.early = Diagnostics()
        base.result = CheckedSpec()
        base.result.apiName = result.apiName
        base.pageItemUses = []
        let copies = groups.concurrentMap { [base] group in
            var copy = base
            copy.checkGroup(group, path: path)
            return (copy.early, copy.diagnostics, copy.result, copy.pageItemUses ?? [])
        }
        for (copyEarly, copyDiagnostics, copyResult, pageItemUses) in copies {
            early.append(contentsOf: copyEarly)
            diagnostics.append(contentsOf: copyDiagnostics)
            result.add(copyResult)
            for use in pageItemUses { _ = notePageItems(use.items, of: use.model) }
        }
    }

    mutating func checkGroup(_ group: RawGroup, path: [ParsedSegment]) {
        let swiftName = Naming.upperCamel(group.key.key)
        if ReservedNames.groupTypeNames.contains(swiftName) {
            let use = swiftName == ReservedNames.callEnum ? "the generated code uses for the enum of endpoints"
                : ReservedNames.swiftTypeKeywords.contains(swiftName) ? "cannot name a nested type"
                : "generated code names, and the group would hide it inside the API"
            error("group '\(group.key.key)' would be the Swift type '\(swiftName)', which \(use); rename the group",
                  at: group.key.location)
        } else if swiftName == result.apiName {
            error("group '\(group.key.key)' would have the same Swift name as the API type '\(result.apiName)'", at: group.key.location)
        }
        guard group.isObject else { return }
        var inner = path
        if let text = group.path {
            if let segments = PathParser.parse(text, group: group.key.key, diagnostics: &diagnostics) {
                inner += segments
                result.groupSegments[group.id] = segments.map { PathSegment(parts: $0.parts) }
            }
        }
        checkShared(group.shared)
        _ = checkContents(group.contents, key: group.key.key, location: group.key.location, path: inner, isAPI: false)
    }

    // MARK: Headers, auth, errors

    mutating func checkShared(_ shared: RawShared, isEndpoint: Bool = false) {
        for header in shared.headers ?? [] {
            if case .text(let value) = header.value { _ = checkHeaderValue(value, of: header) }
        }
        if let auth = shared.auth { checkAuth(auth) }
        if let baseURL = shared.baseURL, let problem = Validation.baseURLProblem(baseURL.value) {
            error("'baseURL' \(problem)", at: baseURL.location)
        }
        if let errors = shared.errors {
            checkErrors(errors)
            // Error headers become a struct of the endpoint's own; a group or the API has none.
            if !isEndpoint {
                for entry in errors where entry.headers != nil {
                    error("the headers of error response '\(entry.key.key)' are declared in an endpoint's own 'errors', not in a group's or the top level's",
                          at: entry.key.location)
                }
            }
        }
    }

    /// Whether a header's value can be sent: no line breaks or control characters (reported).
    mutating func checkHeaderValue(_ value: Located<String>, of header: RawHeader) -> Bool {
        guard Validation.hasControlCharacters(value.value) else { return true }
        error("the value of header '\(header.key.key)' cannot contain line breaks or control characters", at: value.location)
        return false
    }

    mutating func checkAuth(_ auth: RawAuth) {
        switch auth {
        case .list(let location, let alternatives):
            checkAuthList(alternatives, at: location)
        case .together(_, let schemes):
            checkAuthTogether(schemes)
        case .name(let text):
            switch text.value {
            case "none", "bearer", "basic": break
            case "apiKey":
                error("'apiKey' auth needs an object: { \"type\": \"apiKey\", \"in\": \"header\", \"name\": \"X-Api-Key\" }", at: text.location)
            default:
                var message = "unknown auth '\(text.value)'; expected 'none', 'bearer', 'basic' or an apiKey object"
                if let suggestion = Naming.didYouMean(text.value, candidates: SpecKeys.authNames) {
                    message = "unknown auth '\(text.value)'; did you mean '\(suggestion)'?"
                }
                error(message, at: text.location)
            }
        case .object(let location, let type, let inNode, let nameNode):
            guard type.value == "apiKey" else {
                if ["none", "bearer", "basic"].contains(type.value) {
                    error("write \"\(type.value)\" auth as the string \"\(type.value)\"; the object form is for apiKey", at: type.location)
                } else {
                    var message = "unknown auth type '\(type.value)'; expected 'apiKey'"
                    if let suggestion = Naming.didYouMean(type.value, candidates: SpecKeys.authNames) {
                        message = "unknown auth type '\(type.value)'; did you mean '\(suggestion)'?"
                    }
                    error(message, at: type.location)
                }
                return
            }
            var keyLocation: Auth.APIKeyLocation?
            if let inNode {
                if let text = string(inNode, "the apiKey 'in'") {
                    keyLocation = Auth.APIKeyLocation(rawValue: text)
                    if keyLocation == nil {
                        error("the apiKey 'in' must be 'header', 'query' or 'cookie', found '\(text)'", at: inNode.location)
                    }
                }
            } else {
                error("an apiKey auth needs 'in' (\"header\", \"query\" or \"cookie\")", at: location)
            }
            if let nameNode {
                if let text = string(nameNode, "the apiKey 'name'") {
                    if text.isEmpty {
                        error("the apiKey 'name' cannot be empty", at: nameNode.location)
                    } else if let keyLocation, keyLocation != .query, !Validation.isToken(text) {
                        error("'\(text)' is not a valid \(keyLocation.rawValue) name", at: nameNode.location)
                    }
                }
            } else {
                error("an apiKey auth needs 'name' (the header, query parameter or cookie that carries the key)", at: location)
            }
        }
    }

    /// `"auth": [...]`: each alternative as a single auth, none twice, not empty, and more than
    /// `"none"` alone.
    mutating func checkAuthList(_ alternatives: [RawAuth], at location: SourceLocation) {
        var seen: [String: SourceLocation] = [:]
        var schemes = 0
        for alternative in alternatives {
            checkAuth(alternative)
            guard let (identity, place) = SpecChecker.authIdentity(alternative) else { continue }
            if identity != "'none'" { schemes += 1 }
            if let first = seen[identity] {
                error("the auth alternative \(identity) is listed twice (first at line \(first.line), column \(first.column))", at: place)
            } else {
                seen[identity] = place
            }
        }
        if alternatives.isEmpty {
            error("an 'auth' list needs at least one alternative (\"bearer\", \"basic\" or an apiKey object; \"none\" makes them optional)",
                  at: location)
        } else if schemes == 0 && seen["'none'"] != nil {
            error("an 'auth' list of \"none\" alone sends no credentials; write \"auth\": \"none\"", at: location)
        }
    }

    /// `[scheme, scheme]` in an `auth` list: schemes sent together, each as a single auth but
    /// `"none"`, none twice, and no two in the same header, query item or cookie (`bearer` and `basic` both
    /// write `Authorization`: the second would replace the first).
    mutating func checkAuthTogether(_ schemes: [RawAuth]) {
        var seen: [String: SourceLocation] = [:]
        var slots: [String: String] = [:]
        for scheme in schemes {
            checkAuth(scheme)
            guard let (identity, place) = SpecChecker.authIdentity(scheme) else { continue }
            if identity == "'none'" {
                error("\"none\" cannot be sent together with other schemes; list it as an alternative of its own to make the credentials optional", at: place)
            } else if let first = seen[identity] {
                error("the scheme \(identity) is listed twice in schemes sent together (first at line \(first.line), column \(first.column))", at: place)
            } else {
                seen[identity] = place
                guard let slot = SpecChecker.authSlot(scheme) else { continue }
                if let other = slots[slot.key] {
                    error("\(identity) and \(other) are sent together in the same \(slot.what): the second would replace the first", at: place)
                } else {
                    slots[slot.key] = identity
                }
            }
        }
        // An empty list was reported where it was read.
    }

    /// Where a scheme puts its credential: the `Authorization` header, another header (names
    /// compared without case), a query item or a cookie; nil for `"none"` or a shape already reported.
    static func authSlot(_ auth: RawAuth) -> (key: String, what: String)? {
        switch auth {
        case .name(let text):
            return Validation.authSlot(type: text.value, in: nil, name: nil)
        case .object(_, let type, let inNode, let nameNode):
            guard case .string(let place)? = inNode?.value, case .string(let name)? = nameNode?.value else { return nil }
            return Validation.authSlot(type: type.value, in: place, name: name)
        case .list, .together: return nil
        }
    }

    /// What makes two alternatives the same, for messages (`'bearer'`, `apiKey in header 'X-Key'`,
    /// `'basic' + apiKey in header 'X-Key'` for schemes sent together, in any order), and where it
    /// is; nil for an alternative whose shape was already reported.
    static func authIdentity(_ auth: RawAuth) -> (String, SourceLocation)? {
        switch auth {
        case .name(let text): return ("'\(text.value)'", text.location)
        case .object(let location, let type, let inNode, let nameNode):
            guard type.value == "apiKey", case .string(let place)? = inNode?.value, case .string(let name)? = nameNode?.value else { return nil }
            return ("apiKey in \(place) '\(name)'", location)
        case .together(let location, let schemes):
            let identities = schemes.compactMap { authIdentity($0)?.0 }
            guard identities.count == schemes.count, !identities.isEmpty else { return nil }
            // One scheme is that scheme: `[["bearer"], "bearer"]` lists it twice.
            return (Set(identities).sorted().joined(separator: " + "), location)
        case .list: return nil
        }
    }

    mutating func checkErrors(_ errors: [RawError]) {
        var seen: [ErrorResponse.Status: SourceLocation] = [:]
        for entry in errors {
            let status = Validation.errorStatus(entry.key.key)
            if status == nil {
                error("'\(entry.key.key)' is not an error status; use a code (\"404\"), a range (\"4XX\") or \"default\"", at: entry.key.location)
            }
            let type = type(entry.type, allowVoid: false)
            if let type { result.errorTypes[entry.id] = type }
            guard let status else { continue }
            if let first = seen[status] {
                error("error status '\(entry.key.key)' is given twice (also at line \(first.line), column \(first.column))", at: entry.key.location)
                continue
            }
            seen[status] = entry.key.location
            if let type, type.containsFile {
                error("an error body cannot be or hold a 'File': error bodies are decoded from JSON", at: entry.valueLocation)
            }
        }
    }
}
