import Foundation

extension Validation {
    mutating func validateEndpoint(_ member: JSONNode.Member, inherited: Inherited) -> Endpoint? {
        let key = member.key
        let swiftName = Naming.lowerCamel(key)
        guard let members = object(member.value, "endpoint '\(key)'") else { return nil }
        checkKeys(members, allowed: SpecKeys.endpoint, in: "in endpoint '\(key)'")
        let fields = Fields(members)

        // method
        var method: String?
        if let field = fields["method"] {
            if let text = string(field.value, "'method'") {
                if SpecKeys.methods.contains(text) {
                    method = text
                } else if SpecKeys.methods.contains(text.uppercased()) {
                    error("method '\(text)' must be written in upper case: '\(text.uppercased())'", at: field.value.location)
                } else {
                    var message = "unknown method '\(text)'; expected one of \(SpecKeys.methods.joined(separator: ", "))"
                    if let suggestion = Naming.didYouMean(text.uppercased(), candidates: SpecKeys.methods) {
                        message = "unknown method '\(text)'; did you mean '\(suggestion)'?"
                    }
                    error(message, at: field.value.location)
                }
            }
        } else {
            error("endpoint '\(key)' is missing the required key 'method'", at: member.keyLocation)
        }

        var description: String?
        if let field = fields["description"] { description = string(field.value, "'description'") }

        var deprecation: Endpoint.Deprecation?
        if let field = fields["deprecated"] {
            switch field.value.value {
            case .bool(let flag): deprecation = flag ? .deprecated : nil
            case .string(let message): deprecation = message.isEmpty ? .deprecated : .message(message)
            default:
                error("'deprecated' must be true or a message string, found \(Validation.kind(of: field.value))", at: field.value.location)
            }
        }

        // path
        var segments = inherited.path
        if let field = fields["path"], let text = string(field.value, "'path'") {
            if let own = parsePath(text, at: field.value.location, group: nil) { segments += own }
        }

        var headers = inherited.headers
        if let field = fields["headers"] { headers = mergeHeaders(headers, field.value) }
        var auth = inherited.auth
        if let field = fields["auth"], let value = validateAuth(field.value) { auth = value }

        // body (before parameters: its label takes part in the label check)
        var body: Body?
        if let field = fields["body"] {
            body = validateBody(field.value)
            if let method, method == "GET" || method == "HEAD" {
                error("a \(method) endpoint cannot have a body (URLSession refuses to send one)", at: field.keyLocation)
            }
        }

        let placeholderNames = Set(segments.flatMap { $0.placeholders.map(\.name) })
        var parameters: [Parameter] = []
        /// Where each parameter's `in` was written, for messages.
        var inLocations: [String: SourceLocation] = [:]
        /// Keys and wire names of parameters already reported as invalid: a placeholder they fill is
        /// not reported again as having no parameter.
        var invalidParameterNames: Set<String> = []
        if let field = fields["parameters"], let parameterMembers = object(field.value, "'parameters'") {
            for parameterMember in parameterMembers {
                if let (parameter, inLocation) = validateParameter(parameterMember, placeholderNames: placeholderNames) {
                    parameters.append(parameter)
                    inLocations[parameter.key] = inLocation
                } else {
                    invalidParameterNames.insert(parameterMember.key)
                    if case .object(let members) = parameterMember.value.value, let name = Fields(members)["name"],
                       case .string(let wireName) = name.value.value {
                        invalidParameterNames.insert(wireName)
                    }
                }
            }
            let labels = parameterMembers.map { ($0.key, Naming.lowerCamel($0.key), $0.keyLocation) }
            if let bodyField = fields["body"] {
                for clash in labels where clash.1 == "body" {
                    error("parameter '\(clash.0)' becomes the label 'body', which the endpoint's body uses (line \(bodyField.keyLocation.line), column \(bodyField.keyLocation.column))",
                          at: clash.2)
                }
            }
            checkCollisions(labels.map { (key: $0.0, swiftName: $0.1, location: $0.2) }, what: "parameter")
        }

        // Placeholders and path parameters must match one to one.
        var resolved: [PathSegment] = []
        var usedParameters: Set<String> = []
        for segment in segments {
            var parts: [PathSegment.Part] = []
            var placeholderIndex = 0
            for part in segment.parts {
                guard case .parameter(let name) = part else { parts.append(part); continue }
                let placeLocation = segment.placeholders[placeholderIndex].location
                placeholderIndex += 1
                if let parameter = parameters.first(where: { $0.wireName == name && $0.location == .path }) {
                    parts.append(.parameter(parameter.key))
                    usedParameters.insert(parameter.key)
                } else if let parameter = parameters.first(where: { $0.wireName == name }) {
                    error("parameter '\(parameter.key)' fills the placeholder '{\(name)}' but is in '\(parameter.location.rawValue)'; path parameters have \"in\": \"path\"",
                          at: inLocations[parameter.key] ?? parameter.sourceLocation)
                    usedParameters.insert(parameter.key)
                } else if invalidParameterNames.contains(name) {
                    continue  // its parameter is there, and its problem is reported already
                } else if let group = segment.group {
                    error("endpoint '\(key)' has no parameter for the placeholder '{\(name)}' in the path of group '\(group)'", at: member.keyLocation)
                } else {
                    error("the placeholder '{\(name)}' has no parameter; add \"\(name)\" to 'parameters'", at: placeLocation)
                }
            }
            resolved.append(PathSegment(parts: parts))
        }
        for parameter in parameters where parameter.location == .path && !usedParameters.contains(parameter.key) {
            error("path parameter '\(parameter.key)' has no '{\(parameter.wireName)}' placeholder in the path", at: parameter.sourceLocation)
        }

        // response
        var response = Response(type: .void, status: nil, contentType: nil)
        if let field = fields["response"], let value = validateResponse(field.value) { response = value }
        if let field = fields["responses"] {
            if fields["response"] != nil {
                error("an endpoint has 'response' or 'responses' (several success statuses), not both", at: field.keyLocation)
            } else if let value = validateResponses(field.value) {
                response = value
            }
        }
        var pagination: Pagination?
        if let field = fields["pagination"] { pagination = validatePagination(field.value, parameters: parameters, response: response) }

        // errors: the inherited ones, the endpoint's own replacing them status by status.
        var errorResponses = inherited.errors
        if let field = fields["errors"] { errorResponses = Validation.merging(errorResponses, validateErrors(field.value)) }

        var timeout: Double?
        if let field = fields["timeout"] {
            if case .number(let text) = field.value.value {
                if JSONParser.isValidNumber(text), let value = Double(text) {
                    if value > 0 && value.isFinite { timeout = value } else {
                        error("'timeout' must be a positive number of seconds, found \(text)", at: field.value.location)
                    }
                }
            } else {
                error("'timeout' must be a number of seconds, found \(Validation.kind(of: field.value))", at: field.value.location)
            }
        }

        var sample: String?
        if let field = fields["sample"] { sample = field.value.compactJSON }

        return Endpoint(key: key, swiftName: swiftName, description: description, deprecation: deprecation, method: method ?? "GET",
                        path: resolved, parameters: parameters, headers: headers.map { Header(name: $0.name, value: $0.value) },
                        auth: auth, body: body, response: response, errors: errorResponses, timeout: timeout, sample: sample,
                        location: member.keyLocation, pagination: pagination)
    }

