import Foundation

/// Checks every rule of the spec format (docs/spec-format.md) on a parsed JSON tree and builds the
/// validated `Spec`: inheritance resolved, Swift names chosen, types parsed. Every problem in the
/// file is reported, each at its key or value; the result is nil when there is any error.
public enum Validator {
    public static func validate(_ root: JSONNode, fileName: String, moduleTypes: Set<String> = [],
                                diagnostics: inout Diagnostics) -> Spec? {
        var validation = Validation(fileName: fileName)
        validation.moduleTypes = moduleTypes
        let spec = validation.validateSpec(root)
        diagnostics.append(contentsOf: validation.diagnostics)
        guard let spec, !diagnostics.hasErrors else { return nil }
        return spec
    }
}

/// What a level passes down to its groups and endpoints.
struct Inherited {
    struct HeaderEntry {
        var name: String
        var value: String
    }

    var headers: [HeaderEntry] = []
    var auth: Auth = .none
    /// Error bodies by status, the nearest level's winning.
    var errors: [ErrorResponse] = []
    /// Path segments of the enclosing groups, each with the place of the path it came from.
    var path: [ParsedSegment] = []
    /// Names of the groups from the API down, for messages.
    var groupKeys: [String] = []
}

/// A path segment with the placeholders it uses and where they were written.
struct ParsedSegment {
    var parts: [PathSegment.Part]
    /// For each placeholder: its name and its place in the spec.
    var placeholders: [(name: String, location: SourceLocation)]
    /// The group key whose `path` holds it, or nil for the endpoint's own path.
    var group: String?
}

/// An object's members looked up by key (objects in specs are small: a linear search beats hashing).
struct Fields {
    let members: [JSONNode.Member]

    init(_ members: [JSONNode.Member]) { self.members = members }

    subscript(key: String) -> JSONNode.Member? {
        for member in members where member.key == key { return member }
        return nil
    }
}

struct Validation {
    let fileName: String
    var diagnostics = Diagnostics()
    /// Model name -> enum values (nil for an object model).
    var modelKinds: [String: [String]?] = [:]
    var modelNames: Set<String> = []
    /// Enum models declared `"type": "Int"` (their values in `modelKinds` are the integers' text).
    var integerEnumModels: Set<String> = []
    /// Object model name -> its property keys (for discriminator checks).
    var objectPropertyKeys: [String: [String]] = [:]
    /// Object model name -> property key -> its type string as written, when it is one (for discriminator checks).
    var objectPropertyTypes: [String: [String: String]] = [:]
    /// Names the module defines itself (the config's `moduleTypes`): usable without a model.
    var moduleTypes: Set<String> = []
    /// Type strings already parsed without any diagnostic, by (text, allowVoid): big specs repeat them.
    var typeCache: [String: TypeRef] = [:]
    /// The API's Swift type name.
    var apiName = ""

    init(fileName: String) {
        self.fileName = fileName
    }

