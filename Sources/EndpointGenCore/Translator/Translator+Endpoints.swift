// The API's namespace and the typed endpoint values: `StravaAPI.athlete` and
// `StravaAPI.Activities.get(id:)` are `Endpoint<Response>` values, each wrapping its `Call` case
// with the endpoint's response contract (decoder, success statuses, error bodies of its own).
extension Translator {
    /// `public enum StravaAPI { public static let defaults = APIDefaults(...); factories }`
    func apiNamespace(factories: [Declaration]) -> Declaration {
        Declaration(
            documentation: documentation(spec.api.description),
            kind: .enumeration(EnumDecl(access: access, name: apiTypeName, members: [defaultsDeclaration()] + factories)))
    }

    /// `extension StravaAPI { public enum Activities { factories } }`: a group's namespace.
    func groupNamespace(_ level: Level, factories: [Declaration]) -> Declaration {
        Declaration(kind: .extension(ExtensionDecl(extendedType: level.parent ?? apiType, members: [
            Declaration(documentation: documentation(level.group.description),
                        kind: .enumeration(EnumDecl(access: access, name: level.group.swiftName, members: factories))),
        ])))
    }

    /// What every endpoint shares, written once: `APIDefaults(baseURL:headers:auth:dateFormat:errors:)`
    /// with the arguments that differ from the runtime's defaults.
    func defaultsDeclaration() -> Declaration {
        var arguments = [Argument(RuntimeNames.Label.baseURL, .stringLiteral(spec.baseURL))]
        if !spec.headers.isEmpty {
            arguments.append(Argument(RuntimeNames.Label.headers, .dictionaryLiteral(spec.headers.map {
                DictionaryEntry(key: .stringLiteral($0.name), value: .stringLiteral($0.value))
            })))
        }
        if spec.auth != .none { arguments.append(Argument(RuntimeNames.Label.auth, authOptionsExpression(spec.auth))) }
        if spec.dateFormat != .iso8601 {
            arguments.append(Argument(RuntimeNames.Label.dateFormat, .dotMember(RuntimeNames.dateFormat(spec.dateFormat))))
        }
        if !spec.errors.isEmpty { arguments.append(Argument(RuntimeNames.Label.errors, errorBodiesExpression(spec.errors))) }
        let callee: Expression = .type(runtime(RuntimeNames.apiDefaults))
        return Declaration(
            documentation: ["What every endpoint shares: the base URL, headers, auth, date format and error bodies.",
                            "A client made with another base URL sends there instead."],
            kind: .variable(VariableDecl(access: access, isStatic: true, name: Identifier(word: ReservedNames.Members.defaults), type: nil,
                                         initializer: .call(callee, arguments))))
    }

    /// `defaults` where `level`'s code can see it: bare at the top, qualified in groups (where an
    /// endpoint may be named `defaults`).
    func defaultsReference(in level: Level) -> Expression {
        level.isAPI ? .identifier(ReservedNames.Members.defaults) : .member(.type(apiType), ReservedNames.Members.defaults)
    }

    func factories(for level: Level) -> [Declaration] {
        let translator = scoped(to: level)
        return level.group.endpoints.flatMap { [translator.factory(for: $0, in: level)] + translator.responseTypeDeclarations($0) }
    }

    /// `public static func get(id: Int64) -> Endpoint<DetailedActivity> { defaults.endpoint(...) }`,
    /// a static property for an endpoint without parameters.
    func factory(for endpoint: Endpoint, in level: Level) -> Declaration {
        let name = Identifier(endpoint.swiftName)
        let returnType = endpointType(endpoint)
        let signature = signature(of: endpoint)

        // A JSON response needs no decoder argument: `defaults.endpoint(call)` reads JSON. Declared
        // response headers: `EndpointWithHeaders(defaults.endpoint(call))`, its type says which.
        let arguments = [Argument(callExpression(endpoint, in: level))] + endpointArguments(endpoint)
        var value: Expression = .call(.member(defaultsReference(in: level), RuntimeNames.defaultsEndpoint), arguments)
        if !endpoint.response.headers.isEmpty { value = .call(.type(runtime(RuntimeNames.endpointWithHeaders)), [Argument(value)]) }
        let body: [Statement] = [.expression(value)]

        let kind: Declaration.Kind
        if signature.isEmpty {
            kind = .variable(VariableDecl(access: access, isStatic: true, name: name, type: returnType, getter: body))
        } else {
            kind = .function(FunctionDecl(
                access: access, kind: .function(name: name, isStatic: true, isMutating: false),
                parameters: signature, returnType: returnType, body: body))
        }
        return Declaration(documentation: endpointDocumentation(endpoint),
                           attributes: deprecationAttributes(endpoint.deprecation), kind: kind)
    }

