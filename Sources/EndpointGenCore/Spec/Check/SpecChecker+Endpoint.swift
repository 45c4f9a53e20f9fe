import Foundation

extension SpecChecker {
    /// A parameter as far as the endpoint's rules need it.
    struct CheckedParameter {
        var key: String
        var wireName: String
        var location: Parameter.Location
        /// Where the parameter's `in` was written (its key when there is none), for messages.
        var inLocation: SourceLocation
        var keyLocation: SourceLocation
    }

    mutating func checkEndpoint(_ endpoint: RawEndpoint, path inherited: [ParsedSegment]) {
        let method = endpoint.method.flatMap { checkMethod($0) }

        var checked = CheckedSpec.EndpointFacts()
        defer { result.endpoints[endpoint.id] = checked }
        var segments = inherited
        if let text = endpoint.path {
            if let own = PathParser.parse(text, group: nil, diagnostics: &diagnostics) {
                segments += own
                checked.segments = own.map { PathSegment(parts: $0.parts) }
            }
        }
        checkShared(endpoint.shared, isEndpoint: true)
        if let errors = endpoint.shared.errors, let headers = checkErrorHeaders(errors) {
            checked.errorHeaders = headers
        }

        // body (before parameters: its label takes part in the label check)
        if let body = endpoint.body {
            if body.isValid { checked.bodyType = checkBody(body) }
            if let method, method == "GET" || method == "HEAD" {
                error("a \(method) endpoint cannot have a body (URLSession refuses to send one)", at: body.key.location)
            }
        }

        let placeholderNames = Set(segments.flatMap { $0.placeholders.map(\.name) })
        let (parameters, invalidParameterNames) = checkParameters(of: endpoint, placeholderNames: placeholderNames)
        checkPlaceholders(segments, parameters: parameters, invalidParameterNames: invalidParameterNames, endpoint: endpoint.key)

        if let response = endpoint.response {
            (checked.responseType, checked.stream, checked.end) = checkResponse(response)
            if let kind = checked.stream, let sample = endpoint.sample {
                switch StreamRules.sampleElements(sample, stream: kind) {
                case .success(let elements): checked.sampleElements = elements
                case .failure(let problem): error(problem.message, at: problem.location)
                }
            }
        }
        checkResponseContract(endpoint, checked: &checked)

        if let timeout = endpoint.timeout, JSONParser.isValidNumber(timeout.value), let value = Double(timeout.value),
           !(value > 0 && value.isFinite) {
            error("'timeout' must be a positive number of seconds, found \(timeout.value)", at: timeout.location)
        }
    }

    /// The method, when it is one (its problem reported otherwise).
    mutating func checkMethod(_ text: Located<String>) -> String? {
        if SpecKeys.methods.contains(text.value) { return text.value }
        if SpecKeys.methods.contains(text.value.uppercased()) {
            error("method '\(text.value)' must be written in upper case: '\(text.value.uppercased())'", at: text.location)
        } else {
            var message = "unknown method '\(text.value)'; expected one of \(SpecKeys.methods.joined(separator: ", "))"
            if let suggestion = Naming.didYouMean(text.value.uppercased(), candidates: SpecKeys.methods) {
                message = "unknown method '\(text.value)'; did you mean '\(suggestion)'?"
            }
            error(message, at: text.location)
        }
        return nil
    }

    /// The endpoint's usable parameters, and the keys and wire names of those reported as invalid
    /// (a placeholder they fill is not reported again as having no parameter).
    mutating func checkParameters(of endpoint: RawEndpoint, placeholderNames: Set<String>) -> ([CheckedParameter], Set<String>) {
        var parameters: [CheckedParameter] = []
        /// Keys and wire names of parameters already reported as invalid: a placeholder they fill is
        /// not reported again as having no parameter.
        var invalidParameterNames: Set<String> = []
        if let rawParameters = endpoint.parameters {
            for raw in rawParameters {
                if let parameter = checkParameter(raw, placeholderNames: placeholderNames) {
                    parameters.append(parameter)
                } else {
                    invalidParameterNames.insert(raw.key.key)
                    if let name = raw.name { invalidParameterNames.insert(name.value) }
                }
            }
            let labels = rawParameters.map { (key: $0.key.key, swiftName: Naming.lowerCamel($0.key.key), location: $0.key.location) }
            if let body = endpoint.body {
                for clash in labels where clash.swiftName == "body" {
                    error("parameter '\(clash.key)' becomes the label 'body', which the endpoint's body uses (line \(body.key.location.line), column \(body.key.location.column))",
                          at: clash.location)
                }
            }
            checkCollisions(labels, what: "parameter")
        }
        return (parameters, invalidParameterNames)
    }