    /// An `errors` object (status -> type string), at the top level, in a group or in an endpoint.
    mutating func validateErrors(_ node: JSONNode) -> [ErrorResponse] {
        var errorResponses: [ErrorResponse] = []
        guard let errorMembers = object(node, "'errors'") else { return [] }
        var seen: [ErrorResponse.Status: SourceLocation] = [:]
        for errorMember in errorMembers {
            let status = Validation.errorStatus(errorMember.key)
            if status == nil {
                error("'\(errorMember.key)' is not an error status; use a code (\"404\"), a range (\"4XX\") or \"default\"", at: errorMember.keyLocation)
            }
            let type = typeString(errorMember.value, "the error type for '\(errorMember.key)'", allowVoid: false)
            guard let status else { continue }
            if let first = seen[status] {
                error("error status '\(errorMember.key)' is given twice (also at line \(first.line), column \(first.column))", at: errorMember.keyLocation)
                continue
            }
            seen[status] = errorMember.keyLocation
            if let type, type.containsFile {
                error("an error body cannot be or hold a 'File': error bodies are decoded from JSON", at: errorMember.value.location)
                continue
            }
            if let type { errorResponses.append(ErrorResponse(status: status, type: type)) }
        }
        return errorResponses
    }

    /// `inherited`, with each of `own` replacing the entry of the same status or added after them.
    static func merging(_ inherited: [ErrorResponse], _ own: [ErrorResponse]) -> [ErrorResponse] {
        var result = inherited
        for entry in own {
            if let index = result.firstIndex(where: { $0.status == entry.status }) {
                result[index] = entry
            } else {
                result.append(entry)
            }
        }
        return result
    }

