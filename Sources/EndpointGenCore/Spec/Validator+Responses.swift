// Version 2's response keys: `response.headers`, `responses` (several success statuses) and
// `pagination`. Each is checked where it is written (models are validated before endpoints, so a
// page's `items` is checked against its model there); the names of the types generated for
// endpoints are checked once every endpoint is known, by `checkResponseTypeNames`.

extension Validation {
    /// The header types a response header may have: single values that parse from header text.
    static let responseHeaderTypes: [TypeRef.Builtin] = [.string, .int, .int64, .double, .bool, .date, .url]

    /// `"headers": { "ETag": "String?", "X-RateLimit-Remaining": "Int?" }` inside `response`.
    mutating func validateResponseHeaders(_ node: JSONNode) -> [ResponseHeader] {
        guard let members = object(node, "the response 'headers'") else { return [] }
        var headers: [ResponseHeader] = []
        var seen: [String: JSONNode.Member] = [:]
        var swiftNames: [String: JSONNode.Member] = [:]
        for member in members {
            let name = member.key
            if !Validation.isToken(name) {
                error("'\(name)' is not a valid header name", at: member.keyLocation)
                continue
            }
            if let first = seen[name.lowercased()] {
                error("response header '\(name)' is declared twice (also '\(first.key)' at line \(first.keyLocation.line), column \(first.keyLocation.column)); header names do not depend on case",
                      at: member.keyLocation)
                continue
            }
            seen[name.lowercased()] = member
            let swiftName = Naming.lowerCamel(name)
            if swiftName == "self" {
                error("response header '\(name)' would be the property 'self', which its initializer cannot take", at: member.keyLocation)
                continue
            }
            if let first = swiftNames[swiftName] {
                error("response headers '\(first.key)' and '\(name)' would both be the property '\(swiftName)'", at: member.keyLocation)
                continue
            }
            swiftNames[swiftName] = member
            guard let type = typeString(member.value, "the type of response header '\(name)'", allowVoid: false) else { continue }
            guard case let .builtin(builtin) = withoutOptional(type), Validation.responseHeaderTypes.contains(builtin) else {
                let allowed = Validation.responseHeaderTypes.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                error("response header '\(name)' must be a single value (\(allowed), optional when it may be missing), not '\(type.specText)'",
                      at: member.value.location)
                continue
            }
            headers.append(ResponseHeader(name: name, swiftName: swiftName, type: type))
        }
        return headers
    }

    /// `"responses": { "200": "[Contributor]", "204": "Void" }`.
    mutating func validateResponses(_ node: JSONNode) -> Response? {
        guard let members = object(node, "'responses'") else { return nil }
        if members.isEmpty {
            error("'responses' needs at least one success status (\"200\": \"Type\")", at: node.location)
            return nil
        }
        var alternatives: [StatusResponse] = []
        var seen: [ErrorResponse.Status: SourceLocation] = [:]
        var ok = true
        for member in members {
            let status = Validation.errorStatus(member.key)
            let isSuccess: Bool
            switch status {
            case let .code(code)?: isSuccess = (200...299).contains(code)
            case .range(2)?: isSuccess = true
            default: isSuccess = false
            }
            if !isSuccess {
                let hint = status == nil ? "" : "; error statuses go in 'errors'"
                error("'\(member.key)' is not a success status: 'responses' takes codes from \"200\" to \"299\" or \"2XX\"\(hint)",
                      at: member.keyLocation)
                ok = false
            }
            let type = typeString(member.value, "the response type for '\(member.key)'", allowVoid: true)
            if let type, let problem = Validation.responseFileProblem(type) {
                error(problem, at: member.value.location)
                ok = false
            } else if let type, type.isOptional {
                error("a type in 'responses' cannot be optional ('\(type.specText)'); declare the status without a body as \"Void\"",
                      at: member.value.location)
                ok = false
            }
            guard let status, isSuccess, let type else { ok = false; continue }
            if let first = seen[status] {
                error("status '\(member.key)' is given twice (also at line \(first.line), column \(first.column))", at: member.keyLocation)
                ok = false
                continue
            }
            seen[status] = member.keyLocation
            alternatives.append(StatusResponse(status: status, type: type))
        }
        guard ok else { return nil }
        return Response(type: Validation.commonType(of: alternatives) ?? .void, status: nil, contentType: nil, alternatives: alternatives)
    }