    /// The API's `Call` case for `endpoint`: `Call.athlete` at the top,
    /// `StravaAPI.Call.activities(.get(id: id))` in a group.
    func callExpression(_ endpoint: Endpoint, in level: Level) -> Expression {
        let name = Identifier(endpoint.swiftName)
        let arguments = zip(signature(of: endpoint), bindings(of: endpoint)).map { Argument($0.label, .identifier($1)) }
        func leaf(_ base: Expression?) -> Expression {
            let member: Expression = base.map { .member($0, name) } ?? .dotMember(name)
            return arguments.isEmpty ? member : .call(member, arguments)
        }
        guard let outermost = level.casePath.first else { return leaf(.type(.named(ReservedNames.callEnum))) }
        var value = leaf(nil)
        for caseName in level.casePath.dropFirst().reversed() {
            value = .call(.dotMember(caseName), [Argument(value)])
        }
        return .call(.member(.type(.member(apiType, ReservedNames.callEnum)), outermost), [Argument(value)])
    }

    /// The decoder of a streamed response, `.stream(.jsonLines)`; `nil` when the response is not a stream.
    func streamDecoder(for response: Response) -> Expression? {
        guard let stream = response.stream else { return nil }
        return .call(.dotMember(RuntimeNames.Decoder.stream), [Argument(streamFormat(stream, end: response.end))])
    }

    /// The `StreamFormat` of a streamed response: `.serverSentEvents(end: "[DONE]")`,
    /// `.serverSentEvents()`, `.jsonLines`, `.jsonSequence` or `.bytes`. The client's decoder, a
    /// sample and a service's answer all write it so.
    func streamFormat(_ stream: Response.Stream, end: String?) -> Expression {
        switch stream {
        case .sse:
            return .call(.dotMember(RuntimeNames.StreamFormat.serverSentEvents), end.map { [Argument(RuntimeNames.Label.end, .stringLiteral($0))] } ?? [])
        case .jsonl: return .dotMember(RuntimeNames.StreamFormat.jsonLines)
        case .jsonSeq: return .dotMember(RuntimeNames.StreamFormat.jsonSequence)
        case .bytes: return .dotMember(RuntimeNames.StreamFormat.bytes)
        }
    }

    /// `.json` for Decodable types, `.text` for `String` with a text content type, `.data` for
    /// `Data`, `.file` for `File`, `.none` for `Void`.
    func decoder(for response: Response) -> String {
        switch response.type {
        case .void:
            return RuntimeNames.Decoder.none
        case .builtin(.data):
            return RuntimeNames.Decoder.data
        case .file:
            return RuntimeNames.Decoder.file
        case .builtin(.string):
            if let contentType = response.contentType?.lowercased(), contentType.hasPrefix("text/") {
                return RuntimeNames.Decoder.text
            }
            return RuntimeNames.Decoder.json
        default:
            return RuntimeNames.Decoder.json
        }
    }

    /// `[.code(404): NotFound.self, .range(4): Fault.self]`
    func errorBodiesExpression(_ errors: [ErrorResponse]) -> Expression {
        .dictionaryLiteral(errors.map { error in
            let pattern: Expression
            switch error.status {
            case let .code(code): pattern = .call(.dotMember(RuntimeNames.Status.code), [Argument(.numberLiteral(String(code)))])
            case let .range(digit): pattern = .call(.dotMember(RuntimeNames.Status.range), [Argument(.numberLiteral(String(digit)))])
            case .default: pattern = .dotMember(RuntimeNames.Status.default)
            }
            return DictionaryEntry(key: pattern, value: .metatype(swiftType(error.type)))
        })
    }

