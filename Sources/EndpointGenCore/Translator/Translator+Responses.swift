// Version 2's response contract in generated code: the struct of an endpoint's declared response
// headers (`GetRepoHeaders`), the enum of its success responses when their types differ
// (`ListThingsResponse`), the decoder that picks a response by status, the endpoint's pagination,
// and the `PageBody` conformance of a model that holds a page's items.
extension Translator {
    /// The endpoint's `Response`: the declared type (`ResponseStream<Element>` for a stream), `T?`,
    /// or its generated enum.
    func responseBodyType(_ endpoint: Endpoint) -> TypeName {
        switch endpoint.response.shape {
        case let .single(type):
            return endpoint.response.stream == nil ? swiftType(type) : .generic(runtime(RuntimeNames.responseStream), [swiftType(type)])
        case let .optional(type): return .optional(swiftType(type))
        case .cases: return .named(endpoint.responseTypeName)
        }
    }

    /// `Endpoint<Response>`, or `EndpointWithHeaders<Response, GetRepoHeaders>` when the endpoint
    /// declares response headers.
    func endpointType(_ endpoint: Endpoint) -> TypeName {
        let body = responseBodyType(endpoint)
        guard !endpoint.response.headers.isEmpty else { return .generic(runtime(RuntimeNames.endpoint), [body]) }
        return .generic(runtime(RuntimeNames.endpointWithHeaders), [body, .named(endpoint.headersTypeName)])
    }

    /// The arguments of `defaults.endpoint(call, ...)` after the call: decoder, statuses,
    /// errors and pagination, each only when it is not the runtime's default.
    func endpointArguments(_ endpoint: Endpoint) -> [Argument] {
        var arguments: [Argument] = []
        let response = endpoint.response
        switch response.shape {
        case let .single(type):
            if let stream = streamDecoder(for: response) {
                arguments.append(Argument(RuntimeNames.Label.decoder, stream))
            } else {
                let decoder = decoder(for: Response(type: type, status: response.status, contentType: response.contentType))
                if decoder != RuntimeNames.Decoder.json { arguments.append(Argument(RuntimeNames.Label.decoder, .dotMember(decoder))) }
            }
        case .optional, .cases:
            arguments.append(Argument(RuntimeNames.Label.decoder, statusDecoder(endpoint)))
        }
        if let status = response.status {
            arguments.append(Argument(RuntimeNames.Label.statuses, .arrayLiteral([.numberLiteral(String(status))])))
        } else if !response.alternatives.isEmpty {
            // A range (`2XX`) accepts any 2xx, which is the runtime's default (no statuses).
            var codes: [Int] = []
            for alternative in response.alternatives {
                guard case let .code(code) = alternative.status else { codes = []; break }
                codes.append(code)
            }
            if !codes.isEmpty { arguments.append(Argument(RuntimeNames.Label.statuses, .arrayLiteral(codes.map { .numberLiteral(String($0)) }))) }
        }
        if !endpoint.overrides.errors.isEmpty { arguments.append(Argument(RuntimeNames.Label.errors, errorBodiesExpression(endpoint.overrides.errors))) }
        if let pagination = endpoint.pagination { arguments.append(Argument(RuntimeNames.Label.pagination, paginationExpression(pagination))) }
        return arguments
    }

    /// `.byStatus([.code(200): .wrapping(.json) { .some($0) }, .code(204): .value(nil)])`, or with the cases of the
    /// generated enum: `.byStatus([.code(201): .wrapping(.json) { .created($0) }, .code(204): .value(.noContent)])`.
    func statusDecoder(_ endpoint: Endpoint) -> Expression {
        let response = endpoint.response
        let isOptional: Bool
        if case .optional = response.shape { isOptional = true } else { isOptional = false }
        let entries = response.alternatives.map { alternative -> DictionaryEntry in
            let caseName = Identifier(Translator.caseName(for: alternative.status))
            let value: Expression
            if alternative.type == .void {
                value = .call(.dotMember(RuntimeNames.Decoder.value), [Argument(isOptional ? .nilLiteral : .dotMember(caseName))])
            } else {
                let decoder = decoder(for: Response(type: alternative.type, status: nil, contentType: nil))
                // A closure, not the case itself: an enum case as a function value is not
                // `@Sendable` in the Swift 5 language mode. A `T?` response's value is `.some($0)`.
                let wrapper = isOptional ? Identifier(word: RuntimeNames.Decoder.some) : caseName
                let wrap: [Statement] = [.expression(.call(.dotMember(wrapper), [Argument(.identifier("$0"))]))]
                value = .call(.dotMember(RuntimeNames.Decoder.wrapping), [Argument(.dotMember(decoder))], trailingClosure: wrap)
            }
            return DictionaryEntry(key: statusPatternExpression(alternative.status), value: value)
        }
        // On the line when it fits there, else one status a line (the renderer's one rule).
        return .call(.dotMember(RuntimeNames.Decoder.byStatus), [Argument(.dictionaryLiteral(entries))])
    }

