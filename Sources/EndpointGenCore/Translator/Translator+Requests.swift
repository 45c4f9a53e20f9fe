// The HTTPRequestable conformances: for each endpoint, one `switch` arm that builds its request
// with the runtime's request components, inheritance already resolved.
extension Translator {
    struct RequestDeclarations {
        var declarations: [Declaration] = []
        /// Whether the file needs the private protocol through which deprecated arms are reached.
        var usesDeprecatedDispatch = false
        /// Whether a function ends with `throw` (chunked matching or deprecated arms).
        var needsFallbackError = false
        /// With `separateChunks`: `extension X { func _httpRequestN() ... }`, one per chunk.
        var chunkExtensions: [Declaration] = []
    }

    static let deprecatedProtocolName = "_DeprecatedEndpoints"
    static let deprecatedMethodName = "_deprecatedHTTPRequest"
    static let fallbackErrorName = "_UnmatchedEndpoint"

    /// The conformance of one group (or the API) and, when it has deprecated endpoints, the
    /// deprecated extension that matches them.
    ///
    /// A pattern that names a deprecated case warns unless it is inside a deprecated declaration,
    /// and calling a deprecated function warns too. So deprecated arms live in a deprecated method
    /// that satisfies a private protocol's requirement, and `httpRequest()` calls it through the
    /// protocol (`self as any _DeprecatedEndpoints`), which names no deprecated declaration.
    ///
    /// With `separateChunks` (a spec written in parts), the chunk functions of a large group are
    /// internal and each sits in an extension of its own (`chunkExtensions`), so that the pieces can
    /// go to different files; otherwise they are private members of the conformance.
    func requestDeclarations(for group: Group, qualifiedName: String, isAPI: Bool, separateChunks: Bool = false) -> RequestDeclarations {
        var result = RequestDeclarations()
        var members: [Declaration] = []
        if isAPI {
            members.append(Declaration(
                documentation: ["The base URL the spec declares. A client made with another base URL sends there instead."],
                kind: .variable(VariableDecl(access: access, isStatic: true, name: "baseURL", type: nil,
                                             initializer: .stringLiteral(spec.baseURL)))))
        }
        guard !group.endpoints.isEmpty else {
            if !members.isEmpty {
                result.declarations.append(Declaration(kind: .extension(ExtensionDecl(extendedType: qualifiedName, members: members))))
            }
            return result
        }

        let current = group.endpoints.filter { $0.deprecation == nil }
        let deprecated = group.endpoints.filter { $0.deprecation != nil }
        let deprecatedCall: Expression = .try(.call(
            .member(.cast(.raw("self"), to: "any \(Self.deprecatedProtocolName)"), Self.deprecatedMethodName), []))

        var body: [Statement]
        var chunkFunctions: [Declaration] = []
        if current.count <= chunkSize {
            var cases = current.map { switchArm(for: $0) }
            if !deprecated.isEmpty {
                cases.append(SwitchCase(patterns: [.default], body: [
                    .ifLet(name: "request", value: deprecatedCall, body: [.return(.raw("request"))]),
                    .throw(.call(.raw(Self.fallbackErrorName), [])),
                ]))
                result.needsFallbackError = true
            }
            body = [.switch(subject: .raw("self"), cases: cases)]
        } else {
            body = []
            for (index, chunk) in chunked(current).enumerated() {
                let name = "_\(RuntimeNames.requestMethod)\(index + 1)"
                chunkFunctions.append(chunkFunction(name: name, endpoints: chunk, deprecated: false,
                                                    access: separateChunks ? nil : "private"))
                body.append(.ifLet(name: "request", value: .try(.call(.raw(name), [])), body: [.return(.raw("request"))]))
            }
            if !deprecated.isEmpty {
                body.append(.ifLet(name: "request", value: deprecatedCall, body: [.return(.raw("request"))]))
            }
            body.append(.throw(.call(.raw(Self.fallbackErrorName), [])))
            result.needsFallbackError = true
        }

        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .function(name: RuntimeNames.requestMethod, isStatic: false, isMutating: false),
            throwsErrors: true, returnType: runtime(RuntimeNames.request), body: body))))
        if separateChunks {
            result.chunkExtensions = chunkFunctions.map {
                Declaration(kind: .extension(ExtensionDecl(extendedType: qualifiedName, members: [$0])))
            }
        } else {
            members.append(contentsOf: chunkFunctions)
        }
        result.declarations.append(Declaration(kind: .extension(ExtensionDecl(
            extendedType: qualifiedName, conformances: [runtime(RuntimeNames.requestable)], members: members))))

        if !deprecated.isEmpty {
            result.usesDeprecatedDispatch = true
            result.declarations.append(deprecatedExtension(qualifiedName: qualifiedName, endpoints: deprecated))
        }
        return result
    }

    /// `extension X: _DeprecatedEndpoints { @available(*, deprecated) fileprivate func _deprecatedHTTPRequest() ... }`
    private func deprecatedExtension(qualifiedName: String, endpoints: [Endpoint]) -> Declaration {
        var members: [Declaration] = []
        var body: [Statement]
        if endpoints.count <= chunkSize {
            var cases = endpoints.map { switchArm(for: $0, returnsOptional: true) }
            cases.append(SwitchCase(patterns: [.default], body: [.return(.raw("nil"))]))
            body = [.switch(subject: .raw("self"), cases: cases)]
        } else {
            body = []
            var chunks: [Declaration] = []
            for (index, chunk) in chunked(endpoints).enumerated() {
                let name = "\(Self.deprecatedMethodName)\(index + 1)"
                chunks.append(chunkFunction(name: name, endpoints: chunk, deprecated: true, access: "private"))
                body.append(.ifLet(name: "request", value: .try(.call(.raw(name), [])), body: [.return(.raw("request"))]))
            }
            body.append(.return(.raw("nil")))
            members.append(contentsOf: chunks)
        }
        members.insert(Declaration(
            attributes: ["@available(*, deprecated)"],
            kind: .function(FunctionDecl(
                access: "fileprivate", kind: .function(name: Self.deprecatedMethodName, isStatic: false, isMutating: false),
                throwsErrors: true, returnType: runtime(RuntimeNames.request) + "?", body: body))), at: 0)
        return Declaration(kind: .extension(ExtensionDecl(
            extendedType: qualifiedName, conformances: [Self.deprecatedProtocolName], members: members)))
    }

    /// `private func name() throws -> HTTPRequest? { switch self { ...; default: return nil } }`
    private func chunkFunction(name: String, endpoints: [Endpoint], deprecated: Bool, access: AccessModifier?) -> Declaration {
        var cases = endpoints.map { switchArm(for: $0, returnsOptional: true) }
        cases.append(SwitchCase(patterns: [.default], body: [.return(.raw("nil"))]))
        return Declaration(
            attributes: deprecated ? ["@available(*, deprecated)"] : [],
            kind: .function(FunctionDecl(
                access: access, kind: .function(name: name, isStatic: false, isMutating: false),
                throwsErrors: true, returnType: runtime(RuntimeNames.request) + "?",
                body: [.switch(subject: .raw("self"), cases: cases)])))
    }

    private func chunked(_ endpoints: [Endpoint]) -> [[Endpoint]] {
        stride(from: 0, to: endpoints.count, by: chunkSize).map {
            Array(endpoints[$0 ..< min($0 + chunkSize, endpoints.count)])
        }
    }

    /// `private protocol _DeprecatedEndpoints { func _deprecatedHTTPRequest() throws -> HTTPRequest? }`
    func deprecatedDispatchProtocol() -> Declaration {
        Declaration(
            documentation: ["Reaches the arms of deprecated endpoints without naming a deprecated declaration."],
            kind: .protocolDecl(ProtocolDecl(
                access: "private", name: Self.deprecatedProtocolName,
                requirements: ["func \(Self.deprecatedMethodName)() throws -> \(runtime(RuntimeNames.request))?"])))
    }

    /// The error thrown after the last chunk; unreachable, since every case has an arm.
    func fallbackError() -> Declaration {
        Declaration(
            documentation: ["Thrown if an endpoint matched no arm, which the generated arms rule out."],
            kind: .structure(StructDecl(access: "private", name: Self.fallbackErrorName, inheritance: ["Error"])))
    }

    // MARK: One arm

    func switchArm(for endpoint: Endpoint, returnsOptional: Bool = false) -> SwitchCase {
        SwitchCase(
            patterns: [.enumCase(name: Naming.escaped(endpoint.swiftName), bindings: bindings(of: endpoint))],
            body: [.return(requestExpression(for: endpoint))])
    }

    /// `try HTTPRequest(.get, baseURL: API.baseURL) { components }`
    func requestExpression(for endpoint: Endpoint) -> Expression {
        var arguments = [
            Argument(.dotMember(RuntimeNames.method(endpoint.method))),
            Argument("baseURL", .member(.raw(apiTypeName), "baseURL")),
        ]
        if spec.dateFormat != .iso8601 {
            arguments.append(Argument("dateFormat", .dotMember(RuntimeNames.dateFormat(spec.dateFormat))))
        }
        return .try(.call(.raw(runtime(RuntimeNames.request)), arguments, trailingClosure: components(for: endpoint)))
    }

    private func component(_ name: String, _ arguments: [Argument]) -> Statement {
        .expression(.call(.raw(runtime(name)), arguments))
    }

    /// The request components in a fixed order: path, query, headers, auth, body, expected status,
    /// error bodies, timeout, sample.
    func components(for endpoint: Endpoint) -> [Statement] {
        var statements: [Statement] = []
        let parametersByKey = Dictionary(endpoint.parameters.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        func value(_ key: String) -> Expression {
            .raw(parametersByKey[key].map { Naming.escaped($0.swiftName) } ?? Naming.escaped(key))
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

        var headers = endpoint.headers
        if let contentType = endpoint.response.contentType,
           !headers.contains(where: { $0.name.lowercased() == "accept" }) {
            headers.append(Header(name: "Accept", value: contentType))
        }
        for header in headers {
            statements.append(component(RuntimeNames.header, [Argument(.stringLiteral(header.name)), Argument(.stringLiteral(header.value))]))
        }
        for parameter in endpoint.parameters where parameter.location == .header {
            statements.append(component(RuntimeNames.header, [Argument(.stringLiteral(parameter.wireName)), Argument(value(parameter.key))]))
        }

        switch endpoint.auth {
        case .none:
            break
        case .bearer:
            statements.append(component(RuntimeNames.auth, [Argument(.dotMember(RuntimeNames.AuthCase.bearer))]))
        case .basic:
            statements.append(component(RuntimeNames.auth, [Argument(.dotMember(RuntimeNames.AuthCase.basic))]))
        case let .apiKey(location, name):
            statements.append(component(RuntimeNames.auth, [Argument(.call(.dotMember(RuntimeNames.AuthCase.apiKey), [
                Argument("in", .dotMember(location.rawValue)), Argument("name", .stringLiteral(name)),
            ]))]))
        }

        if let body = endpoint.body {
            let statement = bodyComponent(body, value: .raw("body"))
            if body.type.isOptional {
                statements.append(.ifLet(name: "body", value: .raw("body"), body: [statement]))
            } else {
                statements.append(statement)
            }
        }

        if let status = endpoint.response.status {
            statements.append(component(RuntimeNames.expectedStatus, [Argument(.raw(String(status)))]))
        }
        for error in endpoint.errors {
            let pattern: Expression
            switch error.status {
            case let .code(code): pattern = .call(.dotMember(RuntimeNames.Status.code), [Argument(.raw(String(code)))])
            case let .range(digit): pattern = .call(.dotMember(RuntimeNames.Status.range), [Argument(.raw(String(digit)))])
            case .default: pattern = .dotMember(RuntimeNames.Status.default)
            }
            statements.append(component(RuntimeNames.errorBody, [
                Argument(.raw(metatype(error.type))), Argument("for", pattern),
            ]))
        }
        if let timeout = endpoint.timeout {
            statements.append(component(RuntimeNames.timeout, [Argument(.raw(numberLiteral(timeout)))]))
        }
        if let sample = endpoint.sample {
            statements.append(component(RuntimeNames.sample, [Argument(.rawStringLiteral(sample))]))
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

    /// `Fault.self`, `[Fault].self`, `Fault?.self`.
    private func metatype(_ type: TypeRef) -> String {
        let text = swiftType(type)
        return type.isOptional ? "Optional<\(swiftType(type.unwrapped))>.self" : "\(text).self"
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
