// Step 2 for version 2's response keys: `response.headers`, `responses` (several success statuses)
// and `pagination`. Models are checked before endpoints, so a page's `items` is checked against its
// model where it is written; the names of the types generated for endpoints are checked per level
// (`checkResponseTypeNames`). What passes is kept on the raw endpoint for the resolver.

extension SpecChecker {
    /// The response headers, `responses` and `pagination` of an endpoint whose response (if any)
    /// was checked.
    /// `checked` holds what was found of the endpoint so far (its response's type).
    mutating func checkResponseContract(_ endpoint: RawEndpoint, checked: inout CheckedSpec.EndpointFacts) {
        if let headers = endpoint.response?.headers { checked.responseHeaders = checkResponseHeaders(headers) }
        if let responses = endpoint.responses {
            if endpoint.response != nil {
                error("an endpoint has 'response' or 'responses' (several success statuses), not both", at: responses.key.location)
            } else {
                checked.alternatives = checkStatusResponses(responses)
                if let headers = checkStatusHeaders(responses) { checked.responseHeaders = headers }
            }
        }
        if let pagination = endpoint.pagination { checked.pagination = checkPagination(pagination, of: endpoint, checked: checked) }
    }

    /// `"headers": { "ETag": "String?", "X-RateLimit-Remaining": "Int?" }` inside `response`.
    mutating func checkResponseHeaders(_ raw: [RawResponseHeader]) -> [ResponseHeader] {
        var headers: [ResponseHeader] = []
        var seen: [String: RawKey] = [:]
        var swiftNames: [String: RawKey] = [:]
        for entry in raw {
            let name = entry.key.key
            if !Validation.isToken(name) {
                error("'\(name)' is not a valid header name", at: entry.key.location)
                continue
            }
            if let first = seen[name.lowercased()] {
                error("response header '\(name)' is declared twice (also '\(first.key)' at line \(first.location.line), column \(first.location.column)); header names do not depend on case",
                      at: entry.key.location)
                continue
            }
            seen[name.lowercased()] = entry.key
            let swiftName = Naming.lowerCamel(name)
            if swiftName == "self" {
                error("response header '\(name)' would be the property 'self', which its initializer cannot take", at: entry.key.location)
                continue
            }
            if let first = swiftNames[swiftName] {
                error("response headers '\(first.key)' and '\(name)' would both be the property '\(swiftName)'", at: entry.key.location)
                continue
            }
            swiftNames[swiftName] = entry.key
            guard let text = entry.type, let type = type(text, allowVoid: false) else { continue }
            guard isResponseHeaderType(withoutOptional(type)) else {
                let allowed = Validation.responseHeaderTypes.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                error("response header '\(name)' must be a single value (\(allowed) or an enum model, optional when it may be missing), not '\(type.specText)'",
                      at: text.location)
                continue
            }
            headers.append(ResponseHeader(name: name, swiftName: swiftName, type: type))
        }
        return headers
    }

    /// A builtin a header parses as, or an enum model (read by its raw value).
    func isResponseHeaderType(_ type: TypeRef) -> Bool {
        switch type {
        case let .builtin(builtin): return Validation.responseHeaderTypes.contains(builtin)
        case let .model(name, true): return modelIndex.isEnumModel(name)
        default: return false
        }
    }

    /// The headers of the statuses of `responses` that declare them, as one list for the endpoint's
    /// headers struct: in the order first declared; required only where every status declares the
    /// header required, optional otherwise (a status that does not declare it need not send it). One
    /// name has one type in every status. Nil when no status declares headers.
    mutating func checkStatusHeaders(_ raw: RawStatusResponses) -> [ResponseHeader]? {
        mergedHeaders(raw.entries.map { ($0.key, $0.headers) })
    }

    /// The headers of an endpoint's own error responses (`"422": { "type": "Problem", "headers": {...} }`),
    /// merged as `checkStatusHeaders` merges those of success statuses. Nil when none declares headers.
    mutating func checkErrorHeaders(_ errors: [RawError]) -> [ResponseHeader]? {
        mergedHeaders(errors.map { ($0.key, $0.headers) })
    }