    /// `AuthOptions([.basic, .apiKey(in: .header, name: "X-API-Key")], optional: true)`: several
    /// alternatives, or one that is optional; `AuthOptions(alternatives: [[.apiKey(...), .apiKey(...)],
    /// [.bearer]])` when an alternative is several schemes sent together.
    func authOptionsExpression(_ auth: Auth) -> Expression {
        let alternatives: [Auth]
        var optional = false
        switch auth {
        case let .alternatives(schemes, isOptional):
            alternatives = schemes
            optional = isOptional
        case .none: alternatives = []
        default: alternatives = [auth]
        }
        let together = alternatives.contains { if case .together = $0 { return true } else { return false } }
        var arguments: [Argument]
        if together {
            arguments = [Argument(RuntimeNames.Label.alternatives, .arrayLiteral(alternatives.map { alternative in
                guard case let .together(schemes) = alternative else { return .arrayLiteral(authExpression(alternative).map { [$0] } ?? []) }
                return .arrayLiteral(schemes.compactMap(authExpression))
            }))]
        } else {
            arguments = [Argument(.arrayLiteral(alternatives.compactMap(authExpression)))]
        }
        if optional { arguments.append(Argument(RuntimeNames.Label.optional, .booleanLiteral(true))) }
        return .call(.type(runtime(RuntimeNames.authOptions)), arguments)
    }

    /// `.bearer`, `.apiKey(in: .header, name: "X-Api-Key")`; nil for no auth, for alternatives and
    /// for schemes sent together (`authOptionsExpression`).
    func authExpression(_ auth: Auth) -> Expression? {
        switch auth {
        case .none, .alternatives, .together: return nil
        case .bearer: return .dotMember(RuntimeNames.AuthCase.bearer)
        case .basic: return .dotMember(RuntimeNames.AuthCase.basic)
        case let .apiKey(location, name):
            return .call(.dotMember(RuntimeNames.AuthCase.apiKey), [
                Argument(RuntimeNames.Label.apiKeyLocation, .dotMember(location.rawValue)), Argument(RuntimeNames.Label.apiKeyName, .stringLiteral(name)),
            ])
        }
    }

    /// `extension StravaAPI { public static let samples: [SampleResponse] = [...] }`: the spec's
    /// `sample` bodies, served by `StubTransport(samples:)`, never read when sending. Always declared
    /// (empty when the spec gives none), so `StubTransport(samples: API.samples)` always compiles.
    func samplesDeclaration() -> Declaration {
        var samples: [Expression] = []
        func visit(_ group: Group) {
            for endpoint in group.endpoints {
                guard let sample = endpoint.sample else { continue }
                var arguments = [Argument(.dotMember(RuntimeNames.method(endpoint.method))),
                                 Argument(.stringLiteral(pathTemplate(endpoint)))]
                if let status = endpoint.response.status { arguments.append(Argument(RuntimeNames.Label.status, .numberLiteral(String(status)))) }
                if let stream = sampleStream(endpoint.response), let elements = endpoint.sampleElements {
                    arguments.append(Argument(RuntimeNames.Label.stream, stream))
                    arguments.append(Argument(RuntimeNames.Label.elements, .arrayLiteral(elements.map { .rawStringLiteral($0) })))
                } else {
                    arguments.append(Argument(RuntimeNames.Label.json, .rawStringLiteral(sample)))
                }
                samples.append(.call(.type(runtime(RuntimeNames.sampleResponse)), arguments))
            }
            group.groups.forEach(visit)
        }
        visit(spec.api)
        return Declaration(kind: .extension(ExtensionDecl(extendedType: apiType, members: [Declaration(
            documentation: ["The spec's sample responses, for `StubTransport(samples: \(spec.api.swiftName).samples)` in tests",
                            "and previews. Sending a request never reads them."],
            kind: .variable(VariableDecl(access: access, isStatic: true, name: Identifier(word: ReservedNames.Members.samples),
                                         type: .array(runtime(RuntimeNames.sampleResponse)),
                                         initializer: .arrayLiteral(samples, multiline: true))))])))
    }

    /// How a sample of a streamed response is served (``streamFormat(_:end:)``); `nil` for a
    /// response that is not a stream of JSON elements.
    func sampleStream(_ response: Response) -> Expression? {
        guard let stream = response.stream, stream != .bytes else { return nil }
        return streamFormat(stream, end: response.end)
    }

    /// `/activities/{id}`: the endpoint's path below the base URL, placeholders by parameter key.
    func pathTemplate(_ endpoint: Endpoint) -> String {
        let segments = endpoint.path.map { segment in
            segment.parts.map { part -> String in
                switch part {
                case let .literal(text): return text
                case let .parameter(key): return "{\(key)}"
                }
            }.joined()
        }
        return "/" + segments.joined(separator: "/")
    }
}