    // MARK: Reporting helpers

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.error(message, at: location)
    }

    static func kind(of node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The members of `node`, or nil after reporting that `what` must be an object.
    mutating func object(_ node: JSONNode, _ what: @autoclosure () -> String) -> [JSONNode.Member]? {
        if case .object(let members) = node.value { return members }
        error("\(what()) must be an object, found \(Validation.kind(of: node))", at: node.location)
        return nil
    }

    mutating func string(_ node: JSONNode, _ what: @autoclosure () -> String) -> String? {
        if case .string(let text) = node.value { return text }
        error("\(what()) must be a string, found \(Validation.kind(of: node))", at: node.location)
        return nil
    }

    /// Reports every key of `members` that is not in `allowed`, with a suggestion when one is close.
    mutating func checkKeys(_ members: [JSONNode.Member], allowed: [String], in context: @autoclosure () -> String) {
        for member in members where !allowed.contains(member.key) {
            var message = "unknown key '\(member.key)' \(context())"
            if let suggestion = Naming.didYouMean(member.key, candidates: allowed) {
                message += "; did you mean '\(suggestion)'?"
            }
            error(message, at: member.keyLocation)
        }
    }

    /// Reports names that two keys share at one level, at the later key, naming the earlier one.
    mutating func checkCollisions(_ items: [(key: String, swiftName: String, location: SourceLocation)], what: String) {
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

    // MARK: Top level

    mutating func validateSpec(_ root: JSONNode) -> Spec? {
        guard case .object(let members) = root.value else {
            error("a spec must be a JSON object, found \(Validation.kind(of: root))", at: root.location)
            return nil
        }
        checkKeys(members, allowed: SpecKeys.topLevel, in: "at the top level")
        let top = Fields(members)

        // Names: the output file's name and the API type name.
        let baseName = fileName.split(separator: "/").last.map(String.init) ?? fileName
        var outputName = baseName
        for suffix in [".endpoints.json", ".json"] where outputName.hasSuffix(suffix) && outputName.count > suffix.count {
            outputName.removeLast(suffix.count)
            break
        }
        if let nameMember = top["name"] {
            if let name = string(nameMember.value, "'name'") {
                if let problem = Naming.typeNameProblem(name) {
                    error("'name': \(problem)", at: nameMember.value.location)
                } else if let problem = reservedTypeNameProblem(name) {
                    error("'name': \(problem)", at: nameMember.value.location)
                }
                apiName = name
            }
        } else if let problem = Naming.typeNameProblem(outputName) ?? reservedTypeNameProblem(outputName) {
            error("the file name '\(baseName)' does not give a Swift type name (\(problem)); add a 'name' key", at: root.location)
        } else {
            apiName = outputName
        }

        if let member = top["formatVersion"] {
            if case .number(let text) = member.value.value, text == "1" || text == "2" {
                // Both versions' keys are accepted either way: version 2 only adds keys.
            } else {
                error("'formatVersion' must be 1 or 2", at: member.value.location)
            }
        }

        var description: String?
        if let member = top["description"] { description = string(member.value, "'description'") }

        var baseURL = ""
        if let member = top["baseURL"] {
            if let text = string(member.value, "'baseURL'") {
                if let problem = Validation.baseURLProblem(text) {
                    error("'baseURL' \(problem)", at: member.value.location)
                }
                baseURL = text
            }
        } else {
            error("missing required key 'baseURL' (the absolute http or https URL every path is appended to)", at: root.location)
        }

        var dateFormat = DateFormat.iso8601
        if let member = top["dateFormat"], let text = string(member.value, "'dateFormat'") {
            if let format = DateFormat(rawValue: text) {
                dateFormat = format
            } else {
                var message = "unknown dateFormat '\(text)'; expected one of \(Validation.list(SpecKeys.dateFormats))"
                if let suggestion = Naming.didYouMean(text, candidates: SpecKeys.dateFormats) {
                    message = "unknown dateFormat '\(text)'; did you mean '\(suggestion)'?"
                }
                error(message, at: member.value.location)
            }
        }

        // Models first: endpoints refer to them.
        var models: [Model] = []
        if let member = top["models"], let modelMembers = object(member.value, "'models'") {
            collectModelNames(modelMembers)
            models = validateModels(modelMembers)
        }

        var inherited = Inherited()
        if let member = top["headers"] { inherited.headers = mergeHeaders(inherited.headers, member.value) }
        if let member = top["auth"], let auth = validateAuth(member.value) { inherited.auth = auth }
        if let member = top["errors"] { inherited.errors = validateErrors(member.value) }

        let api = validateGroupBody(key: apiName, swiftName: apiName, description: description, members: top,
                                    location: root.location, inherited: inherited, isAPI: true)

        // A model named like a group would be hidden by it inside the API type.
        // (Groups indexed once by name, first in depth-first order: searching the tree for each
        // model was quadratic in big specs.)
        var groupsByName: [String: Group] = [:]
        func index(_ group: Group) {
            for child in group.groups {
                if groupsByName[child.swiftName] == nil { groupsByName[child.swiftName] = child }
                index(child)
            }
        }
        if !models.isEmpty { index(api) }
        var topEndpoints: [String: Endpoint] = [:]
        for endpoint in api.endpoints where topEndpoints[endpoint.swiftName] == nil { topEndpoints[endpoint.swiftName] = endpoint }
        for model in models {
            if let endpoint = topEndpoints[model.swiftName] {
                error("model '\(model.key)' and endpoint '\(endpoint.key)' (line \(endpoint.location.line), column \(endpoint.location.column)) would both be '\(apiName).\(model.swiftName)'; rename one",
                      at: model.location)
            }
            if model.swiftName == apiName {
                error("model '\(model.key)' has the same name as the API type", at: model.location)
            }
            if let group = groupsByName[model.swiftName] {
                error("model '\(model.key)' has the same Swift name as group '\(group.key)' (line \(group.location.line), column \(group.location.column)), which would hide it inside '\(apiName)'",
                      at: model.location)
            }
        }

        if diagnostics.hasErrors { return nil }
        return Spec(fileName: fileName, outputName: outputName, api: api, baseURL: baseURL, dateFormat: dateFormat,
                    headers: inherited.headers.map { Header(name: $0.name, value: $0.value) }, auth: inherited.auth,
                    errors: inherited.errors, models: models)
    }

    func reservedTypeNameProblem(_ name: String) -> String? {
        if ReservedNames.typeNames.contains(name) {
            return "'\(name)' is a type that generated code uses; choose another name"
        }
        return nil
    }

    static func list(_ values: [String]) -> String {
        values.map { "'\($0)'" }.joined(separator: ", ")
    }

    static func baseURLProblem(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            return "must be an absolute http or https URL, found '\(text)'"
        }
        guard scheme.lowercased() == "http" || scheme.lowercased() == "https" else {
            return "must use http or https, found '\(scheme)'"
        }
        guard let host = components.host, !host.isEmpty else {
            return "must have a host, found '\(text)'"
        }
        if components.query != nil { return "cannot have a query ('?'); use query parameters" }
        if components.fragment != nil { return "cannot have a fragment ('#')" }
        return nil
    }

    // MARK: Headers and auth

    /// Applies the headers object `node` over `inherited`: case-insensitive names, a nearer value
    /// replaces an inherited one in place, `null` removes it, new names are appended.
    mutating func mergeHeaders(_ inherited: [Inherited.HeaderEntry], _ node: JSONNode) -> [Inherited.HeaderEntry] {
        guard let members = object(node, "'headers'") else { return inherited }
        var result = inherited
        var seen: [String: SourceLocation] = [:]
        for member in members {
            let lowered = member.key.lowercased()
            if let first = seen[lowered] {
                error("header '\(member.key)' is set twice at this level (also at line \(first.line), column \(first.column)); header names are case-insensitive",
                      at: member.keyLocation)
                continue
            }
            seen[lowered] = member.keyLocation
            if !Validation.isToken(member.key) {
                error("'\(member.key)' is not a valid header name", at: member.keyLocation)
                continue
            }
            switch member.value.value {
            case .null:
                result.removeAll { $0.name.lowercased() == lowered }
            case .string(let value):
                if value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
                    error("the value of header '\(member.key)' cannot contain line breaks or control characters", at: member.value.location)
                    continue
                }
                if let index = result.firstIndex(where: { $0.name.lowercased() == lowered }) {
                    result[index] = Inherited.HeaderEntry(name: member.key, value: value)
                } else {
                    result.append(Inherited.HeaderEntry(name: member.key, value: value))
                }
            default:
                error("the value of header '\(member.key)' must be a string or null, found \(Validation.kind(of: member.value))",
                      at: member.value.location)
            }
        }
        return result
    }

    /// An RFC 9110 token: the characters a header name may use.
    /// Whether `text` is empty or only `CharacterSet.whitespaces`. ASCII text (nearly all) is checked
    /// on its bytes: Foundation's trimming bridges through NSString, which made it a visible part of
    /// validating a big spec. Other text goes to Foundation, whose set is the reference.
    static func isBlank(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
        return text.trimmingCharacters(in: .whitespaces).isEmpty
    }

    static func isToken(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        return text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    mutating func validateAuth(_ node: JSONNode) -> Auth? {
        switch node.value {
        case .string(let text):
            switch text {
            case "none": return Auth.none
            case "bearer": return .bearer
            case "basic": return .basic
            case "apiKey":
                error("'apiKey' auth needs an object: { \"type\": \"apiKey\", \"in\": \"header\", \"name\": \"X-Api-Key\" }", at: node.location)
                return nil
            default:
                var message = "unknown auth '\(text)'; expected 'none', 'bearer', 'basic' or an apiKey object"
                if let suggestion = Naming.didYouMean(text, candidates: SpecKeys.authNames) {
                    message = "unknown auth '\(text)'; did you mean '\(suggestion)'?"
                }
                error(message, at: node.location)
                return nil
            }
        case .object(let members):
            checkKeys(members, allowed: SpecKeys.auth, in: "in 'auth'")
            let fields = Fields(members)
            guard let typeMember = fields["type"] else {
                error("an auth object needs 'type' (\"apiKey\")", at: node.location)
                return nil
            }
            guard let type = string(typeMember.value, "the auth 'type'") else { return nil }
            guard type == "apiKey" else {
                if ["none", "bearer", "basic"].contains(type) {
                    error("write \"\(type)\" auth as the string \"\(type)\"; the object form is for apiKey", at: typeMember.value.location)
                } else {
                    var message = "unknown auth type '\(type)'; expected 'apiKey'"
                    if let suggestion = Naming.didYouMean(type, candidates: SpecKeys.authNames) { message = "unknown auth type '\(type)'; did you mean '\(suggestion)'?" }
                    error(message, at: typeMember.value.location)
                }
                return nil
            }
            var location: Auth.APIKeyLocation?
            if let member = fields["in"] {
                if let text = string(member.value, "the apiKey 'in'") {
                    location = Auth.APIKeyLocation(rawValue: text)
                    if location == nil {
                        error("the apiKey 'in' must be 'header' or 'query', found '\(text)'", at: member.value.location)
                    }
                }
            } else {
                error("an apiKey auth needs 'in' (\"header\" or \"query\")", at: node.location)
            }
            var name: String?
            if let member = fields["name"] {
                if let text = string(member.value, "the apiKey 'name'") {
                    if text.isEmpty {
                        error("the apiKey 'name' cannot be empty", at: member.value.location)
                    } else if location == .header && !Validation.isToken(text) {
                        error("'\(text)' is not a valid header name", at: member.value.location)
                    } else {
                        name = text
                    }
                }
            } else {
                error("an apiKey auth needs 'name' (the header or query parameter that carries the key)", at: node.location)
            }
            guard let location, let name else { return nil }
            return .apiKey(in: location, name: name)
        default:
            error("'auth' must be a string or an object, found \(Validation.kind(of: node))", at: node.location)
            return nil
        }
    }

    // MARK: Paths

    /// Splits a path (`/activities/{id}.json`) into segments, checking its placeholders. `location`
    /// is the path string's place; placeholder places are computed from it.
    mutating func parsePath(_ text: String, at location: SourceLocation, group: String?) -> [ParsedSegment]? {
        if !text.isEmpty && !text.hasPrefix("/") {
            error("a path must start with '/', found '\(text)'", at: location)
            return nil
        }
        var ok = true
        for (offset, scalar) in text.unicodeScalars.enumerated() where scalar == "?" || scalar == "#" || scalar == " " || scalar.value < 0x20 {
            let what = scalar == "?" ? "a query ('?'); use query parameters" : scalar == "#" ? "a fragment ('#')" : "spaces or control characters"
            error("a path cannot contain \(what)", at: column(location, offset))
            ok = false
            break
        }
        var segments: [ParsedSegment] = []
        var current = ParsedSegment(parts: [], placeholders: [], group: group)
        let view = text.unicodeScalars
        var literalStart = view.startIndex
        var index = view.startIndex
        var offset = 0
        func flushLiteral(upTo end: String.UnicodeScalarView.Index) {
            if literalStart < end { current.parts.append(.literal(String(view[literalStart..<end]))) }
        }
        while index < view.endIndex {
            let scalar = view[index]
            if scalar == "/" {
                flushLiteral(upTo: index)
                if !current.parts.isEmpty { segments.append(current) }
                current = ParsedSegment(parts: [], placeholders: [], group: group)
                index = view.index(after: index)
                offset += 1
                literalStart = index
                continue
            }
            if scalar == "{" {
                var end = view.index(after: index)
                var endOffset = offset + 1
                while end < view.endIndex, view[end] != "}", view[end] != "{", view[end] != "/" {
                    end = view.index(after: end)
                    endOffset += 1
                }
                guard end < view.endIndex, view[end] == "}" else {
                    error("unclosed '{' in the path '\(text)'", at: column(location, offset))
                    ok = false
                    break
                }
                let name = String(view[view.index(after: index)..<end])
                if Validation.isBlank(name) {
                    error("empty placeholder '{}' in the path '\(text)'", at: column(location, offset))
                    ok = false
                } else {
                    flushLiteral(upTo: index)
                    current.parts.append(.parameter(name))
                    current.placeholders.append((name, column(location, offset)))
                }
                index = view.index(after: end)
                offset = endOffset + 1
                literalStart = index
                continue
            }
            if scalar == "}" {
                error("'}' without '{' in the path '\(text)'", at: column(location, offset))
                ok = false
            }
            index = view.index(after: index)
            offset += 1
        }
        if ok { flushLiteral(upTo: view.endIndex) }
        if !current.parts.isEmpty { segments.append(current) }
        return ok ? segments : nil
    }

    func column(_ location: SourceLocation, _ offset: Int) -> SourceLocation {
        SourceLocation(file: location.file, line: location.line, column: location.column + 1 + offset)
    }

    // MARK: Groups

    /// Validates the shared part of the API and of a group: its endpoints and nested groups.
    mutating func validateGroupBody(key: String, swiftName: String, description: String?, members: Fields,
                                    location: SourceLocation, inherited: Inherited, isAPI: Bool) -> Group {
        var endpoints: [Endpoint] = []
        if let member = members["endpoints"], let endpointMembers = object(member.value, "'endpoints'") {
            for endpointMember in endpointMembers {
                let endpointName = Naming.lowerCamel(endpointMember.key)
                if isAPI && ReservedNames.apiMembers.contains(endpointName) {
                    error("endpoint '\(endpointMember.key)' would be '\(apiName).\(endpointName)', which the generated API type uses for \(ReservedNames.apiMemberUses[endpointName] ?? "itself"); rename the endpoint",
                          at: endpointMember.keyLocation)
                }
                if let endpoint = validateEndpoint(endpointMember, inherited: inherited) {
                    endpoints.append(endpoint)
                }
            }
            checkCollisions(endpointMembers.map { ($0.key, Naming.lowerCamel($0.key), $0.keyLocation) }, what: "endpoint")
        }
        var groups: [Group] = []
        if let member = members["groups"], let groupMembers = object(member.value, "'groups'") {
            for groupMember in groupMembers {
                if let group = validateGroup(groupMember, inherited: inherited) {
                    groups.append(group)
                }
            }
            checkCollisions(groupMembers.map { ($0.key, Naming.upperCamel($0.key), $0.keyLocation) }, what: "group")
            // Cases and nested types share one namespace: an endpoint `数据` and a group `数据`
            // (or `_1` and `1`) would both declare `数据` in the same enum.
            if let endpointsMember = members["endpoints"], case .object(let endpointMembers) = endpointsMember.value.value {
                var endpointNames: [String: JSONNode.Member] = [:]
                for endpoint in endpointMembers where endpointNames[Naming.lowerCamel(endpoint.key)] == nil {
                    endpointNames[Naming.lowerCamel(endpoint.key)] = endpoint
                }
                for group in groupMembers {
                    let swiftName = Naming.upperCamel(group.key)
                    guard let endpoint = endpointNames[swiftName] else { continue }
                    error("group '\(group.key)' and endpoint '\(endpoint.key)' (line \(endpoint.keyLocation.line), column \(endpoint.keyLocation.column)) both become the Swift name '\(swiftName)'",
                          at: group.keyLocation)
                }
            }
        }
        // Each group is also a case of its parent's `Call` enum, named like an endpoint.
        var endpointsByName: [String: Endpoint] = [:]
        for endpoint in endpoints where endpointsByName[endpoint.swiftName] == nil { endpointsByName[endpoint.swiftName] = endpoint }
        for group in groups {
            // A group whose type name is the endpoint's name too was reported above: one error a collision.
            if let endpoint = endpointsByName[group.caseName], endpoint.swiftName != group.swiftName {
                error("group '\(group.key)' and endpoint '\(endpoint.key)' (line \(endpoint.location.line), column \(endpoint.location.column)) would both be the case '\(group.caseName)' of the enum '\(ReservedNames.callEnum)'; rename one",
                      at: group.location)
            }
        }
        let cases = endpoints.count + groups.count
        if cases > ReservedNames.maximumCasesPerLevel {
            error("\(isAPI ? "the top level" : "group '\(key)'") has \(cases) endpoints and groups; at most \(ReservedNames.maximumCasesPerLevel) fit one level (Swift cannot check a switch over more): move some into groups",
                  at: location)
        }
        return Group(key: key, swiftName: swiftName, description: description, endpoints: endpoints, groups: groups, location: location)
    }

    mutating func validateGroup(_ member: JSONNode.Member, inherited: Inherited) -> Group? {
        let swiftName = Naming.upperCamel(member.key)
        if ReservedNames.groupTypeNames.contains(swiftName) {
            let use = swiftName == ReservedNames.callEnum ? "the generated code uses for the enum of endpoints"
                : ReservedNames.swiftTypeKeywords.contains(swiftName) ? "cannot name a nested type"
                : "generated code names, and the group would hide it inside the API"
            error("group '\(member.key)' would be the Swift type '\(swiftName)', which \(use); rename the group",
                  at: member.keyLocation)
        } else if swiftName == apiName {
            error("group '\(member.key)' would have the same Swift name as the API type '\(apiName)'", at: member.keyLocation)
        }
        guard let members = object(member.value, "group '\(member.key)'") else { return nil }
        checkKeys(members, allowed: SpecKeys.group, in: "in group '\(member.key)'")
        let fields = Fields(members)
        var inner = inherited
        inner.groupKeys.append(member.key)
        var description: String?
        if let field = fields["description"] { description = string(field.value, "'description'") }
        if let field = fields["path"], let text = string(field.value, "the group 'path'") {
            if let segments = parsePath(text, at: field.value.location, group: member.key) {
                inner.path += segments
            }
        }
        if let field = fields["headers"] { inner.headers = mergeHeaders(inner.headers, field.value) }
        if let field = fields["auth"], let auth = validateAuth(field.value) { inner.auth = auth }
        if let field = fields["errors"] { inner.errors = Validation.merging(inner.errors, validateErrors(field.value)) }
        return validateGroupBody(key: member.key, swiftName: swiftName, description: description, members: fields,
                                 location: member.keyLocation, inherited: inner, isAPI: false)
    }
}