    /// One list of the headers each status declares (see `checkStatusHeaders`).
    mutating func mergedHeaders(_ entries: [(key: RawKey, headers: [RawResponseHeader]?)]) -> [ResponseHeader]? {
        guard entries.contains(where: { $0.headers != nil }) else { return nil }
        var merged: [ResponseHeader] = []
        var declaredIn: [String: Int] = [:]
        var firstPlace: [String: (status: String, key: RawKey)] = [:]
        for entry in entries {
            let own = checkResponseHeaders(entry.headers ?? [])
            for header in own {
                let lowered = header.name.lowercased()
                let place = entry.headers?.first { $0.key.key == header.name }?.key ?? entry.key
                guard let index = merged.firstIndex(where: { $0.name.lowercased() == lowered }) else {
                    merged.append(header)
                    declaredIn[lowered] = 1
                    firstPlace[lowered] = (entry.key.key, place)
                    continue
                }
                declaredIn[lowered, default: 0] += 1
                if withoutOptional(merged[index].type) != withoutOptional(header.type) {
                    let first = firstPlace[lowered]
                    error("response header '\(header.name)' is '\(header.type.specText)' here but '\(merged[index].type.specText)' for status '\(first?.status ?? "")' (line \(first?.key.location.line ?? 0), column \(first?.key.location.column ?? 0)); one header has one type in every status",
                          at: place.location)
                } else if header.type.isOptional, !merged[index].type.isOptional {
                    merged[index].type = header.type
                }
                if merged[index].swiftName != header.swiftName {
                    error("response headers '\(merged[index].name)' and '\(header.name)' would both be the property '\(merged[index].swiftName)'", at: place.location)
                }
            }
        }
        // A header a status does not declare may be missing from its responses.
        for index in merged.indices where declaredIn[merged[index].name.lowercased()] != entries.count && !merged[index].type.isOptional {
            merged[index].type = .optional(merged[index].type)
        }
        return merged
    }

    /// `"responses": { "200": "[Contributor]", "204": "Void" }`: the statuses, or nil when one has a problem.
    mutating func checkStatusResponses(_ raw: RawStatusResponses) -> [StatusResponse]? {
        guard !raw.entries.isEmpty else { return nil }
        var alternatives: [StatusResponse] = []
        var seen: [ErrorResponse.Status: SourceLocation] = [:]
        var ok = true
        for entry in raw.entries {
            let status = Validation.errorStatus(entry.key.key)
            let isSuccess: Bool
            switch status {
            case let .code(code)?: isSuccess = (200...299).contains(code)
            case .range(2)?: isSuccess = true
            default: isSuccess = false
            }
            if !isSuccess {
                let hint = status == nil ? "" : "; error statuses go in 'errors'"
                error("'\(entry.key.key)' is not a success status: 'responses' takes codes from \"200\" to \"299\" or \"2XX\"\(hint)",
                      at: entry.key.location)
                ok = false
            }
            let type = type(entry.type, allowVoid: true)
            if let type, let problem = Validation.responseFileProblem(type) {
                error(problem, at: entry.type?.location ?? entry.key.location)
                ok = false
            } else if let type, type.isOptional {
                error("a type in 'responses' cannot be optional ('\(type.specText)'); declare the status without a body as \"Void\"",
                      at: entry.type?.location ?? entry.key.location)
                ok = false
            }
            guard let status, isSuccess, let type else { ok = false; continue }
            if let first = seen[status] {
                error("status '\(entry.key.key)' is given twice (also at line \(first.line), column \(first.column))", at: entry.key.location)
                ok = false
                continue
            }
            seen[status] = entry.key.location
            alternatives.append(StatusResponse(status: status, type: type))
        }
        return ok ? alternatives : nil
    }