    /// The one type every status with a body shares (`.void` when none has one), or nil when they differ.
    static func commonType(of alternatives: [StatusResponse]) -> TypeRef? {
        let bodies = Set(alternatives.map(\.type).filter { $0 != .void })
        if bodies.isEmpty { return .void }
        return bodies.count == 1 ? bodies.first : nil
    }

    /// `"pagination": { "style": "cursor", "parameter": "after", "next": "next_cursor", "items": "data" }`.
    mutating func validatePagination(_ node: JSONNode, parameters: [Parameter], response: Response) -> Pagination? {
        guard let members = object(node, "'pagination'") else { return nil }
        checkKeys(members, allowed: SpecKeys.pagination, in: "in 'pagination'")
        let fields = Fields(members)
        guard let styleField = fields["style"] else {
            error("'pagination' is missing the required key 'style' (\(Validation.list(SpecKeys.paginationStyles)))", at: node.location)
            return nil
        }
        guard let style = string(styleField.value, "the pagination 'style'") else { return nil }
        guard SpecKeys.paginationStyles.contains(style) else {
            var message = "unknown pagination style '\(style)'; expected one of \(Validation.list(SpecKeys.paginationStyles))"
            if let suggestion = Naming.didYouMean(style, candidates: SpecKeys.paginationStyles) {
                message = "unknown pagination style '\(style)'; did you mean '\(suggestion)'?"
            }
            error(message, at: styleField.value.location)
            return nil
        }
        let allowed: Set<String> = style == "link" ? ["style"] : style == "cursor" ? ["style", "parameter", "next", "items"] : ["style", "parameter", "items"]
        for member in members where SpecKeys.pagination.contains(member.key) && !allowed.contains(member.key) {
            error("'\(member.key)' does not apply to the '\(style)' pagination style", at: member.keyLocation)
        }
        if !response.alternatives.isEmpty {
            error("a paginated endpoint has one 'response', not several 'responses'", at: node.location)
            return nil
        }

        var parameter: String?
        if allowed.contains("parameter") {
            if let field = fields["parameter"] {
                parameter = queryParameter(field.value, parameters: parameters, style: style)
            } else {
                error("'\(style)' pagination needs 'parameter': the query parameter that selects the page", at: node.location)
            }
        }
        var next: String?
        if style == "cursor" {
            if let field = fields["next"] {
                next = dottedPath(field.value, "'next'")
            } else {
                error("'cursor' pagination needs 'next': the body key (or dotted path, such as \"meta.next_cursor\") of the next cursor",
                      at: node.location)
            }
        }
        var items: String?
        if allowed.contains("items"), let field = fields["items"], let text = string(field.value, "'items'") {
            if checkItems(text, at: field.value.location, response: response.type) { items = text }
        } else if case .array = withoutOptional(response.type) {
            // The body is the page's array.
        } else {
            let fix = style == "link" ? "a 'link' page is the body itself" : "add 'items', the body key that holds the page's array"
            error("the paginated endpoint answers '\(response.type.specText)', not an array: \(fix)", at: node.location)
        }
        switch style {
        case "link":
            return .link
        case "cursor":
            guard let parameter, let next else { return nil }
            return .cursor(parameter: parameter, next: next, items: items)
        default:
            guard let parameter else { return nil }
            return .page(parameter: parameter, items: items)
        }
    }

    /// The wire name of the query parameter a pagination `parameter` names (by key or wire name).
    private mutating func queryParameter(_ node: JSONNode, parameters: [Parameter], style: String) -> String? {
        guard let text = string(node, "the pagination 'parameter'") else { return nil }
        guard let parameter = parameters.first(where: { $0.key == text || $0.wireName == text }) else {
            let queries = parameters.filter { $0.location == .query }.map(\.key)
            var message = "the pagination parameter '\(text)' is not a parameter of the endpoint; declare it in 'parameters' (a query parameter)"
            if let suggestion = Naming.didYouMean(text, candidates: queries) { message = "the pagination parameter '\(text)' is not a parameter of the endpoint; did you mean '\(suggestion)'?" }
            error(message, at: node.location)
            return nil
        }
        guard parameter.location == .query else {
            error("the pagination parameter '\(text)' is a \(parameter.location.rawValue) parameter; it must be in the query", at: node.location)
            return nil
        }
        if style == "page", case .builtin(let builtin) = withoutOptional(parameter.type), builtin != .int && builtin != .int64 && builtin != .int32 {
            error("the page parameter '\(text)' must be an integer type, not '\(parameter.type.specText)'", at: node.location)
            return nil
        }
        return parameter.wireName
    }