    func statusPatternExpression(_ status: ErrorResponse.Status) -> Expression {
        switch status {
        case let .code(code): return .call(.dotMember(RuntimeNames.Status.code), [Argument(.numberLiteral(String(code)))])
        case let .range(digit): return .call(.dotMember(RuntimeNames.Status.range), [Argument(.numberLiteral(String(digit)))])
        case .default: return .dotMember(RuntimeNames.Status.default)
        }
    }

    /// `.link`, `.cursor(parameter: "after", next: "next_cursor", items: "data")`, `.page(parameter: "page")`.
    func paginationExpression(_ pagination: Pagination) -> Expression {
        switch pagination {
        case .link:
            return .dotMember(RuntimeNames.PaginationCase.link)
        case let .cursor(parameter, next, items):
            var arguments = [Argument(RuntimeNames.Label.parameter, .stringLiteral(parameter)), Argument(RuntimeNames.Label.next, .stringLiteral(next))]
            if let items { arguments.append(Argument(RuntimeNames.Label.items, .stringLiteral(items))) }
            return .call(.dotMember(RuntimeNames.PaginationCase.cursor), arguments)
        case let .page(parameter, items):
            var arguments = [Argument(RuntimeNames.Label.parameter, .stringLiteral(parameter))]
            if let items { arguments.append(Argument(RuntimeNames.Label.items, .stringLiteral(items))) }
            return .call(.dotMember(RuntimeNames.PaginationCase.page), arguments)
        }
    }

    /// The case of a generated response enum for a status: `ok`, `created`, `noContent`…, `success`
    /// for `2XX`, `status299` for a code without a common name.
    static func caseName(for status: ErrorResponse.Status) -> String {
        switch status {
        case let .code(code):
            let names = [200: "ok", 201: "created", 202: "accepted", 203: "nonAuthoritativeInformation", 204: "noContent",
                         205: "resetContent", 206: "partialContent", 207: "multiStatus", 208: "alreadyReported", 226: "imUsed"]
            return names[code] ?? "status\(code)"
        case .range: return "success"
        case .default: return "other"
        }
    }

    /// The types an endpoint's responses declare, in its level's namespace, after its factory.
    func responseTypeDeclarations(_ endpoint: Endpoint) -> [Declaration] {
        var declarations: [Declaration] = []
        if !endpoint.response.headers.isEmpty { declarations.append(headersDeclaration(endpoint)) }
        if !endpoint.errorHeaders.isEmpty {
            declarations.append(headersDeclaration(
                name: endpoint.errorHeadersTypeName, headers: endpoint.errorHeaders,
                documentation: ["The headers of the error responses `\(endpoint.swiftName)` declares: `try error.headers(as: \(endpoint.errorHeadersTypeName).self)`",
                                "on its `\(RuntimeNames.errorResponse)`, or `try \(endpoint.errorHeadersTypeName)(headers: response.headers)`."]))
        }
        if case .cases = endpoint.response.shape { declarations.append(responseEnumDeclaration(endpoint)) }
        return declarations
    }

    /// `public struct GetRepoHeaders: ResponseHeaders, Hashable { public var eTag: String?; init(headers:) }`
    func headersDeclaration(_ endpoint: Endpoint) -> Declaration {
        headersDeclaration(name: endpoint.headersTypeName, headers: endpoint.response.headers,
                           documentation: ["The response headers `\(endpoint.swiftName)` declares, read by `client.response(for:)`."])
    }

