/// Step 3 of validation: builds the `Spec` the translator consumes from a raw tree the checker
/// found no problem in. Inheritance is resolved here (headers merged by case-insensitive name with
/// `null` removing one, auth, errors by status, group paths as prefixes), Swift names are chosen and
/// types, styles and defaults are those the checker worked out (`CheckedSpec`). It parses nothing
/// and reports nothing.
struct SpecResolver: Sendable {
    let fileName: String
    let checked: CheckedSpec
    /// Whether the top-level groups are resolved on every core (as `SpecChecker.spreadsGroups`).
    var spreadsGroups = false

    /// What a level passes down to its groups and endpoints.
    struct Inherited: Sendable {
        var headers: [Header] = []
        var auth: Auth = .none
        /// The nearest group's or endpoint's own `baseURL`; nil: the API's.
        var baseURL: String?
        /// Error bodies by status, the nearest level's winning.
        var errors: [ErrorResponse] = []
        /// Path segments of the enclosing groups, placeholders by name.
        var path: [PathSegment] = []
        /// The top level's headers, auth and errors: what `defaults` holds, which an endpoint's
        /// `Overrides` are measured against.
        var apiHeaders: [Header] = []
        /// `apiHeaders`' names in lower case, worked out once rather than at every endpoint.
        var apiHeaderNames: [String] = []
        var apiAuth: Auth = .none
        var apiErrors: [ErrorResponse] = []
    }

    func resolve(_ spec: RawSpec) -> Spec {
        let outputName = Validation.outputName(fileName).outputName
        var inherited = Inherited()
        inherit(spec.shared, into: &inherited)
        inherited.apiHeaders = inherited.headers
        inherited.apiHeaderNames = inherited.headers.map { $0.name.lowercased() }
        inherited.apiAuth = inherited.auth
        inherited.apiErrors = inherited.errors
        let apiName = checked.apiName
        let api = resolveContents(spec.contents, key: apiName, swiftName: apiName, description: spec.description, location: spec.location,
                                  inherited: inherited, spreadingGroups: spreadsGroups)
        return Spec(fileName: fileName, outputName: outputName, api: api, baseURL: spec.baseURL?.value ?? "",
                    dateFormat: spec.dateFormat.flatMap { DateFormat(rawValue: $0.value) } ?? .iso8601,
                    headers: inherited.headers, auth: inherited.auth, errors: inherited.errors,
                    models: SpecResolver.markIndirectStorage((spec.models ?? []).compactMap(resolveModel)))
    }

    // MARK: Inheritance

    /// Applies a level's `headers`, `auth` and `errors` over what it inherits.
    func inherit(_ shared: RawShared, into inherited: inout Inherited) {
        if let headers = shared.headers { inherited.headers = SpecResolver.merging(inherited.headers, headers) }
        if let auth = shared.auth.flatMap(resolveAuth) { inherited.auth = auth }
        if let baseURL = shared.baseURL { inherited.baseURL = baseURL.value }
        if let errors = shared.errors { inherited.errors = SpecResolver.merging(inherited.errors, resolveErrors(errors)) }
    }

    /// `inherited` with `own` applied: names are case-insensitive, a nearer value replaces an
    /// inherited one in place (with the nearer spelling), `null` removes it, new names are appended.
    static func merging(_ inherited: [Header], _ own: [RawHeader]) -> [Header] {
        var result = inherited
        for header in own {
            let lowered = header.key.key.lowercased()
            switch header.value {
            case .remove:
                result.removeAll { $0.name.lowercased() == lowered }
            case .text(let value):
                let entry = Header(name: header.key.key, value: value.value)
                if let index = result.firstIndex(where: { $0.name.lowercased() == lowered }) {
                    result[index] = entry
                } else {
                    result.append(entry)
                }
            }
        }
        return result
    }