    static func errorStatus(_ key: String) -> ErrorResponse.Status? {
        if key == "default" { return .default }
        let scalars = Array(key.unicodeScalars)
        guard scalars.count == 3, let first = scalars.first, ("1"..."5").contains(first) else { return nil }
        let hundreds = Int(first.value - 0x30)
        if scalars[1] == "X" && scalars[2] == "X" || scalars[1] == "x" && scalars[2] == "x" { return .range(hundreds) }
        guard scalars.dropFirst().allSatisfy({ ("0"..."9").contains($0) }), let code = Int(key) else { return nil }
        return .code(code)
    }

    /// Parses a type string node.
    mutating func typeString(_ node: JSONNode, _ what: @autoclosure () -> String, allowVoid: Bool) -> TypeRef? {
        guard let text = string(node, what()) else { return nil }
        let cacheKey = allowVoid ? "V" + text : "-" + text
        if let cached = typeCache[cacheKey] { return cached }
        let before = diagnostics.all.count
        let type = TypeParser.parse(text, at: node.location, models: modelNames, moduleTypes: moduleTypes, allowVoid: allowVoid,
                                    diagnostics: &diagnostics)
        if let type, diagnostics.all.count == before { typeCache[cacheKey] = type }
        return type
    }

    // MARK: Parameters

    /// The parameter and the place of its `in` (or its key).
    mutating func validateParameter(_ member: JSONNode.Member, placeholderNames: Set<String>) -> (Parameter, SourceLocation)? {
        let key = member.key
        var type: TypeRef?
        var wireName = key
        var location: Parameter.Location?
        var inLocation = member.keyLocation
        var description: String?
        var defaultValue: DefaultValue?
        var style = Parameter.Style.form
        var styleField: JSONNode.Member?
        var defaultField: JSONNode.Member?
        var typeLocation = member.value.location

        switch member.value.value {
        case .string:
            type = typeString(member.value, "the type of parameter '\(key)'", allowVoid: false)
        case .object(let members):
            checkKeys(members, allowed: SpecKeys.parameter, in: "in parameter '\(key)'")
            let fields = Fields(members)
            if let field = fields["type"] {
                typeLocation = field.value.location
                type = typeString(field.value, "the type of parameter '\(key)'", allowVoid: false)
            } else {
                error("parameter '\(key)' is missing the required key 'type'", at: member.keyLocation)
            }
            if let field = fields["name"], let text = string(field.value, "the 'name' of parameter '\(key)'") {
                if text.isEmpty { error("the 'name' of parameter '\(key)' cannot be empty", at: field.value.location) } else { wireName = text }
            }
            if let field = fields["in"], let text = string(field.value, "the 'in' of parameter '\(key)'") {
                inLocation = field.value.location
                if let value = Parameter.Location(rawValue: text) {
                    location = value
                } else {
                    var message = "unknown parameter location '\(text)'; expected 'path', 'query' or 'header'"
                    if let suggestion = Naming.didYouMean(text, candidates: SpecKeys.parameterLocations) {
                        message = "unknown parameter location '\(text)'; did you mean '\(suggestion)'?"
                    }
                    error(message, at: field.value.location)
                    return nil
                }
            }
            if let field = fields["description"] { description = string(field.value, "the 'description' of parameter '\(key)'") }
            if let field = fields["style"], let text = string(field.value, "the 'style' of parameter '\(key)'") {
                styleField = field
                if let value = Parameter.Style(rawValue: text) {
                    style = value
                } else {
                    error("unknown style '\(text)'; expected 'form' or 'comma'", at: field.value.location)
                }
            }
            defaultField = fields["default"]
        default:
            error("parameter '\(key)' must be a type string or an object, found \(Validation.kind(of: member.value))", at: member.value.location)
            return nil
        }

        let resolvedLocation = location ?? (placeholderNames.contains(wireName) ? .path : .query)
        if resolvedLocation == .header && !Validation.isToken(wireName) {
            error("'\(wireName)' is not a valid header name", at: member.keyLocation)
        }
        guard let type else { return nil }
        if let problem = parameterTypeProblem(type, in: resolvedLocation) {
            error("\(resolvedLocation.rawValue) parameter '\(key)' \(problem)", at: typeLocation)
        }
        if let styleField {
            let isArray: Bool
            if case .array = withoutOptional(type) { isArray = true } else { isArray = false }
            if !(isArray && resolvedLocation == .query) {
                error("'style' applies only to array query parameters", at: styleField.keyLocation)
            }
        }
        if let defaultField {
            defaultValue = checkedDefault(defaultField.value, type: type, what: "parameter '\(key)'")
        }
        let parameter = Parameter(key: key, wireName: wireName, swiftName: Naming.lowerCamel(key), type: type, location: resolvedLocation,
                                  description: description, defaultValue: defaultValue, style: style, sourceLocation: member.keyLocation)
        return (parameter, inLocation)
    }