    /// A `ResponseHeaders` struct named `name` reading `headers`.
    func headersDeclaration(name: String, headers: [ResponseHeader], documentation: [String]) -> Declaration {
        var members: [Declaration] = headers.map { header in
            Declaration(documentation: ["`\(header.name)`"],
                        kind: .variable(VariableDecl(access: access, isMutable: true, name: Identifier(header.swiftName),
                                                     type: swiftType(header.type))))
        }
        // The memberwise initializer, for tests and previews (`init(headers:)` hides the implicit one).
        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .initializer(failable: false),
            parameters: headers.map { header in
                FunctionParameter(label: label(header.swiftName), type: swiftType(header.type),
                                  defaultValue: header.type.isOptional ? .nilLiteral : nil)
            },
            body: headers.map { header in
                let name = Identifier(header.swiftName)
                return .assignment(target: .member(.identifier("self"), name), value: .identifier(name))
            }))))
        let parameter = RuntimeNames.Label.headers // `ResponseHeaders.init(headers:)`
        members.append(Declaration(
            documentation: ["Reads the declared headers, whatever the case of their names; throws `ResponseHeaderError` for a",
                            "required header that is missing or a header that is not its type."],
            kind: .function(FunctionDecl(
                access: access, kind: .initializer(failable: false),
                parameters: [FunctionParameter(label: Identifier(word: parameter), type: runtime(RuntimeNames.httpHeaders))], throwsErrors: true,
                body: headers.map { header in
                    let method = header.type.isOptional ? RuntimeNames.optionalHeaderValue : RuntimeNames.requiredHeaderValue
                    let read: Expression = .try(.call(.member(.identifier(parameter), method), [
                        Argument(.stringLiteral(header.name)), Argument(RuntimeNames.Label.as, .metatype(swiftType(withoutOptional(header.type)))),
                    ]))
                    return .assignment(target: .member(.identifier("self"), Identifier(header.swiftName)), value: read)
                }))))
        members.append(equalityFunction(headers.map { Identifier($0.swiftName) }))
        return Declaration(
            documentation: documentation,
            kind: .structure(StructDecl(access: access, name: name,
                                        inheritance: [runtime(RuntimeNames.responseHeaders), .named("Hashable")], members: members)))
    }

    /// `public enum ListThingsResponse: Hashable, Sendable { case ok([Thing]); case noContent }`
    func responseEnumDeclaration(_ endpoint: Endpoint) -> Declaration {
        let alternatives = endpoint.response.alternatives
        let caseNames = alternatives.map { Identifier(Translator.caseName(for: $0.status)) }
        let members = zip(alternatives, caseNames).map { alternative, caseName in
            let values = alternative.type == .void ? [] : [FunctionParameter(label: nil, type: swiftType(alternative.type))]
            let status: String
            switch alternative.status {
            case let .code(code): status = String(code)
            case let .range(digit): status = "\(digit)XX"
            case .default: status = "default"
            }
            return Declaration(documentation: ["Status \(status)\(alternative.type == .void ? ", without a body" : "")."],
                               kind: .enumCase(EnumCaseDecl(name: caseName, associatedValues: values)))
        }
        var inheritance: [TypeName] = [.named("Sendable")]
        var equality: [Declaration] = []
        if alternatives.allSatisfy({ Translator.isHashable($0.type) }) {
            inheritance.insert(.named("Hashable"), at: 0)
            equality = [enumEqualityFunction(cases: zip(caseNames, alternatives).map { ($0, $1.type != .void) })]
        }
        return Declaration(
            documentation: ["The success responses of `\(endpoint.swiftName)`: one case per status."],
            kind: .enumeration(EnumDecl(access: access, name: endpoint.responseTypeName,
                                        inheritance: inheritance, members: members + equality)))
    }

    /// The body key holding a page's items, by the Swift name of the model that holds it (worked
    /// out once, in `init`).
    static func pageItemsKeys(in spec: Spec) -> [String: String] {
        var keys: [String: String] = [:]
        func visit(_ group: Group) {
            for endpoint in group.endpoints {
                // With `responses`, the page is the type of the statuses with a body.
                let response = endpoint.response
                let page = response.shape.bodyType ?? .void
                guard let items = endpoint.pagination?.items, case let .model(name, true) = withoutOptional(page) else { continue }
                keys[name] = items
            }
            group.groups.forEach(visit)
        }
        visit(spec.api)
        return keys
    }

    /// `PageBody` and `public var pageItems: [Issue] { data }` for a model that holds a page's items.
    func pageBodyConformance(_ model: Model, properties: [Property]) -> (TypeName, Declaration?)? {
        guard let key = pageItemsKeys[model.swiftName], let property = properties.first(where: { $0.key == key }),
              case let .array(element) = withoutOptional(property.type) else { return nil }
        // A property that is itself `pageItems: [T]` already satisfies the protocol.
        if property.swiftName == RuntimeNames.pageItems && !property.type.isOptional { return (runtime(RuntimeNames.pageBody), nil) }
        let value: Expression = .identifier(Identifier(property.swiftName))
        let getter: [Statement] = [.expression(property.type.isOptional ? .binary(value, "??", .arrayLiteral([])) : value)]
        return (runtime(RuntimeNames.pageBody), Declaration(
            documentation: ["The page's items, for `client.items(_:)`."],
            kind: .variable(VariableDecl(access: access, name: Identifier(word: RuntimeNames.pageItems), type: .array(swiftType(element)), getter: getter))))
    }
}