    /// `"pagination": { "style": "cursor", "parameter": "after", "next": "next_cursor", "items": "data" }`.
    mutating func checkPagination(_ raw: RawPagination, of endpoint: RawEndpoint, checked: CheckedSpec.EndpointFacts) -> Pagination? {
        guard let styleText = raw.style else { return nil }
        let style = styleText.value
        guard SpecKeys.paginationStyles.contains(style) else {
            var message = "unknown pagination style '\(style)'; expected one of \(Validation.list(SpecKeys.paginationStyles))"
            if let suggestion = Naming.didYouMean(style, candidates: SpecKeys.paginationStyles) {
                message = "unknown pagination style '\(style)'; did you mean '\(suggestion)'?"
            }
            error(message, at: styleText.location)
            return nil
        }
        let allowed: Set<String> = style == "link" ? ["style"] : style == "cursor" ? ["style", "parameter", "next", "items"] : ["style", "parameter", "items"]
        for key in raw.keys where !allowed.contains(key.key) {
            error("'\(key.key)' does not apply to the '\(style)' pagination style", at: key.location)
        }
        // `responses` pages when every status with a body has the same type (`T?` with `Void` for
        // the bodiless ones, an empty page); statuses of different types are an enum, which has no items.
        var pageType = checked.responseType ?? .void
        if endpoint.responses != nil {
            guard let alternatives = checked.alternatives else { return nil }
            guard let common = Response.Shape(alternatives: alternatives).bodyType, common != .void else {
                let bodies = alternatives.filter { $0.type != .void }.map { "'\($0.type.specText)'" }
                let found = bodies.isEmpty ? "no status has a body" : "its statuses answer \(bodies.joined(separator: ", "))"
                error("a paginated endpoint's 'responses' must give one page type to the statuses with a body and \"Void\" to the others (an empty page), but \(found)",
                      at: raw.location)
                return nil
            }
            pageType = common
        }
        if let stream = endpoint.response?.stream {
            error("a streamed response is one body read as it arrives, not pages: remove 'pagination' or 'stream'", at: stream.location)
            return nil
        }

        var parameter: String?
        if allowed.contains("parameter") {
            if let text = raw.parameter {
                parameter = queryParameter(text, of: endpoint, style: style)
            } else {
                error("'\(style)' pagination needs 'parameter': the query parameter that selects the page", at: raw.location)
            }
        }
        var next: String?
        if style == "cursor" {
            if let text = raw.next {
                if text.value.isEmpty || text.value.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
                    error("'next' must be a body key or a dotted path of keys (\"meta.next_cursor\"), found '\(text.value)'", at: text.location)
                } else if checkNext(text, response: pageType) {
                    next = text.value
                }
            } else {
                error("'cursor' pagination needs 'next': the body key (or dotted path, such as \"meta.next_cursor\") of the next cursor",
                      at: raw.location)
            }
        }
        var items: String?
        if allowed.contains("items"), let text = raw.items {
            if checkItems(text, response: pageType) { items = text.value }
        } else if case .array = withoutOptional(pageType) {
            // The body is the page's array.
        } else if endpoint.response == nil || checked.responseType != nil {
            let fix = style == "link" ? "a 'link' page is the body itself" : "add 'items', the body key that holds the page's array"
            error("the paginated endpoint answers '\(pageType.specText)', not an array: \(fix)", at: raw.location)
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
    private mutating func queryParameter(_ text: Located<String>, of endpoint: RawEndpoint, style: String) -> String? {
        let parameters = (endpoint.parameters ?? []).filter { $0.isValid }
        func place(_ parameter: RawParameter) -> Parameter.Location { result.parameters[parameter.id]?.place ?? .query }
        guard let parameter = parameters.first(where: { $0.key.key == text.value || Validation.wireName(of: $0) == text.value }) else {
            let queries = parameters.filter { place($0) == .query }.map(\.key.key)
            var message = "the pagination parameter '\(text.value)' is not a parameter of the endpoint; declare it in 'parameters' (a query parameter)"
            if let suggestion = Naming.didYouMean(text.value, candidates: queries) {
                message = "the pagination parameter '\(text.value)' is not a parameter of the endpoint; did you mean '\(suggestion)'?"
            }
            error(message, at: text.location)
            return nil
        }
        guard place(parameter) == .query else {
            error("the pagination parameter '\(text.value)' is a \(place(parameter).rawValue) parameter; it must be in the query", at: text.location)
            return nil
        }
        if style == "page", let type = result.parameters[parameter.id]?.type, case .builtin(let builtin) = withoutOptional(type),
           builtin != .int && builtin != .int64 && builtin != .int32 {
            error("the page parameter '\(text.value)' must be an integer type, not '\(type.specText)'", at: text.location)
            return nil
        }
        return Validation.wireName(of: parameter)
    }

    /// Whether a cursor's `next`, a body key or a dotted path of keys, leads through the page's
    /// object models to a property the runtime can read a cursor from (a string or an integer): a
    /// key the body does not have would end the pages after the first, silently. A model the spec
    /// cannot see into (`JSON`, a dictionary, a type of the module, a union) ends the check there.
    private mutating func checkNext(_ next: Located<String>, response: TypeRef) -> Bool {
        var type = withoutOptional(response)
        var walked = ""
        for key in next.value.split(separator: ".").map(String.init) {
            switch type {
            case .json, .dictionary, .model(_, defined: false):
                return true
            case let .model(name, defined: true):
                guard let properties = objectModels[name] else { return true }
                guard let property = properties.first(where: { $0.key == key }) else {
                    var message = "model '\(name)' has no property '\(key)' to hold the next cursor"
                    if let swiftName = properties.first(where: { Naming.lowerCamel($0.key) == key && $0.key != key }) {
                        message += "; did you mean '\(swiftName.key)'? ('next' takes the key of the JSON body, not the Swift name)"
                    } else if let suggestion = Naming.didYouMean(key, candidates: properties.map(\.key)) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    error(message, at: next.location)
                    return false
                }
                walked = walked.isEmpty ? "\(name).\(key)" : "\(walked).\(key)"
                type = withoutOptional(property.type)
            default:
                let found = walked.isEmpty ? "the endpoint answers '\(response.specText)'" : "'\(walked)' is '\(type.specText)'"
                error("'next' names a key of the response body, but \(found), not an object model of the spec", at: next.location)
                return false
            }
        }
        switch type {
        case .array, .dictionary, .file, .void, .builtin(.bool), .builtin(.double), .builtin(.float):
            break
        case let .model(name, defined: true) where objectModels[name] != nil:
            break
        default:
            return true
        }
        error("'next' names '\(walked)', which is '\(type.specText)', not a cursor (a string or an integer)", at: next.location)
        return false
    }

    /// Whether `items` names an array property of the response's object model, each model holding
    /// its pages under one key (its `PageBody` conformance reads that key).
    private mutating func checkItems(_ items: Located<String>, response: TypeRef) -> Bool {
        guard case let .model(name, true) = withoutOptional(response), let properties = objectModels[name] else {
            error("'items' names a key of the response body, but the endpoint answers '\(response.specText)', not an object model of the spec",
                  at: items.location)
            return false
        }
        guard let property = properties.first(where: { $0.key == items.value }) else {
            var message = "model '\(name)' has no property '\(items.value)' to hold the page's items"
            if let suggestion = Naming.didYouMean(items.value, candidates: properties.map(\.key)) { message += "; did you mean '\(suggestion)'?" }
            error(message, at: items.location)
            return false
        }
        guard case .array = withoutOptional(property.type) else {
            error("'items' names '\(name).\(items.value)', which is '\(property.type.specText)', not an array", at: items.location)
            return false
        }
        if let clash = properties.first(where: { $0.swiftName == RuntimeNames.pageItems && $0.key != items.value }) {
            error("model '\(name)' holds pages, so its generated conformance declares 'pageItems', which its property '\(clash.specKey)' also is; rename the property",
                  at: clash.location)
            return false
        }
        // A copy checking one group of several at once leaves this rule to the checker that merges
        // them, which applies it to the uses in the groups' order.
        guard pageItemUses == nil else {
            pageItemUses?.append((name, items))
            return true
        }
        return notePageItems(items, of: name)
    }

    /// Whether the model `name` holds its pages in `items` for every endpoint so far, noting the key
    /// at its first use.
    mutating func notePageItems(_ items: Located<String>, of name: String) -> Bool {
        if let first = pageItemsKeys[name], first.key != items.value {
            error("model '\(name)' holds its items in '\(first.key)' for another endpoint (line \(first.location.line), column \(first.location.column)); one model has one 'items' key",
                  at: items.location)
            return false
        }
        if pageItemsKeys[name] == nil { pageItemsKeys[name] = (items.value, items.location) }
        return true
    }

    /// The types generated for a level's endpoints (`<Endpoint>Headers`, `<Endpoint>Response`) against
    /// the models (at the top level) and the groups beside them, and each other.
    mutating func checkResponseTypeNames(_ contents: RawContents, isAPI: Bool) {
        var taken: [String: String] = [:]
        for group in contents.groups ?? [] where group.isObject { taken[Naming.upperCamel(group.key.key)] = "group '\(group.key.key)'" }
        if isAPI { for name in modelIndex.modelNames { taken[name] = "model '\(name)'" } }
        for endpoint in contents.endpoints ?? [] where endpoint.isObject {
            let checked = result.endpoints[endpoint.id] ?? CheckedSpec.EndpointFacts()
            for name in Endpoint.generatedTypeNames(key: endpoint.key.key, hasHeaders: !checked.responseHeaders.isEmpty,
                                                    alternatives: checked.alternatives ?? [], hasErrorHeaders: !checked.errorHeaders.isEmpty) {
                if let owner = taken[name] {
                    error("endpoint '\(endpoint.key.key)' declares the type '\(name)' for its responses, which \(owner) also is; rename one",
                          at: endpoint.key.location)
                } else if ReservedNames.groupTypeNames.contains(name) {
                    error("endpoint '\(endpoint.key.key)' would declare the type '\(name)', which generated code names; rename the endpoint",
                          at: endpoint.key.location)
                } else {
                    taken[name] = "the responses of endpoint '\(endpoint.key.key)'"
                }
            }
        }
    }
}
