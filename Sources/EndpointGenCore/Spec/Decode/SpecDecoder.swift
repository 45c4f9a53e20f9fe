/// Step 1 of validation: reads the JSON tree into a `RawSpec`, reporting only problems of shape:
/// unknown keys (with did-you-mean), values of the wrong JSON kind, missing required keys. It does
/// not look into strings (types, paths, methods) or across objects; `SpecChecker` does.
struct SpecDecoder {
    var diagnostics = Diagnostics()
    /// The next node's `RawID`.
    var nextID: RawID = 0

    /// The raw spec, or nil when the root is not an object.
    static func decode(_ root: JSONNode, diagnostics: inout Diagnostics) -> RawSpec? {
        var decoder = SpecDecoder()
        let spec = decoder.decodeSpec(root)
        diagnostics.append(contentsOf: decoder.diagnostics)
        return spec
    }

    // MARK: Shape helpers

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.error(message, at: location)
    }

    /// The members of `node`, or nil after reporting that `what` must be an object.
    mutating func object(_ node: JSONNode, _ what: @autoclosure () -> String) -> [JSONNode.Member]? {
        if case .object(let members) = node.value { return members }
        error("\(what()) must be an object, found \(Validation.kind(of: node))", at: node.location)
        return nil
    }

    /// The string of `node` with its place, or nil after reporting that `what` must be a string.
    /// `true` or `false`, else an error naming `what`.
    mutating func bool(_ node: JSONNode, _ what: @autoclosure () -> String) -> Located<Bool>? {
        if case .bool(let flag) = node.value { return Located(value: flag, location: node.location) }
        error("\(what()) must be true or false, found \(Validation.kind(of: node))", at: node.location)
        return nil
    }

    mutating func string(_ node: JSONNode, _ what: @autoclosure () -> String) -> Located<String>? {
        if case .string(let text) = node.value { return Located(value: text, location: node.location) }
        error("\(what()) must be a string, found \(Validation.kind(of: node))", at: node.location)
        return nil
    }

    /// Reports every key of `members` that is not in `allowed`, with a suggestion when one is close.
    mutating func checkKeys(_ members: [JSONNode.Member], allowed: [String], in context: @autoclosure () -> String) {
        for member in members where !allowed.contains(where: { $0.utf8.count == member.key.utf8.count && $0 == member.key }) {
            var message = "unknown key '\(member.key)' \(context())"
            if let suggestion = Naming.didYouMean(member.key, candidates: allowed) {
                message += "; did you mean '\(suggestion)'?"
            }
            error(message, at: member.keyLocation)
        }
    }

    static func key(_ member: JSONNode.Member) -> RawKey {
        RawKey(key: member.key, location: member.keyLocation)
    }

    /// A new node's number.
    mutating func newID() -> RawID {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: Top level

    mutating func decodeSpec(_ root: JSONNode) -> RawSpec? {
        guard case .object(let members) = root.value else {
            error("a spec must be a JSON object, found \(Validation.kind(of: root))", at: root.location)
            return nil
        }
        checkKeys(members, allowed: SpecKeys.topLevel, in: "at the top level")
        let fields = Fields(members)
        var spec = RawSpec(location: root.location)
        if let member = fields[.name] {
            spec.hasName = true
            spec.name = string(member.value, "'name'")
        }
        spec.formatVersion = fields[.formatVersion]?.value
        if let member = fields[.description] { spec.description = string(member.value, "'description'")?.value }
        if let member = fields[.baseURL] {
            spec.baseURL = string(member.value, "'baseURL'")
        } else {
            error("missing required key 'baseURL' (the absolute http or https URL every path is appended to)", at: root.location)
        }
        if let member = fields[.dateFormat] { spec.dateFormat = string(member.value, "'dateFormat'") }
        if let member = fields[.models], let modelMembers = object(member.value, "'models'") {
            spec.models = modelMembers.map { decodeModel($0) }
        }
        spec.shared = decodeShared(fields)
        spec.contents = decodeContents(fields)
        return spec
    }

    /// `headers`, `auth` and `errors`: the keys a level passes down.
    mutating func decodeShared(_ fields: Fields) -> RawShared {
        var shared = RawShared()
        if let member = fields[.headers] { shared.headers = decodeHeaders(member.value) }
        if let member = fields[.auth] { shared.auth = decodeAuth(member.value) }
        if let member = fields[.errors] { shared.errors = decodeErrors(member.value) }
        return shared
    }

    mutating func decodeContents(_ fields: Fields) -> RawContents {
        var contents = RawContents()
        if let member = fields[.endpoints], let endpointMembers = object(member.value, "'endpoints'") {
            contents.endpoints = endpointMembers.map { decodeEndpoint($0) }
        }
        if let member = fields[.groups], let groupMembers = object(member.value, "'groups'") {
            contents.groups = groupMembers.map { decodeGroup($0) }
        }
        return contents
    }

    mutating func decodeGroup(_ member: JSONNode.Member) -> RawGroup {
        var group = RawGroup(id: newID(), key: SpecDecoder.key(member))
        guard let members = object(member.value, "group '\(member.key)'") else { return group }
        checkKeys(members, allowed: SpecKeys.group, in: "in group '\(member.key)'")
        let fields = Fields(members)
        group.isObject = true
        if let field = fields[.description] { group.description = string(field.value, "'description'")?.value }
        if let field = fields[.path] { group.path = string(field.value, "the group 'path'") }
        group.shared = decodeShared(fields)
        if let field = fields[.baseURL] { group.shared.baseURL = string(field.value, "'baseURL'") }
        group.contents = decodeContents(fields)
        return group
    }

    // MARK: Headers, auth, errors

    /// The headers of one level. A name set twice (header names are case-insensitive) or one that is
    /// not a header name is reported here, like a key that does not belong, and left out.
    mutating func decodeHeaders(_ node: JSONNode) -> [RawHeader]? {
        guard let members = object(node, "'headers'") else { return nil }
        var headers: [RawHeader] = []
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
                headers.append(RawHeader(key: SpecDecoder.key(member), value: .remove))
            case .string(let value):
                headers.append(RawHeader(key: SpecDecoder.key(member), value: .text(Located(value: value, location: member.value.location))))
            default:
                error("the value of header '\(member.key)' must be a string or null, found \(Validation.kind(of: member.value))",
                      at: member.value.location)
            }
        }
        return headers
    }

    /// `depth`: 0 for `auth` itself, 1 for an alternative of its list, 2 for a scheme sent together
    /// with others (a list in the list).
    mutating func decodeAuth(_ node: JSONNode, depth: Int = 0) -> RawAuth? {
        switch node.value {
        case .string(let text):
            return .name(Located(value: text, location: node.location))
        case .object(let members):
            checkKeys(members, allowed: SpecKeys.auth, in: "in 'auth'")
            let fields = Fields(members)
            guard let typeMember = fields[.type] else {
                error("an auth object needs 'type' (\"apiKey\")", at: node.location)
                return nil
            }
            guard let type = string(typeMember.value, "the auth 'type'") else { return nil }
            return .object(location: node.location, type: type, in: fields[.in]?.value, name: fields[.name]?.value)
        case .array(let items) where depth == 0:
            return .list(location: node.location, items.compactMap { decodeAuth($0, depth: 1) })
        case .array(let items) where depth == 1:
            if items.isEmpty {
                error("a list of schemes sent together needs at least one (\"bearer\", \"basic\" or an apiKey object)", at: node.location)
            }
            return .together(location: node.location, items.compactMap { decodeAuth($0, depth: 2) })
        default:
            let what = ["'auth'", "an auth alternative", "a scheme sent together with others"][depth]
            let expected = ["a string, an object or an array of alternatives",
                            "a string, an object or an array of schemes sent together", "a string or an object"][depth]
            error("\(what) must be \(expected), found \(Validation.kind(of: node))", at: node.location)
            return nil
        }
    }

    /// An `errors` object (status -> type string), at the top level, in a group or in an endpoint.
    mutating func decodeErrors(_ node: JSONNode) -> [RawError]? {
        guard let members = object(node, "'errors'") else { return nil }
        return members.map { member in
            // `"422": { "type": "Problem", "headers": { "Idempotency-Key": "String?" } }`.
            if case .object(let fields) = member.value.value {
                checkKeys(fields, allowed: SpecKeys.errorResponse, in: "in the error response for '\(member.key)'")
                let object = Fields(fields)
                var type: Located<String>?
                if let field = object[.type] {
                    type = string(field.value, "the error type for '\(member.key)'")
                } else {
                    error("the error response for '\(member.key)' needs a 'type' (its body's type)", at: member.value.location)
                }
                return RawError(id: newID(), key: SpecDecoder.key(member), valueLocation: member.value.location, type: type,
                                headers: object[.headers].flatMap { decodeResponseHeaders($0.value) })
            }
            return RawError(id: newID(), key: SpecDecoder.key(member), valueLocation: member.value.location,
                            type: string(member.value, "the error type for '\(member.key)'"))
        }
    }

    // MARK: Endpoints

    mutating func decodeEndpoint(_ member: JSONNode.Member) -> RawEndpoint {
        let key = member.key
        var endpoint = RawEndpoint(id: newID(), key: SpecDecoder.key(member))
        guard let members = object(member.value, "endpoint '\(key)'") else { return endpoint }
        checkKeys(members, allowed: SpecKeys.endpoint, in: "in endpoint '\(key)'")
        let fields = Fields(members)
        endpoint.isObject = true
        if let field = fields[.method] {
            endpoint.method = string(field.value, "'method'")
        } else {
            error("endpoint '\(key)' is missing the required key 'method'", at: member.keyLocation)
        }
        if let field = fields[.description] { endpoint.description = string(field.value, "'description'")?.value }
        if let field = fields[.deprecated] {
            switch field.value.value {
            case .bool(let flag): endpoint.deprecation = flag ? .deprecated : nil
            case .string(let message): endpoint.deprecation = message.isEmpty ? .deprecated : .message(message)
            default:
                error("'deprecated' must be true or a message string, found \(Validation.kind(of: field.value))", at: field.value.location)
            }
        }
        if let field = fields[.path] { endpoint.path = string(field.value, "'path'") }
        endpoint.shared = decodeShared(fields)
        if let field = fields[.baseURL] { endpoint.shared.baseURL = string(field.value, "'baseURL'") }
        if let field = fields[.body] { endpoint.body = decodeBody(field) }
        if let field = fields[.parameters], let parameterMembers = object(field.value, "'parameters'") {
            endpoint.parameters = parameterMembers.map { decodeParameter($0) }
        }
        if let field = fields[.response] { endpoint.response = decodeResponse(field.value) }
        if let field = fields[.responses] { endpoint.responses = decodeStatusResponses(field) }
        if let field = fields[.pagination] { endpoint.pagination = decodePagination(field.value) }
        if let field = fields[.timeout] {
            if case .number(let text) = field.value.value {
                endpoint.timeout = Located(value: text, location: field.value.location)
            } else {
                error("'timeout' must be a number of seconds, found \(Validation.kind(of: field.value))", at: field.value.location)
            }
        }
        endpoint.sample = fields[.sample]?.value
        return endpoint
    }

    mutating func decodeParameter(_ member: JSONNode.Member) -> RawParameter {
        let key = member.key
        var parameter = RawParameter(id: newID(), key: SpecDecoder.key(member))
        switch member.value.value {
        case .string(let text):
            parameter.isValid = true
            parameter.type = Located(value: text, location: member.value.location)
        case .object(let members):
            parameter.isValid = true
            var options = RawParameter.Options()
            checkKeys(members, allowed: SpecKeys.parameter, in: "in parameter '\(key)'")
            let fields = Fields(members)
            if let field = fields[.type] {
                parameter.type = string(field.value, "the type of parameter '\(key)'")
            } else {
                error("parameter '\(key)' is missing the required key 'type'", at: member.keyLocation)
            }
            if let field = fields[.name] { options.name = string(field.value, "the 'name' of parameter '\(key)'") }
            if let field = fields[.in], let text = string(field.value, "the 'in' of parameter '\(key)'") {
                guard let value = Parameter.Location(rawValue: text.value) else {
                    var message = "unknown parameter location '\(text.value)'; expected 'path', 'query' or 'header'"
                    if let suggestion = Naming.didYouMean(text.value, candidates: SpecKeys.parameterLocations) {
                        message = "unknown parameter location '\(text.value)'; did you mean '\(suggestion)'?"
                    }
                    error(message, at: text.location)
                    options.hasUnknownLocation = true
                    parameter.options = options
                    return parameter
                }
                options.location = Located(value: value, location: text.location)
            }
            if let field = fields[.description] { options.description = string(field.value, "the 'description' of parameter '\(key)'")?.value }
            if let field = fields[.style], let style = string(field.value, "the 'style' of parameter '\(key)'") {
                options.style = style
                options.styleKeyLocation = field.keyLocation
            }
            if let field = fields[.explode] { options.explode = bool(field.value, "the 'explode' of parameter '\(key)'") }
            options.defaultValue = fields[.default]?.value
            parameter.options = options
        default:
            error("parameter '\(key)' must be a type string or an object, found \(Validation.kind(of: member.value))", at: member.value.location)
        }
        return parameter
    }

    mutating func decodeBody(_ member: JSONNode.Member) -> RawBody {
        let node = member.value
        var body = RawBody(key: SpecDecoder.key(member))
        switch node.value {
        case .string(let text):
            body.isValid = true
            body.type = Located(value: text, location: node.location)
        case .object(let members):
            body.isValid = true
            body.isObject = true
            checkKeys(members, allowed: SpecKeys.body, in: "in 'body'")
            let fields = Fields(members)
            if let field = fields[.type] {
                body.type = string(field.value, "the body type")
            } else {
                error("'body' is missing the required key 'type'", at: node.location)
            }
            if let field = fields[.encoding], let text = string(field.value, "the body 'encoding'") {
                guard let value = Body.Encoding(rawValue: text.value) else {
                    var message = "unknown body encoding '\(text.value)'; expected one of \(Validation.list(SpecKeys.encodings))"
                    if let suggestion = Naming.didYouMean(text.value, candidates: SpecKeys.encodings) {
                        message = "unknown body encoding '\(text.value)'; did you mean '\(suggestion)'?"
                    }
                    error(message, at: text.location)
                    body.hasUnknownEncoding = true
                    return body
                }
                body.encoding = Located(value: value, location: text.location)
            }
            if let field = fields[.contentType] { body.contentType = string(field.value, "'contentType'") }
        default:
            error("'body' must be a type string or an object, found \(Validation.kind(of: node))", at: node.location)
        }
        return body
    }

    mutating func decodeResponse(_ node: JSONNode) -> RawResponse? {
        var response = RawResponse(location: node.location)
        switch node.value {
        case .string(let text):
            response.type = Located(value: text, location: node.location)
        case .object(let members):
            response.isObject = true
            checkKeys(members, allowed: SpecKeys.response, in: "in 'response'")
            let fields = Fields(members)
            if let field = fields[.type] {
                response.hasType = true
                response.type = string(field.value, "the response type")
            }
            response.status = fields[.status]?.value
            response.contentType = fields[.contentType]?.value
            response.stream = fields[.stream]?.value
            response.end = fields[.end]?.value
            if let field = fields[.headers] { response.headers = decodeResponseHeaders(field.value) }
        default:
            error("'response' must be a type string or an object, found \(Validation.kind(of: node))", at: node.location)
            return nil
        }
        return response
    }

    // MARK: Models

    mutating func decodeModel(_ member: JSONNode.Member) -> RawModel {
        let key = member.key
        var model = RawModel(id: newID(), key: SpecDecoder.key(member), kind: .invalid)
        guard let members = object(member.value, "model '\(key)'") else { return model }
        let fields = Fields(members)
        if let field = fields[.description] { model.description = string(field.value, "the 'description' of model '\(key)'")?.value }
        if let field = fields[.oneOf] {
            checkKeys(members, allowed: SpecKeys.oneOfModel, in: "in oneOf model '\(key)'")
            model.kind = .oneOf(alternatives: decodeAlternatives(field), location: field.value.location,
                                discriminator: fields[.discriminator].flatMap { decodeDiscriminator($0, model: key) })
            return model
        }
        if let field = fields[.anyOf] {
            checkKeys(members, allowed: SpecKeys.anyOfModel, in: "in anyOf model '\(key)'")
            model.kind = .anyOf(alternatives: decodeAlternatives(field), location: field.value.location)
            return model
        }
        if let enumField = fields[.enum] {
            checkKeys(members, allowed: SpecKeys.enumModel + [SpecKey.properties.key], in: "in enum model '\(key)'")
            var isInteger = false
            if let typeField = fields[.type], let text = string(typeField.value, "the 'type' of enum model '\(key)'") {
                if text.value == "Int" {
                    isInteger = true
                } else if text.value != "String" {
                    var message = "the 'type' of enum model '\(key)' must be 'String' or 'Int', found '\(text.value)'"
                    if let suggestion = Naming.didYouMean(text.value, candidates: SpecKeys.enumTypes) { message += "; did you mean '\(suggestion)'?" }
                    error(message, at: typeField.value.location)
                }
            }
            var values: [Located<String>]?
            var count = 0
            if case .array(let elements) = enumField.value.value {
                count = elements.count
                values = []
                for node in elements {
                    switch (node.value, isInteger) {
                    case (.string(let value), false), (.number(let value), true):
                        values?.append(Located(value: value, location: node.location))
                    case (.number, false):
                        error("enum values must be strings, found a number; for an integer enum write \"type\": \"Int\"", at: node.location)
                    case (_, false):
                        error("enum values must be strings, found \(Validation.kind(of: node))", at: node.location)
                    case (_, true):
                        error("the values of the Int enum '\(key)' must be whole numbers, found \(Validation.kind(of: node))", at: node.location)
                    }
                }
            } else {
                error("'enum' must be an array of \(isInteger ? "whole numbers" : "strings"), found \(Validation.kind(of: enumField.value))",
                      at: enumField.value.location)
            }
            let propertiesKey = fields[.properties]?.keyLocation
            model.kind = isInteger
                ? .integerEnumeration(values: values, count: count, location: enumField.value.location, propertiesKey: propertiesKey)
                : .enumeration(values: values, count: count, location: enumField.value.location, propertiesKey: propertiesKey)
            return model
        }
        checkKeys(members, allowed: SpecKeys.objectModel, in: "in model '\(key)'")
        var properties: [RawProperty]?
        if let field = fields[.properties], let propertyMembers = object(field.value, "'properties'") {
            properties = propertyMembers.map { decodeProperty($0, model: key) }
        }
        let additional = fields[.additionalProperties].flatMap { string($0.value, "'additionalProperties' (the type of every other member)") }
        model.kind = .object(properties: properties, additionalProperties: additional)
        return model
    }

    /// The type strings of a `oneOf` or `anyOf`; nil when it is not an array.
    mutating func decodeAlternatives(_ field: JSONNode.Member) -> [Located<String>]? {
        guard case .array(let nodes) = field.value.value else {
            error("'\(field.key)' must be an array of type strings, found \(Validation.kind(of: field.value))", at: field.value.location)
            return nil
        }
        return nodes.compactMap { string($0, "an alternative of '\(field.key)'") }
    }

    mutating func decodeDiscriminator(_ field: JSONNode.Member, model: String) -> RawDiscriminator? {
        var discriminator = RawDiscriminator()
        switch field.value.value {
        case .string(let text):
            discriminator.property = Located(value: text, location: field.value.location)
        case .object(let members):
            checkKeys(members, allowed: SpecKeys.discriminator, in: "in the discriminator of model '\(model)'")
            let fields = Fields(members)
            if let member = fields[.property] {
                discriminator.property = string(member.value, "the discriminator's 'property'")
            } else {
                error("the discriminator of model '\(model)' is missing the required key 'property'", at: field.keyLocation)
            }
            if let member = fields[.mapping], let entries = object(member.value, "the discriminator's 'mapping'") {
                for entry in entries {
                    if let type = string(entry.value, "the model of discriminator value '\(entry.key)'") {
                        discriminator.mapping.append((SpecDecoder.key(entry), type))
                    }
                }
            }
        default:
            error("'discriminator' must be a property name or an object with 'property' and 'mapping', found \(Validation.kind(of: field.value))",
                  at: field.value.location)
            return nil
        }
        return discriminator
    }

    mutating func decodeProperty(_ member: JSONNode.Member, model: String) -> RawProperty {
        let key = member.key
        var property = RawProperty(id: newID(), key: SpecDecoder.key(member))
        switch member.value.value {
        case .string(let text):
            property.isValid = true
            property.type = Located(value: text, location: member.value.location)
        case .object(let members):
            property.isValid = true
            checkKeys(members, allowed: SpecKeys.property, in: "in property '\(key)' of model '\(model)'")
            let fields = Fields(members)
            if let field = fields[.type] {
                property.type = string(field.value, "the type of property '\(key)'")
            } else {
                error("property '\(key)' is missing the required key 'type'", at: member.keyLocation)
            }
            if let field = fields[.name] { property.name = string(field.value, "the 'name' of property '\(key)'") }
            if let field = fields[.description] { property.description = string(field.value, "the 'description' of property '\(key)'")?.value }
            property.defaultValue = fields[.default]?.value
            if let field = fields[.contentType] { property.contentType = string(field.value, "'contentType'") }
            if let field = fields[.headers] { property.headers = decodeHeaders(field.value) }
            if let field = fields[.style] { property.style = string(field.value, "the 'style' of property '\(key)'") }
            if let field = fields[.explode] { property.explode = bool(field.value, "the 'explode' of property '\(key)'") }
        default:
            error("property '\(key)' must be a type string or an object, found \(Validation.kind(of: member.value))", at: member.value.location)
        }
        return property
    }
}