    /// Placeholders and path parameters must match one to one.
    mutating func checkPlaceholders(_ segments: [ParsedSegment], parameters: [CheckedParameter], invalidParameterNames: Set<String>,
                                    endpoint: RawKey) {
        let key = endpoint.key
        var usedParameters: Set<String> = []
        for segment in segments {
            var placeholderIndex = 0
            for part in segment.parts {
                guard case .parameter(let name) = part else { continue }
                let placeLocation = segment.placeholders[placeholderIndex].location
                placeholderIndex += 1
                if let parameter = parameters.first(where: { $0.wireName == name && $0.location == .path }) {
                    usedParameters.insert(parameter.key)
                } else if let parameter = parameters.first(where: { $0.wireName == name }) {
                    error("parameter '\(parameter.key)' fills the placeholder '{\(name)}' but is in '\(parameter.location.rawValue)'; path parameters have \"in\": \"path\"",
                          at: parameter.inLocation)
                    usedParameters.insert(parameter.key)
                } else if invalidParameterNames.contains(name) {
                    continue  // its parameter is there, and its problem is reported already
                } else if let group = segment.group {
                    error("endpoint '\(key)' has no parameter for the placeholder '{\(name)}' in the path of group '\(group)'", at: endpoint.location)
                } else {
                    error("the placeholder '{\(name)}' has no parameter; add \"\(name)\" to 'parameters'", at: placeLocation)
                }
            }
        }
        for parameter in parameters where parameter.location == .path && !usedParameters.contains(parameter.key) {
            error("path parameter '\(parameter.key)' has no '{\(parameter.wireName)}' placeholder in the path", at: parameter.keyLocation)
        }
    }

    // MARK: Parameters

    /// The parameter, or nil when it is not usable (its problem is reported).
    mutating func checkParameter(_ raw: RawParameter, placeholderNames: Set<String>) -> CheckedParameter? {
        let key = raw.key.key
        let type = type(raw.type, allowVoid: false)
        // Filled here and stored once (a spec may have tens of thousands of parameters).
        var facts = CheckedSpec.ParameterFacts(type: type)
        defer { result.parameters[raw.id] = facts }
        if let name = raw.name, name.value.isEmpty {
            error("the 'name' of parameter '\(key)' cannot be empty", at: name.location)
        }
        guard raw.isValid, !raw.hasUnknownLocation else { return nil }
        let wireName = Validation.wireName(of: raw)
        let location = raw.location?.value ?? (placeholderNames.contains(wireName) ? .path : .query)
        facts.place = location
        if location == .header || location == .cookie, !Validation.isToken(wireName) {
            error("'\(wireName)' is not a valid \(location.rawValue) name", at: raw.key.location)
        }
        guard let type, let typeText = raw.type else { return nil }
        if let problem = parameterTypeProblem(type, in: location) {
            error("\(location.rawValue) parameter '\(key)' \(problem)", at: typeText.location)
        } else {
            let style = checkStyle(raw.style, explode: raw.explode, type: Located(value: type, location: typeText.location), location: location,
                                          what: "\(location.rawValue) parameter '\(key)'")
            facts.style = style
        }
        if let node = raw.defaultValue {
            let value = DefaultValues.value(node, type: type, what: "parameter '\(key)'", models: modelIndex, diagnostics: &diagnostics)
            facts.defaultValue = value
        }
        return CheckedParameter(key: key, wireName: wireName, location: location, inLocation: raw.location?.location ?? raw.key.location,
                                keyLocation: raw.key.location)
    }