    /// Whether a type is a single parameter value: a builtin, JSON, an enum model or a type of the module.
    func isSingleValue(_ type: TypeRef) -> Bool {
        switch type {
        case .builtin, .json: return true
        case .model(let name, let defined):
            if !defined { return true }
            if let kind = modelKinds[name], kind != nil { return true }
            return false
        default: return false
        }
    }

    func parameterTypeProblem(_ type: TypeRef, in location: Parameter.Location) -> String? {
        let text = type.specText
        if location == .path {
            if type.isOptional { return "cannot be optional ('\(text)'): a path always has a value" }
            return isSingleValue(type) ? nil : "must be a single value, not '\(text)'"
        }
        let inner = withoutOptional(type)
        if isSingleValue(inner) { return nil }
        switch inner {
        case .array(let element) where isSingleValue(element):
            return nil
        case .dictionary(let value) where location == .query && isSingleValue(value):
            return nil
        default:
            let allowed = location == .query ? "a single value, an array or a [String: T] dictionary of single values" : "a single value or an array of single values"
            return "must be \(allowed), not '\(text)'"
        }
    }

    // MARK: Body and response

    mutating func validateBody(_ node: JSONNode) -> Body? {
        var type: TypeRef?
        var encoding = Body.Encoding.json
        var contentType: String?
        var typeNode = node
        var encodingNode: JSONNode?
        switch node.value {
        case .string:
            type = typeString(node, "the body type", allowVoid: false)
            // A file is its bytes: `"body": "File"` needs no encoding.
            if type == .file { encoding = .binary }
        case .object(let members):
            checkKeys(members, allowed: SpecKeys.body, in: "in 'body'")
            let fields = Fields(members)
            if let field = fields["type"] {
                typeNode = field.value
                type = typeString(field.value, "the body type", allowVoid: false)
            } else {
                error("'body' is missing the required key 'type'", at: node.location)
            }
            if type == .file { encoding = .binary }
            if let field = fields["encoding"], let text = string(field.value, "the body 'encoding'") {
                encodingNode = field.value
                if let value = Body.Encoding(rawValue: text) {
                    encoding = value
                } else {
                    var message = "unknown body encoding '\(text)'; expected one of \(Validation.list(SpecKeys.encodings))"
                    if let suggestion = Naming.didYouMean(text, candidates: SpecKeys.encodings) {
                        message = "unknown body encoding '\(text)'; did you mean '\(suggestion)'?"
                    }
                    error(message, at: field.value.location)
                    return nil
                }
            }
            if let field = fields["contentType"] { contentType = checkedContentType(field.value) }
        default:
            error("'body' must be a type string or an object, found \(Validation.kind(of: node))", at: node.location)
            return nil
        }
        guard let type else { return nil }
        if type.isOptional {
            error("a body type cannot be optional ('\(type.specText)')", at: typeNode.location)
            return nil
        }
        let problem: String?
        switch encoding {
        case .json where type == .file:
            problem = "a File body is sent as raw bytes: leave 'encoding' out or write \"binary\""
        case .json:
            problem = nil
        case .form, .multipart:
            switch type {
            case .model(let name, _) where modelKinds[name].map({ $0 == nil }) ?? true: problem = nil
            case .dictionary: problem = nil
            default: problem = "a \(encoding.rawValue) body must be an object model or a [String: T] dictionary, not '\(type.specText)'"
            }
        case .binary:
            problem = type == .builtin(.data) || type == .file ? nil : "a binary body must be 'Data' or 'File', not '\(type.specText)'"
        case .text:
            problem = type == .builtin(.string) ? nil : "a text body must be 'String', not '\(type.specText)'"
        }
        if let problem {
            error(problem, at: (encodingNode ?? typeNode).location)
            return nil
        }
        return Body(type: type, encoding: encoding, contentType: contentType)
    }