    /// What an endpoint whose merged headers, auth and errors are `level`'s, and whose response is
    /// `response`, does differently from the API's (`apiHeaders`, `apiAuth`, `apiErrors`).
    static func overrides(of level: Inherited, response: Response) -> Endpoint.Overrides {
        var headers = level.headers
        // Each name lower-cased once (names are case-insensitive); the API's are in `apiHeaderNames`.
        var names = headers.map { $0.name.lowercased() }
        // `response.contentType` is what the endpoint accepts, unless it inherits an `Accept`.
        if let contentType = response.contentType, !names.contains("accept") {
            headers.append(Header(name: "Accept", value: contentType))
            names.append("accept")
        }
        let api = zip(level.apiHeaderNames, level.apiHeaders)
        return Endpoint.Overrides(
            headers: zip(names, headers).filter { name, header in
                !api.contains { $0 == name && $1.value == header.value }
            }.map(\.1),
            removedHeaders: api.filter { name, _ in !names.contains(name) }.map(\.1.name),
            auth: level.auth == level.apiAuth ? nil : level.auth,
            errors: level.errors.filter { !level.apiErrors.contains($0) })
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

    func resolveAuth(_ auth: RawAuth) -> Auth? {
        switch auth {
        case .name(let text):
            switch text.value {
            case "none": return Auth.none
            case "bearer": return .bearer
            case "basic": return .basic
            default: return nil
            }
        case .object(_, _, let inNode, let nameNode):
            guard case .string(let inText)? = inNode?.value, let location = Auth.APIKeyLocation(rawValue: inText),
                  case .string(let name)? = nameNode?.value else { return nil }
            return .apiKey(in: location, name: name)
        case .list(_, let alternatives):
            let resolved = alternatives.compactMap(resolveAuth)
            return Auth.anyOf(resolved, optional: resolved.contains(.none))
        case .together(_, let schemes):
            let resolved = schemes.compactMap(resolveAuth)
            return resolved.isEmpty ? nil : Auth.allOf(resolved)
        }
    }

    func resolveErrors(_ errors: [RawError]) -> [ErrorResponse] {
        errors.compactMap { entry in
            guard let status = Validation.errorStatus(entry.key.key), let type = checked.errorTypes[entry.id] else { return nil }
            return ErrorResponse(status: status, type: type)
        }
    }

    // MARK: Groups

    func resolveContents(_ contents: RawContents, key: String, swiftName: String, description: String?, location: SourceLocation,
                         inherited: Inherited, spreadingGroups: Bool = false) -> Group {
        // Read in place: `filter` first would copy every raw endpoint (a large struct) into a new array.
        var endpoints: [Endpoint] = []
        endpoints.reserveCapacity(contents.endpoints?.count ?? 0)
        for endpoint in contents.endpoints ?? [] where endpoint.isObject {
            endpoints.append(resolveEndpoint(endpoint, inherited: inherited))
        }
        var groups: [Group] = []
        if spreadingGroups {
            // Each group is resolved from what it inherits alone: on every core, in order.
            groups = (contents.groups ?? []).filter(\.isObject).concurrentMap { [self] group in resolveGroup(group, inherited: inherited) }
        } else {
            groups.reserveCapacity(contents.groups?.count ?? 0)
            for group in contents.groups ?? [] where group.isObject {
                groups.append(resolveGroup(group, inherited: inherited))
            }
        }
        return Group(key: key, swiftName: swiftName, description: description, endpoints: endpoints, groups: groups, location: location)
    }

    func resolveGroup(_ group: RawGroup, inherited: Inherited) -> Group {
        var inner = inherited
        inner.path += checked.groupSegments[group.id] ?? []
        inherit(group.shared, into: &inner)
        return resolveContents(group.contents, key: group.key.key, swiftName: Naming.upperCamel(group.key.key), description: group.description,
                               location: group.key.location, inherited: inner)
    }

    // MARK: Endpoints

    func resolveEndpoint(_ endpoint: RawEndpoint, inherited: Inherited) -> Endpoint {
        var level = inherited
        inherit(endpoint.shared, into: &level)
        let parameters = (endpoint.parameters ?? []).compactMap(resolveParameter)
        let facts = checked.endpoints[endpoint.id] ?? CheckedSpec.EndpointFacts()

        var path = inherited.path
        path += facts.segments
        // Each placeholder names the path parameter that fills it, by key.
        for index in path.indices where path[index].parts.contains(where: { if case .parameter = $0 { true } else { false } }) {
            path[index].parts = path[index].parts.map { part in
                guard case .parameter(let name) = part,
                      let parameter = parameters.first(where: { $0.wireName == name && $0.location == .path }) else { return part }
                return .parameter(parameter.key)
            }
        }

        var body: Body?
        if let raw = endpoint.body, let type = facts.bodyType {
            body = Body(type: type, encoding: Validation.encoding(of: raw, type: type), contentType: raw.contentType?.value)
        }

        var response = Response(type: facts.responseType ?? .void, status: nil, contentType: nil, stream: facts.stream, end: facts.end,
                                headers: facts.responseHeaders)
        if let raw = endpoint.response {
            if case .number(let text)? = raw.status?.value { response.status = Int(text) }
            if case .string(let text)? = raw.contentType?.value { response.contentType = text }
        }
        if let alternatives = facts.alternatives {
            let shape = Response.Shape(alternatives: alternatives)
            response = Response(type: shape.bodyType ?? .void, status: nil, contentType: nil, headers: facts.responseHeaders,
                                alternatives: alternatives)
        }

        var resolved = Endpoint(key: endpoint.key.key, swiftName: Naming.lowerCamel(endpoint.key.key), description: endpoint.description,
                                deprecation: endpoint.deprecation, method: endpoint.method?.value ?? "GET", path: path, parameters: parameters,
                                overrides: SpecResolver.overrides(of: level, response: response), body: body, response: response,
                                timeout: endpoint.timeout.flatMap { Double($0.value) }, sample: endpoint.sample?.compactJSON,
                                location: endpoint.key.location, pagination: facts.pagination)
        resolved.sampleElements = facts.sampleElements
        resolved.baseURL = level.baseURL
        resolved.errorHeaders = facts.errorHeaders
        return resolved
    }

    func resolveParameter(_ raw: RawParameter) -> Parameter? {
        guard raw.isValid, let facts = checked.parameters[raw.id], let type = facts.type else { return nil }
        let wireName = Validation.wireName(of: raw)
        return Parameter(key: raw.key.key, wireName: wireName, swiftName: Naming.lowerCamel(raw.key.key), type: type,
                         location: facts.place,
                         description: raw.description, defaultValue: facts.defaultValue,
                         style: facts.style ?? .default(in: facts.place), sourceLocation: raw.key.location)
    }

    // MARK: Models

    /// An enum's values with their case names (`Naming.enumCases`: the names of one enum are chosen together).
    static func enumCases(_ values: [Located<String>]) -> [EnumCase] {
        zip(values, Naming.enumCases(values.map(\.value))).map { EnumCase(value: $0.value, swiftName: $1) }
    }

    func resolveModel(_ model: RawModel) -> Model? {
        let kind: Model.Kind
        switch model.kind {
        case .invalid, .enumeration(values: nil, _, _, _), .integerEnumeration(values: nil, _, _, _):
            return nil
        case .enumeration(let values?, _, _, _):
            kind = .enumeration(Self.enumCases(values))
        case .integerEnumeration(let values?, _, _, _):
            kind = .integerEnumeration(Self.enumCases(values))
        case .object(let properties, _):
            kind = .object((properties ?? []).compactMap(resolveProperty))
        case .oneOf(let texts, _, let discriminator):
            var alternatives = resolveAlternatives(texts, parsed: checked.models[model.id]?.alternatives ?? [])
            if let discriminator {
                // Mapping keys choose their model; an alternative no key names is chosen by its name.
                for entry in discriminator.mapping {
                    if let position = alternatives.firstIndex(where: { $0.type == .model(entry.type.value, defined: true) }) {
                        alternatives[position].tags.append(entry.value.key)
                    }
                }
                for position in alternatives.indices where alternatives[position].tags.isEmpty {
                    alternatives[position].tags = [alternatives[position].type.specText]
                }
            }
            kind = .oneOf(Union(alternatives: alternatives, discriminator: discriminator?.property?.value))
        case .anyOf(let texts, _):
            kind = .anyOf(resolveAlternatives(texts, parsed: checked.models[model.id]?.alternatives ?? []))
        }
        return Model(key: model.key.key, swiftName: model.key.key, description: model.description, kind: kind,
                     additionalProperties: checked.models[model.id]?.additionalProperties, location: model.key.location)
    }

    func resolveAlternatives(_ texts: [Located<String>]?, parsed: [TypeRef?]) -> [UnionAlternative] {
        zip(texts ?? [], parsed).compactMap { text, type in
            type.map { UnionAlternative(type: $0, swiftName: Validation.alternativeName($0), location: text.location) }
        }
    }

    /// Models may hold each other in cycles, but a Swift struct or enum cannot hold a value of its
    /// own type inline (directly or through other models, even as an optional): only an array or a
    /// dictionary breaks such a cycle. Each property or union alternative that closes one is stored
    /// out of line (a property in a private `Indirect` box, an `indirect` case), and nothing else is.
    ///
    /// Models are user input, so this is linear and recursion-free: an edge from model A to model B
    /// closes a cycle exactly when A and B are in the same strongly connected component of the
    /// "holds inline" graph.
    static func markIndirectStorage(_ models: [Model]) -> [Model] {
        var index: [String: Int] = [:]
        for (position, model) in models.enumerated() { index[model.swiftName] = position }
        /// The model `type` holds inline (through optionals, not collections), if any.
        func heldModel(_ type: TypeRef) -> Int? {
            var type = type
            while case .optional(let wrapped) = type { type = wrapped }
            if case .model(let name, defined: true) = type { return index[name] }
            return nil
        }
        // Edges: (target, which property or alternative of the source).
        var edges: [[(to: Int, member: Int)]] = Array(repeating: [], count: models.count)
        var reverse: [[Int]] = Array(repeating: [], count: models.count)
        for (from, model) in models.enumerated() {
            let types: [TypeRef]
            switch model.kind {
            case .object(let properties): types = properties.map(\.type)
            case .oneOf(let union): types = union.alternatives.map(\.type)
            case .anyOf(let alternatives): types = alternatives.map(\.type)
            case .enumeration, .integerEnumeration: types = []
            }
            for (position, type) in types.enumerated() {
                if let to = heldModel(type) {
                    edges[from].append((to, position))
                    reverse[to].append(from)
                }
            }
        }

        let component = Validation.stronglyConnectedComponents(edges.map { $0.map(\.to) }, reverse: reverse)

        var result = models
        for (from, list) in edges.enumerated() {
            for edge in list where component[edge.to] == component[from] {
                switch result[from].kind {
                case .object(var properties):
                    properties[edge.member].isIndirect = true
                    result[from].kind = .object(properties)
                case .oneOf(var union):
                    union.alternatives[edge.member].isIndirect = true
                    result[from].kind = .oneOf(union)
                case .anyOf(var alternatives):
                    alternatives[edge.member].isIndirect = true
                    result[from].kind = .anyOf(alternatives)
                case .enumeration, .integerEnumeration:
                    break
                }
            }
        }
        return result
    }


    func resolveProperty(_ property: RawProperty) -> Property? {
        guard property.isValid, let facts = checked.properties[property.id], let type = facts.type else { return nil }
        return Property(key: property.wireName, swiftName: Naming.lowerCamel(property.key.key), type: type, description: property.description,
                        defaultValue: facts.defaultValue, partContentType: property.contentType?.value,
                        partHeaders: SpecResolver.merging([], property.headers ?? []), formStyle: facts.style,
                        location: property.key.location)
    }
}