    // MARK: Body and response

    /// The body's type (nil when it does not parse).
    mutating func checkBody(_ body: RawBody) -> TypeRef? {
        let type = type(body.type, allowVoid: false)
        guard !body.hasUnknownEncoding else { return type }
        if let contentType = body.contentType { checkContentType(contentType) }
        guard let type, let typeText = body.type else { return type }
        if type.isOptional {
            error("a body type cannot be optional ('\(type.specText)')", at: typeText.location)
            return type
        }
        let encoding = Validation.encoding(of: body, type: type)
        let problem: String?
        switch encoding {
        case .json where type == .file:
            problem = "a File body is sent as raw bytes: leave 'encoding' out or write \"binary\""
        case .json:
            problem = nil
        case .form, .multipart:
            switch type {
            case .model(let name, _) where !modelIndex.isEnumModel(name): problem = nil
            case .dictionary: problem = nil
            default: problem = "a \(encoding.rawValue) body must be an object model or a [String: T] dictionary, not '\(type.specText)'"
            }
        case .binary:
            problem = type == .builtin(.data) || type == .file ? nil : "a binary body must be 'Data' or 'File', not '\(type.specText)'"
        case .text:
            problem = type == .builtin(.string) ? nil : "a text body must be 'String', not '\(type.specText)'"
        }
        if let problem {
            error(problem, at: body.encoding?.location ?? typeText.location)
        }
        return type
    }

    mutating func checkContentType(_ text: Located<String>) {
        if !Validation.isMediaType(text.value) {
            error("'\(text.value)' is not a media type (type/subtype, e.g. \"application/json\")", at: text.location)
        }
    }

    /// The response's type (nil when it has a problem or is not given), and its stream and `end`
    /// when they are good.
    mutating func checkResponse(_ response: RawResponse) -> (type: TypeRef?, stream: Response.Stream?, end: String?) {
        var parsed: TypeRef?
        if response.hasType || !response.isObject {
            guard let text = response.type, let type = type(text, allowVoid: true) else { return (nil, nil, nil) }
            if let problem = Validation.responseFileProblem(type) {
                error(problem, at: text.location)
                return (nil, nil, nil)
            }
            parsed = type
        }
        if let node = response.status {
            if case .number(let text) = node.value {
                if JSONParser.isValidNumber(text), !(Int(text).map { (100...599).contains($0) } ?? false) {
                    error("'status' must be an HTTP status code from 100 to 599, found \(text)", at: node.location)
                }
                // An invalid number was reported by the parser.
            } else {
                error("'status' must be a number, found \(Validation.kind(of: node))", at: node.location)
            }
        }
        if let node = response.contentType, let text = string(node, "'contentType'") {
            checkContentType(Located(value: text, location: node.location))
        }
        let stream = checkStream(response, type: parsed)
        return (parsed, stream.kind, stream.end)
    }

    /// `stream` and `end` (StreamRules): the good ones, for the resolver.
    /// `type` is the response's parsed type (`nil` without one: `checkResponse` does not get here
    /// when a stated type has a problem).
    mutating func checkStream(_ response: RawResponse, type: TypeRef?) -> (kind: Response.Stream?, end: String?) {
        var kind: Response.Stream?
        var good: (kind: Response.Stream?, end: String?) = (nil, nil)
        if let node = response.stream {
            switch StreamRules.kind(node) {
            case .success(let parsed):
                kind = parsed
                if let problem = StreamRules.elementProblem(type ?? .void, stream: parsed, at: response.type?.location ?? node.location) {
                    error(problem.message, at: problem.location)
                } else {
                    good.kind = parsed
                }
            case .failure(let problem):
                error(problem.message, at: problem.location)
            }
        }
        if let node = response.end {
            switch StreamRules.end(node, stream: kind, hasStream: response.stream != nil) {
            case .success(let end): good.end = end
            case .failure(let problem): error(problem.message, at: problem.location)
            }
        }
        return good
    }
}