    mutating func checkedContentType(_ node: JSONNode) -> String? {
        guard let text = string(node, "'contentType'") else { return nil }
        let parts = text.split(separator: ";", maxSplits: 1)[...].first.map { $0.split(separator: "/", omittingEmptySubsequences: false) } ?? []
        if parts.count != 2 || parts.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty || !Validation.isToken(String($0).trimmingCharacters(in: .whitespaces)) })
            || text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            error("'\(text)' is not a media type (type/subtype, e.g. \"application/json\")", at: node.location)
            return nil
        }
        return text
    }

    mutating func validateResponse(_ node: JSONNode) -> Response? {
        switch node.value {
        case .string:
            guard let type = typeString(node, "the response type", allowVoid: true) else { return nil }
            if let problem = Validation.responseFileProblem(type) {
                error(problem, at: node.location)
                return nil
            }
            return Response(type: type, status: nil, contentType: nil)
        case .object(let members):
            checkKeys(members, allowed: SpecKeys.response, in: "in 'response'")
            let fields = Fields(members)
            var type: TypeRef = .void
            if let field = fields["type"] {
                guard let parsed = typeString(field.value, "the response type", allowVoid: true) else { return nil }
                if let problem = Validation.responseFileProblem(parsed) {
                    error(problem, at: field.value.location)
                    return nil
                }
                type = parsed
            }
            var status: Int?
            if let field = fields["status"] {
                if case .number(let text) = field.value.value, JSONParser.isValidNumber(text) {
                    if let value = Int(text), (100...599).contains(value) {
                        status = value
                    } else {
                        error("'status' must be an HTTP status code from 100 to 599, found \(text)", at: field.value.location)
                    }
                } else if case .number = field.value.value {
                    // Already reported by the parser.
                } else {
                    error("'status' must be a number, found \(Validation.kind(of: field.value))", at: field.value.location)
                }
            }
            var contentType: String?
            if let field = fields["contentType"] { contentType = checkedContentType(field.value) }
            var headers: [ResponseHeader] = []
            if let field = fields["headers"] { headers = validateResponseHeaders(field.value) }
            return Response(type: type, status: status, contentType: contentType, headers: headers)
        default:
            error("'response' must be a type string or an object, found \(Validation.kind(of: node))", at: node.location)
            return nil
        }
    }
}

extension Validation {
    /// Why a response type holding `File` cannot be decoded: a file is the whole body, so only
    /// `File` itself is a response (not `File?`, `[File]` or a model's property read from JSON).
    static func responseFileProblem(_ type: TypeRef) -> String? {
        guard type != .file, type.containsFile else { return nil }
        return "a response of files must be 'File' itself (the whole body), not '\(type.specText)'"
    }
}

extension TypeRef {
    /// Whether `File` appears in the type (not looking into models).
    var containsFile: Bool {
        switch self {
        case .file: return true
        case let .array(inner), let .dictionary(inner), let .optional(inner): return inner.containsFile
        default: return false
        }
    }
}

extension JSONNode {
    /// The value as compact JSON text, keys in the file's order, numbers as written.
    var compactJSON: String {
        var output = ""
        appendCompact(to: &output)
        return output
    }

    private func appendCompact(to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): JSONNode.appendQuoted(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.appendCompact(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONNode.appendQuoted(member.key, to: &output)
                output += ":"
                member.value.appendCompact(to: &output)
            }
            output += "}"
        }
    }

    static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    output += "\\u" + hex(scalar.value, width: 4).lowercased()
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

/// The type without its outer optional.
func withoutOptional(_ type: TypeRef) -> TypeRef {
    if case .optional(let wrapped) = type { return wrapped }
    return type
}