    /// Whether `items` names an array property of the response's object model, each model holding
    /// its pages under one key (its `PageBody` conformance reads that key).
    private mutating func checkItems(_ items: String, at location: SourceLocation, response: TypeRef) -> Bool {
        guard case let .model(name, true) = withoutOptional(response), let model = modelsBySwiftName[name],
              case let .object(properties) = model.kind else {
            error("'items' names a key of the response body, but the endpoint answers '\(response.specText)', not an object model of the spec",
                  at: location)
            return false
        }
        guard let property = properties.first(where: { $0.key == items }) else {
            var message = "model '\(model.key)' has no property '\(items)' to hold the page's items"
            if let suggestion = Naming.didYouMean(items, candidates: properties.map(\.key)) { message += "; did you mean '\(suggestion)'?" }
            error(message, at: location)
            return false
        }
        guard case .array = withoutOptional(property.type) else {
            error("'items' names '\(model.key).\(items)', which is '\(property.type.specText)', not an array", at: location)
            return false
        }
        if let clash = properties.first(where: { $0.swiftName == RuntimeNames.pageItems && $0.key != items }) {
            error("model '\(model.key)' holds pages, so its generated conformance declares 'pageItems', which its property '\(clash.key)' also is; rename the property",
                  at: clash.location)
            return false
        }
        if let first = pageItemsKeys[model.swiftName], first.key != items {
            error("model '\(model.key)' holds its items in '\(first.key)' for another endpoint (line \(first.location.line), column \(first.location.column)); one model has one 'items' key",
                  at: location)
            return false
        }
        if pageItemsKeys[model.swiftName] == nil { pageItemsKeys[model.swiftName] = (items, location) }
        return true
    }

    private mutating func dottedPath(_ node: JSONNode, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        if text.isEmpty || text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            error("\(what) must be a body key or a dotted path of keys (\"meta.next_cursor\"), found '\(text)'", at: node.location)
            return nil
        }
        return text
    }

    // MARK: - After every endpoint

    /// Checks the names of the types generated for endpoints (`<Endpoint>Headers`, `<Endpoint>Response`)
    /// against the models and groups beside them, once every endpoint is known.
    mutating func checkResponseTypeNames(api: Group, models: [Model]) {
        func visit(_ group: Group, isAPI: Bool) {
            var taken: [String: String] = [:]
            for child in group.groups { taken[child.swiftName] = "group '\(child.key)'" }
            if isAPI { for model in models { taken[model.swiftName] = "model '\(model.key)'" } }
            for endpoint in group.endpoints {
                for name in Validation.generatedTypeNames(for: endpoint) {
                    if let owner = taken[name] {
                        error("endpoint '\(endpoint.key)' declares the type '\(name)' for its responses, which \(owner) also is; rename one",
                              at: endpoint.location)
                    } else if ReservedNames.groupTypeNames.contains(name) {
                        error("endpoint '\(endpoint.key)' would declare the type '\(name)', which generated code names; rename the endpoint",
                              at: endpoint.location)
                    } else {
                        taken[name] = "the responses of endpoint '\(endpoint.key)'"
                    }
                }
            }
            for child in group.groups { visit(child, isAPI: false) }
        }
        visit(api, isAPI: true)
    }

    /// The types generated for an endpoint's responses: `GetRepoHeaders` for declared headers,
    /// `ListThingsResponse` for `responses` of different types.
    static func generatedTypeNames(for endpoint: Endpoint) -> [String] {
        var names: [String] = []
        if !endpoint.response.headers.isEmpty { names.append(headersTypeName(endpoint)) }
        if !endpoint.response.alternatives.isEmpty, commonType(of: endpoint.response.alternatives) == nil {
            names.append(responseTypeName(endpoint))
        }
        return names
    }

    static func headersTypeName(_ endpoint: Endpoint) -> String { Naming.upperCamel(endpoint.key) + "Headers" }
    static func responseTypeName(_ endpoint: Endpoint) -> String { Naming.upperCamel(endpoint.key) + "Response" }
}
