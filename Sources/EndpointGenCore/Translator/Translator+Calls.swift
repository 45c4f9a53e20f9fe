// The `Call` enum of each level: a case per endpoint (its parameters as associated values) and a
// case per group (wrapping the group's own `Call`), conforming to `HTTPRequestable` with one
// exhaustive `switch` whose arms build the requests from the API's `defaults`. Each level has its
// own enum and switch, so no switch grows past what the compiler checks (ReservedNames.maximumCasesPerLevel).
extension Translator {
    func callEnum(for level: Level) -> Declaration {
        scoped(to: level).scopedCallEnum(for: level)
    }

    /// `callEnum(for:)` by the translator scoped to `level` (model names qualified in a group).
    private func scopedCallEnum(for level: Level) -> Declaration {
        let group = level.group
        var members: [Declaration] = group.endpoints.map { endpoint in
            Declaration(kind: .enumCase(EnumCaseDecl(name: Naming.escaped(endpoint.swiftName), associatedValues: signature(of: endpoint))))
        }
        members += group.groups.map { child in
            Declaration(kind: .enumCase(EnumCaseDecl(name: Naming.escaped(child.caseName), associatedValues: [
                FunctionParameter(label: nil, type: .member(.named(Naming.escaped(child.swiftName)), ReservedNames.callEnum)),
            ])))
        }
        var arms = group.endpoints.map { endpoint in
            SwitchCase(patterns: [.enumCase(name: Naming.escaped(endpoint.swiftName), bindings: bindings(of: endpoint))],
                       body: [.return(requestExpression(for: endpoint, in: level))])
        }
        arms += group.groups.map { child in
            SwitchCase(patterns: [.enumCase(name: Naming.escaped(child.caseName), bindings: ["call"])],
                       body: [.return(.try(.call(.member(.identifier("call"), RuntimeNames.requestMethod), [])))])
        }
        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .function(name: RuntimeNames.requestMethod, isStatic: false, isMutating: false),
            throwsErrors: true, returnType: runtime(RuntimeNames.request),
            body: arms.isEmpty ? [.throw(.call(.member(.type(runtime(RuntimeNames.endpointError)), "invalidRequest"), [
                Argument("reason", .stringLiteral("\(group.swiftName) has no endpoints.")),
                Argument("underlying", .nilLiteral), Argument("request", .nilLiteral),
            ]))] : [.switch(subject: .identifier("self"), cases: arms)]))))

        var conformances: [TypeName] = [runtime(RuntimeNames.requestable), .named("Sendable")]
        if hashableLevels.contains(level.keys) { conformances.append(.named("Hashable")) }
        let documentation: [String]
        if level.isAPI {
            documentation = ["Every endpoint of \(spec.api.swiftName) as a case, its parameters as associated values, and",
                             "every group as a case wrapping the group's own `Call`: what middleware, stubs and logs",
                             "match on (`request.call as? \(spec.api.swiftName).Call`). Each case builds its request."]
        } else {
            // In a code span, without backticks: a keyword needs none after a dot.
            let path = level.casePath.map { $0.replacingOccurrences(of: "`", with: "") }
            let wrapping = "\(spec.api.swiftName).\(ReservedNames.callEnum).\(path.joined(separator: "(."))(...)\(String(repeating: ")", count: path.count - 1))"
            documentation = ["The endpoints of `\(level.displayName.replacingOccurrences(of: "`", with: ""))` as cases; `\(wrapping)` wraps them."]
        }
        return Declaration(kind: .extension(ExtensionDecl(extendedType: level.qualifiedName, members: [
            Declaration(documentation: documentation,
                        kind: .enumeration(EnumDecl(access: access, name: ReservedNames.callEnum, inheritance: conformances, members: members))),
        ])))
    }

    /// `try defaults.request(.get) { components }`
    func requestExpression(for endpoint: Endpoint, in level: Level) -> Expression {
        .try(.call(.member(defaultsReference(in: level), RuntimeNames.defaultsRequest),
                   [Argument(.dotMember(RuntimeNames.method(endpoint.method)))],
                   trailingClosure: components(for: endpoint)))
    }

    private func component(_ name: String, _ arguments: [Argument]) -> Statement {
        .expression(.call(.type(runtime(name)), arguments))
    }

    /// The request components in a fixed order: path, query, headers and auth that differ from the
    /// API's, body, timeout.
    func components(for endpoint: Endpoint) -> [Statement] {
        var statements: [Statement] = []
        let parametersByKey = Dictionary(endpoint.parameters.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        func value(_ key: String) -> Expression {
            .identifier(parametersByKey[key].map { Naming.escaped($0.swiftName) } ?? Naming.escaped(key))
        }

        // Path: runs of whole segments in one `Path(...)`, a segment made of parts as `PathSegment(...)`.
        var run: [Argument] = []
        for segment in endpoint.path {
            let parts = segment.parts.filter { if case let .literal(text) = $0 { return !text.isEmpty } else { return true } }
            let arguments = parts.map { part -> Argument in
                switch part {
                case let .literal(text): return Argument(.stringLiteral(text))
                case let .parameter(key): return Argument(value(key))
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
            var arguments = [Argument(.stringLiteral(parameter.wireName)), Argument(value(parameter.key))]
            if parameter.style == .comma, parameter.type.isArrayLike {
                arguments.append(Argument("style", .dotMember(RuntimeNames.queryStyleComma)))
            }
            statements.append(component(RuntimeNames.query, arguments))
        }

        // Headers and auth: only what differs from the API's defaults.
        var headers = endpoint.headers
        if let contentType = endpoint.response.contentType,
           !headers.contains(where: { $0.name.lowercased() == "accept" }) {
            headers.append(Header(name: "Accept", value: contentType))
        }
        for header in headers where !spec.headers.contains(where: { $0.name.lowercased() == header.name.lowercased() && $0.value == header.value }) {
            statements.append(component(RuntimeNames.header, [Argument(.stringLiteral(header.name)), Argument(.stringLiteral(header.value))]))
        }
        for header in spec.headers where !headers.contains(where: { $0.name.lowercased() == header.name.lowercased() }) {
            statements.append(component(RuntimeNames.removeHeader, [Argument(.stringLiteral(header.name))]))
        }
        for parameter in endpoint.parameters where parameter.location == .header {
            statements.append(component(RuntimeNames.header, [Argument(.stringLiteral(parameter.wireName)), Argument(value(parameter.key))]))
        }
        if endpoint.auth != spec.auth {
            statements.append(component(RuntimeNames.auth, [Argument(authExpression(endpoint.auth) ?? .dotMember("none"))]))
        }

        if let body = endpoint.body {
            let statement = bodyComponent(body, value: .identifier("body"))
            if body.type.isOptional {
                statements.append(.ifLet(name: "body", value: .identifier("body"), body: [statement]))
            } else {
                statements.append(statement)
            }
        }

        if let timeout = endpoint.timeout {
            statements.append(component(RuntimeNames.timeout, [Argument(.numberLiteral(numberLiteral(timeout)))]))
        }
        return statements
    }

    private func bodyComponent(_ body: Body, value: Expression) -> Statement {
        var arguments = [Argument(value)]
        let name: String
        switch body.encoding {
        case .json: name = RuntimeNames.jsonBody
        case .form: name = RuntimeNames.formBody
        case .multipart: name = RuntimeNames.multipartBody
        case .binary: name = RuntimeNames.dataBody
        case .text: name = RuntimeNames.textBody
        }
        // A multipart body's Content-Type carries its boundary, so the runtime always sets it.
        if let contentType = body.contentType, body.encoding != .multipart {
            arguments.append(Argument("contentType", .stringLiteral(contentType)))
        }
        return component(name, arguments)
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

    /// An array, optional or not: a query parameter that can take a `style`.
    var isArrayLike: Bool {
        if case .array = unwrapped { return true }
        return false
    }
}
