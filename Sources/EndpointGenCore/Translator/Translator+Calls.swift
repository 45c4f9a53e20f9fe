// The `Call` enum of each level: a case per endpoint (its parameters as associated values) and a
// case per group (wrapping the group's own `Call`), conforming to `HTTPRequestable` with one
// exhaustive `switch` whose arms build the requests from the API's `defaults`. Each level has its
// own enum and switch, so no switch grows past what the compiler checks (ReservedNames.maximumCasesPerLevel).
//
// Two choices here are about compile time, measured on generated specs of hundreds of endpoints
// (docs/generated-code.md, "Compile time and size"): a request is built from a list literal of components
// rather than a builder closure, and `Hashable` is written as one `switch` returning the case's
// name and values, which `==` and `hash(into:)` compare, where the synthesized conformance writes
// two switches over every case (one of them over pairs of cases).
extension Translator {
    func callEnum(for level: Level) -> Declaration {
        scoped(to: level).scopedCallEnum(for: level)
    }

    /// `callEnum(for:)` by the translator scoped to `level` (model names qualified in a group).
    private func scopedCallEnum(for level: Level) -> Declaration {
        let group = level.group
        var members: [Declaration] = group.endpoints.map { endpoint in
            Declaration(kind: .enumCase(EnumCaseDecl(name: Identifier(endpoint.swiftName), associatedValues: signature(of: endpoint),
                                                     isIndirect: carriesObjectModel(endpoint))))
        }
        members += group.groups.map { child in
            Declaration(kind: .enumCase(EnumCaseDecl(name: Identifier(child.caseName), associatedValues: [
                FunctionParameter(label: nil, type: .member(.named(child.swiftName), ReservedNames.callEnum)),
            ])))
        }
        var arms = group.endpoints.map { endpoint in
            SwitchCase(patterns: [.enumCase(name: Identifier(endpoint.swiftName), bindings: bindings(of: endpoint))],
                       body: [.return(requestExpression(for: endpoint, in: level))])
        }
        arms += group.groups.map { child in
            SwitchCase(patterns: [.enumCase(name: Identifier(child.caseName), bindings: ["call"])],
                       body: [.return(.try(.call(.member(.identifier("call"), RuntimeNames.requestMethod), [])))])
        }
        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .function(name: Identifier(word: RuntimeNames.requestMethod), isStatic: false, isMutating: false),
            throwsErrors: true, returnType: runtime(RuntimeNames.request),
            body: arms.isEmpty ? [.throw(.call(.member(.type(runtime(RuntimeNames.endpointError)), RuntimeNames.invalidRequest), [
                Argument(RuntimeNames.Label.reason, .stringLiteral("\(group.swiftName) has no endpoints.")),
                Argument(RuntimeNames.Label.underlying, .nilLiteral), Argument(RuntimeNames.Label.request, .nilLiteral),
            ]))] : [.switch(subject: .identifier("self"), cases: arms)]))))

        var conformances: [TypeName] = [runtime(RuntimeNames.requestable), .named("Sendable")]
        if hashableLevels.contains(level.keys) {
            conformances.append(.named("Hashable"))
            if !arms.isEmpty { members += hashableMembers(endpoints: group.endpoints, groups: group.groups) }
        }
        let documentation: [String]
        if level.isAPI {
            documentation = ["Every endpoint of \(spec.api.swiftName) as a case, its parameters as associated values, and",
                             "every group as a case wrapping the group's own `Call`: what middleware, stubs and logs",
                             "match on (`request.call as? \(spec.api.swiftName).Call`). Each case builds its request."]
        } else {
            // In a code span, without backticks: a keyword needs none after a dot.
            let path = level.casePath.map(\.name)
            let wrapping = "\(spec.api.swiftName).\(ReservedNames.callEnum).\(path.joined(separator: "(."))(...)\(String(repeating: ")", count: path.count - 1))"
            documentation = ["The endpoints of `\(level.displayName)` as cases; `\(wrapping)` wraps them."]
        }
        return Declaration(kind: .extension(ExtensionDecl(extendedType: level.qualifiedName, members: [
            Declaration(documentation: documentation,
                        kind: .enumeration(EnumDecl(access: access, name: ReservedNames.callEnum, inheritance: conformances, members: members))),
        ])))
    }

    /// Whether the endpoint's case is `indirect`: its body is an object model. An enum is as large as
    /// its largest case, and a model (with the models it holds) can be kilobytes; inline, every
    /// `Call` of the level, and of the levels above, would be that large, and every copy, switch and
    /// comparison of one would move it all. Boxed, a `Call` stays the size of small parameters. No
    /// other case needs it: parameters are single values or arrays, and a group's case holds its
    /// level's `Call`, which is small in turn.
    private func carriesObjectModel(_ endpoint: Endpoint) -> Bool {
        guard let body = endpoint.body, case let .model(name, true) = body.type.unwrapped else { return false }
        return objectModelNames.contains(name)
    }

    /// `==`, `hash(into:)` and the `identity()` they compare: the case's name and its values.
    private func hashableMembers(endpoints: [Endpoint], groups: [Group]) -> [Declaration] {
        let hashKey = ReservedNames.Members.callIdentity
        let identity = Expression.call(.identifier(hashKey), [])
        func identityOf(_ side: String) -> Expression { .call(.member(.identifier(side), hashKey), []) }
        var arms = endpoints.map { endpoint in
            let bindings = bindings(of: endpoint)
            return SwitchCase(patterns: [.enumCase(name: Identifier(endpoint.swiftName), bindings: bindings)],
                              body: [.return(.arrayLiteral([.stringLiteral(endpoint.swiftName)] + bindings.map { .identifier($0) }))])
        }
        arms += groups.map { child in
            SwitchCase(patterns: [.enumCase(name: Identifier(child.caseName), bindings: ["call"])],
                       body: [.return(.arrayLiteral([.stringLiteral(child.caseName), .identifier("call")]))])
        }
        let selfType = TypeName.named("Self")
        return [
            Declaration(kind: .function(FunctionDecl(
                access: access, kind: .function(name: "==", isStatic: true, isMutating: false),
                parameters: [FunctionParameter(label: "lhs", type: selfType), FunctionParameter(label: "rhs", type: selfType)],
                returnType: .named("Bool"), body: [.return(.binary(identityOf("lhs"), "==", identityOf("rhs")))]))),
            Declaration(kind: .function(FunctionDecl(
                access: access, kind: .function(name: "hash", isStatic: false, isMutating: false),
                parameters: [FunctionParameter(label: "into", name: "hasher", type: .named("Hasher"), isInout: true)],
                body: [.expression(.call(.member(.identifier("hasher"), "combine"), [Argument(identity)]))]))),
            Declaration(documentation: ["The case's name and values: what `==` and `hash(into:)` compare."],
                        kind: .function(FunctionDecl(
                access: "private", kind: .function(name: Identifier(word: hashKey), isStatic: false, isMutating: false),
                returnType: .array(.named("AnyHashable")), body: [.switch(subject: .identifier("self"), cases: arms)]))),
        ]
    }

    /// `try defaults.request(.get, [components])`: on one line when it fits, else the components one
    /// per line (the renderer's one rule).
    func requestExpression(for endpoint: Endpoint, in level: Level) -> Expression {
        let components = components(for: endpoint)
        var arguments = [Argument(.dotMember(RuntimeNames.method(endpoint.method)))]
        // A server of the endpoint's own: `defaults.request(.post, baseURL: "https://upload...", [...])`.
        if let baseURL = endpoint.baseURL, baseURL != spec.baseURL {
            arguments.append(Argument(RuntimeNames.Label.baseURL, .stringLiteral(baseURL)))
        }
        arguments.append(Argument(.arrayLiteral(components)))
        return .try(.call(.member(defaultsReference(in: level), RuntimeNames.defaultsRequest), arguments))
    }

    private func component(_ name: String, _ arguments: [Argument]) -> Expression {
        .call(.type(runtime(name)), arguments)
    }

    /// The request components in a fixed order: path, query, the headers and auth the endpoint
    /// overrides, header parameters, cookie parameters, body, timeout.
    func components(for endpoint: Endpoint) -> [Expression] {
        var statements: [Expression] = []
        let parametersByKey = Dictionary(endpoint.parameters.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        func value(_ key: String) -> Expression {
            .identifier(Identifier(parametersByKey[key]?.swiftName ?? key))
        }

        // Path: runs of whole segments in one `Path(...)`, a segment made of parts as `PathSegment(...)`.
        var run: [Argument] = []
        for segment in endpoint.path {
            let parts = segment.parts.filter { if case let .literal(text) = $0 { return !text.isEmpty } else { return true } }
            let arguments = parts.map { part -> Argument in
                switch part {
                case let .literal(text): return Argument(.stringLiteral(text))
                case let .parameter(key):
                    guard let parameter = parametersByKey[key] else { return Argument(value(key)) }
                    return Argument(pathValue(parameter, value(key)))
                }
            }
            if arguments.count == 1 {
                run.append(arguments[0])
            } else if !arguments.isEmpty {
                if !run.isEmpty { statements.append(component(RuntimeNames.path, run)); run = [] }
                statements.append(component(RuntimeNames.pathSegment, arguments))
            }
        }
        if !run.isEmpty { statements.append(component(RuntimeNames.path, run)) }

        for parameter in endpoint.parameters where parameter.location == .query {
            statements.append(component(RuntimeNames.query, styledArguments(parameter, value(parameter.key))))
        }

        // Headers and auth: what the endpoint does differently from the API's defaults.
        let overrides = endpoint.overrides
        for header in overrides.headers {
            statements.append(component(RuntimeNames.header, [Argument(.stringLiteral(header.name)), Argument(.stringLiteral(header.value))]))
        }
        for name in overrides.removedHeaders {
            statements.append(.call(.member(.type(runtime(RuntimeNames.header)), RuntimeNames.headerRemove), [Argument(.stringLiteral(name))]))
        }
        for parameter in endpoint.parameters where parameter.location == .header {
            statements.append(component(RuntimeNames.header, styledArguments(parameter, value(parameter.key))))
        }
        for parameter in endpoint.parameters where parameter.location == .cookie {
            statements.append(.call(.type(.member(.named(RuntimeNames.module), RuntimeNames.cookie)), styledArguments(parameter, value(parameter.key))))
        }
        if let auth = overrides.auth { statements.append(authOptionsExpression(auth)) }

        if let body = endpoint.body {
            if body.type.isOptional {
                // `body.map { JSONBody($0) }`: an optional component, nothing when the body is nil.
                statements.append(.call(.member(.identifier("body"), "map"), [],
                                        trailingClosure: [.expression(bodyComponent(body, value: .identifier("$0")))]))
            } else {
                statements.append(bodyComponent(body, value: .identifier("body")))
            }
        }

        if let timeout = endpoint.timeout {
            statements.append(component(RuntimeNames.timeout, [Argument(.numberLiteral(numberLiteral(timeout)))]))
        }
        return statements
    }

    private func bodyComponent(_ body: Body, value: Expression) -> Expression {
        var arguments = [Argument(value)]
        let name: String
        switch body.encoding {
        case .json: name = RuntimeNames.jsonBody
        case .form: name = RuntimeNames.formBody
        case .multipart: name = RuntimeNames.multipartBody
        case .binary, .text: name = RuntimeNames.dataBody
        }
        // A multipart body's Content-Type carries its boundary, so the runtime always sets it.
        if let contentType = body.contentType, body.encoding != .multipart {
            arguments.append(Argument(RuntimeNames.Label.contentType, .stringLiteral(contentType)))
        }
        if body.encoding == .multipart, let options = multipartPartOptions(body.type) {
            arguments.append(Argument(RuntimeNames.Label.parts, options))
        }
        if body.encoding == .form, let styles = formStyles(body.type) {
            arguments.append(Argument(RuntimeNames.Label.styles, styles))
        }
        return component(name, arguments)
    }

    // MARK: Styles

    /// How a runtime component takes a parameter's value: a single value or a list (or dictionary)
    /// of them through `ParameterValue`, anything else (models, unions) through `Encodable`.
    private enum ValueKind { case single, list, encoded }

    private func valueKind(_ type: TypeRef, in location: Parameter.Location, style: Parameter.Style) -> ValueKind {
        func isSingle(_ type: TypeRef) -> Bool {
            switch type {
            case .builtin, .json: return true
            case let .model(name, defined):
                guard defined, let model = model(named: name) else { return !defined }
                switch model.kind {
                case .enumeration, .integerEnumeration: return true
                default: return false
                }
            default: return false
            }
        }
        let bare = type.unwrapped
        if isSingle(bare) { return .single }
        // The runtime's list initializers: `Query` takes arrays in any style, `Header` arrays in
        // its default style only; a path's arrays and every dictionary go through `encoding:`.
        switch bare {
        case let .array(element) where isSingle(element):
            switch location {
            case .query: return .list
            case .header: return style == .default(in: .header) ? .list : .encoded
            case .path: return .encoded
            case .cookie: return .list
            }
        default: return .encoded
        }
    }

    /// `.deepObject`, `.comma`, `.matrix.exploded()`; nil for the place's default. The client's
    /// components and the service's readers both write a style so.
    func styleExpression(_ style: Parameter.Style, in location: Parameter.Location, isList: Bool = true) -> Expression? {
        if style == .default(in: location) { return nil }
        // `.comma` says what it does to a list; for an object the explicit form says more.
        if style == .comma, isList { return .dotMember(RuntimeNames.queryStyleComma) }
        let named = Expression.dotMember(style.name.rawValue)
        if style == Parameter.Style(style.name) { return named }
        return .call(.member(named, RuntimeNames.Label.exploded), style.explode ? [] : [Argument(.booleanLiteral(false))])
    }

    /// Whether a parameter's value is an array the runtime writes as a list (for ``styleExpression(_:in:isList:)``).
    func isList(_ parameter: Parameter) -> Bool {
        valueKind(parameter.type, in: parameter.location, style: parameter.style) == .list
    }

    /// The arguments of `Query` and `Header`: the wire name, the value (`encoding:` for a model or
    /// union) and a `style:` that is not the place's default. A single value has no style to state.
    private func styledArguments(_ parameter: Parameter, _ value: Expression) -> [Argument] {
        let kind = valueKind(parameter.type, in: parameter.location, style: parameter.style)
        var arguments = [Argument(.stringLiteral(parameter.wireName)), Argument(kind == .encoded ? Identifier(word: RuntimeNames.Label.encoding) : nil, value)]
        // A single value reads the same in every query and header style; in a path, label and
        // matrix still mark it (`.blue`, `;color=blue`).
        if kind != .single || parameter.location == .path,
           let style = styleExpression(parameter.style, in: parameter.location, isList: kind == .list) {
            arguments.append(Argument(RuntimeNames.Label.style, style))
        }
        return arguments
    }

    /// A path placeholder's value: itself for a single value in the default style (a segment of its
    /// own text), else `PathParameter(name, value, style:)`, which writes the style's separators.
    private func pathValue(_ parameter: Parameter, _ value: Expression) -> Expression {
        if valueKind(parameter.type, in: .path, style: parameter.style) == .single, parameter.style == .default(in: .path) { return value }
        return .call(.type(runtime(RuntimeNames.pathParameter)), styledArguments(parameter, value))
    }

    /// `["expand": .deepObject]` for the properties of a form body's model that state a style; nil when none does.
    private func formStyles(_ type: TypeRef) -> Expression? {
        guard case let .model(name, true) = type.unwrapped, let model = model(named: name),
              case let .object(properties) = model.kind else { return nil }
        let entries = properties.compactMap { property -> DictionaryEntry? in
            guard let style = property.formStyle else { return nil }
            let expression = styleExpression(style, in: .query) ?? .dotMember(style.name.rawValue)
            return DictionaryEntry(key: .stringLiteral(property.key), value: expression)
        }
        return entries.isEmpty ? nil : .dictionaryLiteral(entries)
    }

    /// `["photo": MultipartPartOptions(contentType: "image/png")]` for the properties of a multipart
    /// body's model that state their part's `contentType` or `headers`; nil when none does.
    private func multipartPartOptions(_ type: TypeRef) -> Expression? {
        guard case let .model(name, true) = type, let model = model(named: name),
              case let .object(properties) = model.kind else { return nil }
        let entries = properties.compactMap { property -> DictionaryEntry? in
            guard property.partContentType != nil || !property.partHeaders.isEmpty else { return nil }
            var arguments: [Argument] = []
            if let contentType = property.partContentType { arguments.append(Argument(RuntimeNames.Label.contentType, .stringLiteral(contentType))) }
            if !property.partHeaders.isEmpty {
                arguments.append(Argument(RuntimeNames.Label.headers, .dictionaryLiteral(property.partHeaders.map {
                    DictionaryEntry(key: .stringLiteral($0.name), value: .stringLiteral($0.value))
                })))
            }
            return DictionaryEntry(key: .stringLiteral(property.key), value: .call(.type(runtime(RuntimeNames.multipartPartOptions)), arguments))
        }
        return entries.isEmpty ? nil : .dictionaryLiteral(entries)
    }

    /// `30`, `2.5`: a seconds value without a needless `.0`.
    func numberLiteral(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}

extension TypeRef {
    /// The type without one level of optional.
    var unwrapped: TypeRef {
        if case let .optional(wrapped) = self { return wrapped }
        return self
    }
}
